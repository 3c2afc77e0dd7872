// /place-order (docs/product/screens.md#checkout, docs/orders-lifecycle.md#online-payment).
import {
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import {
  CHECKOUT_MESSAGES,
  type CheckoutField,
  PAYMENT_MESSAGES,
} from '@rangrez/contract/rules/checkout-messages';
import { type CheckoutErrors } from '@rangrez/contract/rules/checkout-validators';
import { formatINR } from '@rangrez/contract/rules/money';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { type Gateway, shippingFee } from '@rangrez/contract/rules/shipping';
import { STATES_AND_UTS } from '@rangrez/contract/rules/states';
import type { User } from '@rangrez/contract/schemas';
import { useSession } from '../../account';
import { checkoutApi } from '../api';
import { refreshCartAfterCheckout } from '../cart-sync';
import {
  AttemptKeys,
  CHECKOUT_FIELDS,
  type CheckoutForm,
  buildOrderBody,
  checkoutTotals,
  firstInvalidField,
  formFromUser,
  stripInput,
  submitBlocker,
  validateForm,
} from '../checkout-form';
import { itemsFromCartLines, withCurrentPrices } from '../items';
import { type PincodeLookup, lookupPincode } from '../pincode';
import { placeOrder } from '../place-order';
import { loadRazorpay, payWithRazorpay } from '../razorpay';
import {
  type CheckoutItem,
  type CheckoutSummary as Handoff,
  clearCheckoutSummary,
  loadCart,
  readCheckoutSummary,
  saveCheckoutSummary,
} from '../../cart';
import { CheckoutSummary } from './CheckoutSummary';
import { InputField, SelectField } from './Field';

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

type Items =
  | { status: 'loading' }
  | { status: 'ready'; items: CheckoutItem[]; isBuyNow: boolean; fromHandoff: boolean }
  | { status: 'error'; message: string };

type PinState = { kind: 'idle' } | { kind: 'loading' } | PincodeLookup;

const PLACE_ORDER_DEPS = {
  placeCodOrder: checkoutApi.placeCodOrder,
  initiatePayment: checkoutApi.initiatePayment,
  paymentConfig: checkoutApi.paymentConfig,
  processOrder: checkoutApi.processOrder,
  loadRazorpay: (src: string) => loadRazorpay(src),
  pay: payWithRazorpay,
};

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
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const userId = user._id;

  const [form, setForm] = useState<CheckoutForm>(() => formFromUser(user));
  const edited = useRef(new Set<CheckoutField>());
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [gateway, setGateway] = useState<Gateway>('Prepaid');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const keys = useRef<AttemptKeys | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pinRequest = useRef<AbortController | null>(null);
  const [pin, setPin] = useState<PinState>({ kind: 'idle' });

  // This page renders only in the browser (behind the sign-in guard), so the hand-off can be read at once.
  const [handoff] = useState<Handoff | null>(() =>
    typeof window === 'undefined' ? null : readCheckoutSummary(),
  );
  // BUY NOW buys exactly the hand-off. A cart checkout buys what the server cart holds once the sign-in merge
  // has settled: a guest who signed in on the way here may have had lines merged into an existing cart.
  const [items, setItems] = useState<Items>(() =>
    handoff && handoff.items.length > 0 && handoff.orderDetails.isBuyNow
      ? { status: 'ready', items: handoff.items, isBuyNow: true, fromHandoff: true }
      : { status: 'loading' },
  );

  const needsCart = items.status === 'loading';
  useEffect(() => {
    if (!needsCart) return;
    const controller = new AbortController();
    loadCart()
      .then((store) => store.settled())
      .then(() => checkoutApi.cart(controller.signal))
      .then((res) =>
        setItems({
          status: 'ready',
          items: itemsFromCartLines(res.data.items),
          isBuyNow: false,
          fromHandoff: false,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setItems({
          status: 'error',
          message: error instanceof Error ? error.message : CART_MESSAGES.loadFailed,
        });
      });
    return () => controller.abort();
  }, [needsCart]);

  // The stored profile may be stale: prefill from the current one, without overwriting what the shopper typed.
  useEffect(() => {
    const controller = new AbortController();
    checkoutApi
      .user(userId, controller.signal)
      .then((res) => {
        updateUser(res.user);
        const fresh = formFromUser(res.user);
        setForm((current) => {
          const next = { ...current };
          for (const field of CHECKOUT_FIELDS) if (!edited.current.has(field)) next[field] = fresh[field];
          return next;
        });
      })
      .catch(() => {
        // The stored profile stays as the prefill; nothing here blocks checking out.
      });
    return () => controller.abort();
  }, [userId, updateUser]);

  useEffect(() => () => pinRequest.current?.abort(), []);

  const lines = useMemo(() => (items.status === 'ready' ? items.items : []), [items]);
  const totals = useMemo(() => checkoutTotals(lines, gateway), [lines, gateway]);

  function setField(field: CheckoutField, raw: string) {
    const value = stripInput(field, raw);
    edited.current.add(field);
    setForm((current) => ({ ...current, [field]: value }));
    // An error already shown follows the value; new ones wait for blur or submit.
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: validateForm({ ...form, [field]: value })[field] }));
    if (field === 'pincode') onPincode(value);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    setField(event.target.name as CheckoutField, event.target.value);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement | HTMLSelectElement>) {
    onBlur(event.target.name as CheckoutField);
  }

  function onBlur(field: CheckoutField) {
    if (form[field].trim() === '' && !errors[field]) return;
    setErrors((current) => ({ ...current, [field]: validateForm(form)[field] }));
  }

  function onPincode(value: string) {
    pinRequest.current?.abort();
    pinRequest.current = null;
    if (value.length < 6) {
      setPin({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    pinRequest.current = controller;
    setPin({ kind: 'loading' });
    lookupPincode(value, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setPin(result);
        if (result.kind !== 'found') return;
        setForm((current) => ({
          ...current,
          city: result.city || current.city,
          state: result.state || current.state,
        }));
        setErrors((current) => ({ ...current, city: undefined, state: undefined }));
      })
      .catch(() => {
        // Aborted by a newer PIN.
      });
  }

  async function reprice(current: CheckoutItem[], fromHandoff: boolean, isBuyNow: boolean) {
    try {
      if (!fromHandoff) {
        const res = await checkoutApi.cart();
        setItems({ status: 'ready', items: itemsFromCartLines(res.data.items), isBuyNow, fromHandoff });
        return;
      }
      const ids = [...new Set(current.map((item) => item.id))];
      const products = await Promise.all(ids.map((id) => checkoutApi.product(id)));
      const next = withCurrentPrices(current, new Map(products.map((p) => [p._id, p.price])));
      if (handoff) saveCheckoutSummary({ ...handoff, items: next });
      setItems({ status: 'ready', items: next, isBuyNow, fromHandoff });
    } catch {
      // The message already on screen tells the shopper to review; the next attempt is refused again if stale.
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const found = validateForm(form);
    setErrors(found);
    const blocker = submitBlocker({ signedIn: true, itemCount: lines.length, errors: found });
    if (blocker) {
      setBanner(blocker);
      const first = firstInvalidField(found);
      if (first) formRef.current?.ownerDocument.getElementById(fieldId(first))?.focus();
      return;
    }
    if (items.status !== 'ready') return;
    setBanner(null);
    busyRef.current = true;
    setBusy(true);

    const body = buildOrderBody({ form, items: items.items, user, gateway, isBuyNow: items.isBuyNow });
    keys.current ??= new AttemptKeys();
    const result = await placeOrder(
      {
        body,
        gateway,
        idempotencyKey: keys.current.keyFor(body),
        prefill: {
          name: `${body.deliveryAddress.firstName} ${body.deliveryAddress.lastName}`,
          email: body.deliveryAddress.email,
          contact: body.deliveryAddress.phone,
        },
      },
      PLACE_ORDER_DEPS,
    ).catch(() => ({ kind: 'error' as const, message: PAYMENT_MESSAGES.fallback, conflict: false }));

    if (result.kind === 'placed') {
      // A cart checkout empties the cart (the server already did), BUY NOW leaves it alone.
      if (!items.isBuyNow) refreshCartAfterCheckout();
      clearCheckoutSummary();
      // Still busy while the success page loads: nothing can submit again.
      void navigate(`/successPage/${encodeURIComponent(result.response.qikinkOrderId)}`, {
        replace: true,
        state: { placed: result.response },
      });
      return;
    }
    busyRef.current = false;
    setBusy(false);
    if (result.kind === 'error') {
      setBanner(result.message);
      if (result.conflict) await reprice(items.items, items.fromHandoff, items.isBuyNow);
    }
  }

  const field = (name: CheckoutField) => ({
    id: fieldId(name),
    name,
    label: LABELS[name],
    value: form[name],
    error: errors[name],
  });

  const pinNote =
    pin.kind === 'loading' ? (
      <p className="mt-1 text-sm text-neutral-600">Looking up PIN code…</p>
    ) : pin.kind === 'found' ? (
      <p className="mt-1 text-sm text-green-700">{pin.message}</p>
    ) : pin.kind === 'error' ? (
      <p className="mt-1 text-sm text-amber-800">{pin.message}</p>
    ) : null;

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
          <fieldset
            disabled={busy}
            className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:grid-cols-2"
          >
            <legend className="float-left mb-2 w-full text-lg font-bold sm:col-span-2">
              Contact Information
            </legend>
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
              maxLength={10}
            />
          </fieldset>

          <fieldset
            disabled={busy}
            className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:grid-cols-2"
          >
            <legend className="float-left mb-2 w-full text-lg font-bold sm:col-span-2">
              Shipping Address
            </legend>
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
              maxLength={6}
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

          <fieldset disabled={busy} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
            <legend className="float-left mb-3 w-full text-lg font-bold">Payment Method</legend>
            <div className="clear-both grid gap-3 sm:grid-cols-2">
              <PaymentOption
                value="Prepaid"
                label="Online"
                hint={`Cards, UPI, netbanking · Shipping ${formatINR(shippingFee('Prepaid'))}`}
                checked={gateway === 'Prepaid'}
                onChange={setGateway}
              />
              <PaymentOption
                value="COD"
                label="Cash on Delivery"
                hint={`Pay when it arrives · Shipping ${formatINR(shippingFee('COD'))}`}
                checked={gateway === 'COD'}
                onChange={setGateway}
              />
            </div>
          </fieldset>
        </div>

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
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {items.message === NETWORK_MESSAGES.requestFailed ? CART_MESSAGES.loadFailed : items.message}
            </p>
          ) : lines.length === 0 ? (
            <p className="mt-4 text-sm text-neutral-600">{CHECKOUT_MESSAGES.cartEmpty}</p>
          ) : (
            <div className="mt-4">
              <CheckoutSummary items={lines} totals={totals} />
            </div>
          )}
          {banner ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {banner}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy || items.status === 'loading'}
            className="mt-6 h-12 w-full rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? PAYMENT_MESSAGES.processing : 'Place Order'}
          </button>
        </aside>
      </form>
    </div>
  );
}

function PaymentOption({
  value,
  label,
  hint,
  checked,
  onChange,
}: {
  value: Gateway;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: Gateway) => void;
}) {
  const id = `checkout-payment-${value}`;
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 ${checked ? 'border-black ring-2 ring-black/10' : 'border-black/15'}`}
    >
      <input
        id={id}
        type="radio"
        name="gateway"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-4 w-4 accent-black"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span id={`${id}-hint`} className="block text-sm text-neutral-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
