// Seeds the demo catalogue into an empty store: collections, the 13 garment types with size charts, products
// with per-colour mock-ups, related products, reviews and hero slides. Fast enough for the first `npm start`:
// originals are SVG (no raster work here), variants are rendered on demand or warmed afterwards.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { productSlug } from '@rangrez/contract/rules';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import type { DbExecutor } from '../factories/executor.ts';
import { buildUser } from '../factories/users.ts';
import { type MediaRow, ingestOriginals } from '../media/originals.ts';
import {
  categories,
  productCategories,
  productImages,
  productRelations,
  productVariants,
  products,
  reviews,
  slides,
  users,
} from '../schema.ts';
import { renderArt } from './artwork.ts';
import { type CataloguePlan, planDemoCatalogue } from './plan.ts';

export type SeedPhase = 'art' | 'collections' | 'products' | 'images' | 'relations' | 'reviews' | 'slides';

export interface SeedOptions {
  /** Where originals (and later variants) are stored. */
  mediaDir: string;
  /** Number of products (default 80). */
  products?: number;
  /** PRNG seed (default 'rangrez-demo'): same seed and options, same catalogue. */
  seed?: number | string;
  /** Anchor for createdAt values (default now). */
  now?: Date;
  onProgress?: (done: number, total: number, phase: SeedPhase) => void;
  /**
   * Write the made-up reviews (default true). They are demo content only: a store with SEED_DEMO off that seeds
   * a catalogue from the command line (for a benchmark) gets no invented testimonials.
   */
  reviews?: boolean;
}

export interface SeedCounts {
  groups: number;
  subCategories: number;
  productCategories: number;
  products: number;
  productImages: number;
  relations: number;
  reviews: number;
  reviewers: number;
  slides: number;
  originals: number;
}

export interface SeedResult {
  seeded: boolean;
  message: string;
  counts: SeedCounts;
  durationMs: number;
  /** Originals the catalogue uses, to hand to warmVariants after seeding. */
  media: MediaRow[];
}

// Instances starting together against one empty database must not both seed it.
const SEED_LOCK_KEY = createHash('sha256').update('rangrez:seed-demo-catalogue').digest().readBigInt64BE(0);

const ZERO: SeedCounts = {
  groups: 0,
  subCategories: 0,
  productCategories: 0,
  products: 0,
  productImages: 0,
  relations: 0,
  reviews: 0,
  reviewers: 0,
  slides: 0,
  originals: 0,
};

async function hasProducts(db: DbExecutor): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .limit(1);
  return rows.length > 0;
}

/**
 * Multi-row insert through unnest(): a handful of array parameters instead of one parameter per value, which is
 * several times faster than a VALUES list for the tens of thousands of narrow rows (images, relations, reviews)
 * a large catalogue has.
 */
