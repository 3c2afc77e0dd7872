// /admin/settings (settings:read; editable with settings:write): the store's details the shop's pages show. Each
// field shows what is set; an empty field shows the environment's value as its placeholder and keeps it.
import { zodResolver } from '@hookform/resolvers/zod';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import {
  type AdminSettingsForm,
  type AdminSettingsResponse,
  STORE_SETTING_KEYS,
  type StoreSettingKey,
  adminSettingsFormSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, type NoticeState, PageHeading, TextField, buttonClass } from './ui';

const loadSettings = (api: AdminApi) => api.settings();

const LABELS: Record<StoreSettingKey, string> = {
  legalName: 'Legal name',
  address: 'Registered address',
  email: 'Customer-care e-mail',
  phone: 'Customer-care phone',
  grievanceOfficerName: 'Grievance officer',
  grievanceOfficerEmail: "Grievance officer's e-mail",
  grievanceOfficerPhone: "Grievance officer's phone",
  supportHours: 'Support hours',
  instagramUrl: 'Instagram',
  facebookUrl: 'Facebook',
  xUrl: 'X',
  youtubeUrl: 'YouTube',
};

const GROUPS: { title: string; keys: StoreSettingKey[] }[] = [
  { title: 'Seller', keys: ['legalName', 'address', 'email', 'phone', 'supportHours'] },
  {
    title: 'Grievance officer',
    keys: ['grievanceOfficerName', 'grievanceOfficerEmail', 'grievanceOfficerPhone'],
  },
  { title: 'Social links', keys: ['instagramUrl', 'facebookUrl', 'xUrl', 'youtubeUrl'] },
];

const formValues = (answer: AdminSettingsResponse): AdminSettingsForm =>
  Object.fromEntries(STORE_SETTING_KEYS.map((key) => [key, answer.stored[key] ?? ''])) as AdminSettingsForm;

export function SettingsPage() {
  return (
    <RequirePermission permission="settings:read">
      <Settings />
    </RequirePermission>
  );
}

function Settings() {
  const { data, error, loading } = useAdminData(loadSettings);
  return (
    <>
      <PageHeading title="Settings">
        The seller's details, support hours and social links the shop shows. An empty field uses the server's
        configured value, shown in grey.
      </PageHeading>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {data ? (
        <SettingsForm initial={data} />
      ) : loading ? (
        <AdminLoading label="Loading the settings" />
      ) : null}
    </>
  );
}

function SettingsForm({ initial }: { initial: AdminSettingsResponse }) {
  const { api, staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'settings:write');
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(adminSettingsFormSchema),
    defaultValues: formValues(initial),
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (body) => {
    setNotice(null);
    try {
      const answer = await api.putSettings(body);
      reset(formValues(answer));
      setNotice({ kind: 'success', text: 'Settings saved: the shop shows them from the next page load.' });
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {GROUPS.map((group) => (
        <fieldset
          key={group.title}
          disabled={!canWrite}
          className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
        >
          <legend className="px-1 text-lg font-semibold">{group.title}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.keys.map((key) => (
              <TextField
                key={key}
                id={`setting-${key}`}
                label={LABELS[key]}
                placeholder={initial.defaults[key]}
                error={errors[key]?.message}
                {...register(key)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Notice notice={notice} />
      {canWrite ? (
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            Save settings
          </button>
        </div>
      ) : null}
    </form>
  );
}
