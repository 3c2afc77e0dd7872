// Paying an existing order again (docs/orders-lifecycle.md#paying-again): the order's provider order from
// POST /orders/{orderId}/pay, the provider's pop-up (the same one the checkout opens), then the verify call with the
// provider's ids alone. Loaded when the shopper presses Pay now, so none of the provider's code is in the orders
// page's first load. Written against injected calls so every branch is tested without a browser.
import { PAYMENT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import type { InitiatePaymentResponse, Order, PlaceOrderResponse } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import {
  checkoutApi,
  loadRazorpay,
  type PaymentOutcome,
  PaymentScriptError,
  payWithRazorpay,
} from '../checkout';
import { ordersApi } from './api';

export type PayAgainResult =
  | { kind: 'paid'; response: PlaceOrderResponse }
  /** The provider declined the payment: nothing was taken. */
  | { kind: 'declined'; message: string }
  /** The order could not be paid (the server's reason), or the payment could not be verified. */
  | { kind: 'error'; message: string }
  /** The shopper closed the pop-up. */
  | { kind: 'dismissed' };

const DEPS = {
  payAgain: ordersApi.payAgain,
  verifyPayment: ordersApi.verifyPayment,
  paymentConfig: checkoutApi.paymentConfig,
  loadRazorpay: (src: string) => loadRazorpay(src),
  pay: payWithRazorpay,
};
export type PayAgainDeps = typeof DEPS;

/** The server's own words when it sent some (a 409 says why the order cannot be paid), else `fallback`. */
const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;

export async function payAgain(order: Order, deps: PayAgainDeps = DEPS): Promise<PayAgainResult> {
  // The provider's script loads while the server extends the reservation.
  const script = deps.paymentConfig().then((config) => deps.loadRazorpay(config.checkoutScriptUrl));
  script.catch(() => undefined);
  let initiated: InitiatePaymentResponse;
  try {
    initiated = await deps.payAgain(order.orderId);
  } catch (error) {
    return { kind: 'error', message: serverMessage(error, PAYMENT_MESSAGES.fallback) };
  }
  let Razorpay: Awaited<typeof script>;
  try {
    Razorpay = await script;
  } catch (error) {
    const message =
      error instanceof PaymentScriptError ? error.message : PAYMENT_MESSAGES.razorpayScriptFailed;
    return { kind: 'error', message };
  }
  const address = order.deliveryAddress;
  const outcome: PaymentOutcome = await deps
    .pay(Razorpay, {
      key: initiated.keyId,
      amount: initiated.amount,
      currency: initiated.currency,
      order_id: initiated.razorpayOrderId,
      name: 'Rangrez',
      description: `Order ${order.orderId}`,
      prefill: { name: address.fullName, email: address.email, contact: address.phone },
      theme: { color: '#111111' },
    })
    .catch(() => ({ kind: 'failed', message: PAYMENT_MESSAGES.fallback }) as const);
  if (outcome.kind === 'dismissed') return outcome;
  if (outcome.kind === 'failed') return { kind: 'declined', message: outcome.message };
  try {
    const response = await deps.verifyPayment({
      paymentId: outcome.response.razorpay_payment_id,
      razorpayOrderId: outcome.response.razorpay_order_id,
      razorpaySignature: outcome.response.razorpay_signature,
    });
    return { kind: 'paid', response };
  } catch (error) {
    // A 409 says the money goes back (the order was switched to cash on delivery meanwhile).
    const message =
      error instanceof ApiError && error.status === 409 ? error.message : PAYMENT_MESSAGES.verificationFailed;
    return { kind: 'error', message };
  }
}
