// Refunds in the sandbox, with Razorpay's rules: refunds of captured payments only, several partial refunds until
// their sum reaches the captured amount, X-Refund-Idempotency answering the same refund again. A refund starts
// `pending` and settles (processed or failed) only when the sandbox settles it (sandbox.ts decides when), with the
// refund.created / refund.processed / refund.failed events. Race-safe across instances: whatever touches a
// payment's refunds holds that payment's row lock, and the idempotency key is looked up under it.
import type { Db } from '../../../lib/db.ts';
import type { RazorpayPayment, RazorpayRefund } from '../port.ts';
import {
  badRequest,
  isObject,
  notFoundError,
  razorpayId,
  type SandboxEvent,
  type SandboxGatewayOptions,
  storeEvent,
  unixSeconds,
  validateNotes,
} from './gateway.ts';
import { KEY_PREFIX, keys, listState, readState, type Tx, writeState } from './state.ts';

/**
 * When a new refund settles. manual: when a test calls settle. after-answer: right after the refund call has been
 * answered (what Razorpay usually does). before-answer: before the call is answered, webhooks included, so the
 * store may hear refund.processed before it has stored the refund.
 */
export type RefundTiming = 'manual' | 'after-answer' | 'before-answer';
export const REFUND_TIMINGS: readonly RefundTiming[] = ['manual', 'after-answer', 'before-answer'];

export type RefundOutcome = 'processed' | 'failed';

/** The tests' refund controls, kept in shared_state so that every instance follows them. */
export interface RefundControls {
  /** null: the default of the webhook mode (auto: after-answer, manual: manual). */
  timing: RefundTiming | null;
  /** How many of the next refunds will fail when they settle. */
  failNext: number;
  /** Every refund of these payments fails when it settles. */
  failPaymentIds: string[];
}

const NO_CONTROLS: RefundControls = { timing: null, failNext: 0, failPaymentIds: [] };

export interface RefundCreated {
  refund: RazorpayRefund;
  /** refund.created, or nothing when the idempotency key answered an earlier refund. */
  events: SandboxEvent[];
  replayed: boolean;
}

