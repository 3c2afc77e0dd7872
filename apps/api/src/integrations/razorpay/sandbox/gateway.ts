// What the sandbox gateway does: Razorpay's orders and payments with Razorpay's rules and error texts, plus the
// webhook events each payment produces (refunds are in refunds.ts). HTTP lives in routes.ts; state in shared_state
// (state.ts).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../lib/db.ts';
import type { RazorpayErrorBody, RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../port.ts';
import { signPayment } from '../signatures.ts';
import { KEY_PREFIX, keys, listState, nextNumber, readState, type Tx, writeState } from './state.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Razorpay ids are a prefix and 14 base62 characters: order_EKwxwAgItmmXdp. */
export function razorpayId(prefix = ''): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const b of bytes) id += BASE62[b % 62];
  return prefix ? `${prefix}_${id}` : id;
}

/** A refusal in Razorpay's words; routes.ts sends it as `{ error: {...} }` with this status. */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.description);
  }
}

export function badRequest(description: string, extra: Partial<RazorpayErrorBody> = {}): SandboxError {
  return new SandboxError(400, {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...extra,
  });
}

export const notFoundError = () => badRequest('The id provided does not exist', { step: 'NA' });

export type WebhookEventName =
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed';

/** A webhook event as stored: the exact body to send, and how often it was sent. */
export interface SandboxEvent {
  id: string;
  event: WebhookEventName;
  orderId: string;
  paymentId: string;
  /** Only on refund.* events. */
  refundId?: string;
  sequence: number;
  body: string;
  deliveries: number;
  lastStatuses: (number | null)[];
}

export interface PayResult {
  payment: RazorpayPayment;
  order: RazorpayOrder;
  events: SandboxEvent[];
}

export interface SandboxGatewayOptions {
  db: Db;
  keySecret: string;
  now: () => Date;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function validateNotes(notes: unknown): Record<string, string> {
  if (notes === undefined || (Array.isArray(notes) && notes.length === 0)) return {};
  if (!isObject(notes) || Array.isArray(notes))
    throw badRequest('The notes must be an array.', { field: 'notes' });
  const entries = Object.entries(notes);
  if (entries.length > 15) throw badRequest('Number of notes exceeds the maximum of 15', { field: 'notes' });
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string' && typeof v !== 'number') {
      throw badRequest('The notes value must be a string.', { field: 'notes' });
    }
    if (String(v).length > 256) {
      throw badRequest('The notes value may not be greater than 256 characters.', { field: 'notes' });
    }
    out[k] = String(v);
  }
  return out;
}

export function createSandboxGateway(options: SandboxGatewayOptions) {
  const { db } = options;

  return {
    async createOrder(body: unknown): Promise<RazorpayOrder> {
      return createSandboxOrder(options, body);
    },

    async getOrder(id: string): Promise<RazorpayOrder> {
      const order = await readState<RazorpayOrder>(db, keys.order(id));
      if (!order) throw notFoundError();
      return order;
    },

    async listPayments(orderId: string): Promise<RazorpayPayment[]> {
      if (!(await readState(db, keys.order(orderId)))) throw notFoundError();
      const payments = await listState<RazorpayPayment>(db, `${KEY_PREFIX}payment.`, {
        field: 'order_id',
        equals: orderId,
      });
      return payments.sort((a, b) => a.created_at - b.created_at);
    },

    async getPayment(id: string): Promise<RazorpayPayment> {
      const payment = await readState<RazorpayPayment>(db, keys.payment(id));
      if (!payment) throw notFoundError();
      return payment;
    },

    /** The tester's choice in the checkout pop-up: a captured payment, or a failed attempt. */
    async pay(orderId: string, outcome: 'success' | 'failure', payer: PayerDetails = {}): Promise<PayResult> {
      return payOrder(options, orderId, outcome, payer);
    },

    /**
     * A failed payment that succeeds after all (UPI does this: payment.failed, then payment.captured). If another
     * payment already paid the order, the order stays as it is and only payment.captured is sent: the store then
     * holds two payments for one order and has to refund one.
     */
    async capture(paymentId: string): Promise<PayResult> {
      return captureFailedPayment(options, paymentId);
    },

    /** Every stored webhook event, oldest first; `orderId` narrows to one Razorpay order. */
    async events(filter: { orderId?: string } = {}): Promise<SandboxEvent[]> {
      const all = await listState<SandboxEvent>(
        db,
        `${KEY_PREFIX}event.`,
        filter.orderId ? { field: 'orderId', equals: filter.orderId } : undefined,
      );
      return all.sort((a, b) => a.sequence - b.sequence);
    },

    async event(id: string): Promise<SandboxEvent | undefined> {
      return readState<SandboxEvent>(db, keys.event(id));
    },

    async recordDelivery(id: string, statuses: (number | null)[]): Promise<void> {
      await db.transaction(async (tx) => {
        const stored = await readState<SandboxEvent>(tx, keys.event(id), true);
        if (!stored) return;
        await writeState(tx, keys.event(id), {
          ...stored,
          deliveries: stored.deliveries + 1,
          lastStatuses: statuses,
        });
      });
    },

    /** The handler payload the checkout returns after a successful payment, signed as Razorpay signs it. */
    handlerResponse(payment: RazorpayPayment) {
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: payment.order_id,
        razorpay_signature: signPayment(payment.order_id, payment.id, options.keySecret),
      };
    },
  };
}

/** Razorpay's timestamps: whole seconds since the epoch, on the gateway's clock. */
export const unixSeconds = (now: () => Date) => Math.floor(now().getTime() / 1000);

