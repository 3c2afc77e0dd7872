// /admin/settings/cod (orders:read; editable with cod:write): the cash on delivery rules (docs/cod.md#settings),
// the PIN lists pasted in bulk, and the phones and accounts blocked after parcels came back, which the owner may
// lift (cod:unblock).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminCodBlock, AdminCodRules } from '@rangrez/contract/schemas/cod';
import { type FormEvent, useState } from 'react';
import { type AdminApi, errorText } from '../api';
import { formatDateTime } from '../format';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import {
  AdminLoading,
  Notice,
  type NoticeState,
  PageHeading,
  TextAreaField,
  TextField,
  buttonClass,
  secondaryButtonClass,
} from './ui';

const loadRules = (api: AdminApi) => api.codRules();
const loadBlocks = (api: AdminApi) => api.codBlocks();

const NUMBERS = [
  ['minOrderValue', 'Minimum COD order value (₹)', 'The items after offers, without the fee.'],
  ['maxOrderValue', 'Maximum COD order value (₹)', null],
  ['maxOpenPerPhone', 'COD orders on the way per phone', 'Orders not yet delivered, cancelled or back.'],
  ['rtoBlockThreshold', 'Returned COD orders before a block', 'The phone and the account lose COD.'],
  ['fee', 'COD fee (₹)', 'Added to every cash on delivery order.'],
] as const;

type NumberKey = (typeof NUMBERS)[number][0];
type FormState = Record<NumberKey | 'denyPins' | 'indiaPostOnlyPins', string>;

const formOf = (rules: AdminCodRules): FormState => ({
  minOrderValue: String(rules.minOrderValue),
  maxOrderValue: String(rules.maxOrderValue),
  maxOpenPerPhone: String(rules.maxOpenPerPhone),
  rtoBlockThreshold: String(rules.rtoBlockThreshold),
  fee: String(rules.fee),
  denyPins: rules.denyPins.join('\n'),
  indiaPostOnlyPins: rules.indiaPostOnlyPins.join('\n'),
});

export function CodSettingsPage() {
  return (
    <RequirePermission permission="orders:read">
      <CodSettings />
    </RequirePermission>
  );
}

function CodSettings() {
  const { data, error, loading } = useAdminData(loadRules);
  return (
    <>
      <PageHeading title="COD rules">
        Who may pay cash on delivery. The checkout shows the reason when an order is refused, and the server
        checks again when the order is placed.
      </PageHeading>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {data ? (
        <RulesForm initial={data.rules} />
      ) : loading ? (
        <AdminLoading label="Loading the COD rules" />
      ) : null}
      <Blocks />
    </>
  );
}

function RulesForm({ initial }: { initial: AdminCodRules }) {
  const { api, staff } = useAdminSession();
  const canWrite = roleCan(staff.role, 'cod:write');
  const [form, setForm] = useState(() => formOf(initial));
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setBusy(true);
    try {
      const answer = await api.putCodRules({
        minOrderValue: Number(form.minOrderValue),
        maxOrderValue: Number(form.maxOrderValue),
        maxOpenPerPhone: Number(form.maxOpenPerPhone),
        rtoBlockThreshold: Number(form.rtoBlockThreshold),
        fee: Number(form.fee),
        denyPins: form.denyPins,
        indiaPostOnlyPins: form.indiaPostOnlyPins,
      });
      setForm(formOf(answer.rules));
      setNotice({ kind: 'success', text: answer.message ?? 'Saved' });
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <fieldset
        disabled={!canWrite || busy}
        className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
      >
        <legend className="px-1 text-lg font-semibold">Limits and fee</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(([key, label, hint]) => (
            <TextField
              key={key}
              id={`cod-${key}`}
              label={label}
              {...(hint ? { hint } : {})}
              inputMode="numeric"
              value={form[key]}
              onChange={set(key)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset
        disabled={!canWrite || busy}
        className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
      >
        <legend className="px-1 text-lg font-semibold">PIN codes without cash on delivery</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            id="cod-denyPins"
            label="Deny list"
            hint="Paste PIN codes, one a line or separated by commas."
            rows={8}
            value={form.denyPins}
            onChange={set('denyPins')}
          />
          <TextAreaField
            id="cod-indiaPostOnlyPins"
            label="Served only by India Post"
            hint="The courier cannot carry cash orders to these."
            rows={8}
            value={form.indiaPostOnlyPins}
            onChange={set('indiaPostOnlyPins')}
          />
        </div>
      </fieldset>
      <Notice notice={notice} />
      {canWrite ? (
        <div>
          <button type="submit" disabled={busy} className={buttonClass}>
            Save COD rules
          </button>
        </div>
      ) : null}
    </form>
  );
}

function Blocks() {
  const { api, staff } = useAdminSession();
  const { data, error, reload } = useAdminData(loadBlocks);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const canLift = roleCan(staff.role, 'cod:unblock');
  async function lift(block: AdminCodBlock) {
    setNotice(null);
    try {
      const answer = await api.liftCodBlock(block.id);
      setNotice({ kind: 'success', text: answer.message });
      reload();
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    }
  }
  return (
    <section aria-labelledby="cod-blocks-heading" className="mt-8">
      <h2 id="cod-blocks-heading" className="text-lg font-semibold">
        Blocked from cash on delivery
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      <Notice notice={notice} />
      {data && data.blocks.length === 0 ? <p className="mt-2 text-sm">Nobody is blocked.</p> : null}
      {data && data.blocks.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Phone or account</th>
                <th scope="col">Reason</th>
                <th scope="col">Since</th>
                <th scope="col">Lifted</th>
              </tr>
            </thead>
            <tbody>
              {data.blocks.map((block) => (
                <tr key={block.id} className="border-t border-black/10">
                  <td>{block.phone ?? block.userEmail ?? block.userId}</td>
                  <td>{block.reason}</td>
                  <td>{formatDateTime(block.createdAt)}</td>
                  <td>
                    {block.liftedAt ? (
                      `${formatDateTime(block.liftedAt)} by ${block.liftedBy ?? ''}`
                    ) : canLift ? (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => void lift(block)}
                        aria-label={`Lift the block on ${block.phone ?? block.userEmail ?? 'this account'}`}
                      >
                        Lift
                      </button>
                    ) : (
                      'No'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
