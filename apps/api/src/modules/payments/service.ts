// Online payment (docs/orders-lifecycle.md). The browser's word is never enough: a payment counts when the
// checkout signature verifies against the provider order id WE stored for this shopper, or when a signed webhook
// says so. Webhooks are the source of truth for "paid": stored in the inbox first (deduplicated on their event id)
// and processed by a job with retries (docs/orders-lifecycle.md#webhooks), handled in any order and any number of
// times, and enough on their own to confirm an order whose shopper closed the browser.
import { randomBytes, createHash } from 'node:crypto';
import { CURRENCY, rupeesToPaise } from '@rangrez/contract/rules';
import type {
  InitiatePaymentBody,
  InitiatePaymentResponse,
  OrderBody,
  PlaceOrderResponse,
  ProcessOrderBody,
} from '@rangrez/contract/schemas';
import { QUEUES, WEBHOOK_MAX_ATTEMPTS } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import {
  type PaymentGateway,
  PaymentProviderError,
  type RazorpayPayment,
  type RazorpayRefund,
} from '../../integrations/razorpay/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Tx } from '../../lib/db.ts';
import type { RefundsService } from '../refunds/index.ts';
import { AppError, badRequest, unprocessable } from '../../lib/errors.ts';
import {
  type ConfirmOutcome,
  ORDER_MESSAGES,
  type OrdersService,
  OutOfStockError,
  PaidButUnfillableError,
  PaymentVerificationError,
  PriceChangedError,
} from '../orders/index.ts';
import {
  findPaymentByOrder,
  findPaymentByProviderOrder,
  insertPayment,
  insertInboxEvent,
  lockInboxEvent,
  markInboxProcessed,
  markUnmatched,
  recordInboxFailure,
  type PaymentRow,
  type PaymentRowStatus,
  unmatchedPaidPayments,
  updatePayment,
} from './repository.ts';

/** payments.provider: the protocol spoken (the sandbox speaks Razorpay's). */
export const PROVIDER = 'razorpay';

export const WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature',
  badBody: 'Webhook body is not valid JSON',
  /** Kept from when events were processed before the answer: clients may match on it. */
  received: 'Webhook processed',
  duplicate: 'Duplicate webhook ignored',
} as const;

