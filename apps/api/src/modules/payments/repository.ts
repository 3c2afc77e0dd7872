// SQL of the payments module: one row per provider order (payments), and the webhook deliveries already handled.
import { payments, webhookInbox } from '@rangrez/db/schema';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
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

/** Records a delivery; false when this event id was handled before (Razorpay delivers at least once). */
export async function insertWebhookEvent(
  db: Executor,
  event: { eventId: string; eventType: string; payload: unknown; receivedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(webhookInbox)
    .values({ provider: 'razorpay', ...event })
    .onConflictDoNothing({ target: [webhookInbox.provider, webhookInbox.eventId] })
    .returning({ id: webhookInbox.id });
  return rows.length === 1;
}

export async function markWebhookProcessed(db: Executor, eventId: string, at: Date): Promise<void> {
  await db
    .update(webhookInbox)
    .set({ status: 'processed', processedAt: at, attempts: sql`${webhookInbox.attempts} + 1` })
    .where(and(eq(webhookInbox.provider, 'razorpay'), eq(webhookInbox.eventId, eventId)));
}
