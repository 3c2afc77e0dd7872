// Money going back (docs/decisions/026-order-lifecycle-money-never-stuck.md#money). A refund is a row written under
// the order's row lock after checking what is still refundable, so however many clicks or instances ask at once,
// the sum never exceeds what was paid (and a trigger refuses it if it ever did). Provider refunds leave in a job
// with the row's own idempotency key; their outcome arrives in the call's answer or a webhook, whichever is first.
import { randomUUID } from 'node:crypto';
import { formatINR, paiseToRupees } from '@rangrez/contract/rules';
import { ORDERS_DESK_MESSAGES, REFUND_MESSAGES, type AdminRefund } from '@rangrez/contract/schemas';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import {
  PaymentProviderError,
  type PaymentGateway,
  type RazorpayRefund,
} from '../../integrations/razorpay/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Tx } from '../../lib/db.ts';
import { conflict } from '../../lib/errors.ts';
import type { OrderRow, OrdersService } from '../orders/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import {
  findPaymentById,
  findRefund,
  findRefundByProviderId,
  insertRefund,
  liveRefundsOfPayment,
  lockPayment,
  paymentOfOrder,
  refundedOrOnItsWay,
  type RefundRow,
  refundsOfOrder,
  setProviderRefundId,
  settleRefund,
} from './repository.ts';

