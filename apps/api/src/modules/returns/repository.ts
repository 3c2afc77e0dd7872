// SQL of the returns module: return rows, their lines and evidence, the order's delivery time, store credit.
// Time comes from the caller's clock, so tests move it instead of sleeping.
import {
  media,
  orderEvents,
  orderItems,
  orders,
  refunds,
  returnEvidence,
  returnItems,
  returns,
  storeCredit,
} from '@rangrez/db/schema';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnInsert = typeof returns.$inferInsert;
export type EvidenceRow = typeof returnEvidence.$inferSelect;
export type ReturnState = ReturnRow['state'];

/** When the partner delivered the order: its first fulfilment move to 'delivered'. */
export async function deliveredAt(db: Executor, orderId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.machine, 'fulfilment'),
        eq(orderEvents.toState, 'delivered'),
      ),
    )
    .orderBy(asc(orderEvents.id))
    .limit(1);
  return row?.at;
}

/** The order's return that is not rejected (at most one, by a partial unique index). */
export async function activeReturnOf(db: Executor, orderId: string): Promise<ReturnRow | undefined> {
  const [row] = await db
    .select()
    .from(returns)
    .where(and(eq(returns.orderId, orderId), sql`${returns.state} <> 'rejected'`));
  return row;
}

/** Inserts the return; undefined when the order has a return that is not rejected (the index decides). */
export async function insertReturn(tx: Executor, values: ReturnInsert): Promise<ReturnRow | undefined> {
  const [row] = await tx.insert(returns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertReturnItems(
  tx: Executor,
  returnId: string,
  lines: readonly { orderItemId: string; quantity: number }[],
): Promise<void> {
  await tx.insert(returnItems).values(lines.map((l) => ({ returnId, ...l })));
}

export async function insertEvidence(
  tx: Executor,
  values: (typeof returnEvidence.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(returnEvidence).values(values);
}

export async function findReturn(db: Executor, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

/** The return, locked until the transaction ends: every move of a return is made under this lock. */
export async function lockReturn(tx: Executor, id: string): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  return row;
}

/** Moves the return from `from` to `to` with the columns that change with it; the row as it is now. */
export async function moveReturn(
  tx: Executor,
  id: string,
  from: ReturnState,
  to: ReturnState,
  set: Partial<ReturnInsert>,
): Promise<ReturnRow> {
  const [row] = await tx
    .update(returns)
    .set({ ...set, state: to })
    .where(and(eq(returns.id, id), eq(returns.state, from)))
    .returning();
  if (!row) throw new Error(`return ${id}: state changed under its lock (expected ${from})`);
  return row;
}

/** A shopper's returns, newest first (all of them, or one order's). */
export async function returnsOfUser(db: Executor, userId: string, orderId?: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(returns)
    .where(and(eq(returns.userId, userId), orderId ? eq(returns.orderId, orderId) : undefined))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(200);
}

export interface ReturnLine {
  returnId: string;
  orderItemId: string;
  quantity: number;
  productId: string;
  productName: string;
  sku: string;
  fulfilmentSku: string;
  size: string;
  color: string;
  unitPricePaise: number;
}

export async function linesOf(db: Executor, returnIds: readonly string[]): Promise<ReturnLine[]> {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnId: returnItems.returnId,
      orderItemId: returnItems.orderItemId,
      quantity: returnItems.quantity,
      productId: orderItems.productId,
      productName: orderItems.productName,
      sku: orderItems.sku,
      fulfilmentSku: orderItems.fulfilmentSku,
      size: orderItems.size,
      color: orderItems.color,
      unitPricePaise: orderItems.unitPricePaise,
    })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, [...returnIds]))
    .orderBy(asc(returnItems.returnId), asc(orderItems.position));
}

export interface EvidenceRecord extends EvidenceRow {
  mediaKey: string | null;
  mediaWidths: number[] | null;
}

export async function evidenceOf(db: Executor, returnIds: readonly string[]): Promise<EvidenceRecord[]> {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({ evidence: returnEvidence, mediaKey: media.key, mediaWidths: media.widths })
    .from(returnEvidence)
    .leftJoin(media, eq(media.id, returnEvidence.mediaId))
    .where(inArray(returnEvidence.returnId, [...returnIds]))
    .orderBy(asc(returnEvidence.returnId), asc(returnEvidence.position));
  return rows.map((r) => ({ ...r.evidence, mediaKey: r.mediaKey, mediaWidths: r.mediaWidths }));
}

export async function findEvidence(
  db: Executor,
  returnId: string,
  id: string,
): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select()
    .from(returnEvidence)
    .where(and(eq(returnEvidence.returnId, returnId), eq(returnEvidence.id, id)));
  return row;
}

/** Order numbers by id (the reprints' numbers, the originals'). */
export async function orderNumbers(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}

export interface AdminListRow {
  ret: ReturnRow;
  orderNumber: string;
  firstName: string;
  lastName: string;
  itemCount: number;
}

/** Newest first, keyset over (created_at, id). */
export async function listForStaff(
  db: Executor,
  filter: { states?: readonly ReturnState[]; after?: { createdAt: Date; id: string } },
  limit: number,
): Promise<AdminListRow[]> {
  const after = filter.after;
  return db
    .select({
      ret: returns,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      lastName: orders.lastName,
      itemCount: sql<number>`(select coalesce(sum(${returnItems.quantity}), 0)::int from ${returnItems}
                              where ${returnItems.returnId} = ${returns.id})`,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(
      and(
        filter.states ? inArray(returns.state, [...filter.states]) : undefined,
        after
          ? or(
              lt(returns.createdAt, after.createdAt),
              and(eq(returns.createdAt, after.createdAt), lt(returns.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(limit);
}

export async function addStoreCredit(tx: Executor, values: typeof storeCredit.$inferInsert): Promise<void> {
  await tx.insert(storeCredit).values(values);
}

/** Refund amounts by refund id (a refunded return shows what it paid). */
export async function refundAmounts(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: refunds.id, amountPaise: refunds.amountPaise })
    .from(refunds)
    .where(inArray(refunds.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.amountPaise]));
}
