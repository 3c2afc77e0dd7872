// SQL of the outbox's sender: claiming due messages, recording what happened to each, and reading the rows a
// message is rendered from (the order, its parcel, its refund or return, the staff member invited).
import {
  fulfilments,
  orderEvents,
  orderItems,
  orders,
  outbox,
  refunds,
  returns,
  staff,
  taxDocuments,
} from '@rangrez/db/schema';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type FulfilmentRow = typeof fulfilments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;

/**
 * Claims up to `limit` pending messages nobody holds (never claimed, or a claim that ran out) until `until`, one
 * statement: SKIP LOCKED lets several senders claim at once without taking the same row. Each claim counts as
 * an attempt, so a message whose sender keeps crashing still reaches its limit.
 */
export async function claimDue(db: Executor, now: Date, until: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        sql`(${outbox.claimedUntil} is null or ${outbox.claimedUntil} < ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ claimedUntil: until, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markSent(db: Executor, id: number, subject: string, at: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', subject, sentAt: at, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/**
 * Keeps the error of a failed send. The message stays pending and claimed, so it is tried again once the claim
 * runs out; at `maxAttempts` it is dead instead.
 */
export async function recordSendFailure(
  db: Executor,
  id: number,
  error: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 2000),
      status: sql`case when ${outbox.attempts} >= ${maxAttempts} then 'dead' else 'pending' end`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function itemsOfOrder(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

export async function fulfilmentOfOrder(db: Executor, orderId: string): Promise<FulfilmentRow | undefined> {
  const [row] = await db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row;
}

export async function findRefundRow(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findReturnRow(db: Executor, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

export async function staffRoleOf(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db.select({ role: staff.role }).from(staff).where(eq(staff.email, email.toLowerCase()));
  return row?.role;
}

/** Every owner who can sign in (invited owners who never accepted get nothing yet). */
export async function activeOwnerEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), sql`${staff.passwordHash} is not null`))
    .orderBy(asc(staff.email));
  return rows.map((r) => r.email);
}

/**
 * Orders confirmed in [from, to): the moment an order entered 'confirmed' from another state (a cash order on
 * placement, an online one when its money arrived), oldest first.
 */
export async function ordersConfirmedBetween(db: Executor, from: Date, to: Date): Promise<OrderRow[]> {
  const confirmedIn = db
    .select({ id: orderEvents.orderId })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.machine, 'order'),
        eq(orderEvents.toState, 'confirmed'),
        sql`${orderEvents.fromState} is distinct from 'confirmed'`,
        sql`${orderEvents.fromState} is distinct from 'cancel_requested'`,
        gte(orderEvents.createdAt, from),
        lt(orderEvents.createdAt, to),
      ),
    );
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, confirmedIn))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The order's tax invoice, once issued: its id (for the signed link) and number. */
export async function invoiceOfOrder(
  db: Executor,
  orderId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await db
    .select({ id: taxDocuments.id, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row;
}
