// SQL of the promotions (decision 029): the back office's reads and writes and the batch codes. Writers lock the
// promotion row they change.
import { promotionCodes, promotionRedemptions, promotions } from '@rangrez/db/schema';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionInsert = typeof promotions.$inferInsert;

export interface PromotionRecord extends PromotionRow {
  batchCodes: number;
  batchCodesUsed: number;
  /** Every redemption ever made, released ones included. */
  redemptions: number;
}

// Qualified by hand: drizzle leaves a single table's columns unqualified, which inside these subqueries would name
// the subquery's own id.
const promotionId = sql.raw('"promotions"."id"');

const batchCounts = {
  batchCodes: sql<number>`(select count(*)::int from ${promotionCodes} where ${promotionCodes.promotionId} = ${promotionId})`,
  batchCodesUsed: sql<number>`(select count(*)::int from ${promotionCodes}
    where ${promotionCodes.promotionId} = ${promotionId} and ${promotionCodes.orderId} is not null)`,
  redemptions: sql<number>`(select count(*)::int from ${promotionRedemptions}
    where ${promotionRedemptions.promotionId} = ${promotionId})`,
};

function withCounts(db: Executor) {
  return db.select({ promotion: promotions, ...batchCounts }).from(promotions);
}

const flatten = ({
  promotion,
  ...counts
}: { promotion: PromotionRow } & Omit<PromotionRecord, keyof PromotionRow>) => ({
  ...promotion,
  ...counts,
});

/** Every promotion, newest first. */
export async function listPromotionRecords(db: Executor): Promise<PromotionRecord[]> {
  return (await withCounts(db).orderBy(desc(promotions.createdAt), asc(promotions.id))).map(flatten);
}

export async function findPromotionRecord(db: Executor, id: string): Promise<PromotionRecord | undefined> {
  const [row] = await withCounts(db).where(eq(promotions.id, id));
  return row ? flatten(row) : undefined;
}

/** Locks the promotion for the rest of the transaction; undefined when there is none. */
export async function lockPromotion(db: Executor, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return row;
}

export async function insertPromotion(db: Executor, values: PromotionInsert): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning();
  if (!row) throw new Error('insertPromotion: no row');
  return row;
}

export async function updatePromotion(db: Executor, id: string, values: Partial<PromotionInsert>, now: Date) {
  await db
    .update(promotions)
    .set({ ...values, updatedAt: now })
    .where(eq(promotions.id, id));
}

/** Whether a batch code already spells `code` (a promotion's own code must not shadow one, nor the reverse). */
export async function batchCodeExists(db: Executor, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionCodes.id })
    .from(promotionCodes)
    .where(eq(promotionCodes.code, code));
  return row !== undefined;
}

/** Inserts the codes that are free; answers those it inserted (a clash with an existing code is skipped). */
export async function insertBatchCodes(
  db: Executor,
  promotionId: string,
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(promotionCodes)
    .values(codes.map((code) => ({ promotionId, code })))
    .onConflictDoNothing()
    .returning({ code: promotionCodes.code });
  // A promotion's own code and a batch code live in two tables: a batch code spelling an own code is dropped.
  const inserted = rows.map((r) => r.code);
  if (inserted.length === 0) return [];
  const own = await db
    .select({ code: promotions.code })
    .from(promotions)
    .where(inArray(promotions.code, inserted));
  const shadowed = new Set(own.flatMap((r) => (r.code === null ? [] : [r.code])));
  if (shadowed.size > 0) await db.delete(promotionCodes).where(inArray(promotionCodes.code, [...shadowed]));
  return inserted.filter((code) => !shadowed.has(code));
}

export async function countBatchCodes(db: Executor, promotionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionCodes)
    .where(eq(promotionCodes.promotionId, promotionId));
  return row?.n ?? 0;
}

/** The batch's codes, oldest first, with whether an order holds each. */
export async function listBatchCodes(db: Executor, promotionId: string) {
  return db
    .select({
      code: promotionCodes.code,
      orderId: promotionCodes.orderId,
      createdAt: promotionCodes.createdAt,
    })
    .from(promotionCodes)
    .where(eq(promotionCodes.promotionId, promotionId))
    .orderBy(asc(promotionCodes.createdAt), asc(promotionCodes.code));
}