function insertUnnest(
  tx: DbExecutor,
  table: PgTable,
  columns: readonly { column: PgColumn; type: string; values: readonly unknown[] }[],
) {
  return tx.execute(
    sql`insert into ${table} (${sql.join(
      columns.map((c) => sql.identifier(c.column.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(
      columns.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`),
      sql`, `,
    )})`,
  );
}

async function inBatches<T>(
  rows: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<unknown>,
  progress?: (done: number, total: number) => void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    await write(batch);
    progress?.(i + batch.length, rows.length);
  }
  if (rows.length === 0) progress?.(0, 0);
}

/**
 * Seeds the demo catalogue unless the store already has products (then it does nothing and says so). The
 * catalogue is written in one transaction, with multi-row inserts: a crash leaves the store empty rather than
 * half-seeded, so the next start simply tries again.
 */
export async function seedDemoCatalogue(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const skipped = (): SeedResult => ({
    seeded: false,
    message: 'The store already has products; the demo catalogue was not seeded.',
    counts: ZERO,
    durationMs: Math.round(performance.now() - started),
    media: [],
  });
  if (await hasProducts(db)) return skipped();

  const total = options.products ?? 80;
  if (!Number.isInteger(total) || total < 0)
    throw new RangeError(`products must be a whole number, got ${total}`);
  const planned = planDemoCatalogue({ products: total, seed: options.seed, now: options.now });
  const plan = options.reviews === false ? { ...planned, reviewers: [], reviews: [] } : planned;
  const progress = options.onProgress;

  // One transaction under an advisory lock, media included: instances starting together on one empty database
  // wait for each other instead of both upserting the same media rows (concurrent multi-row upserts of the same
  // keys can deadlock in PostgreSQL) and both writing a catalogue. Image files written before a rollback stay;
  // they are content-addressed, so the next attempt reuses them.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
    if (await hasProducts(tx)) return null;
    const mediaByArt = await ingestArt(tx, plan, options.mediaDir, progress);
    const mediaId = (art: string): string => {
      const row = mediaByArt.get(art);
      if (!row) throw new Error(`no media for ${art}`);
      return row.id;
    };
    const counts = await writeCatalogue(tx, plan, mediaId, progress);
    return { counts, mediaByArt };
  });
  if (!result) return skipped();
  const { counts, mediaByArt } = result;
  const media = [...new Map([...mediaByArt.values()].map((row) => [row.id, row])).values()];
  return {
    seeded: true,
    message: `Seeded ${counts.products} products in ${counts.subCategories} collections with ${media.length} generated images.`,
    counts: { ...counts, originals: media.length },
    durationMs: Math.round(performance.now() - started),
    media,
  };
}

async function ingestArt(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaDir: string,
  progress: SeedOptions['onProgress'],
): Promise<Map<string, MediaRow>> {
  const artIds = [...plan.art.keys()];
  const mediaByArt = new Map<string, MediaRow>();
  const chunk = 64;
  for (let i = 0; i < artIds.length; i += chunk) {
    const ids = artIds.slice(i, i + chunk);
    const rows = await ingestOriginals(
      tx,
      mediaDir,
      ids.map((id) => {
        const spec = plan.art.get(id);
        if (!spec) throw new Error(`unknown art ${id}`);
        const art = renderArt(spec);
        return {
          data: Buffer.from(art.svg),
          ext: 'svg' as const,
          alt: art.alt,
          widths: art.widths,
          generatedSize: art.size,
        };
      }),
    );
    rows.forEach((row, j) => mediaByArt.set(ids[j] as string, row));
    progress?.(Math.min(i + chunk, artIds.length), artIds.length, 'art');
  }
  return mediaByArt;
}

/** The media row's id of an art id (every art the plan uses has been ingested). */
type MediaIdOf = (art: string) => string;
type Progress = SeedOptions['onProgress'];

async function writeCatalogue(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaId: MediaIdOf,
  progress: Progress,
): Promise<SeedCounts> {
  const now = new Date();
  const { subIds, subCategories } = await writeCollections(tx, plan, mediaId, now);
  const typeRows = await tx
    .insert(productCategories)
    .values(plan.productCategories)
    .onConflictDoUpdate({ target: productCategories.name, set: { sizeChart: sql`excluded.size_chart` } })
    .returning({ id: productCategories.id, name: productCategories.name });
  const typeIds = new Map(typeRows.map((r) => [r.name, r.id]));
  progress?.(1, 1, 'collections');

  await writeProducts(tx, plan, mediaId, { subIds, typeIds }, progress);
  await writeVariants(tx, plan);
  const images = await writeImages(tx, plan, mediaId, progress);
  await inBatches(
    plan.relations,
    20_000,
    (batch) =>
      insertUnnest(tx, productRelations, [
        { column: productRelations.productId, type: 'uuid', values: batch.map((r) => r.productId) },
        { column: productRelations.relatedId, type: 'uuid', values: batch.map((r) => r.relatedId) },
        { column: productRelations.position, type: 'int', values: batch.map((r) => r.position) },
      ]),
    (done, total) => progress?.(done, total, 'relations'),
  );
  const written = await writeReviews(tx, plan, now, progress);
  await writeSlides(tx, plan, mediaId, progress);

  return {
    groups: plan.groups.length,
    subCategories,
    productCategories: typeRows.length,
    products: plan.products.length,
    productImages: images,
    relations: plan.relations.length,
    reviews: written.reviews,
    reviewers: written.reviewers,
    slides: plan.slides.length,
    originals: 0,
  };
}

/**
 * The collections: groups, then their sub-categories. Upserts, so a store that has collections but no products
 * yet keeps its ids. Returns the stored id of each planned sub-category and how many there are.
 */
async function writeCollections(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaId: MediaIdOf,
  now: Date,
): Promise<{ subIds: Map<string, string>; subCategories: number }> {
  const groupIds = new Map<string, string>();
  for (const group of plan.groups) {
    const [row] = await tx
      .insert(categories)
      .values({
        id: group.id,
        name: group.name,
        slug: group.slug,
        description: group.description,
        position: group.position,
        thumbnailId: mediaId(group.art),
      })
      .onConflictDoUpdate({
        target: [categories.parentId, categories.slug],
        set: {
          description: sql`excluded.description`,
          thumbnailId: sql`excluded.thumbnail_id`,
          updatedAt: now,
        },
      })
      .returning({ id: categories.id });
    if (!row) throw new Error(`no row for group ${group.name}`);
    groupIds.set(group.id, row.id);
  }
  const subIds = new Map<string, string>();
  const subRows = plan.groups.flatMap((group) =>
    group.subCategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      slug: sub.slug,
      description: sub.description,
      position: sub.position,
      parentId: groupIds.get(group.id) as string,
      thumbnailId: mediaId(sub.art),
    })),
  );
  for (const sub of subRows) {
    const [row] = await tx
      .insert(categories)
      .values(sub)
      .onConflictDoUpdate({
        target: [categories.parentId, categories.slug],
        set: {
          description: sql`excluded.description`,
          thumbnailId: sql`excluded.thumbnail_id`,
          updatedAt: now,
        },
      })
      .returning({ id: categories.id });
    if (!row) throw new Error(`no row for sub-category ${sub.name}`);
    subIds.set(sub.id, row.id);
  }
  return { subIds, subCategories: subRows.length };
}

/** The products, each in its stored sub-category (`subIds`) and garment type (`typeIds`, by name). */
async function writeProducts(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaId: MediaIdOf,
  { subIds, typeIds }: { subIds: Map<string, string>; typeIds: Map<string, string> },
  progress: Progress,
): Promise<void> {
  await inBatches(
    plan.products,
    500,
    (batch) =>
      tx.insert(products).values(
        batch.map((p) => ({
          id: p.id,
          name: p.name,
          slug: productSlug(p.name, p.id),
          sku: p.sku,
          pricePaise: p.pricePaise,
          stock: p.stock,
          sizes: p.sizes,
          colors: p.colors,
          imageId: p.images[0] ? mediaId(p.images[0].art) : null,
          details: p.details,
          description: p.description,
          addInfo: p.addInfo,
          categoryId: subIds.get(p.categoryId) as string,
          productCategoryId: typeIds.get(p.garmentType) ?? null,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      ),
    (done, total) => progress?.(done, total, 'products'),
  );
}

/**
 * Every colour x size of every product, its planned stock spread over them as the stock-per-variant migration
 * spread existing stock (spreadStock): the product's stock, and so its stock label, is what the plan says.
 */
async function writeVariants(tx: DbExecutor, plan: CataloguePlan): Promise<void> {
  const rows = plan.products.flatMap((p) => {
    const shares = spreadStock(p.stock, p.colors.length * p.sizes.length);
    return p.colors.flatMap((color, c) =>
      p.sizes.map((size, s) => ({
        productId: p.id,
        color,
        size,
        stock: shares[c * p.sizes.length + s] ?? 0,
      })),
    );
  });
  await inBatches(rows, 5000, (batch) =>
    insertUnnest(tx, productVariants, [
      { column: productVariants.productId, type: 'uuid', values: batch.map((r) => r.productId) },
      { column: productVariants.color, type: 'text', values: batch.map((r) => r.color) },
      { column: productVariants.size, type: 'text', values: batch.map((r) => r.size) },
      { column: productVariants.stock, type: 'integer', values: batch.map((r) => r.stock) },
    ]),
  );
}

/**
 * `stock` units over `variants` variants in listing order: each gets the whole share, the remainder goes one unit
 * each to the first ones (as migration 0005 spread existing stock; docs/decisions/024-stock-per-variant.md).
 */
export function spreadStock(stock: number, variants: number): number[] {
  if (variants <= 0) return [];
  const share = Math.floor(stock / variants);
  const rest = stock % variants;
  return Array.from({ length: variants }, (_, i) => share + (i < rest ? 1 : 0));
}

/** Every product's per-colour images; returns how many. */
async function writeImages(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaId: MediaIdOf,
  progress: Progress,
): Promise<number> {
  const imageRows = plan.products.flatMap((p) =>
    p.images.map((img) => ({
      productId: p.id,
      color: img.color,
      position: img.position,
      mediaId: mediaId(img.art),
    })),
  );
  await inBatches(
    imageRows,
    20_000,
    (batch) =>
      insertUnnest(tx, productImages, [
        { column: productImages.productId, type: 'uuid', values: batch.map((r) => r.productId) },
        { column: productImages.color, type: 'text', values: batch.map((r) => r.color) },
        { column: productImages.position, type: 'int', values: batch.map((r) => r.position) },
        { column: productImages.mediaId, type: 'uuid', values: batch.map((r) => r.mediaId) },
      ]),
    (done, total) => progress?.(done, total, 'images'),
  );
  return imageRows.length;
}

/** The reviewers, then their reviews; returns how many of each. */
async function writeReviews(
  tx: DbExecutor,
  plan: CataloguePlan,
  now: Date,
  progress: Progress,
): Promise<{ reviews: number; reviewers: number }> {
  if (plan.reviews.length === 0) return { reviews: 0, reviewers: 0 };
  // Reviewers: shoppers without passwords (they cannot sign in). Upsert by e-mail so re-seeding after a wipe of
  // products only reuses them.
  const reviewerRows = await tx
    .insert(users)
    .values(
      plan.reviewers.map((r) =>
        buildUser({ ...r, phone: '', addressStreet: '', addressPincode: '', addressDoorNo: '' }),
      ),
    )
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: now } })
    .returning({ id: users.id, email: users.email });
  const reviewerIds = new Map(reviewerRows.map((r) => [r.email, r.id]));
  const reviewRows = plan.reviews.map((r) => ({
    productId: r.productId,
    userId: reviewerIds.get(plan.reviewers[r.reviewer]?.email ?? '') as string,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
  }));
  await inBatches(
    reviewRows,
    20_000,
    (batch) =>
      insertUnnest(tx, reviews, [
        { column: reviews.productId, type: 'uuid', values: batch.map((r) => r.productId) },
        { column: reviews.userId, type: 'uuid', values: batch.map((r) => r.userId) },
        { column: reviews.rating, type: 'smallint', values: batch.map((r) => r.rating) },
        { column: reviews.comment, type: 'text', values: batch.map((r) => r.comment) },
        { column: reviews.createdAt, type: 'timestamptz', values: batch.map((r) => r.createdAt) },
        { column: reviews.updatedAt, type: 'timestamptz', values: batch.map((r) => r.createdAt) },
        // Made-up content: shown (approved) but never as from a verified buyer.
        { column: reviews.isDemo, type: 'boolean', values: batch.map(() => true) },
        { column: reviews.status, type: 'text', values: batch.map(() => 'approved') },
      ]),
    (done, total) => progress?.(done, total, 'reviews'),
  );
  return { reviews: reviewRows.length, reviewers: reviewerRows.length };
}

async function writeSlides(
  tx: DbExecutor,
  plan: CataloguePlan,
  mediaId: MediaIdOf,
  progress: Progress,
): Promise<void> {
  await tx.insert(slides).values(
    plan.slides.map((s) => ({
      title: s.title,
      subtitle: s.subtitle,
      cta: s.cta,
      ctaLink: s.ctaLink,
      isActive: s.isActive,
      position: s.position,
      desktopId: mediaId(s.desktop),
      mobileId: mediaId(s.mobile),
    })),
  );
  progress?.(plan.slides.length, plan.slides.length, 'slides');
}
