// SQL of the back office's product pages: the searchable list, one product with its variants, and the writes.
// Writers lock the product row before its variants (docs/decisions/024-stock-per-variant.md).
import type { AdminProductListQuery } from '@rangrez/contract/schemas';
import {
  categories,
  media,
  orderItems,
  productCategories,
  productImages,
  productVariants,
  products,
} from '@rangrez/db/schema';
import {
  type SQL,
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';
import type { ProductRow } from '../../lib/product-row.ts';

const grp = alias(categories, 'grp');

export type VariantRow = typeof productVariants.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;

export interface AdminProductRecord extends ProductRow {
  categoryName: string;
  groupName: string | null;
  productCategoryName: string | null;
  hasOrders: boolean;
}

export interface AdminProductListRecord {
  id: string;
  name: string;
  sku: string;
  pricePaise: number;
  stock: number;
  isActive: boolean;
  archivedAt: Date | null;
  categoryName: string;
  imageKey: string | null;
  imageWidths: number[] | null;
  updatedAt: Date;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The 'low' stock band of the storefront's labels: 1 to 10 (docs/product/rules.md#stock-labels). */
const LOW_STOCK_MAX = 10;

function listConditions(query: AdminProductListQuery): (SQL | undefined)[] {
  const like = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : undefined;
  return [
    like ? or(sql`lower(${products.name}) like ${like}`, ilike(products.sku, like)) : undefined,
    query.status === 'archived' ? isNotNull(products.archivedAt) : undefined,
    query.status === 'published' ? and(eq(products.isActive, true), isNull(products.archivedAt)) : undefined,
    query.status === 'draft' ? and(eq(products.isActive, false), isNull(products.archivedAt)) : undefined,
    query.stock === 'out' ? lte(products.stock, 0) : undefined,
    query.stock === 'low' ? and(gt(products.stock, 0), lte(products.stock, LOW_STOCK_MAX)) : undefined,
    query.stock === 'in' ? gt(products.stock, LOW_STOCK_MAX) : undefined,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
  ];
}

const SORT_COLUMNS = {
  updated: products.updatedAt,
  name: products.name,
  price: products.pricePaise,
  stock: products.stock,
} as const;

/**
 * A page of the list with the total of matches in one statement: the page is chosen on the narrow product row
 * (a window count of the matches), and only its rows are joined to their category and image.
 */
export async function listAdminProducts(
  db: Executor,
  query: AdminProductListQuery,
): Promise<{ rows: AdminProductListRecord[]; total: number }> {
  const column = SORT_COLUMNS[query.sort];
  const order = query.dir === 'asc' ? [asc(column), asc(products.id)] : [desc(column), desc(products.id)];
  const page = db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(products)
    .where(and(...listConditions(query)))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      pricePaise: products.pricePaise,
      stock: products.stock,
      isActive: products.isActive,
      archivedAt: products.archivedAt,
      categoryName: categories.name,
      imageKey: media.key,
      imageWidths: media.widths,
      updatedAt: products.updatedAt,
      total: page.total,
    })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(media, eq(media.id, products.imageId))
    .orderBy(...order);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findAdminProduct(db: Executor, id: string): Promise<AdminProductRecord | undefined> {
  const hasOrders = exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.productId, products.id)),
  );
  const [row] = await db
    .select({
      product: products,
      categoryName: categories.name,
      groupName: grp.name,
      productCategoryName: productCategories.name,
      hasOrders: sql<boolean>`${hasOrders}`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(grp, eq(grp.id, categories.parentId))
    .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId))
    .where(eq(products.id, id));
  if (!row) return undefined;
  const { product, ...rest } = row;
  return { ...product, ...rest };
}

export function listVariants(db: Executor, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.color), asc(productVariants.size));
}

/** Locks the product for the rest of the transaction: before its variants, as every stock writer does. */
export async function lockProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function insertProduct(db: Executor, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insertProduct: no row returned');
  return row;
}

export async function updateProduct(db: Executor, id: string, patch: Partial<ProductInsert>, now: Date) {
  await db
    .update(products)
    .set({ ...patch, updatedAt: now })
    .where(eq(products.id, id));
}

/**
 * The id of a garment type (one of the 13 the contract allows), added without a size chart if the store has none
 * of that type yet: the size chart is edited separately.
 */
export async function ensureProductCategoryId(db: Executor, name: string): Promise<string> {
  await db.insert(productCategories).values({ name }).onConflictDoNothing({ target: productCategories.name });
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.name, name));
  if (!row) throw new Error(`ensureProductCategoryId: ${name} missing after insert`);
  return row.id;
}

export async function categoryExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

/** The variants (colour, size) that some order has: they are kept, never deleted. */
export async function orderedVariants(db: Executor, productId: string): Promise<Set<string>> {
  const rows = await db
    .select({ color: orderItems.color, size: orderItems.size })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .groupBy(orderItems.color, orderItems.size);
  return new Set(rows.map((r) => `${r.color}|${r.size}`));
}

export type VariantWrite = Pick<
  VariantRow,
  'productId' | 'color' | 'size' | 'stock' | 'fulfilmentSku' | 'sellable'
> & {
  updatedAt: Date;
};

/** Rows per statement: 7 parameters each, and PostgreSQL takes at most 65,535 in one statement (an import). */
const VARIANTS_PER_UPSERT = 5000;

/** Creates or updates variants by product, colour and size; the products must be locked already. */
export async function upsertVariants(db: Executor, rows: VariantWrite[]): Promise<void> {
  for (let start = 0; start < rows.length; start += VARIANTS_PER_UPSERT) {
    await db
      .insert(productVariants)
      .values(rows.slice(start, start + VARIANTS_PER_UPSERT))
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.color, productVariants.size],
        set: {
          stock: sql`excluded.stock`,
          fulfilmentSku: sql`excluded.fulfilment_sku`,
          sellable: sql`excluded.sellable`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

export async function deleteVariant(db: Executor, id: string): Promise<void> {
  await db.delete(productVariants).where(eq(productVariants.id, id));
}

/** One image of a product's gallery, with what its URL and alt text are made of. */
export interface ProductImageRow {
  color: string;
  position: number;
  mediaId: string;
  key: string;
  widths: number[];
  alt: string;
}

/** The product's gallery, colour by colour (by code), in position order. */
export function listProductImages(db: Executor, productId: string): Promise<ProductImageRow[]> {
  return db
    .select({
      color: productImages.color,
      position: productImages.position,
      mediaId: media.id,
      key: media.key,
      widths: media.widths,
      alt: media.alt,
    })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.color), asc(productImages.position));
}

/** The media rows among `ids` that exist, with their alt text. */
export async function findMedia(db: Executor, ids: string[]): Promise<Map<string, { alt: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: media.id, alt: media.alt }).from(media).where(inArray(media.id, ids));
  return new Map(rows.map((r) => [r.id, { alt: r.alt }]));
}

/** Replaces the product's whole gallery: `images` in order within each colour. */
export async function replaceProductImages(
  db: Executor,
  productId: string,
  images: { color: string; mediaId: string }[],
): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  const position = new Map<string, number>();
  const rows = images.map((image) => {
    const next = position.get(image.color) ?? 0;
    position.set(image.color, next + 1);
    return { productId, color: image.color, position: next, mediaId: image.mediaId };
  });
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function updateMediaAlt(db: Executor, id: string, alt: string): Promise<void> {
  await db.update(media).set({ alt }).where(eq(media.id, id));
}
