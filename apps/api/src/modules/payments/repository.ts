// SQL of the payments module: one row per provider order (payments), and the webhook inbox (every signed delivery,
// stored before it is processed).
import { orders, payments, webhookInbox } from '@rangrez/db/schema';
import { and, desc, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;

/**
 * What we know of the money, mirrored from the provider (created, authorized, captured, failed), or 'unmatched':
 * money that arrived for no store order and must go back. An order's own refunds are its refund machine's.
 */
export type PaymentRowStatus = 'created' | 'authorized' | 'captured' | 'failed' | 'unmatched';

/** Inserts the row; undefined when this order (or provider order) already has one. */
export async function insertPayment(db: Executor, values: PaymentInsert): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentByOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function findPaymentByProviderOrder(
  db: Executor,
  provider: string,
  providerOrderId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePayment(
  db: Executor,
  id: string,
  set: Partial<Pick<PaymentInsert, 'orderId' | 'providerPaymentId' | 'status' | 'verifiedAt'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(payments).set(set).where(eq(payments.id, id));
}

/** Paid provider orders that never became a store order ({amount}-only checkouts whose browser went away). */
export async function unmatchedPaidPayments(db: Executor, createdBefore: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        isNull(payments.orderId),
        inArray(payments.status, ['authorized', 'captured']),
        lte(payments.createdAt, createdBefore),
      ),
    );
}

/**
 * Marks paid money without a store order as unmatched, only if it still has none: a checkout that attaches its
 * order at the same moment wins, and its payment is never flagged.
 */
export async function markUnmatched(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'unmatched', updatedAt: now })
    // 'created' too: a verified checkout signature proves money the provider's status has not reported yet.
    .where(
      and(
        eq(payments.id, id),
        isNull(payments.orderId),
        inArray(payments.status, ['created', 'authorized', 'captured']),
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** The inbox's row of a delivery just received; undefined when this event id was stored before (Razorpay delivers at least once). */
export async function insertInboxEvent(
  db: Executor,
  event: { eventId: string; eventType: string; payload: unknown; receivedAt: Date },
): Promise<number | undefined> {
  const [row] = await db
    .insert(webhookInbox)
    .values({ provider: 'razorpay', ...event })
    .onConflictDoNothing({ target: [webhookInbox.provider, webhookInbox.eventId] })
    .returning({ id: webhookInbox.id });
  return row?.id;
}

export type InboxRow = typeof webhookInbox.$inferSelect;

/** The row, locked until the transaction ends: one processing at a time per event. */
export async function lockInboxEvent(tx: Executor, id: number): Promise<InboxRow | undefined> {
  const [row] = await tx.select().from(webhookInbox).where(eq(webhookInbox.id, id)).for('update');
  return row;
}

export async function markInboxProcessed(
  tx: Executor,
  id: number,
  at: Date,
  orderId: string | null,
): Promise<void> {
  await tx
    .update(webhookInbox)
    .set({
      status: 'processed',
      processedAt: at,
      lastError: null,
      attempts: sql`${webhookInbox.attempts} + 1`,
      ...(orderId ? { orderId } : {}),
    })
    .where(eq(webhookInbox.id, id));
}

/**
 * Counts a failed attempt and keeps its error; the attempt that reaches `maxAttempts` makes the event dead (the
 * admin's dead-letter list). Answers the row's status afterwards, undefined when it is gone or already processed.
 */
export async function recordInboxFailure(
  db: Executor,
  id: number,
  error: string,
  at: Date,
  maxAttempts: number,
): Promise<'received' | 'dead' | undefined> {
  const dead = sql`${webhookInbox.attempts} + 1 >= ${maxAttempts}`;
  const [row] = await db
    .update(webhookInbox)
    .set({
      attempts: sql`${webhookInbox.attempts} + 1`,
      lastError: error.slice(0, 2000),
      status: sql`case when ${dead} then 'dead' else ${webhookInbox.status} end`,
      deadAt: sql`case when ${dead} then ${at.toISOString()}::timestamptz else ${webhookInbox.deadAt} end`,
    })
    .where(and(eq(webhookInbox.id, id), ne(webhookInbox.status, 'processed')))
    .returning({ status: webhookInbox.status });
  return row?.status === 'dead' ? 'dead' : row ? 'received' : undefined;
}

/**
 * Puts a dead (or stuck) event back to 'received' with a fresh budget of attempts, noting who asked; its last
 * error stays until an attempt succeeds. Undefined when the event is not there or was processed.
 */
export async function reopenInboxEvent(
  tx: Executor,
  id: number,
  by: string,
  at: Date,
): Promise<InboxRow | undefined> {
  const [row] = await tx
    .update(webhookInbox)
    .set({ status: 'received', attempts: 0, deadAt: null, replayedBy: by, replayedAt: at })
    .where(and(eq(webhookInbox.id, id), inArray(webhookInbox.status, ['received', 'dead'])))
    .returning();
  return row;
}

export async function findInboxEvent(db: Executor, id: number): Promise<InboxRow | undefined> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
  return row;
}

/** Newest first, a page at a time after the id `before` (keyset on the identity column). */
export async function listInboxEvents(
  db: Executor,
  filter: { status?: InboxRow['status'] | undefined; before?: number | undefined; limit: number },
) {
  return db
    .select({
      id: webhookInbox.id,
      provider: webhookInbox.provider,
      eventId: webhookInbox.eventId,
      eventType: webhookInbox.eventType,
      status: webhookInbox.status,
      attempts: webhookInbox.attempts,
      lastError: webhookInbox.lastError,
      orderNumber: orders.orderNumber,
      receivedAt: webhookInbox.receivedAt,
      deadAt: webhookInbox.deadAt,
      replayedBy: webhookInbox.replayedBy,
      replayedAt: webhookInbox.replayedAt,
    })
    .from(webhookInbox)
    .leftJoin(orders, eq(orders.id, webhookInbox.orderId))
    .where(
      and(
        filter.status ? eq(webhookInbox.status, filter.status) : undefined,
        filter.before ? lt(webhookInbox.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(webhookInbox.id))
    .limit(filter.limit);
}