export interface PaymentsServiceOptions {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  orders: OrdersService;
  /** Refund webhooks settle the refunds module's rows. */
  refunds: Pick<RefundsService, 'onProviderRefund' | 'refundExtraPaymentInTx'>;
  jobs: JobRunner;
  /** A paid provider order that never became a store order is flagged for refund after this long. */
  reservationMinutes: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface Caller {
  userId: string;
  idempotencyKey: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const SUCCEEDED: readonly string[] = ['authorized', 'captured'];

/** A conflict the shopper's payment cannot survive: the money has to go back. */
const cannotBeFilled = (err: unknown) => err instanceof PriceChangedError || err instanceof OutOfStockError;

async function providerOrder(
  options: PaymentsServiceOptions,
  amountPaise: number,
  receipt: string,
  notes: Record<string, string>,
) {
  try {
    return await options.gateway.createOrder({ amountPaise, receipt, notes });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      options.log?.warn({ err }, 'payment provider refused or failed to create an order');
      throw new AppError(502, ORDER_MESSAGES.paymentProviderDown, 'PAYMENT_PROVIDER');
    }
    throw err;
  }
}

function initiateAnswer(
  gateway: PaymentGateway,
  payment: PaymentRow,
  orderNumber?: string,
): InitiatePaymentResponse {
  return {
    success: true,
    razorpayOrderId: payment.providerOrderId,
    amount: payment.amountPaise,
    currency: CURRENCY,
    keyId: gateway.keyId,
    ...(orderNumber ? { orderId: orderNumber, qikinkOrderId: orderNumber } : {}),
  };
}

async function placeAnswer(orders: OrdersService, outcome: ConfirmOutcome): Promise<PlaceOrderResponse> {
  if (outcome.kind === 'missing') throw new Error('paid order disappeared');
  if (outcome.kind === 'unfillable') throw new PaidButUnfillableError(outcome.reason);
  return {
    success: true,
    message: ORDER_MESSAGES.paid,
    qikinkOrderId: outcome.order.orderNumber,
    order: await orders.orderJson(outcome.order),
  };
}

/** Records a successful payment on the row without ever going back (captured stays captured). */
async function recordSuccess(
  tx: Tx,
  payment: PaymentRow,
  status: 'authorized' | 'captured',
  providerPaymentId: string | undefined,
  now: Date,
) {
  const next: PaymentRowStatus =
    payment.status === 'unmatched' ? 'unmatched' : payment.status === 'captured' ? 'captured' : status;
  await updatePayment(tx, payment.id, {
    status: next,
    ...(providerPaymentId && !payment.providerPaymentId ? { providerPaymentId } : {}),
    ...(payment.verifiedAt ? {} : { verifiedAt: now }),
    updatedAt: now,
  });
}

/** What is known of money that arrived, from whichever source saw it first. */
interface PaymentEvidence {
  status: 'authorized' | 'captured';
  providerPaymentId: string | undefined;
  /** Paise, when the source says (webhooks and the provider's records do; the checkout's signature does not). */
  amount: number | undefined;
  /** For the order's history: which source, and how. */
  source: string;
}

/**
 * A payment the order cannot keep (a second one, or one short of the total): owed back by the order, which sends it
 * back against that very payment; money with no order to count it becomes unmatched money.
 */
async function setAsidePayment(
  options: PaymentsServiceOptions,
  tx: Tx,
  payment: PaymentRow,
  extra: { providerPaymentId: string | undefined; amountPaise: number; note: string; reason: string },
) {
  const { orderId } = payment;
  const owed =
    orderId !== null && (await options.orders.flagForRefundInTx(tx, orderId, extra.note, extra.amountPaise));
  if (!owed || orderId === null) {
    await updatePayment(tx, payment.id, { status: 'unmatched', updatedAt: options.clock.now() });
    return;
  }
  if (extra.providerPaymentId === undefined) return;
  const order = await options.orders.lockOrderInTx(tx, orderId);
  if (!order) return;
  await options.refunds.refundExtraPaymentInTx(tx, order, {
    providerPaymentId: extra.providerPaymentId,
    amountPaise: extra.amountPaise,
    reason: extra.reason,
  });
}

/**
 * The one place that applies evidence that money arrived (the checkout page's verify call, the webhook, the
 * reconciliation before expiry), with the payment row locked. A second payment or a short one never confirms
 * anything: it is owed back. Answers what happened to the order, or undefined when the money was set aside.
 */
async function applyPaymentEvidence(
  options: PaymentsServiceOptions,
  tx: Tx,
  payment: PaymentRow,
  evidence: PaymentEvidence,
): Promise<ConfirmOutcome | undefined> {
  const { orders } = options;
  const now = options.clock.now();
  const { status, providerPaymentId: paymentId, amount } = evidence;
  const secondPayment =
    paymentId !== undefined &&
    payment.providerPaymentId !== null &&
    payment.providerPaymentId !== paymentId &&
    SUCCEEDED.includes(payment.status) &&
    status === 'captured';
  const short = amount !== undefined && amount < payment.amountPaise;
  if (secondPayment || short) {
    const note = secondPayment
      ? `second payment ${paymentId} captured for an order already paid by ${payment.providerPaymentId}: refund needed`
      : `payment ${paymentId ?? ''} of ${amount} paise is short: refund needed`;
    if (short)
      options.log?.warn({ paymentId, amount, expected: payment.amountPaise }, 'payment short of the order');
    await setAsidePayment(options, tx, payment, {
      providerPaymentId: paymentId,
      amountPaise: amount ?? payment.amountPaise,
      note,
      reason: secondPayment ? 'second payment for an order already paid' : 'payment short of the order',
    });
    return undefined;
  }
  await recordSuccess(tx, payment, status, paymentId, now);
  // {amount}-only checkouts: the order is created by process-order (or the payment is flagged as unmatched).
  if (!payment.orderId) return undefined;
  const outcome = await orders.confirmPaidOrderInTx(tx, payment.orderId, {
    paymentState: status,
    note: evidence.source,
  });
  // No order to hold the money, or one switched to cash on delivery meanwhile: set aside to go back.
  if (outcome.kind === 'missing' || (outcome.kind === 'unfillable' && outcome.order.paymentMethod === 'COD'))
    await updatePayment(tx, payment.id, { status: 'unmatched', updatedAt: now });
  return outcome;
}

async function handleEvent(
  options: PaymentsServiceOptions,
  tx: Tx,
  event: string,
  body: Record<string, unknown>,
): Promise<string | null> {
  const payload = isObject(body.payload) ? body.payload : {};
  const paymentEntity =
    isObject(payload.payment) && isObject(payload.payment.entity)
      ? (payload.payment.entity as Partial<RazorpayPayment>)
      : undefined;
  const orderEntity =
    isObject(payload.order) && isObject(payload.order.entity) ? payload.order.entity : undefined;
  const providerOrderId =
    typeof paymentEntity?.order_id === 'string'
      ? paymentEntity.order_id
      : typeof orderEntity?.id === 'string'
        ? orderEntity.id
        : undefined;
  if (!providerOrderId) return null;
  const payment = await findPaymentByProviderOrder(tx, PROVIDER, providerOrderId, true);
  // Not one of ours (another integration on the same Razorpay account): acknowledged, nothing to do.
  if (!payment) return null;
  switch (event) {
    case 'payment.captured':
    case 'order.paid':
    case 'payment.authorized': {
      const paymentId = typeof paymentEntity?.id === 'string' ? paymentEntity.id : undefined;
      await applyPaymentEvidence(options, tx, payment, {
        status: event === 'payment.authorized' ? 'authorized' : 'captured',
        providerPaymentId: paymentId,
        amount: typeof paymentEntity?.amount === 'number' ? paymentEntity.amount : undefined,
        source: `webhook ${event}${paymentId ? ` (${paymentId})` : ''}`,
      });
      return payment.orderId;
    }
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed': {
      const refund =
        isObject(payload.refund) && isObject(payload.refund.entity) ? payload.refund.entity : undefined;
      if (refund) await options.refunds.onProviderRefund(tx, event, refund as Partial<RazorpayRefund>);
      return payment.orderId;
    }
    case 'payment.failed': {
      if (SUCCEEDED.includes(payment.status) || payment.status === 'unmatched') return payment.orderId;
      await updatePayment(tx, payment.id, { status: 'failed', updatedAt: options.clock.now() });
      if (payment.orderId) {
        const reason = paymentEntity?.error_description;
        await options.orders.paymentFailedInTx(
          tx,
          payment.orderId,
          `webhook payment.failed${typeof reason === 'string' ? `: ${reason}` : ''}`,
        );
      }
      return payment.orderId;
    }
    default:
      return payment.orderId;
  }
}

