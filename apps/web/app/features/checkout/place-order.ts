// Placing the order once the form is valid (docs/orders-lifecycle.md, docs/product/texts.md#payment):
//   COD    -> POST /qikink/order
//   Online -> POST /razorpay/initiate-payment (the full order body: the server prices it and keeps the stock while
//             the shopper pays) -> the provider's pop-up -> POST /razorpay/process-order with its signed ids.
// Written against injected calls so every branch is tested without a browser.
import { PAYMENT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { type Gateway } from '@rangrez/contract/rules/shipping';
import type {
  InitiatePaymentResponse,
  PaymentConfigResponse,
  PlaceOrderResponse,
} from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import type { ProviderIds } from './api';
import type { CheckoutOrderBody } from './checkout-form';
import {
  PaymentScriptError,
  type PaymentOutcome,
  type RazorpayConstructor,
  type RazorpayOptions,
} from './razorpay';

export interface PlaceOrderDeps {
  placeCodOrder(body: CheckoutOrderBody, key: string): Promise<PlaceOrderResponse>;
  initiatePayment(body: CheckoutOrderBody, key: string): Promise<InitiatePaymentResponse>;
  paymentConfig(): Promise<PaymentConfigResponse>;
  processOrder(body: CheckoutOrderBody & ProviderIds, key: string): Promise<PlaceOrderResponse>;
  loadRazorpay(src: string): Promise<RazorpayConstructor>;
  pay(
    Razorpay: RazorpayConstructor,
    options: Omit<RazorpayOptions, 'handler' | 'modal' | 'retry'>,
  ): Promise<PaymentOutcome>;
}

export type PlaceOrderResult =
  | { kind: 'placed'; response: PlaceOrderResponse }
  /** `conflict`: the server refused the order as priced or stocked (409); the page reloads current prices. */
  | { kind: 'error'; message: string; conflict: boolean }
  /** The shopper closed the pop-up: nothing to say, the form is usable again. */
  | { kind: 'dismissed' };

export interface PlaceOrderInput {
  body: CheckoutOrderBody;
  gateway: Gateway;
  idempotencyKey: string;
  prefill: { name: string; email: string; contact: string };
}

/** A server's own message when it sent one; the generic 'Request failed' becomes the documented default. */
function createFailure(error: unknown): PlaceOrderResult {
  if (error instanceof ApiError) {
    const message =
      error.message && error.message !== NETWORK_MESSAGES.requestFailed
        ? error.message
        : PAYMENT_MESSAGES.createOrderFailed;
    return { kind: 'error', message, conflict: error.status === 409 };
  }
  return { kind: 'error', message: PAYMENT_MESSAGES.fallback, conflict: false };
}

export async function placeOrder(input: PlaceOrderInput, deps: PlaceOrderDeps): Promise<PlaceOrderResult> {
  const { body, idempotencyKey: key } = input;
  if (input.gateway === 'COD') {
    try {
      return { kind: 'placed', response: await deps.placeCodOrder(body, key) };
    } catch (error) {
      return createFailure(error);
    }
  }

  // The provider's script loads while the server prices and reserves the order.
  const script = deps.paymentConfig().then((config) => deps.loadRazorpay(config.checkoutScriptUrl));
  script.catch(() => undefined);

  let initiated: InitiatePaymentResponse;
  try {
    initiated = await deps.initiatePayment(body, key);
  } catch (error) {
    return createFailure(error);
  }

  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await script;
  } catch (error) {
    // Without the configuration there is no script to load either: the same message.
    const message =
      error instanceof PaymentScriptError ? error.message : PAYMENT_MESSAGES.razorpayScriptFailed;
    return { kind: 'error', message, conflict: false };
  }

  let outcome: PaymentOutcome;
  try {
    outcome = await deps.pay(Razorpay, {
      key: initiated.keyId,
      amount: initiated.amount,
      currency: initiated.currency,
      order_id: initiated.razorpayOrderId,
      name: 'Rangrez',
      description: initiated.orderId ? `Order ${initiated.orderId}` : 'Rangrez order',
      prefill: input.prefill,
      theme: { color: '#111111' },
    });
  } catch {
    return { kind: 'error', message: PAYMENT_MESSAGES.fallback, conflict: false };
  }
  if (outcome.kind === 'dismissed') return outcome;
  if (outcome.kind === 'failed') return { kind: 'error', message: outcome.message, conflict: false };

  try {
    const response = await deps.processOrder(
      {
        ...body,
        paymentId: outcome.response.razorpay_payment_id,
        razorpayOrderId: outcome.response.razorpay_order_id,
        razorpaySignature: outcome.response.razorpay_signature,
      },
      key,
    );
    return { kind: 'placed', response };
  } catch (error) {
    // Paid, but the order cannot be filled: the server's message says the money goes back.
    if (error instanceof ApiError && error.status === 409) {
      return { kind: 'error', message: error.message, conflict: false };
    }
    return { kind: 'error', message: PAYMENT_MESSAGES.verificationFailed, conflict: false };
  }
}
