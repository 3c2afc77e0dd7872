// /place-order (docs/product/screens.md#checkout, rules.md#checkout-fields, texts.md#checkout, texts.md#pin-code).
// The page composes the hooks that hold its state with the parts that render it (CheckoutParts.tsx).
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHECKOUT_MESSAGES, type CheckoutField } from '@rangrez/contract/rules/checkout-messages';
import type { Gateway } from '@rangrez/contract/rules/shipping';
import { STATES_AND_UTS } from '@rangrez/contract/rules/states';
import type { User } from '@rangrez/contract/schemas';
import { useSession } from '../../account';
import { DeliveryPromiseLines, useDeliveryPromise } from '../../delivery';
import { checkoutTotals } from '../checkout-form';
import { useAddressBook } from '../use-address-book';
import { useCheckoutForm } from '../use-checkout-form';
import { useCheckoutItems } from '../use-checkout-items';
import { useCheckoutPromotions } from '../use-checkout-promotions';
import { useCodAvailability } from '../use-cod-availability';
import { useSubmitOrder } from '../use-submit-order';
import { SaveAddressBox, SavedAddressChooser } from './AddressBookParts';
import { ContactFieldset, OrderSummaryPanel, PaymentFieldset, ShippingFieldset } from './CheckoutParts';

const LABELS: Record<CheckoutField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone Number',
  doorNo: 'Door No.',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'PIN Code',
  country: 'Country',
};
const fieldId = (field: CheckoutField) => `checkout-${field}`;

export function CheckoutPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="alert" className="text-lg font-semibold">
          {CHECKOUT_MESSAGES.loginRequired}
        </p>
        <Link
          to="/login?returnTo=%2Fplace-order"
          className="mt-6 inline-block rounded-lg bg-black px-6 py-3 font-bold text-white"
        >
          Login
        </Link>
      </section>
    );
  }
  return <SignedInCheckout user={user} />;
}

function SignedInCheckout({ user }: { user: User }) {
  const { form, errors, setErrors, pin, handleChange, handleBlur, fillFromBook } = useCheckoutForm(user);
  const book = useAddressBook(fillFromBook);
  const { items, lines, reprice } = useCheckoutItems();
  const [gateway, setGateway] = useState<Gateway>('Prepaid');
  const [gstin, setGstin] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const promotions = useCheckoutPromotions(items, lines, gateway, setGateway);
  const { summary } = promotions;
  // The items' value after promotions, without any fee: what the COD rules' range is about (docs/cod.md#checks).
  const itemsValue = lines.reduce((sum, l) => sum + l.price * l.quantity, 0) - summary.promotionDiscount;
  const cod = useCodAvailability({
    pincode: form.pincode,
    phone: form.phone,
    value: itemsValue,
    ready: lines.length > 0,
  });
  // Refused while chosen: back to online payment, in this render (the option is disabled with the reason).
  if (cod.refusal !== null && gateway === 'COD') setGateway('Prepaid');
  const totals = useMemo(
    () => checkoutTotals(lines, gateway, cod.fee, summary),
    [lines, gateway, cod.fee, summary],
  );
  const { busy, banner, onSubmit } = useSubmitOrder({
    user,
    form,
    gateway,
    gstin,
    items,
    lines,
    setErrors,
    formRef,
    fieldId,
    reprice,
    // A code the preview refuses is shown with its refusal and not sent: the order is placed at the total shown.
    couponCode: summary.couponMessage === null ? promotions.code : null,
    savings: summary,
    codFee: cod.fee,
    saveAddress: book.save,
  });

  const field = (name: CheckoutField) => ({
    id: fieldId(name),
    name,
    label: LABELS[name],
    value: form[name],
    error: errors[name],
  });
  const fieldProps = { busy, field, handleChange, handleBlur };

  const pinNote =
    pin.kind === 'loading' ? (
      <p className="mt-1 text-sm text-neutral-600">Looking up PIN code…</p>
    ) : pin.kind === 'found' ? (
      <p className="mt-1 text-sm text-green-700">{pin.message}</p>
    ) : pin.kind === 'error' ? (
      <p className="mt-1 text-sm text-amber-800">{pin.message}</p>
    ) : null;

  // A PIN the auto-fill could not find already says so: the promise waits for one it knows (or the profile's).
  const promisePin = pin.kind === 'error' || pin.kind === 'loading' ? '' : form.pincode.trim();
  const promise = useDeliveryPromise(promisePin, [...new Set(lines.map((line) => line.id))]);
  const deliveryNote = (
    <div role="status" aria-live="polite" className="mt-2">
      {promise?.kind === 'found' ? <DeliveryPromiseLines lookup={promise.lookup} /> : null}
      {promise?.kind === 'error' ? <p className="text-sm text-amber-800">{promise.message}</p> : null}
    </div>
  );

  const stateOptions =
    form.state && !(STATES_AND_UTS as readonly string[]).includes(form.state)
      ? [form.state, ...STATES_AND_UTS]
      : STATES_AND_UTS;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-black tracking-tight">Checkout</h1>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Checkout"
        aria-busy={busy || undefined}
        className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]"
      >
        <div className="flex flex-col gap-8">
          <SavedAddressChooser busy={busy} book={book} />
          <ContactFieldset {...fieldProps} />
          <ShippingFieldset
            {...fieldProps}
            pinNote={
              <>
                {pinNote}
                {deliveryNote}
              </>
            }
            stateOptions={stateOptions}
          />
          <SaveAddressBox busy={busy} book={book} />
          <PaymentFieldset
            busy={busy}
            gateway={gateway}
            setGateway={setGateway}
            prepaidOnly={summary.prepaidOnly}
            codFee={cod.fee}
            codRefusal={cod.refusal}
          />
          <BusinessGstin busy={busy} value={gstin} onChange={setGstin} />
        </div>
        <OrderSummaryPanel
          items={items}
          lines={lines}
          totals={totals}
          banner={banner}
          busy={busy}
          promotions={promotions}
        />
      </form>
    </div>
  );
}

/** Collapsed until asked for: a business buyer's GSTIN, printed on their tax invoice (the server checks it). */
function BusinessGstin({
  busy,
  value,
  onChange,
}: {
  busy: boolean;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <details className="rounded-xl border border-black/10 p-4" open={value !== '' || undefined}>
      <summary className="cursor-pointer font-semibold">Have a GSTIN? Add it for a business invoice</summary>
      <label htmlFor="checkout-gstin" className="mt-3 block text-sm font-semibold">
        GSTIN (optional)
      </label>
      <input
        id="checkout-gstin"
        name="gstin"
        value={value}
        disabled={busy}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 w-full rounded-lg border border-black/20 px-3 py-2 uppercase"
      />
    </details>
  );
}