export interface RefundSettled {
  refund: RazorpayRefund;
  payment: RazorpayPayment;
  events: SandboxEvent[];
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

export function createSandboxRefunds(options: SandboxGatewayOptions) {
  const { db } = options;
  return {
    async create(
      paymentId: string,
      body: unknown,
      idempotencyKey: string | undefined,
    ): Promise<RefundCreated> {
      return createRefund(options, paymentId, body, idempotencyKey);
    },

    /** Settles one pending refund: `outcome`, or what was planned when it was created. Null if not pending. */
    async settle(refundId: string, outcome?: RefundOutcome): Promise<RefundSettled | null> {
      return settleRefund(options, refundId, outcome);
    },

    /** A payment's refunds, newest first, as Razorpay lists them. */
    async list(paymentId: string): Promise<RazorpayRefund[]> {
      if (!(await readState(db, keys.payment(paymentId)))) throw notFoundError();
      return (await refundsOf(db, paymentId)).reverse();
    },

    /** Refunds still pending, oldest first: of one payment, or all of them. */
    async pending(filter: { paymentId?: string } = {}): Promise<RazorpayRefund[]> {
      const refunds = filter.paymentId
        ? await refundsOf(db, filter.paymentId)
        : (
            await listState<RazorpayRefund>(db, `${KEY_PREFIX}refund.`, {
              field: 'status',
              equals: 'pending',
            })
          ).sort((a, b) => a.created_at - b.created_at);
      return refunds.filter((r) => r.status === 'pending');
    },

    async get(refundId: string): Promise<RazorpayRefund> {
      const refund = await readState<RazorpayRefund>(db, keys.refund(refundId));
      if (!refund) throw notFoundError();
      return refund;
    },

    async controls(): Promise<RefundControls> {
      return (await readState<RefundControls>(db, keys.refundControls)) ?? NO_CONTROLS;
    },

    /** Changes the controls atomically: `change` gets the current ones (null: start from the defaults). */
    async updateControls(
      change: (current: RefundControls) => Partial<RefundControls> | null,
    ): Promise<RefundControls> {
      return db.transaction(async (tx) => {
        const current = await lockedControls(tx);
        const changed = change(current);
        const next = changed === null ? NO_CONTROLS : { ...current, ...changed };
        await writeState(tx, keys.refundControls, next);
        return next;
      });
    },
  };
}

export type SandboxRefunds = ReturnType<typeof createSandboxRefunds>;

async function refundsOf(db: Db, paymentId: string): Promise<RazorpayRefund[]> {
  const ids = (await readState<string[]>(db, keys.refundsOfPayment(paymentId))) ?? [];
  const refunds = await Promise.all(ids.map((id) => readState<RazorpayRefund>(db, keys.refund(id))));
  return refunds.filter((r): r is RazorpayRefund => r !== undefined);
}

async function lockedControls(tx: Tx): Promise<RefundControls> {
  return (await readState<RefundControls>(tx, keys.refundControls, true)) ?? NO_CONTROLS;
}

interface RefundRequest {
  amount: unknown;
  speed: 'normal' | 'optimum';
  notes: Record<string, string>;
  receipt: string | null;
}

/** The body's fields, checked as Razorpay checks them before looking at the payment. */
function readRequest(body: unknown, idempotencyKey: string | undefined): RefundRequest {
  const input = isObject(body) ? body : {};
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw badRequest(
      'The X-Refund-Idempotency header must be at least 10 characters of A-Z, a-z, 0-9, _ or -',
    );
  }
  const speed = input.speed ?? 'normal';
  if (speed !== 'normal' && speed !== 'optimum') {
    throw badRequest('The selected speed is invalid.', { field: 'speed' });
  }
  const { receipt } = input;
  if (receipt !== undefined && receipt !== null) {
    if (typeof receipt !== 'string') throw badRequest('The receipt must be a string.', { field: 'receipt' });
    if (receipt.length > 40) {
      throw badRequest('The receipt may not be greater than 40 characters.', { field: 'receipt' });
    }
  }
  return {
    amount: input.amount,
    speed,
    notes: validateNotes(input.notes),
    receipt: typeof receipt === 'string' ? receipt : null,
  };
}

/** The amount to refund: the one asked for, or what is left of the captured amount. */
function refundAmount(payment: RazorpayPayment, asked: unknown): number {
  if (!payment.captured) throw badRequest('The payment has not been captured');
  const remaining = payment.amount - payment.amount_refunded;
  if (asked === undefined && remaining === 0) throw badRequest('The payment has been fully refunded already');
  const amount = asked ?? remaining;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
    throw badRequest('The amount must be atleast INR 1.00', { field: 'amount' });
  }
  if (amount > remaining) {
    throw badRequest('The refund amount provided is greater than amount captured', { field: 'amount' });
  }
  return amount;
}

/** The payment with `delta` paise more (or fewer) refunded, and its status and refund_status to match. */
function withRefunded(payment: RazorpayPayment, delta: number): RazorpayPayment {
  const refunded = payment.amount_refunded + delta;
  const full = refunded === payment.amount;
  return {
    ...payment,
    amount_refunded: refunded,
    refund_status: refunded === 0 ? null : full ? 'full' : 'partial',
    // Only captured payments are refunded, so below the full amount the payment is captured again.
    status: full ? 'refunded' : 'captured',
  };
}

