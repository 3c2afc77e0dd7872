// SQL of the product CSV (docs/admin.md#csv-import-and-export). Set-based: an import of ten thousand products
// reads each table a few times and writes each in a few statements, instead of a handful of statements per
// product. The import's other writes are the product calls' own (admin-repository.ts).
import { categories, productCategories, productVariants, products } from '@rangrez/db/schema';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';
import type { ProductRow } from '../../lib/product-row.ts';
import type { ProductInsert, VariantRow } from './admin-repository.ts';

const grp = alias(categories, 'grp');

/** A product as the CSV shows it: its own fields and the names of its category, group and garment type. */
export interface CsvProductRecord {
  id: string;
  slug: string;
  name: string;
  sku: string;
  pricePaise: number;
  mrpRule: ProductRow['mrpRule'];
  mrpValuePaise: number;
  description: string;
  details: string[];
  categoryId: string;
  categoryName: string;
  groupName: string | null;
  productCategoryId: string | null;
  productCategoryName: string | null;
  hsnCode: string;
  tags: string[];
  isActive: boolean;
  archivedAt: Date | null;
  colors: string[];
  sizes: string[];
  stock: number;
}

const csvProductColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  sku: products.sku,
  pricePaise: products.pricePaise,
  mrpRule: products.mrpRule,
  mrpValuePaise: products.mrpValuePaise,
  description: products.description,
  details: products.details,
  categoryId: products.categoryId,
  categoryName: categories.name,
  groupName: grp.name,
  productCategoryId: products.productCategoryId,
  productCategoryName: productCategories.name,
  hsnCode: products.hsnCode,
  tags: products.tags,
  isActive: products.isActive,
  archivedAt: products.archivedAt,
  colors: products.colors,
  sizes: products.sizes,
  stock: products.stock,
};

const csvProducts = (db: Executor) =>
  db
    .select(csvProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(grp, eq(grp.id, categories.parentId))
    .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId));

/** Every product that is not archived, by name: what the export lists. */
export function listProductsForExport(db: Executor): Promise<CsvProductRecord[]> {
  return csvProducts(db).where(isNull(products.archivedAt)).orderBy(asc(products.name), asc(products.id));
}

/** The variants of every product that is not archived. */
export function listVariantsForExport(db: Executor): Promise<VariantRow[]> {
  return db
    .select({ variant: productVariants })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isNull(products.archivedAt))
    .then((rows) => rows.map((r) => r.variant));
}

/**
 * The products with these slugs, archived or not. With `lock`, their rows are locked for the rest of the
 * transaction, in id order as orders lock theirs, before any of their variants is read or written.
 */
export function findProductsBySlug(
  db: Executor,
  slugs: string[],
  { lock }: { lock: boolean },
): Promise<CsvProductRecord[]> {
  const query = csvProducts(db)
    .where(sql`${products.slug} = any(${sql.param(slugs)}::text[])`)
    .orderBy(asc(products.id));
  return lock ? query.for('update', { of: products }) : query;
}

export function listVariantsOf(db: Executor, productIds: string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productVariants)
    .where(sql`${productVariants.productId} = any(${sql.param(productIds)}::uuid[])`);
}

/** Which products hold these SKUs (a SKU is unique across products, archived ones included). */
export function findSkuOwners(db: Executor, skus: string[]): Promise<{ id: string; sku: string }[]> {
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(sql`${products.sku} = any(${sql.param(skus)}::text[])`);
}

/** Every category with its group's name, for matching the file's category and group columns. */
export function listCategoriesWithGroups(
  db: Executor,
): Promise<{ id: string; name: string; groupName: string | null }[]> {
  return db
    .select({ id: categories.id, name: categories.name, groupName: grp.name })
    .from(categories)
    .leftJoin(grp, eq(grp.id, categories.parentId));
}

/** Rows per INSERT: each binds one parameter per column, and PostgreSQL takes at most 65,535 per statement. */
const PRODUCTS_PER_INSERT = 1000;

export async function insertProducts(db: Executor, rows: ProductInsert[]): Promise<void> {
  for (let start = 0; start < rows.length; start += PRODUCTS_PER_INSERT) {
    await db.insert(products).values(rows.slice(start, start + PRODUCTS_PER_INSERT));
  }
}

/** The fields an import sets on a product it matched: every one the file can carry, and what follows from them. */
export type ImportedProductFields = Pick<
  ProductInsert,
  | 'name'
  | 'sku'
  | 'pricePaise'
  | 'mrpRule'
  | 'mrpValuePaise'
  | 'description'
  | 'details'
  | 'categoryId'
  | 'productCategoryId'
  | 'hsnCode'
  | 'tags'
  | 'isActive'
  | 'colors'
  | 'sizes'
> & { id: string };

/**
 * Sets the given products' fields in one statement, the rows passed as one JSON parameter (no limit on their
 * number). Each row carries all its fields, changed or not: the products are locked, so the unchanged ones are
 * written back as they are.
 */
export async function updateProducts(db: Executor, rows: ImportedProductFields[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      sku: r.sku,
      price_paise: r.pricePaise,
      mrp_rule: r.mrpRule,
      mrp_value_paise: r.mrpValuePaise,
      description: r.description,
      details: r.details,
      category_id: r.categoryId,
      product_category_id: r.productCategoryId,
      hsn_code: r.hsnCode,
      tags: r.tags,
      is_active: r.isActive,
      colors: r.colors,
      sizes: r.sizes,
    })),
  );
  await db.execute(sql`
    update ${products} as p set
      name = v.name, sku = v.sku, price_paise = v.price_paise, mrp_rule = v.mrp_rule,
      mrp_value_paise = v.mrp_value_paise, description = v.description, details = v.details, category_id = v.category_id, product_category_id = v.product_category_id, hsn_code = v.hsn_code,
      tags = v.tags, is_active = v.is_active, colors = v.colors, sizes = v.sizes, updated_at = ${now}
    from jsonb_to_recordset(${json}::jsonb) as v(
      id uuid, name text, sku text, price_paise integer, mrp_rule text, mrp_value_paise integer, description text,
      details text[], category_id uuid,
      product_category_id uuid, hsn_code text, tags text[], is_active boolean, colors text[], sizes text[]
    )
    where p.id = v.id`);
}
