// The payment gateway as the order and checkout modules see it. Two implementations speak Razorpay's protocol:
// the real client (razorpay-client.ts, on Razorpay's REST API) and, behind it, either api.razorpay.com or the
// local sandbox (sandbox/). Field names stay Razorpay's own, so logs and webhook payloads read the same everywhere.

/** Razorpay's order entity (POST /v1/orders, GET /v1/orders/:id). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  /** Integer paise. */
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  /** Razorpay answers an empty list for "no notes"; the client normalises that to {}. */
  notes: Record<string, string>;
  /** Unix seconds. */
  created_at: number;
}

/** Razorpay's payment entity (GET /v1/orders/:id/payments, webhook payloads). */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

/**
 * Razorpay's refund entity (POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds, GET /v1/refunds/:id, and
 * payload.refund.entity of the refund.* webhooks). A refund starts `pending`; `processed` is the final success,
 * announced by refund.processed. A pending refund already counts in the payment's amount_refunded.
 */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  /** Integer paise. */
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: 'normal' | 'optimum';
  /** 'instant' when an optimum refund went out by IMPS/UPI, 'normal' otherwise. */
  speed_processed: 'normal' | 'instant';
  created_at: number;
}

export interface CreateOrderInput {
  /** Integer paise, at least 100. */
  amountPaise: number;
  /** Our own reference (the store order number), at most 40 characters. */
  receipt: string;
  /** At most 15 pairs of at most 256 characters each. */
  notes?: Record<string, string>;
}

export interface RefundInput {
  /** Omit for a full refund. */
  amountPaise?: number;
  /** Sent as X-Refund-Idempotency (at least 10 characters of [A-Za-z0-9_-]): a retried refund is not paid twice. */
  idempotencyKey: string;
  speed?: 'normal' | 'optimum';
  notes?: Record<string, string>;
  receipt?: string;
}

export interface PaymentSignatureInput {
  /** The Razorpay order id WE stored when creating the order, never the one the browser sends back. */
  orderId: string;
  paymentId: string;
  signature: string;
}

export interface PaymentGateway {
  /** Public key id, handed to the browser's checkout script as `key`. */
  readonly keyId: string;
  /** Where the browser loads `window.Razorpay` from. */
  readonly checkoutScriptUrl: string;
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  /** Every payment attempt on an order, so a reconciliation job can ask what happened to it. */
  fetchPayments(orderId: string): Promise<RazorpayPayment[]>;
  /**
   * Refunds a captured payment, in part or in full. The same idempotency key answers the same refund, never a
   * second one. More than what is left of the captured amount is a PaymentProviderError (400, field 'amount',
   * "The refund amount provided is greater than amount captured").
   */
  refund(paymentId: string, input: RefundInput): Promise<RazorpayRefund>;
  /** Every refund of a payment, whatever its status (reconciliation after a lost answer or webhook). */
  listRefunds(paymentId: string): Promise<RazorpayRefund[]>;
  fetchRefund(refundId: string): Promise<RazorpayRefund>;
  /** HMAC-SHA256(key_secret, orderId|paymentId), compared in constant time. False on any malformed input. */
  verifyPaymentSignature(input: PaymentSignatureInput): boolean;
  /** HMAC-SHA256(webhook_secret, raw body). Pass the bytes as received, before any JSON parsing. */
  verifyWebhookSignature(rawBody: Buffer | string, signature: unknown): boolean;
}

/** Razorpay's error object: `{ error: { code, description, source, step, reason, field, metadata } }`. */
export interface RazorpayErrorBody {
  code: string;
  description: string;
  source?: string;
  step?: string;
  reason?: string;
  field?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A call to the gateway failed. `retryable` is true when the gateway could not be reached or failed on its side
 * (network, timeout, 5xx, 429); false when it refused the request (4xx: bad amount, unknown id, auth).
 */
export class PaymentProviderError extends Error {
  readonly statusCode: number | null;
  readonly code: string;
  readonly description: string;
  readonly field: string | undefined;
  readonly reason: string | undefined;
  readonly retryable: boolean;

  constructor(init: {
    statusCode: number | null;
    code: string;
    description: string;
    field?: string;
    reason?: string;
    retryable: boolean;
    cause?: unknown;
  }) {
    super(`Razorpay ${init.code}: ${init.description}`, { cause: init.cause });
    this.name = 'PaymentProviderError';
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.description = init.description;
    this.field = init.field;
    this.reason = init.reason;
    this.retryable = init.retryable;
  }
}
