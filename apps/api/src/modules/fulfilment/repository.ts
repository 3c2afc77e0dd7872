// SQL of the fulfilment module: one fulfilments row per order that was handed over (or is being handed over).
import { fulfilments, orders } from '@rangrez/db/schema';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../lib/db.ts';

export type FulfilmentRow = typeof fulfilments.$inferSelect;

export async function ensureFulfilmentRow(
  tx: Executor,
  orderId: string,
  provider: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(fulfilments)
    .values({ orderId, provider, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: fulfilments.orderId });
}

export async function findFulfilment(db: Executor, orderId: string): Promise<FulfilmentRow | undefined> {
  const [row] = await db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row;
}

/** Counts an attempt before the partner is called, so a crash mid-call still leaves a trace (look up next time). */
export async function countAttempt(db: Executor, orderId: string, now: Date): Promise<number> {
  const [row] = await db
    .update(fulfilments)
    .set({ attempts: sql`${fulfilments.attempts} + 1`, updatedAt: now })
    .where(eq(fulfilments.orderId, orderId))
    .returning({ attempts: fulfilments.attempts });
  return row?.attempts ?? 0;
}

export async function recordFailure(db: Executor, orderId: string, error: string, now: Date): Promise<void> {
  await db
    .update(fulfilments)
    .set({ lastError: error.slice(0, 1000), updatedAt: now })
    .where(eq(fulfilments.orderId, orderId));
}

export async function recordSubmitted(
  db: Executor,
  orderId: string,
  partner: { partnerOrderId: string; status?: string },
  now: Date,
): Promise<void> {
  await db
    .update(fulfilments)
    .set({
      partnerOrderId: partner.partnerOrderId,
      partnerStatus: partner.status ?? null,
      lastError: null,
      submittedAt: now,
      updatedAt: now,
    })
    .where(eq(fulfilments.orderId, orderId));
}

export async function recordPartnerStatus(
  db: Executor,
  orderId: string,
  seen: { status: string; awbNo?: string; trackingLink?: string; courier?: string },
  now: Date,
): Promise<void> {
  await db
    .update(fulfilments)
    .set({
      partnerStatus: seen.status,
      // A later answer without them does not erase what the partner told us before.
      ...(seen.awbNo ? { awbNo: seen.awbNo } : {}),
      ...(seen.trackingLink ? { trackingLink: seen.trackingLink } : {}),
      ...(seen.courier ? { courier: seen.courier } : {}),
      updatedAt: now,
    })
    .where(eq(fulfilments.orderId, orderId));
}

const TRACKED = ['submitted', 'processing', 'shipped', 'exception'] as const;

/** Orders at the partner whose parcel has not reached an end state, least recently checked first. */
export async function ordersToPoll(db: Db, limit: number) {
  return db
    .select({ orderId: fulfilments.orderId, partnerOrderId: fulfilments.partnerOrderId })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(and(isNotNull(fulfilments.partnerOrderId), inArray(orders.fulfilmentState, [...TRACKED])))
    .orderBy(asc(fulfilments.updatedAt))
    .limit(limit);
}

/** Queued orders nobody tried since `before` (their job was lost or ran out of retries). */
export async function staleQueuedOrders(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: fulfilments.orderId })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(
      and(
        eq(orders.fulfilmentState, 'queued'),
        isNull(fulfilments.partnerOrderId),
        lte(fulfilments.updatedAt, before),
      ),
    )
    .orderBy(asc(fulfilments.updatedAt))
    .limit(limit);
  return rows.map((r) => r.orderId);
}
