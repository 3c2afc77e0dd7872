// Categories and garment types as the back office edits them: each category with its product count, and the
// size chart of each garment type.
import { type SizeChartRowRecord, categories, media, productCategories, products } from '@rangrez/db/schema';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type CategoryInsert = typeof categories.$inferInsert;

export interface AdminCategoryRecord {
  id: string;
  name: string;
  slug: string;
  description: string;
  position: number;
  parentId: string | null;
  thumbnailId: string | null;
  /** The thumbnail's media key and rendered widths, null without one. */
  thumbnailKey: string | null;
  thumbnailWidths: number[] | null;
  /** Products filed directly under this category. */
  ownProducts: number;
  updatedAt: Date;
}

const productCounts = (db: Executor) =>
  db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .groupBy(products.categoryId)
    .as('product_counts');

/** Every category, groups and sub-categories alike, in position then name order. */
export async function listAdminCategories(db: Executor): Promise<AdminCategoryRecord[]> {
  const counts = productCounts(db);
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      position: categories.position,
      parentId: categories.parentId,
      thumbnailId: categories.thumbnailId,
      thumbnailKey: media.key,
      thumbnailWidths: media.widths,
      ownProducts: sql<number>`coalesce(${counts.n}, 0)::int`,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .leftJoin(media, eq(media.id, categories.thumbnailId))
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findCategory(db: Executor, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

/** Locks the category's row until the transaction ends, so a delete cannot race a product filed under it. */
export async function lockCategory(db: Executor, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).for('update');
  return row ?? null;
}

/** Locks one list of siblings (the groups, or one group's sub-categories) for a reorder; their ids in menu order. */
export async function lockSiblings(db: Executor, parentId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.position), asc(categories.name))
    .for('update');
  return rows.map((r) => r.id);
}

/** Each category of `ids` at its index as its position; rows already there are left alone. */
export async function setCategoryPositions(db: Executor, ids: string[]): Promise<void> {
  await db.execute(sql`
    update categories set position = o.ord - 1, updated_at = now()
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) with ordinality as o(id, ord)
    where categories.id = o.id and categories.position <> o.ord - 1`);
}

export async function countChildren(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return row?.n ?? 0;
}

export async function countProductsIn(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

/** The position after the last sibling: a new category goes last unless told otherwise. */
export async function nextPosition(db: Executor, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${categories.position}) + 1, 0)::int` })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return row?.n ?? 0;
}

export async function insertCategory(db: Executor, values: CategoryInsert) {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('insertCategory: no row');
  return row.id;
}

export async function updateCategory(db: Executor, id: string, values: Partial<CategoryInsert>) {
  await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id));
}

export async function deleteCategory(db: Executor, id: string) {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function listSizeCharts(db: Executor) {
  return db
    .select({ name: productCategories.name, sizeChart: productCategories.sizeChart })
    .from(productCategories);
}

/** Sets a garment type's chart, adding the type when the store has no row for it yet; the chart before. */
export async function upsertSizeChart(
  db: Executor,
  name: string,
  rows: SizeChartRowRecord[],
): Promise<SizeChartRowRecord[] | null> {
  const [before] = await db
    .select({ sizeChart: productCategories.sizeChart })
    .from(productCategories)
    .where(eq(productCategories.name, name))
    .for('update');
  await db
    .insert(productCategories)
    .values({ name, sizeChart: rows })
    .onConflictDoUpdate({ target: productCategories.name, set: { sizeChart: rows } });
  return before?.sizeChart ?? null;
}