export interface RefundsServiceOptions {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  jobs: JobRunner;
  orders: Pick<OrdersService, 'lockOrderInTx' | 'applyInTx'>;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface NewRefund {
  /** Paise; all that is still refundable when left out. */
  amountPaise?: number;
  reason: string;
  method: RefundRow['method'];
  reference?: string;
  /** The staff member's e-mail, or 'system'. */
  createdBy: string;
}

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

export function toAdminRefund(row: RefundRow): AdminRefund {
  return {
    _id: row.id,
    amount: paiseToRupees(row.amountPaise),
    reason: row.reason,
    method: row.method,
    reference: row.reference,
    status: row.status,
    providerRefundId: row.providerRefundId,
    failureReason: row.failureReason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/**
 * After a refund of `order` settled as `settled`: the refund machine follows its rows. Nothing moves while another
 * refund is still on its way; then a failure waits for a person, and a success is in full or in part.
 */
async function followRows(
  options: RefundsServiceOptions,
  tx: Tx,
  order: OrderRow,
  settled: 'processed' | 'failed',
  note: string,
) {
  const rows = await refundsOfOrder(tx, order.id);
  if (order.refundState !== 'processing' || rows.some((r) => r.status === 'pending')) return;
  const refunded = rows.filter((r) => r.status === 'processed').reduce((sum, r) => sum + r.amountPaise, 0);
  const outcome =
    settled === 'failed' ? 'failed' : refunded >= order.paidPaise ? 'processed-in-full' : 'processed-in-part';
  await options.orders.applyInTx(tx, order, { kind: 'refund-settled', outcome }, note);
}

/**
 * The shopper hears of every refund that went out, once per refund row; and the refund's credit note is issued
 * (docs/gst.md#credit-notes), by a job, so a return's refund is known with its pieces.
 */
async function refundWentOut(options: RefundsServiceOptions, tx: Tx, order: OrderRow, refund: RefundRow) {
  const now = options.clock.now();
  await enqueueEmail(tx, { kind: 'refund-issued', orderId: order.id, refundId: refund.id }, order.email, now);
  await options.jobs.send(
    QUEUES.creditNote,
    { orderId: order.id, refundId: refund.id },
    { executor: tx, singletonKey: refund.id },
  );
}

/** With the order locked: checks the amount against what is refundable and writes the refund. */
async function createInTx(options: RefundsServiceOptions, tx: Tx, order: OrderRow, input: NewRefund) {
  const now = options.clock.now();
  const refundable = order.paidPaise - (await refundedOrOnItsWay(tx, order.id));
  const amount = input.amountPaise ?? refundable;
  if (amount <= 0 || amount > refundable)
    throw conflict(REFUND_MESSAGES.tooLarge(rupees(Math.max(refundable, 0))));
  const payment = await paymentOfOrder(tx, order.id);
  const viaProvider = input.method === 'provider';
  if (viaProvider && !payment?.providerPaymentId) throw conflict(REFUND_MESSAGES.noOnlinePayment);
  const row = await insertRefund(tx, {
    orderId: order.id,
    paymentId: payment?.id ?? null,
    amountPaise: amount,
    reason: input.reason,
    method: input.method,
    reference: input.reference ?? null,
    idempotencyKey: `rfnd-${randomUUID()}`,
    status: viaProvider ? 'pending' : 'processed',
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
    processedAt: viaProvider ? null : now,
  });
  const how = viaProvider
    ? 'sent to the payment provider'
    : input.method === 'manual'
      ? `paid by hand (${input.reference})`
      : 'given as store credit';
  const note = `refund of ${rupees(amount)} ${how} by ${input.createdBy}: ${input.reason}`;
  await options.orders.applyInTx(tx, order, { kind: 'refund-sent' }, note);
  if (viaProvider) {
    await options.jobs.send(QUEUES.refundSend, { refundId: row.id }, { executor: tx, singletonKey: row.id });
  } else {
    await followRows(options, tx, order, 'processed', note);
    await refundWentOut(options, tx, order, row);
  }
  return row;
}

/** Settles a refund row and lets the order follow; locks the order first, as every refund writer does. */
async function settleInTx(
  options: RefundsServiceOptions,
  tx: Tx,
  row: RefundRow,
  outcome: { status: 'processed' | 'failed'; providerRefundId?: string; failureReason?: string | null },
  source: string,
) {
  const order = row.orderId ? await options.orders.lockOrderInTx(tx, row.orderId) : undefined;
  const settled = await settleRefund(tx, row.id, { ...outcome, at: options.clock.now() });
  if (!settled || !order) return;
  const note =
    outcome.status === 'processed'
      ? `refund of ${rupees(row.amountPaise)} processed (${source})`
      : `refund of ${rupees(row.amountPaise)} failed (${source}): ${outcome.failureReason ?? 'no reason given'}`;
  await followRows(options, tx, order, outcome.status, note);
  if (outcome.status === 'processed') await refundWentOut(options, tx, order, row);
}

/** A provider refund that is not worth retrying: the provider said no (as opposed to an outage). */
const refused = (err: unknown) => err instanceof PaymentProviderError && !err.retryable;

async function send(options: RefundsServiceOptions, refundId: string): Promise<void> {
  const { db, gateway } = options;
  const row = await findRefund(db, refundId);
  if (!row || row.status !== 'pending' || row.method !== 'provider') return;
  const payment = row.paymentId ? await findPaymentById(db, row.paymentId) : undefined;
  const target = row.providerPaymentId ?? payment?.providerPaymentId;
  if (!target) return;
  let answer: RazorpayRefund;
  try {
    answer = await gateway.refund(target, {
      amountPaise: row.amountPaise,
      idempotencyKey: row.idempotencyKey,
      speed: 'optimum',
      receipt: row.id,
      notes: { refund_id: row.id, reason: row.reason.slice(0, 250) },
    });
  } catch (err) {
    if (!refused(err)) throw err;
    await db.transaction((tx) =>
      settleInTx(
        options,
        tx,
        row,
        { status: 'failed', failureReason: (err as Error).message },
        'refused by the provider',
      ),
    );
    return;
  }
  await db.transaction(async (tx) => {
    await setProviderRefundId(tx, row.id, answer.id, options.clock.now());
    if (answer.status === 'pending') return;
    await settleInTx(
      options,
      tx,
      row,
      { status: answer.status, providerRefundId: answer.id },
      'the provider answered',
    );
  });
}

/** The job for an order whose refund state is 'pending': refunds what it is owed through the provider. */
async function refundOwed(options: RefundsServiceOptions, orderId: string): Promise<void> {
  await options.db.transaction(async (tx) => {
    const order = await options.orders.lockOrderInTx(tx, orderId);
    if (!order || order.refundState !== 'pending') return;
    const rows = await refundsOfOrder(tx, order.id);
    if (rows.some((r) => r.status === 'pending')) return;
    const payment = await paymentOfOrder(tx, order.id);
    // Cash collected goes back by hand (UPI or bank) or as store credit: a person records it.
    if (!payment?.providerPaymentId || order.paidPaise - (await refundedOrOnItsWay(tx, order.id)) <= 0)
      return;
    await createInTx(options, tx, order, {
      reason: 'owed back (automatic)',
      method: 'provider',
      createdBy: 'system',
    });
  });
}

/** refund.created / refund.processed / refund.failed from the provider, in the webhook's transaction. */
async function onProviderRefund(
  options: RefundsServiceOptions,
  tx: Tx,
  event: string,
  entity: Partial<RazorpayRefund>,
): Promise<void> {
  const byProviderId =
    typeof entity.id === 'string' ? await findRefundByProviderId(tx, entity.id) : undefined;
  const receipt = typeof entity.receipt === 'string' ? entity.receipt : entity.notes?.refund_id;
  const row =
    byProviderId ??
    (typeof receipt === 'string' && /^[0-9a-f-]{36}$/.test(receipt)
      ? await findRefund(tx, receipt)
      : undefined);
  // Refunds made in the provider's dashboard are not ours to follow.
  if (!row || typeof entity.id !== 'string') return;
  if (event === 'refund.processed') {
    await settleInTx(
      options,
      tx,
      row,
      { status: 'processed', providerRefundId: entity.id },
      `webhook ${event}`,
    );
  } else if (event === 'refund.failed') {
    await settleInTx(
      options,
      tx,
      row,
      { status: 'failed', providerRefundId: entity.id, failureReason: 'the provider could not refund it' },
      `webhook ${event}`,
    );
  } else {
    await setProviderRefundId(tx, row.id, entity.id, options.clock.now());
  }
}

/**
 * Money no order keeps (a payments row marked unmatched) goes back whole through the provider, in the
 * caller's transaction: the payment row is locked, so two clicks make one refund. Undefined when the payment is
 * unknown; a conflict when it is not unmatched money or is already on its way back.
 */
async function refundUnmatchedInTx(
  options: RefundsServiceOptions,
  tx: Tx,
  paymentId: string,
  input: { reason: string; createdBy: string },
): Promise<RefundRow | undefined> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment) return undefined;
  // An order may name it (a payment that still arrived for an order switched to cash on delivery): the order
  // never counted that money, so it goes back as money of its own.
  if (payment.status !== 'unmatched' || !payment.providerPaymentId)
    throw conflict(ORDERS_DESK_MESSAGES.paymentNotUnmatched);
  if ((await liveRefundsOfPayment(tx, payment.id)) > 0)
    throw conflict(ORDERS_DESK_MESSAGES.paymentAlreadyRefunded);
  const now = options.clock.now();
  const row = await insertRefund(tx, {
    orderId: null,
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    reason: input.reason,
    method: 'provider',
    reference: null,
    idempotencyKey: `rfnd-${randomUUID()}`,
    status: 'pending',
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
    processedAt: null,
  });
  await options.jobs.send(QUEUES.refundSend, { refundId: row.id }, { executor: tx, singletonKey: row.id });
  return row;
}

/**
 * A second or short payment for an order goes back on its own, against that payment and for its amount, in the
 * caller's transaction with the order locked (the order's paid amount already counts it). The order keeps what it
 * was paid for: refunding "all that is refundable" against the order's own payment would both refund the order and
 * ask the provider for more than that payment holds.
 */
async function refundExtraPaymentInTx(
  options: RefundsServiceOptions,
  tx: Tx,
  order: OrderRow,
  extra: { providerPaymentId: string; amountPaise: number; reason: string },
): Promise<RefundRow> {
  const now = options.clock.now();
  const payment = await paymentOfOrder(tx, order.id);
  const row = await insertRefund(tx, {
    orderId: order.id,
    paymentId: payment?.id ?? null,
    providerPaymentId: extra.providerPaymentId,
    amountPaise: extra.amountPaise,
    reason: extra.reason,
    method: 'provider',
    reference: null,
    idempotencyKey: `rfnd-${randomUUID()}`,
    status: 'pending',
    createdBy: 'system',
    createdAt: now,
    updatedAt: now,
    processedAt: null,
  });
  const note = `refund of ${rupees(extra.amountPaise)} to payment ${extra.providerPaymentId} sent to the payment provider: ${extra.reason}`;
  await options.orders.applyInTx(tx, order, { kind: 'refund-sent' }, note);
  await options.jobs.send(QUEUES.refundSend, { refundId: row.id }, { executor: tx, singletonKey: row.id });
  return row;
}

export function createRefundsService(options: RefundsServiceOptions) {
  return {
    /** A refund made by a staff member, with the order locked in the caller's (audited) transaction. */
    createInTx: (tx: Tx, order: OrderRow, input: NewRefund) => createInTx(options, tx, order, input),
    send: (refundId: string) => send(options, refundId),
    refundOwed: (orderId: string) => refundOwed(options, orderId),
    refundExtraPaymentInTx: (
      tx: Tx,
      order: OrderRow,
      extra: { providerPaymentId: string; amountPaise: number; reason: string },
    ) => refundExtraPaymentInTx(options, tx, order, extra),
    refundUnmatchedInTx: (tx: Tx, paymentId: string, input: { reason: string; createdBy: string }) =>
      refundUnmatchedInTx(options, tx, paymentId, input),
    onProviderRefund: (tx: Tx, event: string, entity: Partial<RazorpayRefund>) =>
      onProviderRefund(options, tx, event, entity),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
