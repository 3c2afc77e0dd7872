// The checkout page's presentational parts: the three fieldsets and the order summary with the submit button.
// State lives in the hooks (use-checkout-form, use-checkout-items, use-submit-order); these only render it.
import { type ChangeEvent, type FocusEvent, type ReactNode, Suspense } from 'react';
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import {
  CHECKOUT_MESSAGES,
  type CheckoutField,
  PAYMENT_MESSAGES,
} from '@rangrez/contract/rules/checkout-messages';
import { formatINR } from '@rangrez/contract/rules/money';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { type Gateway, shippingFee } from '@rangrez/contract/rules/shipping';
import { type CheckoutItem, PromotionCodeField } from '../../cart';
import type { checkoutTotals } from '../checkout-form';
import type { CheckoutPromotions } from '../use-checkout-promotions';
import type { CheckoutItems } from '../use-checkout-items';
import { CheckoutSummary } from './CheckoutSummary';
import { InputField, SelectField } from './Field';

type FieldHandler<E> = (event: E) => void;

export interface FieldsetProps {
  busy: boolean;
  field: (name: CheckoutField) => {
    id: string;
    name: CheckoutField;
    label: string;
    value: string;
    error: string | undefined;
  };
  handleChange: FieldHandler<ChangeEvent<HTMLInputElement | HTMLSelectElement>>;
  handleBlur: FieldHandler<FocusEvent<HTMLInputElement | HTMLSelectElement>>;
}

export function ContactFieldset({ busy, field, handleChange, handleBlur }: FieldsetProps) {
  return (
    <fieldset
      disabled={busy}
      className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:grid-cols-2"
    >
      <legend className="float-left mb-2 w-full text-lg font-bold sm:col-span-2">Contact Information</legend>
      <InputField
        {...field('firstName')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="given-name"
      />
      <InputField
        {...field('lastName')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="family-name"
      />
      <InputField
        {...field('email')}
        onChange={handleChange}
        onBlur={handleBlur}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <InputField
        {...field('phone')}
        onChange={handleChange}
        onBlur={handleBlur}
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
      />
    </fieldset>
  );
}

export function ShippingFieldset({
  busy,
  field,
  handleChange,
  handleBlur,
  pinNote,
  stateOptions,
}: FieldsetProps & { pinNote: ReactNode; stateOptions: readonly string[] }) {
  return (
    <fieldset
      disabled={busy}
      className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:grid-cols-2"
    >
      <legend className="float-left mb-2 w-full text-lg font-bold sm:col-span-2">Shipping Address</legend>
      <InputField
        {...field('doorNo')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="address-line1"
      />
      <InputField
        {...field('address')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      <InputField
        {...field('pincode')}
        onChange={handleChange}
        onBlur={handleBlur}
        inputMode="numeric"
        autoComplete="postal-code"
        note={pinNote}
      />
      <InputField
        {...field('city')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="address-level2"
      />
      <SelectField {...field('state')} onChange={handleChange} onBlur={handleBlur}>
        <option value="">{CHECKOUT_MESSAGES.statePlaceholder}</option>
        {stateOptions.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <InputField
        {...field('country')}
        onChange={handleChange}
        onBlur={handleBlur}
        autoComplete="country-name"
      />
    </fieldset>
  );
}

/** Ours: why cash on delivery is not offered (docs/promotions.md#the-shoppers-side). */
const PREPAID_ONLY_NOTE =
  'Cash on Delivery is not available: an offer in your order is for prepaid orders only.';

export function PaymentFieldset({
  busy,
  gateway,
  setGateway,
  prepaidOnly,
  codFee,
  codRefusal,
}: {
  busy: boolean;
  gateway: Gateway;
  setGateway: (gateway: Gateway) => void;
  /** A prepaid-only promotion applies: cash on delivery is not offered. */
  prepaidOnly: boolean;
  /** The cash on delivery fee the owner set (rupees). */
  codFee: number;
  /** Why the COD rules refuse cash for this order (docs/cod.md#checkout): the option is shown disabled with it. */
  codRefusal: string | null;
}) {
  return (
    <fieldset disabled={busy} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <legend className="float-left mb-3 w-full text-lg font-bold">Payment Method</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2">
        <PaymentOption
          value="Prepaid"
          label="Online"
          hint={`Cards, UPI, netbanking · Shipping ${formatINR(shippingFee('Prepaid', codFee))}`}
          checked={gateway === 'Prepaid'}
          onChange={setGateway}
        />
        {prepaidOnly ? null : (
          <PaymentOption
            value="COD"
            label="Cash on Delivery"
            hint={`Pay when it arrives · Shipping ${formatINR(shippingFee('COD', codFee))}`}
            checked={gateway === 'COD'}
            onChange={setGateway}
            refusal={codRefusal}
          />
        )}
      </div>
      {prepaidOnly ? <p className="mt-3 text-sm text-neutral-700">{PREPAID_ONLY_NOTE}</p> : null}
    </fieldset>
  );
}

export function OrderSummaryPanel({
  items,
  lines,
  totals,
  banner,
  busy,
  promotions,
}: {
  items: CheckoutItems;
  lines: CheckoutItem[];
  totals: ReturnType<typeof checkoutTotals>;
  banner: string | null;
  busy: boolean;
  promotions: CheckoutPromotions;
}) {
  return (
    <aside
      aria-labelledby="checkout-summary-heading"
      className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary-heading" className="text-lg font-bold">
        Order Summary
      </h2>
      {items.status === 'loading' ? (
        <p role="status" className="mt-4 text-sm text-neutral-600">
          {CART_MESSAGES.loading}
        </p>
      ) : items.status === 'error' ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {items.message === NETWORK_MESSAGES.requestFailed ? CART_MESSAGES.loadFailed : items.message}
        </p>
      ) : lines.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-600">{CHECKOUT_MESSAGES.cartEmpty}</p>
      ) : (
        <div className="mt-4 space-y-4">
          <Suspense fallback={null}>
            <PromotionCodeField
              summary={promotions.summary}
              onApply={promotions.apply}
              onRemove={promotions.remove}
              disabled={busy}
            />
          </Suspense>
          <CheckoutSummary items={lines} totals={totals} promotions={promotions.summary} />
        </div>
      )}
      {banner ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {banner}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || items.status === 'loading' || promotions.pending}
        className="mt-6 h-12 w-full rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? PAYMENT_MESSAGES.processing : 'Place Order'}
      </button>
    </aside>
  );
}

function PaymentOption({
  value,
  label,
  hint,
  checked,
  onChange,
  refusal = null,
}: {
  value: Gateway;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: Gateway) => void;
  /** Why this option cannot be chosen for the order: shown beside it, and the option disabled. */
  refusal?: string | null;
}) {
  const id = `checkout-payment-${value}`;
  const disabled = refusal !== null;
  return (
    <label
      htmlFor={id}
      className={`flex items-start gap-3 rounded-xl border p-4 ${disabled ? 'cursor-not-allowed bg-neutral-50' : 'cursor-pointer'} ${checked ? 'border-black ring-2 ring-black/10' : 'border-black/15'}`}
    >
      <input
        id={id}
        type="radio"
        name="gateway"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        aria-describedby={disabled ? `${id}-hint ${id}-refusal` : `${id}-hint`}
        className="mt-1 h-4 w-4 accent-black"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span id={`${id}-hint`} className="block text-sm text-neutral-600">
          {hint}
        </span>
        {disabled ? (
          <span id={`${id}-refusal`} className="mt-1 block text-sm font-semibold text-amber-800">
            {refusal}
          </span>
        ) : null}
      </span>
    </label>
  );
}