async function createRefund(
  options: SandboxGatewayOptions,
  paymentId: string,
  body: unknown,
  idempotencyKey: string | undefined,
): Promise<RefundCreated> {
  const input = readRequest(body, idempotencyKey);
  return options.db.transaction(async (tx) => {
    // The payment's lock first: concurrent refunds of one payment (and retries with one key) queue here.
    const payment = await readState<RazorpayPayment>(tx, keys.payment(paymentId), true);
    if (!payment) throw notFoundError();
    if (idempotencyKey) {
      const refund = await earlierRefund(tx, paymentId, idempotencyKey);
      if (refund) return { refund, events: [], replayed: true };
    }
    const amount = refundAmount(payment, input.amount);
    const refund: RazorpayRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      notes: input.notes,
      receipt: input.receipt,
      status: 'pending',
      speed_requested: input.speed,
      speed_processed: input.speed === 'optimum' ? 'instant' : 'normal',
      created_at: unixSeconds(options.now),
    };
    const updated = withRefunded(payment, amount);
    await writeState(tx, keys.payment(paymentId), updated);
    await writeState(tx, keys.refund(refund.id), refund);
    await writeState(tx, keys.refundOutcome(refund.id), await plannedOutcome(tx, paymentId));
    const earlier = (await readState<string[]>(tx, keys.refundsOfPayment(paymentId))) ?? [];
    await writeState(tx, keys.refundsOfPayment(paymentId), [...earlier, refund.id]);
    if (idempotencyKey) {
      await writeState(tx, keys.refundByIdempotencyKey(paymentId, idempotencyKey), { refundId: refund.id });
    }
    const created = await storeEvent(tx, options.now, 'refund.created', { payment: updated, refund });
    return { refund, events: [created], replayed: false };
  });
}

/** How a new refund will end, from the controls; "the next refund fails" is used up here. */
async function plannedOutcome(tx: Tx, paymentId: string): Promise<RefundOutcome> {
  const controls = await lockedControls(tx);
  if (controls.failPaymentIds.includes(paymentId)) return 'failed';
  if (controls.failNext > 0) {
    await writeState(tx, keys.refundControls, { ...controls, failNext: controls.failNext - 1 });
    return 'failed';
  }
  return 'processed';
}

/** The refund an earlier request with the same idempotency key made, if any: a retry gets it again. */
async function earlierRefund(
  tx: Tx,
  paymentId: string,
  idempotencyKey: string,
): Promise<RazorpayRefund | undefined> {
  const earlier = await readState<{ refundId: string }>(
    tx,
    keys.refundByIdempotencyKey(paymentId, idempotencyKey),
  );
  return earlier && (await readState<RazorpayRefund>(tx, keys.refund(earlier.refundId)));
}

/**
 * Processed, or failed: a failed refund gives its amount back to the payment, which may then be refunded again
 * (with a new idempotency key).
 */
async function settleRefund(
  options: SandboxGatewayOptions,
  refundId: string,
  outcome: RefundOutcome | undefined,
): Promise<RefundSettled | null> {
  return options.db.transaction(async (tx) => {
    const unlocked = await readState<RazorpayRefund>(tx, keys.refund(refundId));
    if (!unlocked) throw notFoundError();
    // Same lock order as a new refund: the payment, then its refunds.
    const payment = await readState<RazorpayPayment>(tx, keys.payment(unlocked.payment_id), true);
    const refund = await readState<RazorpayRefund>(tx, keys.refund(refundId), true);
    if (!payment || !refund || refund.status !== 'pending') return null;
    const ending =
      outcome ?? (await readState<RefundOutcome>(tx, keys.refundOutcome(refundId))) ?? 'processed';
    const settled: RazorpayRefund = { ...refund, status: ending };
    const updated = ending === 'failed' ? withRefunded(payment, -refund.amount) : payment;
    await writeState(tx, keys.refund(refundId), settled);
    if (updated !== payment) await writeState(tx, keys.payment(payment.id), updated);
    const event = await storeEvent(tx, options.now, `refund.${ending}`, {
      payment: updated,
      refund: settled,
    });
    return { refund: settled, payment: updated, events: [event] };
  });
}
