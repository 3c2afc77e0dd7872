// Placing the order: validation first (the banner and focus on the first bad field), then one attempt at a time
// with an idempotency key per order body, so a double click or a retry never places two orders.
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_MESSAGES, type CheckoutField } from '@rangrez/contract/rules/checkout-messages';
import type { CheckoutErrors } from '@rangrez/contract/rules/checkout-validators';
import type { Gateway } from '@rangrez/contract/rules/shipping';
import type { User } from '@rangrez/contract/schemas';
import { type CheckoutItem, clearCheckoutSummary } from '../cart';
import { checkoutApi } from './api';
import { refreshCartAfterCheckout } from './cart-sync';
import {
  AttemptKeys,
  type CheckoutForm,
  type CheckoutSavings,
  buildOrderBody,
  firstInvalidField,
  submitBlocker,
  validateForm,
} from './checkout-form';
import { placeOrder } from './place-order';
import { loadRazorpay, payWithRazorpay } from './razorpay';
import type { CheckoutItems } from './use-checkout-items';

const PLACE_ORDER_DEPS = {
  placeCodOrder: checkoutApi.placeCodOrder,
  initiatePayment: checkoutApi.initiatePayment,
  paymentConfig: checkoutApi.paymentConfig,
  processOrder: checkoutApi.processOrder,
  loadRazorpay: (src: string) => loadRazorpay(src),
  pay: payWithRazorpay,
};

export interface SubmitOrderInput {
  user: User;
  form: CheckoutForm;
  gateway: Gateway;
  /** The optional business GSTIN, as typed. */
  gstin: string;
  items: CheckoutItems;
  lines: readonly CheckoutItem[];
  setErrors: (errors: CheckoutErrors) => void;
  formRef: RefObject<HTMLFormElement | null>;
  fieldId: (field: CheckoutField) => string;
  reprice: (current: CheckoutItem[], fromHandoff: boolean, isBuyNow: boolean) => Promise<void>;
  /** The code the order goes with (none when the preview refused it) and what the promotions take off. */
  couponCode: string | null;
  savings: CheckoutSavings;
  /** The cash on delivery fee in force (rupees). */
  codFee: number;
  /** 'Save this address' is ticked. */
  saveAddress?: boolean;
}

export function useSubmitOrder(input: SubmitOrderInput) {
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const keys = useRef<AttemptKeys | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const { user, form, gateway, gstin, items, lines, setErrors, formRef, fieldId, reprice } = input;
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

    const body = buildOrderBody({
      form,
      items: items.items,
      user,
      gateway,
      gstin,
      isBuyNow: items.isBuyNow,
      couponCode: input.couponCode,
      savings: input.savings,
      codFee: input.codFee,
      saveAddress: input.saveAddress,
    });
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

  return { busy, banner, onSubmit };
}
