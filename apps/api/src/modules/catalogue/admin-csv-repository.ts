// SQL of the product CSV (docs/admin.md#csv-import-and-export). Set-based: an import of ten thousand products
// reads each table once and writes each in one statement, instead of a handful of statements per product.
import { categories, productCategories, productVariants, products } from '@rangrez/db/schema';
import { type SQLChunk, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { type PgTable, alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';
import type { ProductRow } from '../../lib/product-row.ts';
import type { ProductInsert, VariantRow, VariantWrite } from './admin-repository.ts';

const grp = alias(categories, 'grp');

/**
 * The product columns an import sets on a product it matched: every one a CSV column decides, and the colours and
 * sizes its variants decide. A column the CSV gains is added here too; the read, the update and the row's type
 * follow.
 */
const IMPORTED_PRODUCT_KEYS = [
  'name',
  'sku',
  'pricePaise',
  'mrpRule',
  'mrpValuePaise',
  'description',
  'details',
  'addInfo',
  'categoryId',
  'productCategoryId',
  'hsnCode',
  'tags',
  'isActive',
  'seoTitle',
  'seoDescription',
  'colors',
  'sizes',
] as const satisfies readonly (keyof ProductRow)[];
type ImportedKey = (typeof IMPORTED_PRODUCT_KEYS)[number];

/** The fields an import sets on a product it matched. */
export type ImportedProductFields = Pick<ProductRow, ImportedKey | 'id'>;

/** A product as the CSV shows it: its own fields and the names of its category, group and garment type. */
export type CsvProductRecord = Pick<ProductRow, ImportedKey | 'id' | 'slug' | 'archivedAt'> & {
  categoryName: string;
  groupName: string | null;
  productCategoryName: string | null;
};

const importedColumns = Object.fromEntries(IMPORTED_PRODUCT_KEYS.map((key) => [key, products[key]])) as {
  [K in ImportedKey]: (typeof products)[K];
};

const csvProductColumns = {
  id: products.id,
  slug: products.slug,
  archivedAt: products.archivedAt,
  ...importedColumns,
  categoryName: categories.name,
  groupName: grp.name,
  productCategoryName: productCategories.name,
};

const csvProducts = (db: Executor) =>
  db
    .select(csvProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(grp, eq(grp.id, categories.parentId))
    .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId));

/** A variant as the CSV shows it: no id or timestamps, which 100,000 rows would carry for nothing. */
export type CsvVariantRecord = Pick<
  VariantRow,
  'productId' | 'color' | 'size' | 'stock' | 'fulfilmentSku' | 'sellable'
>;

/** Every product that is not archived, by name: what the export lists. */
export function listProductsForExport(db: Executor): Promise<CsvProductRecord[]> {
  return csvProducts(db).where(isNull(products.archivedAt)).orderBy(asc(products.name), asc(products.id));
}

const v = productVariants;
/** The variant columns the CSV reads, named as CsvVariantRecord names them. */
const csvVariantSelect = sql`${v.productId} as "productId", ${v.color} as "color", ${v.size} as "size",
  ${v.stock} as "stock", ${v.fulfilmentSku} as "fulfilmentSku", ${v.sellable} as "sellable"`;

/**
 * The variants of every product that is not archived. Read as the driver's rows: at 100,000 variants, mapping each
 * row through the query builder took as long again as reading it.
 */
export async function listVariantsForExport(db: Executor): Promise<CsvVariantRecord[]> {
  const result = await db.execute<CsvVariantRecord>(sql`
    select ${csvVariantSelect} from ${v}
      join ${products} on ${products.id} = ${v.productId}
     where ${products.archivedAt} is null`);
  return result.rows;
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

export async function listVariantsOf(db: Executor, productIds: string[]): Promise<CsvVariantRecord[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute<CsvVariantRecord>(sql`
    select ${csvVariantSelect} from ${v} where ${v.productId} = any(${sql.param(productIds)}::uuid[])`);
  return result.rows;
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

// The writes pass their rows as one JSON parameter, read back by jsonb_to_recordset with the table's own column
// types: one statement whatever the number of rows (a statement binds at most 65,535 parameters), and no SQL
// built per row, which at 100,000 variants cost more than the database's work. The rows are serialized as they
// are, keyed by their field names; keys they have beyond `keys` are not read.

/** `rows` as a record set `v` of the fields `keys`, and the table's columns those fields are. */
function recordset<T extends object>(table: PgTable, keys: readonly (keyof T & string)[], rows: T[]) {
  const columns = getTableColumns(table);
  const fields = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`recordset: ${key} is not a column of the table`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const list = (items: SQLChunk[]) => sql.join(items, sql`, `);
  return {
    from: sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${list(
      fields.map((f) => sql`${sql.identifier(f.key)} ${sql.raw(f.type)}`),
    )})`,
    /** The table's columns, for an insert's column list. */
    columns: list(fields.map((f) => sql.identifier(f.name))),
    /** The record set's values, in the same order. */
    values: list(fields.map((f) => sql`v.${sql.identifier(f.key)}`)),
    /** `column = v.field` for each but the first field (the key the rows are matched by). */
    set: list(fields.slice(1).map((f) => sql`${sql.identifier(f.name)} = v.${sql.identifier(f.key)}`)),
  };
}

export async function insertProducts(db: Executor, rows: ProductInsert[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const v = recordset(products, Object.keys(first) as (keyof ProductInsert & string)[], rows);
  await db.execute(sql`insert into ${products} (${v.columns}) select ${v.values} from ${v.from}`);
}

/**
 * Sets the given products' fields in one statement. Each row carries all its fields, changed or not: the
 * products are locked, so the unchanged ones are written back as they are.
 */
export async function updateProducts(db: Executor, rows: ImportedProductFields[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const v = recordset(products, ['id', ...IMPORTED_PRODUCT_KEYS], rows);
  await db.execute(sql`
    update ${products} as p set ${v.set}, updated_at = ${now}
      from ${v.from}
     where p.id = v."id"`);
}

const VARIANT_WRITE_KEYS = [
  'productId',
  'color',
  'size',
  'stock',
  'fulfilmentSku',
  'sellable',
  'updatedAt',
] as const satisfies readonly (keyof VariantWrite)[];

/**
 * Creates or updates variants by product, colour and size in one statement; the products must be locked already.
 * The stock triggers then recount each touched product once (docs/decisions/024-stock-per-variant.md).
 */
export async function upsertVariantsInBulk(db: Executor, rows: VariantWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const v = recordset(productVariants, VARIANT_WRITE_KEYS, rows);
  await db.execute(sql`
    insert into ${productVariants} (${v.columns}) select ${v.values} from ${v.from}
    on conflict (product_id, color, size) do update set
      stock = excluded.stock, fulfilment_sku = excluded.fulfilment_sku, sellable = excluded.sellable,
      updated_at = excluded.updated_at`);
}
