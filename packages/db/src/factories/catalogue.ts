import { randomUUID } from 'node:crypto';
import { productSlug, toSlug } from '@rangrez/contract/rules';
import { and, eq } from 'drizzle-orm';
import {
  categories,
  productCategories,
  productImages,
  productRelations,
  productVariants,
  products,
  reviews,
} from '../schema.ts';
import { GARMENTS, sizeChartFor, sizesFor } from '../seed/catalogue-data.ts';
import type { DbExecutor } from './executor.ts';
import { createMedia } from './media.ts';
import { nextNumber, uniqueSuffix } from './unique.ts';
import { createUser } from './users.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryInsert = typeof categories.$inferInsert;
export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type ProductCategoryInsert = typeof productCategories.$inferInsert;
export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type ProductImageRow = typeof productImages.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewInsert = typeof reviews.$inferInsert;

async function insertOne<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`${what}: no row returned`);
  return row;
}

// ---------------------------------------------------------------- categories

/** A top-level collection group ('Men', 'Women', 'Newly Added' in the demo data). */
export function createCategoryGroup(
  db: DbExecutor,
  overrides: Partial<CategoryInsert> = {},
): Promise<CategoryRow> {
  const name = overrides.name ?? `Test Group ${uniqueSuffix()}`;
  return insertOne(
    db
      .insert(categories)
      .values({ name, slug: toSlug(name), description: `${name} collection`, ...overrides, parentId: null })
      .returning(),
    'createCategoryGroup',
  );
}

/** A sub-category (a garment type in Title Case, e.g. 'Oversized T-Shirt'); creates a group when none is given. */
export async function createSubCategory(
  db: DbExecutor,
  overrides: Partial<CategoryInsert> = {},
): Promise<CategoryRow> {
  const parentId = overrides.parentId ?? (await createCategoryGroup(db)).id;
  const name = overrides.name ?? `Test Sub Category ${uniqueSuffix()}`;
  return insertOne(
    db
      .insert(categories)
      .values({ name, slug: toSlug(name), description: `${name} for everyday wear`, ...overrides, parentId })
      .returning(),
    'createSubCategory',
  );
}

/**
 * A garment type with its size chart. Names are unique and there are only 13 real ones, so asking for an existing
 * name returns the existing row instead of failing (several products in one test share a garment type).
 */
export async function createProductCategory(
  db: DbExecutor,
  overrides: Partial<ProductCategoryInsert> = {},
): Promise<ProductCategoryRow> {
  const name = overrides.name ?? 'Oversized T-shirt';
  const def = Object.values(GARMENTS).find((g) => g.type === name);
  const values = { name, sizeChart: def ? sizeChartFor(def) : [], ...overrides };
  return insertOne(
    db
      .insert(productCategories)
      .values(values)
      .onConflictDoUpdate({ target: productCategories.name, set: { name: values.name } })
      .returning(),
    'createProductCategory',
  );
}

// ---------------------------------------------------------------- products

/** Insert values for a product; categoryId must be given (createProduct creates one when missing). */
export function buildProduct(overrides: Partial<ProductInsert> & { categoryId: string }): ProductInsert {
  const n = nextNumber();
  const id = overrides.id ?? randomUUID();
  return {
    id,
    slug: productSlug(overrides.name ?? `test-oversized-tee-${n}`, id),
    name: `Test Oversized Tee ${n}`,
    sku: `TST-${uniqueSuffix().toUpperCase()}`,
    pricePaise: 79_900,
    stock: 25,
    sizes: sizesFor(GARMENTS['Oversized T-shirt']),
    colors: ['Bk', 'Wh'],
    details: ['100% Cotton', '240 GSM', 'Oversized fit', 'Made in India'],
    description:
      'A heavyweight oversized tee for everyday wear. Printed in India on demand. Machine wash cold, inside out.',
    addInfo: 'Country of origin: India',
    ...overrides,
  };
}

export interface CreateProductOptions {
  /**
   * Also create file-less media rows: `perColour` gallery images for every colour, and the first one as the main
   * image. Off by default, so product tests stay fast.
   */
  images?: boolean | { perColour: number };
}

