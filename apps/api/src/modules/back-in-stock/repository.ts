// Back-in-stock SQL (docs/decisions/039-newly-added-and-back-in-stock.md).
import { backInStockRequests, products } from '@rangrez/db/schema';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../lib/db.ts';

/** A product a shopper may ask about: published and not archived. */
export async function findShownProduct(db: Db, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      sizes: products.sizes,
      colors: products.colors,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true), isNull(products.archivedAt)));
  return row;
}

/** Adds the request unless the same one is already waiting; true when this call added it. */
export async function insertRequest(
  db: Db,
  request: { productId: string; email: string; size: string; color: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(backInStockRequests)
    .values({ ...request, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: backInStockRequests.id });
  return rows.length === 1;
}

export type DueRequest = {
  id: string;
  email: string;
  size: string;
  color: string;
  product_id: string;
  name: string;
};

/**
 * Marks up to `limit` waiting requests whose product (or colour and size) can be bought now as notified at `at`,
 * and answers them, in the caller's transaction: the caller writes their e-mails in the same one. Rows another
 * sweep holds are skipped, so two instances never notify one request twice.
 */
export async function takeDueRequests(tx: Executor, at: Date, limit: number): Promise<DueRequest[]> {
  const result = await tx.execute<DueRequest>(sql`
    with due as (
      select r.id from back_in_stock_requests r
      join products p on p.id = r.product_id
      where r.notified_at is null and p.is_active and p.archived_at is null and (
        (r.size = '' and p.stock > 0) or
        (r.size <> '' and exists (
          select 1 from product_variants v
          where v.product_id = r.product_id and v.size = r.size and v.color = r.color
            and v.sellable and v.stock > 0)))
      order by r.created_at
      limit ${limit}
      for update of r skip locked
    )
    update back_in_stock_requests b set notified_at = ${at.toISOString()}::timestamptz
    from due, products p
    where b.id = due.id and p.id = b.product_id
    returning b.id, b.email, b.size, b.color, b.product_id, p.name`);
  return result.rows;
}

export interface DemandRow {
  productId: string;
  name: string;
  sku: string;
  stock: number;
  size: string;
  color: string;
  waiting: number;
  oldest: Date;
}

/** Waiting requests counted per product, colour and size. */
export async function listDemand(db: Db): Promise<DemandRow[]> {
  const result = await db.execute<{
    product_id: string;
    name: string;
    sku: string;
    stock: number;
    size: string;
    color: string;
    waiting: number;
    oldest: string;
  }>(sql`
    select p.id as product_id, p.name, p.sku, p.stock, r.size, r.color,
           count(*)::int as waiting, min(r.created_at) as oldest
    from back_in_stock_requests r join products p on p.id = r.product_id
    where r.notified_at is null
    group by p.id, r.size, r.color`);
  return result.rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    sku: r.sku,
    stock: Number(r.stock),
    size: r.size,
    color: r.color,
    waiting: Number(r.waiting),
    oldest: new Date(r.oldest),
  }));
}

/**
 * Requests served before `servedBefore`: nothing reads a served request (the demand page counts waiting ones, and
 * asking again makes a new one), and each holds a shopper's e-mail address.
 */
export async function deleteServedRequests(db: Executor, servedBefore: Date, limit: number): Promise<number> {
  const t = backInStockRequests;
  const condition = lt(t.notifiedAt, servedBefore);
  const doomed = db.select({ id: t.id }).from(t).where(condition).limit(limit);
  const result = await db.delete(t).where(and(inArray(t.id, doomed), condition));
  return result.rowCount ?? 0;
}
