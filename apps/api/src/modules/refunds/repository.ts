// SQL of the refunds module: one row per refund (docs/decisions/026-order-lifecycle-money-never-stuck.md#money).
import { payments, refunds } from '@rangrez/db/schema';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundInsert = typeof refunds.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;

export async function insertRefund(tx: Executor, values: RefundInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

export async function refundsOfOrder(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What the order's refunds (not failed) add up to. */
export async function refundedOrOnItsWay(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

export async function findRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByProviderId(
  db: Executor,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}

/** Settles a refund still pending; undefined when it was settled already (a duplicate, or a webhook that raced). */
export async function settleRefund(
  tx: Executor,
  id: string,
  settled: {
    status: 'processed' | 'failed';
    providerRefundId?: string;
    failureReason?: string | null;
    at: Date;
  },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: settled.status,
      ...(settled.providerRefundId
        ? { providerRefundId: sql`coalesce(${refunds.providerRefundId}, ${settled.providerRefundId})` }
        : {}),
      failureReason: settled.failureReason ?? null,
      processedAt: settled.at,
      updatedAt: settled.at,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The provider's id of a refund still waiting for its outcome. */
export async function setProviderRefundId(
  tx: Executor,
  id: string,
  providerRefundId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ providerRefundId, updatedAt: at })
    .where(and(eq(refunds.id, id), sql`${refunds.providerRefundId} is null`));
}

export async function paymentOfOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function findPaymentById(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment row, locked until the transaction ends (refunds of money without an order lock it). */
export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** How many refunds of the payment did not fail. */
export async function liveRefundsOfPayment(db: Executor, paymentId: string): Promise<number> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return rows.length;
}