/**
 * A product with valid defaults: price in paise, sizes S-XXL, colours Bk and Wh, and every colour x size a variant
 * holding `stock` units (25 unless given), so the product's stock is that times the number of variants. Creates a
 * sub-category
 * (and its group) when no categoryId is given, and uses the 'Oversized T-shirt' garment type unless
 * productCategoryId is given (pass null for a product without a size chart).
 */
export async function createProduct(
  db: DbExecutor,
  overrides: Partial<ProductInsert> = {},
  options: CreateProductOptions = {},
): Promise<ProductRow> {
  const categoryId = overrides.categoryId ?? (await createSubCategory(db)).id;
  const productCategoryId =
    overrides.productCategoryId !== undefined
      ? overrides.productCategoryId
      : (await createProductCategory(db)).id;
  const inserted = await insertOne(
    db
      .insert(products)
      // The product's stock is its variants' sum, set by the database once they exist.
      .values(buildProduct({ ...overrides, stock: 0, categoryId, productCategoryId }))
      .returning(),
    'createProduct',
  );
  const product = await createVariants(db, inserted, overrides.stock ?? 25);
  if (!options.images) return product;
  const perColour = options.images === true ? 2 : options.images.perColour;
  const images = await createProductImages(db, product.id, product.colors, perColour);
  const main = images[0];
  if (!main) return product;
  return insertOne(
    db.update(products).set({ imageId: main.mediaId }).where(eq(products.id, product.id)).returning(),
    'createProduct',
  );
}

/** Every colour x size of the product as a sellable variant with `stock` units; answers the product as it now is. */
export async function createVariants(
  db: DbExecutor,
  product: ProductRow,
  stock: number,
): Promise<ProductRow> {
  const rows = product.colors.flatMap((color) =>
    product.sizes.map((size) => ({ productId: product.id, color, size, stock })),
  );
  if (rows.length > 0) await db.insert(productVariants).values(rows);
  return insertOne(db.select().from(products).where(eq(products.id, product.id)), 'createVariants');
}

/** The stock of one variant (tests read what an order took from it). */
export async function variantStock(
  db: DbExecutor,
  productId: string,
  color: string,
  size: string,
): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      ),
    );
  if (!row) throw new Error(`variantStock: no variant ${color}/${size} of ${productId}`);
  return row.stock;
}

/** `perColour` file-less images for each colour, in gallery order. */
export async function createProductImages(
  db: DbExecutor,
  productId: string,
  colors: readonly string[],
  perColour = 2,
): Promise<ProductImageRow[]> {
  const values: (typeof productImages.$inferInsert)[] = [];
  for (const color of colors) {
    for (let position = 0; position < perColour; position++) {
      const mediaRow = await createMedia(db, { alt: `${color} view ${position + 1}` });
      values.push({ productId, color, position, mediaId: mediaRow.id });
    }
  }
  if (values.length === 0) return [];
  return db.insert(productImages).values(values).returning();
}

export async function relateProducts(
  db: DbExecutor,
  productId: string,
  relatedIds: readonly string[],
): Promise<void> {
  if (relatedIds.length === 0) return;
  await db
    .insert(productRelations)
    .values(relatedIds.map((relatedId, position) => ({ productId, relatedId, position })));
}

// ---------------------------------------------------------------- reviews

/**
 * A review (rating 4 by default) written like the demo seed's: demo content, approved. Pass `isDemo: false` and
 * a `status` for a shopper's review. Creates the product and the reviewer when not given.
 */
export async function createReview(
  db: DbExecutor,
  overrides: Partial<ReviewInsert> = {},
): Promise<ReviewRow> {
  const productId = overrides.productId ?? (await createProduct(db)).id;
  const userId = overrides.userId ?? (await createUser(db)).id;
  return insertOne(
    db
      .insert(reviews)
      .values({
        rating: 4,
        comment: 'Great fit and the print is sharp.',
        isDemo: true,
        status: 'approved',
        ...overrides,
        productId,
        userId,
      })
      .returning(),
    'createReview',
  );
}
