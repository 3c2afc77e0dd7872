// The real payment gateway client: a small typed client of Razorpay's REST API (orders, payments, refunds) on
// fetch. The same code talks to api.razorpay.com in production and to the local sandbox in development and tests
// (docs/decisions/006-payment-and-fulfilment-stand-ins.md).
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
  /** A hung connection must not hold a checkout request forever (default 10 s). */
  timeoutMs?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** An HTTP answer other than 2xx as a PaymentProviderError: Razorpay's error object when the body has one. */
function httpError(status: number, json: unknown): PaymentProviderError {
  const retryable = status >= 500 || status === 429;
  const body = isObject(json) ? json.error : undefined;
  if (isObject(body) && typeof body.code === 'string') {
    return new PaymentProviderError({
      statusCode: status,
      code: body.code,
      description: str(body.description) ?? 'No description',
      field: str(body.field),
      reason: str(body.reason),
      retryable,
    });
  }
  // A proxy's HTML page or an empty body: no Razorpay error object to read.
  return new PaymentProviderError({
    statusCode: status,
    code: retryable ? 'SERVER_ERROR' : 'BAD_RESPONSE',
    description: `HTTP ${status} without a Razorpay error body`,
    retryable,
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

/** The items of a `{ entity: 'collection', count, items }` answer. */
function expectCollection(data: unknown, of: string): unknown[] {
  if (!isObject(data) || data.entity !== 'collection' || !Array.isArray(data.items)) {
    throw new PaymentProviderError({
      statusCode: 200,
      code: 'BAD_RESPONSE',
      description: `expected a collection of ${of}s`,
      retryable: true,
    });
  }
  return data.items as unknown[];
}

// Razorpay (PHP underneath) encodes an empty notes map as [].
function normaliseNotes<T extends { notes: unknown }>(entity: T): T {
  return { ...entity, notes: isObject(entity.notes) && !Array.isArray(entity.notes) ? entity.notes : {} };
}

/** One authenticated call to Razorpay's API; a missing answer or an HTTP error becomes a PaymentProviderError. */
function razorpayRequest(options: RazorpayClientOptions) {
  const base = options.apiBase.replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  return async function request(
    method: 'GET' | 'POST',
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await send(`${base}${pathname}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      // No HTTP answer at all (network, DNS, timeout).
      throw new PaymentProviderError({
        statusCode: null,
        code: 'GATEWAY_UNREACHABLE',
        description: 'Razorpay could not be reached',
        retryable: true,
        cause: err,
      });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) throw httpError(response.status, json);
    return json;
  };
}

export function createRazorpayClient(options: RazorpayClientOptions): PaymentGateway {
  const request = razorpayRequest(options);
  const id = (value: string) => encodeURIComponent(value);

  return {
    keyId: options.keyId,
    checkoutScriptUrl: options.checkoutScriptUrl,

    async createOrder(input: CreateOrderInput) {
      const data = await request('POST', '/v1/orders', {
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
        notes: input.notes ?? {},
      });
      return normaliseNotes(expectEntity<RazorpayOrder>(data, 'order'));
    },

    async fetchOrder(orderId: string) {
      const data = await request('GET', `/v1/orders/${id(orderId)}`);
      return normaliseNotes(expectEntity<RazorpayOrder>(data, 'order'));
    },

    async fetchPayments(orderId: string) {
      const data = await request('GET', `/v1/orders/${id(orderId)}/payments`);
      return expectCollection(data, 'payment').map((p) =>
        normaliseNotes(expectEntity<RazorpayPayment>(p, 'payment')),
      );
    },

    async refund(paymentId: string, input: RefundInput) {
      const body: Record<string, unknown> = { speed: input.speed ?? 'normal' };
      if (input.amountPaise !== undefined) body.amount = input.amountPaise;
      if (input.notes) body.notes = input.notes;
      if (input.receipt) body.receipt = input.receipt;
      const data = await request('POST', `/v1/payments/${id(paymentId)}/refund`, body, {
        // A retried refund is answered with the first one, never paid twice.
        'X-Refund-Idempotency': input.idempotencyKey,
      });
      return normaliseNotes(expectEntity<RazorpayRefund>(data, 'refund'));
    },

    async listRefunds(paymentId: string) {
      const data = await request('GET', `/v1/payments/${id(paymentId)}/refunds`);
      return expectCollection(data, 'refund').map((r) =>
        normaliseNotes(expectEntity<RazorpayRefund>(r, 'refund')),
      );
    },

    async fetchRefund(refundId: string) {
      const data = await request('GET', `/v1/refunds/${id(refundId)}`);
      return normaliseNotes(expectEntity<RazorpayRefund>(data, 'refund'));
    },

    verifyPaymentSignature(input: PaymentSignatureInput) {
      return isValidPaymentSignature(input, options.keySecret);
    },

    verifyWebhookSignature(rawBody: Buffer | string, signature: unknown) {
      return isValidWebhookSignature(rawBody, signature, options.webhookSecret);
    },
  };
}