/** `{ amount }` alone: a provider order for that amount; the store order is made when the payment is verified. */
async function initiateForAmount(
  options: PaymentsServiceOptions,
  amount: number,
  caller: Caller,
  now: Date,
): Promise<InitiatePaymentResponse> {
  const amountPaise = rupeesToPaise(amount);
  const created = await providerOrder(options, amountPaise, `pre_${randomBytes(12).toString('hex')}`, {
    userId: caller.userId,
  });
  const payment = await insertPayment(options.db, newPaymentValues(created, caller, now));
  if (!payment) throw new Error(`provider order ${created.id} is already recorded`);
  return initiateAnswer(options.gateway, payment);
}

/** The payment row of a provider order just created, waiting for its payment. */
function newPaymentValues(
  created: { id: string; amount: number; currency: string },
  caller: Caller,
  now: Date,
) {
  return {
    provider: PROVIDER,
    providerOrderId: created.id,
    amountPaise: created.amount,
    currency: created.currency,
    status: 'created',
    userId: caller.userId,
    createdAt: now,
    updatedAt: now,
  };
}

/** The full order body: the order is placed (stock reserved) first, then paid through its own provider order. */
async function initiateForOrder(
  options: PaymentsServiceOptions,
  body: OrderBody & { amount?: number },
  caller: Caller,
  now: Date,
): Promise<InitiatePaymentResponse> {
  const { db, gateway } = options;
  const placed = await options.orders.placeOrder(body, {
    userId: caller.userId,
    idempotencyKey: caller.idempotencyKey,
    channel: 'online',
    ...(body.amount !== undefined ? { expectedTotalPaise: rupeesToPaise(body.amount) } : {}),
  });
  const { order } = placed;
  const existing = await findPaymentByOrder(db, order.id);
  if (existing) return initiateAnswer(gateway, existing, order.orderNumber);
  // One provider order per store order, receipt = our order number (docs/integrations.md#razorpay).
  const created = await providerOrder(options, order.totalPaise, order.orderNumber, {
    orderNumber: order.orderNumber,
    userId: caller.userId,
  });
  const inserted = await insertPayment(db, { ...newPaymentValues(created, caller, now), orderId: order.id });
  // A concurrent retry stored its provider order first: everyone uses that one.
  const payment = inserted ?? (await findPaymentByOrder(db, order.id));
  if (!payment) throw new Error(`payment of order ${order.id} vanished`);
  return initiateAnswer(gateway, payment, order.orderNumber);
}

