// The promotion form's conditions and limits (docs/promotions.md#kinds): amounts in whole rupees, the window in
// India time, counts as whole numbers; an empty box means no condition or no limit.
import type { PromotionFormValues } from '../promotion-form';
import type { SectionProps } from './PromotionForm';
import { CheckboxField, TextAreaField, TextField } from './ui';

type TextName = {
  [K in keyof PromotionFormValues]: PromotionFormValues[K] extends string ? K : never;
}[keyof PromotionFormValues];

function textFieldOf({ values, set, field }: SectionProps) {
  return (name: TextName, label: string, extra: { hint?: string; type?: string; numeric?: boolean } = {}) => (
    <TextField
      label={label}
      autoComplete="off"
      type={extra.type ?? 'text'}
      {...(extra.numeric ? { inputMode: 'numeric' as const } : {})}
      {...(extra.hint ? { hint: extra.hint } : {})}
      value={values[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
      {...field(name)}
    />
  );
}

export function PromotionConditions(props: SectionProps) {
  const { values, set, field } = props;
  const text = textFieldOf(props);
  return (
    <fieldset className="grid gap-4 rounded-xl border border-black/10 p-4 sm:grid-cols-2">
      <legend className="px-1 font-bold">Conditions</legend>
      {text('minSubtotal', 'Minimum subtotal (₹)', { numeric: true, hint: 'Of the items it applies to.' })}
      {text('minQuantity', 'Minimum quantity (units)', { numeric: true })}
      {text('startsAt', 'Starts (India time)', { type: 'datetime-local', hint: 'Empty: from now.' })}
      {text('endsAt', 'Ends (India time)', { type: 'datetime-local', hint: 'Empty: no end.' })}
      <CheckboxField
        label="Prepaid orders only"
        hint="Cash on delivery is not offered while it applies."
        checked={values.prepaidOnly}
        onChange={(e) => set('prepaidOnly', e.currentTarget.checked)}
        {...field('prepaidOnly')}
      />
      <CheckboxField
        label="First order only"
        hint="Decided by the shopper's e-mail and phone, not by the account."
        checked={values.firstOrderOnly}
        onChange={(e) => set('firstOrderOnly', e.currentTarget.checked)}
        {...field('firstOrderOnly')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Only for these shoppers (e-mails or phone numbers, one a line)"
          hint="Empty: every shopper."
          value={values.shoppers}
          onChange={(e) => set('shoppers', e.currentTarget.value)}
          {...field('shoppers')}
        />
      </div>
    </fieldset>
  );
}

export function PromotionLimits(props: SectionProps) {
  const text = textFieldOf(props);
  return (
    <fieldset className="grid gap-4 rounded-xl border border-black/10 p-4 sm:grid-cols-3">
      <legend className="px-1 font-bold">Limits</legend>
      {text('usageLimit', 'Total redemptions', { numeric: true, hint: 'Empty: no limit.' })}
      {text('perCustomerLimit', 'Per shopper', { numeric: true, hint: 'Empty: no limit.' })}
      {text('budget', 'Budget (₹)', {
        numeric: true,
        hint: 'The most it may give in all. Empty: no budget.',
      })}
    </fieldset>
  );
}
