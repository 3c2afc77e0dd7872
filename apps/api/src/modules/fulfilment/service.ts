// Handing orders to the print-on-demand partner, exactly once, and following them until delivery.
//
// Submission runs as a pg-boss job with retries and backoff (jobs/queues.ts). An attempt is counted in the database
// before the partner is called; every attempt after the first looks the order up by its number before creating
// it, so a create whose answer was lost (timeout, 5xx, crash) is found instead of repeated. A session advisory
// lock keeps two workers off the same order. A refusal (Invalid SKU...) is not retried: the order moves to
// 'exception' for a person to look at. Polling maps the partner's status words onto ours (unknown words are kept
// as given, never guessed) and stores the AWB, tracking link and courier.
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { type Pool, withSessionLock } from '../../jobs/pool.ts';
import {
  type FulfilmentPartner,
  mapPartnerStatus,
  PartnerRejectedError,
  PartnerUnavailableError,
  type PartnerOrder,
  type PartnerOrderInput,
} from '../../integrations/qikink/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { handOverLockKey, type OrderItemRow, type OrderRow, type OrdersService } from '../orders/index.ts';
import {
  countAttempt,
  ensureFulfilmentRow,
  findFulfilment,
  ordersToPoll,
  recordFailure,
  recordPartnerStatus,
  recordSubmitted,
  staleQueuedOrders,
} from './repository.ts';

/** A queued order nobody tried for this long is queued again by the poll job (its job was lost or spent). */
export const STALE_QUEUED_MS = 10 * 60_000;
const POLL_BATCH = 50;

export type SubmitOutcome = 'submitted' | 'found' | 'rejected' | 'skipped' | 'busy';

export interface FulfilmentServiceOptions {
  db: Db;
  pool: Pool;
  clock: Clock;
  partner: FulfilmentPartner;
  orders: Pick<OrdersService, 'findOrder' | 'orderItems' | 'lockOrderInTx' | 'applyInTx'>;
  jobs: JobRunner;
  log?: { warn(obj: object, msg: string): void };
}

/** Opens an order's fulfilment record inside the transaction that confirms the order (given to the orders module). */
export function fulfilmentOpener(provider: string) {
  return (tx: Executor, orderId: string, now: Date) => ensureFulfilmentRow(tx, orderId, provider, now);
}

/**
 * The partner's SKU of one variant: the variant's own fulfilment SKU when the catalogue gives one, else the
 * product's SKU, colour code and size ('RGZ-OST-0001-Bk-L').
 */
export function partnerSku(
  item: Pick<OrderItemRow, 'sku' | 'color' | 'size'> & { fulfilmentSku?: string },
): string {
  return item.fulfilmentSku || `${item.sku}-${item.color}-${item.size}`;
}

export function partnerOrderInput(order: OrderRow, items: readonly OrderItemRow[]): PartnerOrderInput {
  return {
    orderNumber: order.orderNumber,
    paymentMethod: order.paymentMethod,
    // For COD this is what the courier collects.
    totalPaise: order.totalPaise,
    lineItems: items.map((item) => ({
      sku: partnerSku(item),
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
    })),
    shipping: {
      firstName: order.firstName,
      lastName: order.lastName,
      address1: `${order.doorNo}, ${order.street}`,
      address2: '',
      phone: order.phone,
      email: order.email,
      city: order.city,
      zip: order.pincode,
      state: order.addressState,
    },
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The partner has the order: record its id and move fulfilment to submitted, if nothing moved it on meanwhile. */
async function markSubmitted(
  { db, clock, orders }: FulfilmentServiceOptions,
  orderId: string,
  partnerOrderId: string,
  how: 'created' | 'found',
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const order = await orders.lockOrderInTx(tx, orderId);
    if (!order) return;
    await recordSubmitted(tx, orderId, { partnerOrderId }, now);
    await orders.applyInTx(
      tx,
      order,
      { kind: 'partner', to: 'submitted' },
      how === 'created'
        ? `created at the partner as ${partnerOrderId}`
        : `found at the partner as ${partnerOrderId} (an earlier attempt got through)`,
    );
  });
}

/** The partner refused the order for good: a person has to look at it. */
async function recordRejection(
  { db, orders }: FulfilmentServiceOptions,
  orderId: string,
  partnerMessage: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await orders.lockOrderInTx(tx, orderId);
    await recordFailure(tx, orderId, partnerMessage, now);
    if (locked) {
      await orders.applyInTx(
        tx,
        locked,
        { kind: 'partner', to: 'exception' },
        `partner refused the order: ${partnerMessage}`,
      );
    }
  });
}