/**
 * POST /orders/{orderId}/pay: the shopper pays again for an order waiting for its money. The order keeps its
 * reserved stock (extended) and its provider order, which can be paid again after a failure; a new provider order
 * only when the order has none (its creation failed) or the old one is for another amount.
 */
async function retryPayment(
  options: PaymentsServiceOptions,
  userId: string,
  reference: string,
): Promise<InitiatePaymentResponse> {
  const { db, gateway } = options;
  // Money already paid whose news is late confirms the order first, so the shopper is not asked to pay twice.
  const orderId = await options.orders.resolveOrderId(db, reference);
  const known = orderId ? await findPaymentByOrder(db, orderId) : undefined;
  if (known && known.userId === userId && !SUCCEEDED.includes(known.status) && known.status !== 'unmatched') {
    await paymentFoundAtProvider(options, known, 'when the shopper paid again');
  }
  const order = await options.orders.prepareRetry(userId, reference);
  const existing = await findPaymentByOrder(db, order.id);
  if (existing && existing.amountPaise === order.totalPaise && existing.status !== 'unmatched') {
    return initiateAnswer(gateway, existing, order.orderNumber);
  }
  const created = await providerOrder(
    options,
    order.totalPaise,
    existing ? `${order.orderNumber}-${randomBytes(4).toString('hex')}` : order.orderNumber,
    { orderNumber: order.orderNumber, userId },
  );
  const payment = await db.transaction(async (tx) => {
    const old = await findPaymentByOrder(tx, order.id);
    // The old provider order stays ours but holds no order: money paid on it is set aside to go back.
    if (old && old.id === existing?.id)
      await updatePayment(tx, old.id, { orderId: null, updatedAt: options.clock.now() });
    else if (old) return old;
    const values = { ...newPaymentValues(created, { userId, idempotencyKey: null }, options.clock.now()) };
    return insertPayment(tx, { ...values, orderId: order.id });
  });
  if (!payment) throw new Error(`payment of order ${order.id} vanished`);
  return initiateAnswer(gateway, payment, order.orderNumber);
}

/** With the payment row locked: create the order of an {amount}-only checkout if needed, then confirm it. */
async function confirmCheckoutInTx(
  options: PaymentsServiceOptions,
  tx: Tx,
  providerOrderId: string,
  body: ProcessOrderBody,
  caller: Caller,
  note: string,
): Promise<ConfirmOutcome> {
  const { orders } = options;
  const now = options.clock.now();
  const locked = await findPaymentByProviderOrder(tx, PROVIDER, providerOrderId, true);
  if (!locked) throw new PaymentVerificationError();
  if (!locked.orderId && locked.status === 'unmatched') {
    throw new PaidButUnfillableError('This payment could not be matched to an order in time');
  }
  let orderId = locked.orderId;
  if (!orderId) {
    // Only an order that already exists can be paid with the provider's ids alone.
    if (!('orderItems' in body)) throw badRequest(ORDER_MESSAGES.orderBodyNeeded);
    // {amount}-only checkout: the order is created now, priced from the database, for what was paid.
    const placed = await orders.placeOrderInTx(tx, body, {
      userId: caller.userId,
      idempotencyKey: caller.idempotencyKey,
      channel: 'online',
      expectedTotalPaise: locked.amountPaise,
    });
    orderId = placed.order.id;
    // The key named an earlier online order that has its own payment: not this checkout's order.
    if (placed.replayed && (await findPaymentByOrder(tx, orderId))) {
      throw unprocessable(ORDER_MESSAGES.idempotencyKeyReused);
    }
    await updatePayment(tx, locked.id, { orderId, updatedAt: now });
  }
  const outcome = await applyPaymentEvidence(
    options,
    tx,
    { ...locked, orderId },
    { status: 'authorized', providerPaymentId: body.paymentId, amount: undefined, source: note },
  );
  // A checkout's evidence names no amount and is never a capture, so it is never set aside as a second payment.
  if (!outcome) throw new Error(`checkout payment of order ${orderId} was set aside`);
  return outcome;
}

