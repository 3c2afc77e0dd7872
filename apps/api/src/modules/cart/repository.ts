// Cart SQL. Mutations run inside a transaction holding the cart's advisory lock (lockCart), so the checks a
// service makes (stock, line count) still hold when it writes; the upserts are also safe on their own.
import {
  cartCoupons,
  cartItems,
  media,
  productVariants,
  products,
  sharedState,
  users,
} from '@rangrez/db/schema';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { type ProductImageRecord, lineImageId } from '../../lib/product-image.ts';
import type { ProductRow } from '../../lib/product-row.ts';
import { sellableStockSql } from '../../lib/variant-stock.ts';

export interface LineKey {
  productId: string;
  size: string;
  color: string;
}

/** What a product must offer for a line: found whether or not it is active, so a withdrawn one can be named. */
export type CartProductRecord = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'sku'
  | 'pricePaise'
  | 'mrpRule'
  | 'mrpValuePaise'
  | 'stock'
  | 'sizes'
  | 'colors'
  | 'isActive'
  | 'categoryId'
  | 'productCategoryId'
> &
  ProductImageRecord;

/**
 * A cart line's record. Its `stock` is the stock of the line's variant (colour and size), 0 when that variant is
 * not sold: what the line can hold (docs/decisions/024-stock-per-variant.md).
 */
export interface CartLineRecord extends CartProductRecord {
  lineId: string;
  productId: string;
  size: string;
  color: string;
  quantity: number;
  unitPricePaise: number | null;
}

const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  pricePaise: products.pricePaise,
  mrpRule: products.mrpRule,
  mrpValuePaise: products.mrpValuePaise,
  stock: products.stock,
  sizes: products.sizes,
  colors: products.colors,
  isActive: products.isActive,
  // What promotions target besides the product (docs/promotions.md#kinds).
  categoryId: products.categoryId,
  productCategoryId: products.productCategoryId,
  imageKey: media.key,
  imageWidths: media.widths,
};

/**
 * Serialises every change to one user's cart (two tabs, two devices, a merge and an add) across app instances.
 * Held until the transaction ends.
 */
export async function lockCart(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rangrez:cart:${userId}`}))`);
}

/** The user's lines with their products and variants' stock, oldest line first, in one statement. */
export function listCartLines(db: Executor, userId: string): Promise<CartLineRecord[]> {
  return db
    .select({
      ...productColumns,
      imageKey: media.key,
      imageWidths: media.widths,
      stock: sellableStockSql.mapWith(Number),
      lineId: cartItems.id,
      productId: cartItems.productId,
      size: cartItems.size,
      color: cartItems.color,
      quantity: cartItems.quantity,
      unitPricePaise: cartItems.unitPricePaise,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, cartItems.productId),
        eq(productVariants.size, cartItems.size),
        eq(productVariants.color, cartItems.color),
      ),
    )
    .leftJoin(media, eq(media.id, lineImageId(cartItems.productId, cartItems.color, products.imageId)))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Products by id (valid uuids only), active or not. */
export function findCartProducts(db: Executor, ids: readonly string[]): Promise<CartProductRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(media, eq(media.id, products.imageId))
    .where(inArray(products.id, [...ids]));
}

/** The sellable stock of each variant asked for, by `productId|size|color`; a variant that is not sold has 0. */
export async function findVariantStock(db: Executor, keys: readonly LineKey[]): Promise<Map<string, number>> {
  const ids = [...new Set(keys.map((k) => k.productId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      sellable: productVariants.sellable,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids));
  return new Map(rows.map((r) => [variantStockKey(r), r.sellable ? r.stock : 0]));
}

export const variantStockKey = (key: LineKey) => `${key.productId}|${key.size}|${key.color}`;

const lineWhere = (userId: string, key: LineKey) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, key.productId),
    eq(cartItems.size, key.size),
    eq(cartItems.color, key.color),
  );

export async function findLineQuantity(db: Executor, userId: string, key: LineKey): Promise<number | null> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(lineWhere(userId, key));
  return row?.quantity ?? null;
}

export async function countLines(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/** A new line at 1, or the existing line one up; either way the line now carries the current price. */
export async function incrementLine(
  db: Executor,
  userId: string,
  key: LineKey,
  unitPricePaise: number,
): Promise<void> {
  await db
    .insert(cartItems)
    .values({ userId, ...key, quantity: 1, unitPricePaise })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.size, cartItems.color],
      set: {
        quantity: sql`${cartItems.quantity} + 1`,
        unitPricePaise: sql`excluded.unit_price_paise`,
        updatedAt: sql`now()`,
      },
    });
}

