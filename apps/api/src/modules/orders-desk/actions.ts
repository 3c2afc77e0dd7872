// The desk's own actions on an order (docs/admin.md#orders), each in the caller's audited transaction: an internal
// note, the delivery address before the hand-over, sending a refused or failed hand-over again, and the answer to a
// 'cancel at the partner' task. Cancelling and refunds are the orders' and refunds' own routes.
import { ORDERS_DESK_MESSAGES, REFUND_MESSAGES, type DeliveryAddressInput } from '@rangrez/contract/schemas';
import { fulfilments, orderNotes, orders } from '@rangrez/db/schema';
import { eq, sql } from 'drizzle-orm';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Tx } from '../../lib/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/index.ts';
import { handOverLockKey, type OrderRow, type OrdersService } from '../orders/index.ts';
import { addressEditable, canResend } from './detail.ts';

export interface DeskActionsOptions {
  clock: Clock;
  jobs: JobRunner;
  orders: Pick<OrdersService, 'resolveOrderId' | 'lockOrderInTx' | 'applyInTx' | 'cancelByStaffInTx'>;
}

interface Actor {
  id: string;
  email: string;
}

const statesOf = (o: OrderRow) => ({
  state: o.state,
  paymentState: o.paymentState,
  fulfilmentState: o.fulfilmentState,
  refundState: o.refundState,
});

async function lockedOrder(opts: DeskActionsOptions, tx: Tx, reference: string, handOver = false) {
  const id = await opts.orders.resolveOrderId(tx, reference);
  if (!id) throw notFound(REFUND_MESSAGES.orderNotFound);
  // The hand-over's lock before the row's, in the order the hand-over takes them.
  if (handOver) await tx.execute(lockSql(handOverLockKey(id)));
  const order = await opts.orders.lockOrderInTx(tx, id);
  if (!order) throw notFound(REFUND_MESSAGES.orderNotFound);
  return order;
}

/** The same transaction lock the orders module takes around a hand-over (orders/repository.ts lockKey). */
const lockSql = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

export async function addNote(
  opts: DeskActionsOptions,
  c: AuditedChange,
  reference: string,
  body: string,
  actor: Actor,
) {
  const order = await lockedOrder(opts, c.tx, reference);
  const [note] = await c.tx
    .insert(orderNotes)
    .values({ orderId: order.id, body, authorId: actor.id, author: actor.email, createdAt: opts.clock.now() })
    .returning();
  await c.record({
    action: 'order.note',
    entityType: 'order',
    entityId: order.id,
    before: null,
    after: { note: body },
  });
  return note;
}

const addressOf = (o: OrderRow) => ({
  firstName: o.firstName,
  lastName: o.lastName,
  email: o.email,
  phone: o.phone,
  doorNo: o.doorNo,
  address: o.street,
  city: o.city,
  state: o.addressState,
  pincode: o.pincode,
});

export async function editAddress(
  opts: DeskActionsOptions,
  c: AuditedChange,
  reference: string,
  body: DeliveryAddressInput,
) {
  const order = await lockedOrder(opts, c.tx, reference, true);
  const [fulfilment] = await c.tx.select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
  if (!addressEditable(order, fulfilment?.partnerOrderId)) throw conflict(ORDERS_DESK_MESSAGES.addressLocked);
  const before = addressOf(order);
  const changed = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => before[k as keyof typeof before] !== v),
  );
  if (Object.keys(changed).length === 0) throw conflict(ORDERS_DESK_MESSAGES.addressUnchanged);
  await c.tx
    .update(orders)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      doorNo: body.doorNo,
      street: body.address,
      city: body.city,
      addressState: body.state,
      pincode: body.pincode,
      updatedAt: opts.clock.now(),
    })
    .where(eq(orders.id, order.id));
  const beforeChanged = Object.fromEntries(
    Object.keys(changed).map((k) => [k, before[k as keyof typeof before]]),
  );
  await c.record({
    action: 'order.address',
    entityType: 'order',
    entityId: order.id,
    before: beforeChanged,
    after: changed,
  });
}

/** A refused (exception, never created at the partner) or failed (queued, last attempt failed) hand-over, again. */
export async function resend(opts: DeskActionsOptions, c: AuditedChange, reference: string, actor: Actor) {
  const order = await lockedOrder(opts, c.tx, reference, true);
  const [fulfilment] = await c.tx.select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
  if (!canResend(order, fulfilment)) throw conflict(ORDERS_DESK_MESSAGES.resendNotApplicable);
  const before = { ...statesOf(order), lastError: fulfilment?.lastError ?? null };
  if (order.fulfilmentState === 'exception') {
    await opts.orders.applyInTx(
      c.tx,
      order,
      { kind: 'resubmit' },
      `sent to the partner again by ${actor.email}`,
    );
  }
  // The old error no longer describes the order: the queue shows it again only if the new attempt fails too.
  await c.tx
    .update(fulfilments)
    .set({ lastError: null, updatedAt: opts.clock.now() })
    .where(eq(fulfilments.orderId, order.id));
  await opts.jobs.send(
    QUEUES.fulfilmentSubmit,
    { orderId: order.id },
    { executor: c.tx, singletonKey: order.id },
  );
  await c.record({
    action: 'order.resend',
    entityType: 'order',
    entityId: order.id,
    before,
    after: statesOf(order),
  });
}

/** 'Cancelled at the partner': the second call of the staff cancel, allowed only where the partner was asked. */
export async function confirmCancellation(
  opts: DeskActionsOptions,
  c: AuditedChange,
  reference: string,
  actor: Actor,
) {
  const id = await opts.orders.resolveOrderId(c.tx, reference);
  const done = id
    ? await opts.orders.cancelByStaffInTx(
        c.tx,
        id,
        `cancelled at the partner, confirmed by ${actor.email}`,
        true,
      )
    : undefined;
  if (!done) throw notFound(REFUND_MESSAGES.orderNotFound);
  await c.record({
    action: 'order.cancel',
    entityType: 'order',
    entityId: done.order.id,
    before: statesOf(done.before),
    after: statesOf(done.order),
  });
  return done.order;
}

/** 'Too late': the partner had already gone on; the order is confirmed again and ships. */
export async function cancellationTooLate(
  opts: DeskActionsOptions,
  c: AuditedChange,
  reference: string,
  actor: Actor,
) {
  const order = await lockedOrder(opts, c.tx, reference);
  const before = statesOf(order);
  const applied = await opts.orders.applyInTx(
    c.tx,
    order,
    { kind: 'partner-cancel-too-late' },
    `too late to cancel at the partner, reported by ${actor.email}`,
  );
  if (!applied) throw conflict(ORDERS_DESK_MESSAGES.notCancelRequested);
  await c.record({
    action: 'order.cancel_too_late',
    entityType: 'order',
    entityId: order.id,
    before,
    after: statesOf(order),
  });
  return order;
}