async function processOrder(
  options: PaymentsServiceOptions,
  body: ProcessOrderBody,
  caller: Caller,
): Promise<PlaceOrderResponse> {
  const { db, clock, gateway } = options;
  await options.jobs.ready();
  const payment = await findPaymentByProviderOrder(db, PROVIDER, body.razorpayOrderId);
  // Someone else's provider order is as unverifiable as a forged one.
  if (!payment || payment.userId !== caller.userId) throw new PaymentVerificationError();
  const valid = gateway.verifyPaymentSignature({
    orderId: payment.providerOrderId,
    paymentId: body.paymentId,
    signature: body.razorpaySignature,
  });
  if (!valid) {
    options.log?.warn({ providerOrderId: payment.providerOrderId }, 'checkout signature did not verify');
    throw new PaymentVerificationError();
  }
  const note = `payment ${body.paymentId} verified (checkout signature)`;
  try {
    const outcome = await db.transaction((tx) =>
      confirmCheckoutInTx(options, tx, payment.providerOrderId, body, caller, note),
    );
    return await placeAnswer(options.orders, outcome);
  } catch (err) {
    if (cannotBeFilled(err) && !payment.orderId) {
      // Paid, but no order can be made of it: the money is flagged to go back.
      await markUnmatched(db, payment.id, clock.now());
      throw new PaidButUnfillableError((err as Error).message.replace(/\.$/, ''));
    }
    throw err;
  }
}

async function handleWebhook(
  options: PaymentsServiceOptions,
  rawBody: Buffer,
  headers: { signature: unknown; eventId: unknown },
): Promise<'received' | 'duplicate'> {
  if (!options.gateway.verifyWebhookSignature(rawBody, headers.signature)) {
    throw badRequest(WEBHOOK_MESSAGES.badSignature);
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.badBody);
  }
  if (!isObject(body)) throw badRequest(WEBHOOK_MESSAGES.badBody);
  const event = typeof body.event === 'string' ? body.event.slice(0, 100) : 'unknown';
  const eventId =
    typeof headers.eventId === 'string' && headers.eventId.length > 0 && headers.eventId.length <= 200
      ? headers.eventId
      : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  await options.jobs.ready();
  // Stored, and its processing job enqueued, in one transaction; what processing does never reaches this answer.
  return options.db.transaction(async (tx) => {
    const inboxId = await insertInboxEvent(tx, {
      eventId,
      eventType: event,
      payload: body,
      receivedAt: options.clock.now(),
    });
    if (inboxId === undefined) return 'duplicate';
    await options.jobs.send(QUEUES.paymentsWebhook, { inboxId }, { executor: tx });
    return 'received';
  });
}

/** What staff read in the dead-letter list: the innermost cause (the database's words, not the whole query). */
function errorText(err: unknown): string {
  let inner = err;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)) || 'unknown error';
}

/**
 * The payments.webhook job: one stored event, applied with its row locked (a processed one is never applied
 * twice). A failure is counted in its own statement and rethrown for the job's retry, until the attempt that
 * reaches WEBHOOK_MAX_ATTEMPTS leaves it dead, for staff to look at and replay.
 */
async function processInboxEvent(options: PaymentsServiceOptions, inboxId: number): Promise<void> {
  const { db, clock } = options;
  try {
    await db.transaction(async (tx) => {
      const row = await lockInboxEvent(tx, inboxId);
      if (!row || row.status !== 'received') return;
      const payload = isObject(row.payload) ? row.payload : {};
      const orderId = await handleEvent(options, tx, row.eventType, payload);
      await markInboxProcessed(tx, row.id, clock.now(), orderId);
    });
  } catch (err) {
    const status = await recordInboxFailure(db, inboxId, errorText(err), clock.now(), WEBHOOK_MAX_ATTEMPTS);
    if (status === 'dead') {
      options.log?.warn({ err, inboxId }, 'webhook event failed for the last time: dead-lettered');
      return;
    }
    throw err;
  }
}