/** Sets an existing line's quantity (and its seen price to the current one); false when there is no such line. */
export async function setLineQuantity(
  db: Executor,
  userId: string,
  key: LineKey,
  quantity: number,
  unitPricePaise: number,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity, unitPricePaise, updatedAt: sql`now()` })
    .where(lineWhere(userId, key))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteLine(db: Executor, userId: string, key: LineKey): Promise<void> {
  await db.delete(cartItems).where(lineWhere(userId, key));
}

export async function deleteAllLines(db: Executor, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export interface MergeLine extends LineKey {
  quantity: number;
  unitPricePaise: number;
}

/**
 * Adds the anonymous lines to the user's cart in one statement. A line that exists gets the quantities added,
 * capped by its variant's stock and `lineCap`, and never lowered below what it held (a line already above a
 * fallen stock stays as it is and shows insufficient_stock); a new line is capped the same way and keeps the
 * price the guest saw. ON CONFLICT makes this safe even without the cart lock: concurrent merges neither
 * duplicate a line nor lose an increment. `lines` must hold each key once (PostgreSQL refuses to update one row
 * twice in a statement). Returns the resulting quantity of every line it touched.
 */
export async function upsertMergeLines(
  db: Executor,
  userId: string,
  lines: readonly MergeLine[],
  lineCap: number,
): Promise<(LineKey & { quantity: number })[]> {
  if (lines.length === 0) return [];
  const payload = JSON.stringify(
    lines.map((line) => ({
      product_id: line.productId,
      size: line.size,
      color: line.color,
      // Anything above the cap would be capped by the statement anyway; this keeps the value an int4.
      quantity: Math.min(line.quantity, lineCap),
      unit_price_paise: line.unitPricePaise,
    })),
  );
  const result = await db.execute<{ product_id: string; size: string; color: string; quantity: number }>(sql`
    insert into cart_items as c (user_id, product_id, size, color, quantity, unit_price_paise)
    select ${userId}::uuid, i.product_id, i.size, i.color, least(i.quantity, v.stock, ${lineCap}), i.unit_price_paise
    from jsonb_to_recordset(${payload}::jsonb)
           as i(product_id uuid, size text, color text, quantity int, unit_price_paise int)
    join product_variants v on v.product_id = i.product_id and v.size = i.size and v.color = i.color and v.sellable
    where least(i.quantity, v.stock, ${lineCap}) > 0
    on conflict (user_id, product_id, size, color) do update
      set quantity = greatest(c.quantity, least(
            c.quantity + excluded.quantity,
            (select least(v2.stock, ${lineCap}) from product_variants v2
              where v2.product_id = excluded.product_id and v2.size = excluded.size and v2.color = excluded.color
                and v2.sellable))),
          updated_at = now()
    returning c.product_id, c.size, c.color, c.quantity`);
  return result.rows.map((row) => ({
    productId: row.product_id,
    size: row.size,
    color: row.color,
    quantity: Number(row.quantity),
  }));
}

// ---------------------------------------------------------------- merge receipts (shared_state)

/**
 * Claims a merge id for the user: true when this call is the first, false when the id was already used. The
 * receipt row is written in the merge's transaction, so a failed merge leaves no receipt and can be retried.
 */
export async function claimMergeReceipt(db: Executor, key: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(sharedState)
    .values({ key, value: { pending: true }, expiresAt })
    .onConflictDoNothing({ target: sharedState.key })
    .returning({ key: sharedState.key });
  return rows.length > 0;
}

export async function readMergeReceipt(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: sharedState.value })
    .from(sharedState)
    .where(eq(sharedState.key, key));
  return row?.value;
}

export async function writeMergeReceipt(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .update(sharedState)
    .set({ value, updatedAt: sql`now()` })
    .where(eq(sharedState.key, key));
}

/** Deletes up to `limit` expired receipts whose key starts with `prefix`. */
export async function pruneMergeReceipts(
  db: Executor,
  prefix: string,
  now: Date,
  limit: number,
): Promise<void> {
  await db.execute(sql`
    delete from ${sharedState} where key in (
      select key from ${sharedState}
      where key like ${`${prefix}%`} and ${lt(sharedState.expiresAt, now)}
      limit ${limit}
    )`);
}

/** The code the shopper applied to their cart, if any. */
export async function findCartCoupon(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: cartCoupons.code })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId));
  return row?.code;
}

export async function setCartCoupon(db: Executor, userId: string, code: string | null): Promise<void> {
  if (code === null) {
    await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
    return;
  }
  await db
    .insert(cartCoupons)
    .values({ userId, code })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { code, updatedAt: sql`now()` } });
}

/** The account's e-mail: who the shopper is for per-shopper promotion limits in the cart. */
export async function accountEmails(db: Executor, userId: string): Promise<string[]> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ? [row.email] : [];
}
