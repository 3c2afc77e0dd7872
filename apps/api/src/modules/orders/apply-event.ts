// Carries out a lifecycle event on a locked order: asks the pure rules (lifecycle.ts) where the event takes it,
// moves each machine through transition() and performs the effects, all in the caller's transaction.
import type { Tx } from '../../lib/db.ts';
import { enqueueEmail, type OutboxEmail } from '../outbox/index.ts';
import { recordRtoInTx } from '../cod/index.ts';
import { releasePromotions } from '../promotions/index.ts';
import {
  hasMoney,
  type LifecycleEvent,
  nextSnapshot,
  type Outcome,
  releasesPromotions,
  type Snapshot,
} from './lifecycle.ts';
import { itemsOf, type OrderItemRow, type OrderRow, returnStock, setOrderFields } from './repository.ts';
import { type Machine, STATE_FIELD, type StateOf } from './state-machine.ts';
import { transition } from './transitions.ts';

export interface EventContext {
  now: Date;
  /** Why, in the order's history. */
  note: string;
  /** What a confirmation sets off (the hand-over, the e-mail, the cart): the orders service's. */
  onConfirmed: (tx: Tx, order: OrderRow, items: readonly OrderItemRow[], now: Date) => Promise<void>;
  /** The hand-over alone, for a cash-on-delivery order the shopper confirmed: the orders service's. */
  handOver: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
  /** A cash-on-delivery order's e-mails, cart and request to confirm, without the hand-over: the orders service's. */
  awaitCodConfirmation: (tx: Tx, order: OrderRow, items: readonly OrderItemRow[], now: Date) => Promise<void>;
  /** Queues the refund of what the order is owed back (a job, in this transaction): the refunds module's. */
  refundAutomatically: (tx: Tx, order: OrderRow) => Promise<void>;
  /** Issues or credits the order's tax invoice where the move calls for it: the invoices module's. */
  invoicing?: InvoicingHook;
}

/** Called after every move of an order, under its lock and in the same transaction (docs/gst.md#issuing). */
export type InvoicingHook = (
  tx: Tx,
  order: OrderRow,
  before: Snapshot,
  after: Snapshot,
  now: Date,
) => Promise<void>;

export function snapshotOf(order: OrderRow): Snapshot {
  return {
    method: order.paymentMethod,
    order: order.state,
    payment: order.paymentState,
    fulfilment: order.fulfilmentState,
    refund: order.refundState,
    stockHeld: order.stockReturnedAt === null,
    ...(order.reprintOfOrderId !== null ? { free: true as const } : {}),
    // A COD order from before confirmation existed was handed over at once: it counts as confirmed.
    ...(order.paymentMethod === 'COD' ? { codConfirmation: order.codConfirmation ?? 'confirmed' } : {}),
  };
}

const AXES = [
  ['order', 'order'],
  ['payment', 'payment'],
  ['fulfilment', 'fulfilment'],
  ['refund', 'refund'],
] as const satisfies readonly (readonly [Machine, keyof Snapshot])[];

/**
 * The shopper's e-mails for where the order moved (docs/orders-lifecycle.md#e-mail): shipped, delivered, or
 * cancelled once it had been confirmed (an unpaid attempt given up is no news to anyone).
 */
function newsOf(orderId: string, before: Snapshot, after: Snapshot): OutboxEmail[] {
  const news: OutboxEmail[] = [];
  if (after.fulfilment !== before.fulfilment && after.fulfilment === 'shipped')
    news.push({ kind: 'order-shipped', orderId });
  if (after.fulfilment !== before.fulfilment && after.fulfilment === 'delivered')
    news.push({ kind: 'order-delivered', orderId });
  if (after.order === 'cancelled' && before.order !== 'cancelled' && before.order !== 'payment_pending')
    news.push({ kind: 'order-cancelled', orderId });
  return news;
}

/**
 * Applies `event` to `order` (locked by the caller; updated in place). Null when the event does not apply where
 * the order is: late or repeated news changes nothing. 'take-stock' is the caller's to do before (whether the
 * stock could be taken decides the event); here it only clears the "given back" mark.
 */
export async function applyEventInTx(
  tx: Tx,
  order: OrderRow,
  event: LifecycleEvent,
  ctx: EventContext,
): Promise<Outcome | null> {
  const before = snapshotOf(order);
  const outcome = nextSnapshot(before, event);
  if (!outcome) return null;
  const { snapshot, effects } = outcome;
  const { now, note } = ctx;
  if (snapshot.method !== order.paymentMethod) {
    await setOrderFields(tx, order, { paymentMethod: snapshot.method, reservedUntil: null }, now);
  }
  for (const [machine, key] of AXES) {
    const to = snapshot[key] as StateOf[typeof machine];
    if (to !== order[STATE_FIELD[machine]]) await transition(tx, order, machine, to, { now, note });
  }
  if (snapshot.codConfirmation !== before.codConfirmation) {
    await setOrderFields(tx, order, { codConfirmation: snapshot.codConfirmation ?? null }, now);
  }
  for (const message of newsOf(order.id, before, snapshot)) await enqueueEmail(tx, message, order.email, now);
  // Back to origin without reaching the shopper (docs/cod.md#rto); a return after delivery is a shopper's return.
  if (
    snapshot.fulfilment === 'returned' &&
    before.fulfilment !== 'returned' &&
    before.fulfilment !== 'delivered'
  ) {
    await recordRtoInTx(tx, order, note, now);
  }
  // Under the order's lock, as placement counted them.
  if (releasesPromotions(before, snapshot)) await releasePromotions(tx, order.id, now);
  // The order's own money came in (online, or cash collected): what refunds are capped by.
  if (!hasMoney(before) && hasMoney(snapshot)) {
    await setOrderFields(tx, order, { paidPaise: order.paidPaise + order.totalPaise }, now);
  }
  let items: OrderItemRow[] | undefined;
  const lines = async () => (items ??= await itemsOf(tx, [order.id]));
  for (const effect of effects) {
    switch (effect) {
      case 'return-stock':
        await returnStock(tx, await lines(), now);
        await setOrderFields(tx, order, { stockReturnedAt: now, reservedUntil: null }, now);
        break;
      case 'take-stock':
        await setOrderFields(tx, order, { stockReturnedAt: null }, now);
        break;
      case 'start-fulfilment':
        await setOrderFields(tx, order, { reservedUntil: null }, now);
        await ctx.onConfirmed(tx, order, await lines(), now);
        break;
      case 'hand-over':
        await ctx.handOver(tx, order, now);
        break;
      case 'await-cod-confirmation':
        await ctx.awaitCodConfirmation(tx, order, await lines(), now);
        break;
      case 'refund-automatically':
        await ctx.refundAutomatically(tx, order);
        break;
      // The needs-action queue reads this from the order's state.
      case 'raise-partner-cancel-task':
        break;
    }
  }
  // Last, so the invoice sees the order as it now is; unique per order, so a repeated move issues nothing.
  if (ctx.invoicing) await ctx.invoicing(tx, order, before, snapshot, now);
  return outcome;
}