async function createSandboxOrder(options: SandboxGatewayOptions, body: unknown): Promise<RazorpayOrder> {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object.');
  const { amount, currency, receipt } = body;
  if (amount === undefined) throw badRequest('The amount field is required.', { field: 'amount' });
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    throw badRequest('The amount must be an integer.', { field: 'amount' });
  }
  if (amount < 100) throw badRequest('Order amount less than minimum amount allowed', { field: 'amount' });
  if (currency !== 'INR') throw badRequest('The currency must be INR.', { field: 'currency' });
  if (receipt !== undefined && receipt !== null) {
    if (typeof receipt !== 'string') throw badRequest('The receipt must be a string.', { field: 'receipt' });
    if (receipt.length > 40) {
      throw badRequest('The receipt may not be greater than 40 characters.', { field: 'receipt' });
    }
  }
  const order: RazorpayOrder = {
    id: razorpayId('order'),
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt: typeof receipt === 'string' ? receipt : null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: validateNotes(body.notes),
    created_at: unixSeconds(options.now),
  };
  await writeState(options.db, keys.order(order.id), order);
  return order;
}

async function payOrder(
  options: SandboxGatewayOptions,
  orderId: string,
  outcome: 'success' | 'failure',
  payer: PayerDetails,
): Promise<PayResult> {
  const { now } = options;
  return options.db.transaction(async (tx) => {
    const order = await readState<RazorpayOrder>(tx, keys.order(orderId), true);
    if (!order) throw notFoundError();
    if (order.status === 'paid') {
      throw badRequest('Payment for this order has already been completed', { field: 'order_id' });
    }
    const payment = newPayment(now, order, outcome, payer);
    await writeState(tx, keys.payment(payment.id), payment);
    if (outcome === 'failure') {
      const attempted: RazorpayOrder = { ...order, status: 'attempted', attempts: order.attempts + 1 };
      await writeState(tx, keys.order(order.id), attempted);
      return {
        payment,
        order: attempted,
        events: [await storeEvent(tx, now, 'payment.failed', { payment })],
      };
    }
    const paid = { ...markPaid(order, payment), attempts: order.attempts + 1 };
    await writeState(tx, keys.order(order.id), paid);
    const events = [
      await storeEvent(tx, now, 'payment.captured', { payment }),
      await storeEvent(tx, now, 'order.paid', { payment, order: paid }),
    ];
    return { payment, order: paid, events };
  });
}

async function captureFailedPayment(options: SandboxGatewayOptions, paymentId: string): Promise<PayResult> {
  const { now } = options;
  return options.db.transaction(async (tx) => {
    const payment = await readState<RazorpayPayment>(tx, keys.payment(paymentId), true);
    if (!payment) throw notFoundError();
    if (payment.status !== 'failed') throw badRequest('Only a failed payment can be captured later');
    const order = await readState<RazorpayOrder>(tx, keys.order(payment.order_id), true);
    if (!order) throw notFoundError();
    const captured: RazorpayPayment = {
      ...payment,
      status: 'captured',
      captured: true,
      vpa: 'success@razorpay',
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
    };
    await writeState(tx, keys.payment(paymentId), captured);
    const events = [await storeEvent(tx, now, 'payment.captured', { payment: captured })];
    let current = order;
    if (order.status !== 'paid') {
      current = markPaid(order, captured);
      await writeState(tx, keys.order(order.id), current);
      events.push(await storeEvent(tx, now, 'order.paid', { payment: captured, order: current }));
    }
    return { payment: captured, order: current, events };
  });
}

/**
 * The webhook event a payment or refund produces, stored with its exact body: every delivery sends the same bytes.
 * Refund events carry payload.refund.entity and payload.payment.entity, payment events the payment (and order).
 */
export async function storeEvent(
  tx: Tx,
  now: () => Date,
  name: WebhookEventName,
  entities: { payment: RazorpayPayment; order?: RazorpayOrder; refund?: RazorpayRefund },
): Promise<SandboxEvent> {
  const { payment, order, refund } = entities;
  const id = razorpayId();
  const payload: Record<string, unknown> = {};
  if (refund) payload.refund = { entity: refund };
  payload.payment = { entity: payment };
  if (order) payload.order = { entity: order };
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_Sandbox0000000',
    event: name,
    contains: Object.keys(payload),
    payload,
    created_at: unixSeconds(now),
  });
  const stored: SandboxEvent = {
    id,
    event: name,
    orderId: payment.order_id,
    paymentId: payment.id,
    ...(refund ? { refundId: refund.id } : {}),
    sequence: await nextNumber(tx, keys.eventSequence),
    body,
    deliveries: 0,
    lastStatuses: [],
  };
  await writeState(tx, keys.event(id), stored);
  return stored;
}

function newPayment(
  now: () => Date,
  order: RazorpayOrder,
  outcome: 'success' | 'failure',
  contact: PayerDetails,
): RazorpayPayment {
  const failed = outcome === 'failure';
  return {
    id: razorpayId('pay'),
    entity: 'payment',
    amount: order.amount_due,
    currency: order.currency,
    status: failed ? 'failed' : 'captured',
    order_id: order.id,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: !failed,
    description: contact.description ?? null,
    vpa: failed ? 'failure@razorpay' : 'success@razorpay',
    email: contact.email ?? 'void@razorpay.com',
    contact: contact.contact ?? '+919999999999',
    notes: {},
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: unixSeconds(now),
  };
}

function markPaid(order: RazorpayOrder, payment: RazorpayPayment): RazorpayOrder {
  return { ...order, status: 'paid', amount_paid: order.amount_paid + payment.amount, amount_due: 0 };
}

export interface PayerDetails {
  email?: string;
  contact?: string;
  description?: string;
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
