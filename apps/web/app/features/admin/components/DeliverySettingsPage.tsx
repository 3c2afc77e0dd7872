// /admin/settings/delivery (settings:read; editable with settings:write; the report with reports:read): the
// delivery promise's settings and how the promise fared (docs/admin.md#delivery, docs/delivery.md).
import {
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
  PRODUCTION_TYPE_LABELS,
  PRODUCTION_TYPES,
} from '@rangrez/contract/rules/delivery-promise';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { DeliverySettingsResponse } from '@rangrez/contract/schemas/delivery';
import { type FormEvent, useState } from 'react';
import { type AdminApi, errorText } from '../api';
import { type DeliveryForm, deliveryFormOf, deliverySettingsOf } from '../delivery-form';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { DeliveryReportSection } from './DeliveryReport';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, type NoticeState, PageHeading, TextAreaField, TextField, buttonClass } from './ui';

const loadDeliverySettings = (api: AdminApi) => api.deliverySettings();

export function DeliverySettingsPage() {
  return (
    <RequirePermission permission="settings:read">
      <DeliverySettings />
    </RequirePermission>
  );
}

function DeliverySettings() {
  const { data, error, loading } = useAdminData(loadDeliverySettings);
  const { staff } = useAdminSession();
  return (
    <>
      <PageHeading title="Delivery">
        The date the shop promises: orders before the cut-off start printing that working day; then production
        days by product type and transit days by zone, skipping Sundays and the holidays listed.
      </PageHeading>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {data ? (
        <DeliverySettingsForm initial={data} />
      ) : loading ? (
        <AdminLoading label="Loading the delivery settings" />
      ) : null}
      {roleCan(staff.role, 'reports:read') ? <DeliveryReportSection /> : null}
    </>
  );
}

function DaysFields({
  legend,
  keys,
  labels,
  values,
  onChange,
}: {
  legend: string;
  keys: readonly string[];
  labels: Readonly<Record<string, string>>;
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <fieldset className="rounded-xl border border-black/10 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {keys.map((key) => (
          <TextField
            key={key}
            id={`${legend}-${key}`.toLowerCase().replace(/\s+/g, '-')}
            label={labels[key] ?? key}
            inputMode="numeric"
            value={values[key] ?? ''}
            onChange={(e) => onChange(key, e.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function DeliverySettingsForm({ initial }: { initial: DeliverySettingsResponse }) {
  const { api, staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'settings:write');
  const [form, setForm] = useState<DeliveryForm>(() => deliveryFormOf(initial.settings));
  const [origin, setOrigin] = useState(initial.origin);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<DeliveryForm>) => setForm((f) => ({ ...f, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setBusy(true);
    try {
      const answer = await api.putDeliverySettings(deliverySettingsOf(form));
      setForm(deliveryFormOf(answer.settings));
      setOrigin(answer.origin);
      setNotice({ kind: 'success', text: 'Delivery settings saved: new promises use them at once.' });
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-6">
      <fieldset disabled={!canWrite || busy} className="flex flex-col gap-6">
        <fieldset className="rounded-xl border border-black/10 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">Dispatch</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="delivery-origin"
              label="Dispatch PIN code"
              hint={origin ? `${origin.city}, ${origin.state}` : 'Not in the PIN table: every PIN counts as rest of India.'}
              inputMode="numeric"
              value={form.originPincode}
              onChange={(e) => set({ originPincode: e.target.value })}
            />
            <TextField
              id="delivery-cutoff"
              label="Daily cut-off (India time, HH:MM)"
              value={form.cutoff}
              onChange={(e) => set({ cutoff: e.target.value })}
            />
          </div>
        </fieldset>
        <DaysFields
          legend="Production days"
          keys={PRODUCTION_TYPES}
          labels={PRODUCTION_TYPE_LABELS}
          values={form.productionDays}
          onChange={(k, v) => set({ productionDays: { ...form.productionDays, [k]: v } })}
        />
        <DaysFields
          legend="Transit days"
          keys={DELIVERY_ZONES}
          labels={DELIVERY_ZONE_LABELS}
          values={form.transitDays}
          onChange={(k, v) => set({ transitDays: { ...form.transitDays, [k]: v } })}
        />
        <TextAreaField
          id="delivery-holidays"
          label="Holidays (YYYY-MM-DD, one a line)"
          hint="No printing and no transit on these days, nor on Sundays."
          value={form.holidays}
          onChange={(e) => set({ holidays: e.target.value })}
        />
      </fieldset>
      <Notice notice={notice} />
      {canWrite ? (
        <div>
          <button type="submit" disabled={busy} className={buttonClass}>
            Save delivery settings
          </button>
        </div>
      ) : null}
    </form>
  );
}
