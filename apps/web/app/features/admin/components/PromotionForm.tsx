// The promotion form (docs/admin.md#promotions): the offer, how shoppers get it, what it applies to, its conditions
// and its limits. The body is checked with the contract's schema before it is sent, each message beside its field;
// the server's refusal shows above the button.
import type { PromotionKind } from '@rangrez/contract/rules/promotions';
import type { AdminPromotion, AdminPromotionCreateBody } from '@rangrez/contract/schemas/admin-promotions';
import { type FormEvent, useState } from 'react';
import { errorText } from '../api';
import {
  type PromotionFormErrors,
  type PromotionFormValues,
  type PromotionMode,
  checkPromotionForm,
} from '../promotion-form';
import { formatINR } from '@rangrez/contract/rules/money';
import { PromotionConditions, PromotionLimits } from './PromotionFormSections';
import { PromotionTargets } from './PromotionTargets';
import { CheckboxField, Notice, type NoticeState, SelectField, TextField, buttonClass } from './ui';

type FieldProps = <K extends keyof PromotionFormValues>(
  name: K,
) => {
  id: string;
  error: string | undefined;
  disabled: boolean;
};

export interface SectionProps {
  values: PromotionFormValues;
  set: <K extends keyof PromotionFormValues>(name: K, value: PromotionFormValues[K]) => void;
  field: FieldProps;
}

const KIND_LABELS: Record<PromotionKind, string> = {
  percentage: 'Percentage off',
  fixed: 'Fixed amount off',
  free_shipping: 'Free shipping',
  buy_x_get_y: 'Buy X, get Y',
  bundle: 'Bundle price',
};

const VALUE_LABELS: Record<PromotionKind, string> = {
  percentage: 'Percent off',
  fixed: 'Amount off (₹, whole rupees)',
  free_shipping: '',
  buy_x_get_y: 'Percent off the Y units (100: free)',
  bundle: 'Bundle price (₹, whole rupees)',
};

const MODES: [PromotionMode, string][] = [
  ['code', 'A code shoppers type'],
  ['batch', 'A batch of single-use codes (made on its page after saving)'],
  ['automatic', 'Automatic, without a code'],
];

function OfferFields({ values, set, field }: SectionProps) {
  const text = (
    name: 'value' | 'maxDiscount' | 'buyQuantity' | 'getQuantity' | 'bundleQuantity',
    label: string,
  ) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={values[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
      {...field(name)}
    />
  );
  return (
    <fieldset className="grid gap-4 rounded-xl border border-black/10 p-4 sm:grid-cols-2">
      <legend className="px-1 font-bold">Offer</legend>
      <TextField
        label="Title (shown to shoppers in the order summary)"
        autoComplete="off"
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        {...field('title')}
      />
      <SelectField
        label="Kind"
        value={values.kind}
        onChange={(e) => set('kind', e.currentTarget.value as PromotionKind)}
        {...field('kind')}
      >
        {Object.entries(KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </SelectField>
      {values.kind === 'free_shipping' ? null : text('value', VALUE_LABELS[values.kind])}
      {values.kind === 'percentage' ? text('maxDiscount', 'Cap (₹, optional)') : null}
      {values.kind === 'buy_x_get_y' ? text('buyQuantity', 'Buy (units)') : null}
      {values.kind === 'buy_x_get_y' ? text('getQuantity', 'Get (units)') : null}
      {values.kind === 'bundle' ? text('bundleQuantity', 'Units in the bundle') : null}
    </fieldset>
  );
}

function HowFields({ values, set, field }: SectionProps) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-black/10 p-4">
      <legend className="px-1 font-bold">How shoppers get it</legend>
      <div role="radiogroup" aria-label="How shoppers get it" className="flex flex-col gap-1">
        {MODES.map(([mode, label]) => (
          <label key={mode} className="inline-flex min-h-11 items-center gap-3 text-sm">
            <input
              type="radio"
              name="promotion-mode"
              value={mode}
              checked={values.mode === mode}
              disabled={field('mode').disabled}
              onChange={() => set('mode', mode)}
              className="h-5 w-5 accent-ink"
            />
            {label}
          </label>
        ))}
      </div>
      {values.mode === 'code' ? (
        <TextField
          label="Code"
          autoComplete="off"
          spellCheck={false}
          hint="3 to 32 letters, digits, - or _; shoppers may type it in any case."
          value={values.code}
          onChange={(e) => set('code', e.currentTarget.value)}
          {...field('code')}
        />
      ) : null}
      <CheckboxField
        label="Combinable with other promotions"
        hint="At most one code per order, plus the automatic promotions marked combinable."
        checked={values.combinable}
        onChange={(e) => set('combinable', e.currentTarget.checked)}
        {...field('combinable')}
      />
      <CheckboxField
        label="Active"
        hint="Off: shoppers cannot use it; orders that have it keep it."
        checked={values.active}
        onChange={(e) => set('active', e.currentTarget.checked)}
        {...field('active')}
      />
    </fieldset>
  );
}

/** What an edit cannot undo, once orders have used the promotion (the server holds the limits). */
function UsedNote({ promotion }: { promotion: AdminPromotion | null }) {
  if (!promotion || promotion.redemptions === 0) return null;
  return (
    <p id="promotion-used-note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      Used {promotion.redemptions} {promotion.redemptions === 1 ? 'time' : 'times'}. Orders already placed
      keep what they got, whatever you change here. The total limit cannot go below the {promotion.used}{' '}
      redemptions held now, nor the budget below the {formatINR(promotion.budgetUsed)} already given.
    </p>
  );
}

export function PromotionForm({
  initial,
  canWrite,
  promotion,
  onSave,
}: {
  initial: PromotionFormValues;
  canWrite: boolean;
  /** The stored promotion when editing; null for a new one. */
  promotion: AdminPromotion | null;
  /** Sends the body; the text to confirm with, or null when the page moves on. */
  onSave: (body: AdminPromotionCreateBody) => Promise<string | null>;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  const set: SectionProps['set'] = (name, value) => setValues((v) => ({ ...v, [name]: value }));
  const field: FieldProps = (name) => ({
    id: `promotion-${name}`,
    error: errors[name],
    disabled: !canWrite || busy,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPromotionForm(values);
    setNotice(null);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(`promotion-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const text = await onSave(checked.body);
      if (text) setNotice({ kind: 'success', text });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  const sections: SectionProps = { values, set, field };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Promotion" className="flex flex-col gap-6">
      <UsedNote promotion={promotion} />
      <OfferFields {...sections} />
      <HowFields {...sections} />
      <PromotionTargets {...sections} />
      <PromotionConditions {...sections} />
      <PromotionLimits {...sections} />
      <Notice notice={notice} />
      {canWrite ? (
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${buttonClass} self-start`}
        >
          {promotion ? 'Save changes' : 'Create promotion'}
        </button>
      ) : null}
    </form>
  );
}
