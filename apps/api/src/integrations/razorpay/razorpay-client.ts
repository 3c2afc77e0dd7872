// The real payment gateway client, on Razorpay's official SDK. The same code talks to api.razorpay.com in
// production and to the local sandbox in development and tests (see docs/decisions/006).
import Razorpay from 'razorpay';
import {
  type CreateOrderInput,
  type PaymentGateway,
  PaymentProviderError,
  type PaymentSignatureInput,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RefundInput,
} from './port.ts';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures.ts';

export const RAZORPAY_API_BASE = 'https://api.razorpay.com';
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Origin (and path prefix) of the REST API: https://api.razorpay.com, or the sandbox's .../__razorpay. */
  apiBase: string;
  checkoutScriptUrl: string;
  /** Send the HTTP calls through this fetch instead of the network (the sandbox inside the same process). */
  fetch?: typeof fetch;
  /** The SDK sets no timeout at all; a hung connection would hold a checkout request forever. */
  timeoutMs?: number;
}

/**
 * The parts of the SDK's internal axios instance we set. The SDK hard-codes https://api.razorpay.com and offers no
 * option for it, but keeps its axios instance at `api.rq`; setting that instance's defaults is the one way to
 * point the unchanged SDK code elsewhere. If an SDK upgrade moves it, construction fails loudly (below) instead of
 * silently calling the real API from a test.
 */
interface AxiosLike {
  defaults: { baseURL?: string; timeout?: number; adapter?: unknown; env?: unknown };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

function sdkAxios(sdk: Razorpay): AxiosLike {
  const rq = (sdk.api as unknown as { rq?: AxiosLike }).rq;
  if (!rq || typeof rq.post !== 'function' || typeof rq.defaults !== 'object') {
    throw new Error(
      'razorpay SDK: its HTTP client is no longer at api.rq; update razorpay-client.ts for this version',
    );
  }
  return rq;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Turns whatever the SDK or axios threw into a PaymentProviderError. */
export function toPaymentProviderError(err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  let status: number | undefined;
  let body: unknown;
  if (isObject(err) && typeof err.statusCode === 'number') {
    // The SDK's normalised rejection: { statusCode, error: <Razorpay error object> }.
    status = err.statusCode;
    body = err.error;
  } else if (isObject(err) && isObject(err.response) && typeof err.response.status === 'number') {
    // An axios error from our own calls on the SDK's instance.
    status = err.response.status;
    body = isObject(err.response.data) ? err.response.data.error : undefined;
  }
  if (status === undefined) {
    // No HTTP answer at all (network, DNS, timeout). The SDK's own normaliser then throws a TypeError itself.
    return new PaymentProviderError({
      statusCode: null,
      code: 'GATEWAY_UNREACHABLE',
      description: 'Razorpay could not be reached',
      retryable: true,
      cause: err,
    });
  }
  const retryable = status >= 500 || status === 429;
  if (isObject(body) && typeof body.code === 'string') {
    return new PaymentProviderError({
      statusCode: status,
      code: body.code,
      description: str(body.description) ?? 'No description',
      field: str(body.field),
      reason: str(body.reason),
      retryable,
      cause: err,
    });
  }
  // A proxy's HTML page or an empty body: no Razorpay error object to read.
  return new PaymentProviderError({
    statusCode: status,
    code: retryable ? 'SERVER_ERROR' : 'BAD_RESPONSE',
    description: `HTTP ${status} without a Razorpay error body`,
    retryable,
    cause: err,
  });
}

function expectEntity<T>(data: unknown, entity: string): T {
  if (!isObject(data) || data.entity !== entity || typeof data.id !== 'string') {
    throw new PaymentProviderError({
      statusCode: 200,
      code: 'BAD_RESPONSE',
      description: `expected a Razorpay ${entity} entity`,
      retryable: true,
    });
  }
  return data as T;
}

// Razorpay (PHP underneath) encodes an empty notes map as [].
function normaliseNotes<T extends { notes: unknown }>(entity: T): T {
  return { ...entity, notes: isObject(entity.notes) && !Array.isArray(entity.notes) ? entity.notes : {} };
}

export function createRazorpayClient(options: RazorpayClientOptions): PaymentGateway {
  const sdk = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = sdkAxios(sdk);
  http.defaults.baseURL = options.apiBase.replace(/\/+$/, '');
  http.defaults.timeout = options.timeoutMs ?? 10_000;
  if (options.fetch) {
    http.defaults.adapter = 'fetch';
    http.defaults.env = { fetch: options.fetch };
  }

  const call = async <T>(work: () => Promise<unknown>, check: (data: unknown) => T): Promise<T> => {
    let data: unknown;
    try {
      data = await work();
    } catch (err) {
      throw toPaymentProviderError(err);
    }
    return check(data);
  };

  return {
    keyId: options.keyId,
    checkoutScriptUrl: options.checkoutScriptUrl,

    createOrder(input: CreateOrderInput) {
      return call(
        () =>
          sdk.orders.create({
            amount: input.amountPaise,
            currency: 'INR',
            receipt: input.receipt,
            notes: input.notes ?? {},
          }),
        (data) => normaliseNotes(expectEntity<RazorpayOrder>(data, 'order')),
      );
    },

    fetchOrder(orderId: string) {
      return call(
        () => sdk.orders.fetch(orderId),
        (data) => normaliseNotes(expectEntity<RazorpayOrder>(data, 'order')),
      );
    },

    fetchPayments(orderId: string) {
      return call(
        () => sdk.orders.fetchPayments(orderId),
        (data) => {
          const items = isObject(data) && Array.isArray(data.items) ? data.items : undefined;
          if (!items) {
            throw new PaymentProviderError({
              statusCode: 200,
              code: 'BAD_RESPONSE',
              description: 'expected a collection of payments',
              retryable: true,
            });
          }
          return items.map((p) => normaliseNotes(expectEntity<RazorpayPayment>(p, 'payment')));
        },
      );
    },

    refund(paymentId: string, input: RefundInput) {
      // payments.refund() cannot send X-Refund-Idempotency (the SDK only passes whitelisted headers), so this one
      // call goes through the SDK's own HTTP client, keeping its base URL, auth and timeout.
      const body: Record<string, unknown> = { speed: input.speed ?? 'normal' };
      if (input.amountPaise !== undefined) body.amount = input.amountPaise;
      if (input.notes) body.notes = input.notes;
      if (input.receipt) body.receipt = input.receipt;
      return call(
        async () =>
          (
            await http.post(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, body, {
              headers: { 'X-Refund-Idempotency': input.idempotencyKey },
            })
          ).data,
        (data) => normaliseNotes(expectEntity<RazorpayRefund>(data, 'refund')),
      );
    },

    verifyPaymentSignature(input: PaymentSignatureInput) {
      return isValidPaymentSignature(input, options.keySecret);
    },

    verifyWebhookSignature(rawBody: Buffer | string, signature: unknown) {
      return isValidWebhookSignature(rawBody, signature, options.webhookSecret);
    },
  };
}
