// /admin/settings (settings:read; editable with settings:write): the store's details the shop's pages show. Each
// field shows what is set; an empty field shows the environment's value as its placeholder and keeps it. The
// owners' new-order e-mail setting, the welcome offer's switch and the moment cash-on-delivery orders are
// invoiced are choices.
import { zodResolver } from '@hookform/resolvers/zod';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { type CodInvoiceMoment } from '@rangrez/contract/rules/gst-messages';
import {
  type AdminSettingsForm,
  type AdminSettingsResponse,
  type NewOrderEmail,
  STORE_SETTING_KEYS,
  type StoreSettingKey,
  type WelcomeOfferSwitch,
  adminSettingsFormSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import {
  AdminLoading,
  Notice,
  type NoticeState,
  PageHeading,
  SelectField,
  TextField,
  buttonClass,
} from './ui';

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
  whatsappNumber: 'WhatsApp number',
  newOrderEmail: 'New-order e-mails to the owners',
  welcomeOffer: 'Welcome offer',
  welcomeOfferPercent: 'Percent off the first order',
  welcomeOfferCap: 'At most (₹)',
  welcomeOfferMinSubtotal: 'Minimum order (₹, 0 for none)',
  sellerGstin: 'Seller GSTIN',
  invoicePrefix: 'Invoice number prefix',
  creditNotePrefix: 'Credit note number prefix',
  codInvoiceMoment: 'Cash-on-delivery orders are invoiced',
  smsDltTemplateId: 'DLT template id of the confirmation SMS',
  smsSenderHeader: 'SMS sender header',
};

const WELCOME_OFFER_CHOICES: Record<WelcomeOfferSwitch, string> = {
  on: 'On: the newsletter box subscribes and sends a code',
  off: 'Off: the newsletter box says it is coming soon',
};

const COD_INVOICE_CHOICES: Record<CodInvoiceMoment, string> = {
  handover: 'When handed to the delivery partner',
  delivery: 'When delivered (cash collected)',
};

const NEW_ORDER_EMAIL_CHOICES: Record<NewOrderEmail, string> = {
  each: 'One e-mail for each order',
  hourly: 'One summary an hour (hours with orders only)',
  off: 'No e-mails',
};

const GROUPS: { title: string; keys: StoreSettingKey[] }[] = [
  { title: 'Seller', keys: ['legalName', 'address', 'email', 'phone', 'supportHours'] },
  {
    title: 'Grievance officer',
    keys: ['grievanceOfficerName', 'grievanceOfficerEmail', 'grievanceOfficerPhone'],
  },
  { title: 'Social links', keys: ['instagramUrl', 'facebookUrl', 'xUrl', 'youtubeUrl', 'whatsappNumber'] },
  { title: 'Notifications', keys: ['newOrderEmail'] },
  {
    title: 'Newsletter welcome offer',
    keys: ['welcomeOffer', 'welcomeOfferPercent', 'welcomeOfferCap', 'welcomeOfferMinSubtotal'],
  },
  {
    title: 'GST invoices',
    keys: ['sellerGstin', 'invoicePrefix', 'creditNotePrefix', 'codInvoiceMoment'],
  },
  { title: 'Cash-on-delivery confirmation SMS', keys: ['smsDltTemplateId', 'smsSenderHeader'] },
];

/** Settings chosen from a list: they have no "server's value" to fall back on. */
const CHOICES: Partial<Record<StoreSettingKey, Record<string, string>>> = {
  newOrderEmail: NEW_ORDER_EMAIL_CHOICES,
  welcomeOffer: WELCOME_OFFER_CHOICES,
  codInvoiceMoment: COD_INVOICE_CHOICES,
};

const HINTS: Partial<Record<StoreSettingKey, string>> = {
  newOrderEmail:
    'Sent to every owner who has signed in at least once, or to the customer-care e-mail while there is none.',
  welcomeOffer:
    'Confirmed subscribers get a single-use code for their first order. Codes already sent keep working when it is off.',
  sellerGstin: "Without a GSTIN no invoice is issued. The state code it starts with is the seller's state.",
  invoicePrefix: 'Numbers read like RZ/25-26/000123 and restart each 1 April.',
};

// A choice has no "server's value" to fall back on: the select shows the one in force.
const formValues = (answer: AdminSettingsResponse): AdminSettingsForm =>
  Object.fromEntries(
    STORE_SETTING_KEYS.map((key) => [key, CHOICES[key] ? answer.settings[key] : (answer.stored[key] ?? '')]),
  ) as AdminSettingsForm;

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
        The seller's details, support hours and social links the shop shows, who hears of new orders, and the
        newsletter's welcome offer. An empty field uses the server's configured value, shown in grey.
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
              <SettingField
                key={key}
                name={key}
                placeholder={initial.defaults[key]}
                error={errors[key]?.message}
                registered={register(key)}
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

interface SettingFieldProps {
  name: StoreSettingKey;
  placeholder: string;
  error: string | undefined;
  registered: UseFormRegisterReturn<StoreSettingKey>;
}

/** One setting: a choice from its list, or text whose placeholder is the environment's value. */
function SettingField({ name, placeholder, error, registered }: SettingFieldProps) {
  const choices = CHOICES[name];
  const hint = HINTS[name];
  if (choices) {
    return (
      <SelectField
        id={`setting-${name}`}
        label={LABELS[name]}
        {...(hint ? { hint } : {})}
        error={error}
        {...registered}
      >
        {Object.entries(choices).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      id={`setting-${name}`}
      label={LABELS[name]}
      {...(hint ? { hint } : {})}
      placeholder={placeholder}
      error={error}
      {...registered}
    />
  );
}