/**
 * Asks the provider whether money came for this provider order after all (its webhook lost or late) and applies
 * it; `when` says in the order's history when it was found. Undefined when nothing was paid or the provider could
 * not be asked.
 */
async function paymentFoundAtProvider(
  options: PaymentsServiceOptions,
  payment: PaymentRow,
  when: string,
): Promise<ConfirmOutcome | undefined> {
  let attempts: RazorpayPayment[];
  try {
    attempts = await options.gateway.fetchPayments(payment.providerOrderId);
  } catch (err) {
    options.log?.warn({ err, orderId: payment.orderId }, `could not ask the payment provider ${when}`);
    return undefined;
  }
  const paid =
    attempts.find((p) => p.status === 'captured') ?? attempts.find((p) => p.status === 'authorized');
  if (!paid) return undefined;
  const status = paid.status === 'captured' ? 'captured' : 'authorized';
  await options.jobs.ready();
  return options.db.transaction(async (tx) => {
    const locked = await findPaymentByProviderOrder(tx, PROVIDER, payment.providerOrderId, true);
    if (!locked) return undefined;
    return applyPaymentEvidence(options, tx, locked, {
      status,
      providerPaymentId: paid.id,
      amount: paid.amount,
      source: `payment ${paid.id} found at the provider ${when}`,
    });
  });
}

async function reconcileExpiring(options: PaymentsServiceOptions): Promise<number> {
  const { db, orders } = options;
  let confirmed = 0;
  for (const orderId of await orders.expiringOrderIds()) {
    const payment = await findPaymentByOrder(db, orderId);
    if (!payment) continue;
    const outcome = await paymentFoundAtProvider(options, payment, 'before the reservation ran out');
    if (outcome?.kind === 'confirmed') confirmed += 1;
  }
  return confirmed;
}

async function flagUnmatchedPayments(options: PaymentsServiceOptions): Promise<number> {
  const { db } = options;
  const now = options.clock.now();
  const stale = await unmatchedPaidPayments(
    db,
    new Date(now.getTime() - options.reservationMinutes * 60_000),
  );
  let flagged = 0;
  for (const payment of stale) {
    if (!(await markUnmatched(db, payment.id, now))) continue;
    flagged += 1;
    options.log?.warn(
      { providerOrderId: payment.providerOrderId },
      'paid provider order without a store order: flagged for refund',
    );
  }
  return flagged;
}

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { clock, gateway } = options;

  return {
    checkoutConfig: () => ({ keyId: gateway.keyId, checkoutScriptUrl: gateway.checkoutScriptUrl }),

    /** POST /razorpay/initiate-payment: `{ amount }` (the first client) or the full order body (our page). */
    async initiate(body: InitiatePaymentBody, caller: Caller): Promise<InitiatePaymentResponse> {
      const now = clock.now();
      if (!('orderItems' in body)) return initiateForAmount(options, body.amount, caller, now);
      return initiateForOrder(options, body, caller, now);
    },

    /** POST /razorpay/process-order: verify the checkout's signature, then confirm (or create and confirm) the order. */
    processOrder: (body: ProcessOrderBody, caller: Caller) => processOrder(options, body, caller),

    /** POST /orders/{orderId}/pay: a provider order to pay an existing order again (as initiate-payment answers). */
    retryPayment: (userId: string, reference: string) => retryPayment(options, userId, reference),

    /** POST /razorpay/webhook: the raw bytes as received, for the signature. */
    handleWebhook: (rawBody: Buffer, headers: { signature: unknown; eventId: unknown }) =>
      handleWebhook(options, rawBody, headers),

    /** The payments.webhook job. */
    processInboxEvent: (inboxId: number) => processInboxEvent(options, inboxId),

    /**
     * Before unpaid orders expire: asks the provider whether the money came after all (a webhook lost or late), so
     * a paid order is confirmed instead of cancelled and refunded.
     */
    reconcileExpiring: () => reconcileExpiring(options),

    /** {amount}-only payments that never became an order within the reservation window: flagged for refund. */
    flagUnmatchedPayments: () => flagUnmatchedPayments(options),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