/** Records the partner's status of one order and moves its fulfilment state when the status maps to one. */
async function recordPolledStatus(
  { db, clock, orders }: FulfilmentServiceOptions,
  orderId: string,
  seen: PartnerOrder,
): Promise<boolean> {
  const mapped = mapPartnerStatus(seen.status);
  return db.transaction(async (tx) => {
    const order = await orders.lockOrderInTx(tx, orderId);
    if (!order) return false;
    const at = clock.now();
    await recordPartnerStatus(
      tx,
      orderId,
      { status: seen.status, awbNo: seen.awb, trackingLink: seen.trackingLink, courier: seen.courier },
      at,
    );
    // 'not_started' and 'queued' are ours, never the partner's word for an order it has.
    if (mapped === 'unknown' || mapped === 'not_started' || mapped === 'queued') return false;
    return orders.applyInTx(tx, order, { kind: 'partner', to: mapped }, `partner: ${seen.status}`);
  });
}

export function createFulfilmentService(options: FulfilmentServiceOptions) {
  const { db, clock, partner, jobs, orders } = options;

  async function submitLocked(orderId: string): Promise<SubmitOutcome> {
    const order = await orders.findOrder(orderId);
    const fulfilment = await findFulfilment(db, orderId);
    if (!order || !fulfilment || order.fulfilmentState !== 'queued') return 'skipped';
    // Never a COD order the shopper has not confirmed (docs/cod-confirmation.md); the lifecycle does not queue one.
    if (order.paymentMethod === 'COD' && order.codConfirmation !== null && order.codConfirmation !== 'confirmed') {
      return 'skipped';
    }
    if (fulfilment.partnerOrderId) {
      await markSubmitted(options, orderId, fulfilment.partnerOrderId, 'found');
      return 'skipped';
    }
    const earlierAttempts = fulfilment.attempts;
    await countAttempt(db, orderId, clock.now());
    try {
      if (earlierAttempts > 0) {
        const existing = await partner.findOrderByNumber(order.orderNumber);
        if (existing) {
          await markSubmitted(options, orderId, existing.partnerOrderId, 'found');
          return 'found';
        }
      }
      const created = await partner.createOrder(partnerOrderInput(order, await orders.orderItems(orderId)));
      await markSubmitted(options, orderId, created.partnerOrderId, 'created');
      return 'submitted';
    } catch (err) {
      const now = clock.now();
      if (err instanceof PartnerRejectedError) {
        await recordRejection(options, orderId, err.partnerMessage, now);
        return 'rejected';
      }
      await recordFailure(db, orderId, messageOf(err), now);
      // Thrown on: pg-boss retries with backoff.
      throw err;
    }
  }

  return {
    /** One submission attempt (the fulfilment.submit job). Throws when it should be retried. */
    async submit(orderId: string): Promise<SubmitOutcome> {
      const outcome = await withSessionLock(options.pool, handOverLockKey(orderId), () =>
        submitLocked(orderId),
      );
      return outcome ?? 'busy';
    },

    /** The fulfilment.poll job: re-queues forgotten orders, then reads the partner's status of open ones. */
    async poll(): Promise<{ requeued: number; polled: number; moved: number }> {
      const now = clock.now();
      const stale = await staleQueuedOrders(db, new Date(now.getTime() - STALE_QUEUED_MS), 100);
      for (const orderId of stale) {
        // One extra attempt per order per window, without its own retries: the queue is not flooded while the
        // partner is down for long.
        await jobs.send(
          QUEUES.fulfilmentSubmit,
          { orderId },
          { singletonKey: orderId, throttleSeconds: STALE_QUEUED_MS / 1000, retryLimit: 0 },
        );
      }
      let polled = 0;
      let moved = 0;
      for (const { orderId, partnerOrderId } of await ordersToPoll(db, POLL_BATCH)) {
        if (!partnerOrderId) continue;
        let seen;
        try {
          seen = await partner.getOrder(partnerOrderId);
        } catch (err) {
          // Down or throttling: the next tick tries again. A strange answer for one order: skip that one.
          if (err instanceof PartnerUnavailableError) break;
          options.log?.warn({ err, orderId }, 'fulfilment poll: unreadable answer for an order');
          continue;
        }
        polled += 1;
        if (!seen) continue;
        if (await recordPolledStatus(options, orderId, seen)) moved += 1;
      }
      return { requeued: stale.length, polled, moved };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
