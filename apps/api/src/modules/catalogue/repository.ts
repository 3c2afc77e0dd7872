// Catalogue SQL. Every list is one statement (joins and window functions, no per-row queries).
import {
  categories,
  media,
  productCategories,
  productImages,
  productRelations,
  productReviewStats,
  productVariants,
  products,
  reviews,
  slides,
  users,
} from '@rangrez/db/schema';
import { type SQL, and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type SelectedFields, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db.ts';
import type { ProductImageRecord } from '../../lib/product-image.ts';
import type { ProductRow } from '../../lib/product-row.ts';
import { type PhotoRecord, photoRecords } from '../../lib/review-photos.ts';
import { type NewlyAdded, groupCondition } from './newly-added.ts';

const grp = alias(categories, 'grp');
const slideDesktop = alias(media, 'slide_desktop');
const slideMobile = alias(media, 'slide_mobile');

// ---------------------------------------------------------------- collections

export async function listGroupsWithSubcategories(db: Db) {
  return db
    .select({
      groupName: grp.name,
      groupPosition: grp.position,
      id: categories.id,
      name: categories.name,
      description: categories.description,
      thumbnailKey: media.key,
    })
    .from(categories)
    .innerJoin(grp, eq(categories.parentId, grp.id))
    .leftJoin(media, eq(categories.thumbnailId, media.id))
    .where(isNull(grp.parentId))
    .orderBy(asc(grp.position), asc(grp.name), asc(categories.position), asc(categories.name));
}

// ---------------------------------------------------------------- slides

const slideColumns = {
  id: slides.id,
  title: slides.title,
  subtitle: slides.subtitle,
  cta: slides.cta,
  ctaLink: slides.ctaLink,
  isActive: slides.isActive,
  startsAt: slides.startsAt,
  endsAt: slides.endsAt,
  desktopKey: slideDesktop.key,
  desktopWidths: slideDesktop.widths,
  mobileKey: slideMobile.key,
  mobileWidths: slideMobile.widths,
};
export type SlideRecord = {
  id: string;
  title: string;
  subtitle: string;
  cta: string;
  ctaLink: string;
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  desktopKey: string | null;
  desktopWidths: number[] | null;
  mobileKey: string | null;
  mobileWidths: number[] | null;
};

function slidesFrom(db: Db, extra: { total?: SQL.Aliased<number> } = {}) {
  return db
    .select({ ...slideColumns, ...extra })
    .from(slides)
    .leftJoin(slideDesktop, eq(slides.desktopId, slideDesktop.id))
    .leftJoin(slideMobile, eq(slides.mobileId, slideMobile.id));
}

const slideOrder = [asc(slides.position), asc(slides.createdAt), asc(slides.id)];

/** Slides switched on, in display order, whatever their window: the service picks the ones shown now. */
export function listActiveSlides(db: Db): Promise<SlideRecord[]> {
  return slidesFrom(db)
    .where(eq(slides.isActive, true))
    .orderBy(...slideOrder);
}

export async function listSlides(
  db: Db,
  options: { page: number; limit: number; isActive?: boolean },
): Promise<{ rows: SlideRecord[]; total: number }> {
  const where = options.isActive === undefined ? undefined : eq(slides.isActive, options.isActive);
  const offset = (options.page - 1) * options.limit;
  const rows = await slidesFrom(db, { total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .where(where)
    .orderBy(...slideOrder)
    .limit(options.limit)
    .offset(offset);
  // A page past the end has no rows to carry the window count.
  const total =
    rows[0]?.total ??
    (offset > 0 ? ((await db.select({ n: count() }).from(slides).where(where))[0]?.n ?? 0) : 0);
  return { rows, total };
}

export async function findSlide(db: Db, id: string): Promise<SlideRecord | undefined> {
  const [row] = await slidesFrom(db).where(eq(slides.id, id));
  return row;
}

export type SlideEventKind = 'impression' | 'click';

/** The shop is in India: its statistics count days from midnight to midnight there. */
import { SHOP_TIME_ZONE } from '@rangrez/contract/rules';

/**
 * Counts one impression or click unless this visitor was already counted for this slide, kind and window: the
 * dedupe row, the slide's total and its day's count (the day in the shop's time zone) move together in one
 * statement. `at` is the app's clock, so the window and the day follow the same time as the rest of the app.
 * Returns null for an unknown slide.
 */
export async function countSlideEvent(
  db: Db,
  event: { slideId: string; kind: SlideEventKind; visitorKey: string; windowSeconds: number; at: Date },
): Promise<{ counted: boolean } | null> {
  const counter = event.kind === 'impression' ? sql.raw('impressions') : sql.raw('clicks');
  const at = sql`${event.at.toISOString()}::timestamptz`;
  const result = await db.execute<{ found: boolean; counted: boolean }>(sql`
    with target as (
      select id from slides where id = ${event.slideId}
    ), ins as (
      insert into slide_event_dedup (slide_id, kind, visitor_key, window_start)
      select id, ${event.kind}, ${event.visitorKey},
             date_bin(make_interval(secs => ${event.windowSeconds}), ${at}, timestamptz '2000-01-01 00:00:00+00')
      from target
      on conflict do nothing
      returning slide_id
    ), upd as (
      update slides set ${counter} = ${counter} + 1 where id in (select slide_id from ins) returning id
    ), daily as (
      insert into slide_daily_stats (slide_id, day, ${counter})
      select id, (${at} at time zone ${SHOP_TIME_ZONE})::date, 1 from upd
      on conflict (slide_id, day) do update set ${counter} = slide_daily_stats.${counter} + 1
    )
    select exists (select 1 from target) as found, exists (select 1 from upd) as counted`);
  const row = result.rows[0];
  if (!row?.found) return null;
  return { counted: row.counted };
}

/** Deletes up to `limit` dedupe rows older than `maxAgeSeconds` before `now` (by the window index). */
export async function deleteOldSlideDedup(
  db: Db,
  now: Date,
  maxAgeSeconds: number,
  limit: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from slide_event_dedup where ctid in (
      select ctid from slide_event_dedup
      where window_start < ${now.toISOString()}::timestamptz - make_interval(secs => ${maxAgeSeconds})
      limit ${limit}
    )`);
  return result.rowCount ?? 0;
}

// ---------------------------------------------------------------- products

const cardColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  pricePaise: products.pricePaise,
  mrpRule: products.mrpRule,
  mrpValuePaise: products.mrpValuePaise,
  stock: products.stock,
  sizes: products.sizes,
  colors: products.colors,
  description: products.description,
  categoryName: categories.name,
  groupName: grp.name,
  imageKey: media.key,
  imageWidths: media.widths,
  // Approved reviews rolled up by the database (product_review_stats): no review is read for a card.
  reviewCount: sql<number>`coalesce(${productReviewStats.reviewCount}, 0)`.mapWith(Number),
  ratingTotal: sql<number>`coalesce(${productReviewStats.ratingTotal}, 0)`.mapWith(Number),
};

export type ProductCardRecord = Pick<
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
  | 'description'
> &
  ProductImageRecord & {
    categoryName: string;
    groupName: string | null;
    reviewCount: number;
    ratingTotal: number;
  };

function cardsFrom<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...cardColumns, ...extra })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(grp, eq(categories.parentId, grp.id))
    .leftJoin(media, eq(products.imageId, media.id))
    .leftJoin(productReviewStats, eq(productReviewStats.productId, products.id));
}

export interface ProductListFilter {
  /** Lower-case group slugs; undefined for every group. */
  groups?: readonly string[];
  /** The computed Newly Added set at this moment (newly-added.ts). */
  newly: NewlyAdded;
  /** Lower-case sub-category slugs; undefined for every sub-category. */
  subCategories?: readonly string[];
  /** Search text (trimmed, non-empty). */
  q?: string;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The product's group is one of `groups`, Newly Added computed (newly-added.ts). */
function listGroupCondition(groups: readonly string[], newly: NewlyAdded): SQL {
  const textArray = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const columns = { groupSlug: sql`${grp.slug}`, publishedAt: sql`${products.publishedAt}` };
  return groupCondition(groups, newly, columns, textArray);
}

/**
 * Active products of the chosen groups (Newly Added computed, newly-added.ts) and sub-categories, buyable ones
 * first, then newest first or ranked by relevance with `q`, with
 * the total of matches, in one statement. Search is case-insensitive and typo-tolerant: a substring match (LIKE)
 * or a trigram word match (`<%`: pg_trgm's word_similarity at or above its threshold, 0.6 by default, so 'hodie'
 * finds 'Hoodie'); both use the GIN index on lower(name). Substring matches rank first, then by similarity.
 *
 * The page is chosen on narrow rows (id, sort keys and a window count of all matches) and only its rows are
 * joined to the wide columns: counting 10,000 matches then stays in memory instead of spilling full rows to disk.
 */
export async function listProducts(
  db: Db,
  filter: ProductListFilter,
): Promise<{ rows: ProductCardRecord[]; total: number }> {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (filter.groups) conditions.push(listGroupCondition(filter.groups, filter.newly));
  if (filter.subCategories)
    conditions.push(inArray(sql`lower(${categories.slug})`, [...filter.subCategories]));
  let exact = sql<boolean>`false`;
  let score = sql<number>`0::real`;
  if (filter.q) {
    const q = filter.q.toLowerCase();
    const pattern = `%${escapeLike(q)}%`;
    const name = sql`lower(${products.name})`;
    conditions.push(or(sql`${name} like ${pattern}`, sql`${q} <% ${name}`) as SQL);
    exact = sql<boolean>`${name} like ${pattern}`;
    score = sql<number>`word_similarity(${q}, ${name})`;
  }
  const where = and(...conditions);

  const run = async (tx: Db) => {
    const page = tx
      .select({
        id: products.id,
        createdAt: products.createdAt,
        buyable: sql<boolean>`${products.stock} > 0`.as('buyable'),
        exact: exact.as('exact'),
        score: score.as('score'),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(grp, eq(categories.parentId, grp.id))
      .where(where)
      .orderBy(
        // What can be bought comes first, whatever the order (docs/search.md#order).
        sql`${products.stock} > 0 desc`,
        ...(filter.q ? [sql`${exact} desc`, sql`${score} desc`] : []),
        desc(products.createdAt),
        desc(products.id),
      )
      .limit(filter.limit)
      .offset(filter.offset)
      .as('page');
    const rows = await cardsFrom(tx, { total: page.total })
      .innerJoin(page, eq(page.id, products.id))
      .orderBy(
        desc(page.buyable),
        ...(filter.q ? [desc(page.exact), desc(page.score)] : []),
        desc(page.createdAt),
        desc(page.id),
      );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && filter.offset > 0) {
      // A page past the end has no rows to carry the window count.
      const [row] = await tx
        .select({ n: count() })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .leftJoin(grp, eq(categories.parentId, grp.id))
        .where(where);
      total = row?.n ?? 0;
    }
    return { rows, total };
  };
  if (!filter.q) return run(db);
  // The planner prices the trigram GIN index far above its real cost and scans every product instead, calling
  // word_similarity on each (10-20x slower at 10,000 products). Within this transaction only, it is told not to.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Db);
  });
}

/** Active products' cards by id, in no particular order (search pages its ids itself). */
export function listCardsByIds(db: Db, ids: readonly string[]): Promise<ProductCardRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cardsFrom(db, {}).where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
}

/** Related products in their chosen order (active ones only). */
export function listRelatedProducts(db: Db, productId: string, limit: number): Promise<ProductCardRecord[]> {
  return cardsFrom(db, {})
    .innerJoin(
      productRelations,
      and(eq(productRelations.relatedId, products.id), eq(productRelations.productId, productId)),
    )
    .where(eq(products.isActive, true))
    .orderBy(asc(productRelations.position), asc(products.id))
    .limit(limit);
}

/** The newest other active products of a sub-category: recommendations for a product without relations. */
export function listNewestInCategory(
  db: Db,
  categoryId: string,
  excludeId: string,
  limit: number,
): Promise<ProductCardRecord[]> {
  return cardsFrom(db, {})
    .where(and(eq(products.categoryId, categoryId), eq(products.isActive, true), ne(products.id, excludeId)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

// Drizzle leaves the table name off columns of a one-table select, which is ambiguous inside a correlated
// subquery: name the outer row explicitly.
const outerProduct = (column: string) => sql`${sql.identifier('products')}.${sql.identifier(column)}`;
const outerProductId = outerProduct('id');

export interface ImageRecord {
  color: string;
  key: string;
  widths: number[];
}

export interface ReviewRecord {
  id: string;
  rating: number;
  comment: string;
  firstName: string;
  avatar: string | null;
  verified: boolean;
  reply: string | null;
  /** As JSON renders a timestamptz; null without a reply. */
  repliedAt: string | null;
  photos: PhotoRecord[];
}

/** One colour and size with what can be bought of it (0 when it is not sold). */
export interface VariantStockRecord {
  color: string;
  size: string;
  stock: number;
}

export interface ProductDetailRecord
  extends ProductCardRecord, Pick<ProductRow, 'categoryId' | 'details' | 'addInfo'> {
  productCategoryName: string | null;
  sizeChart: unknown;
  images: ImageRecord[];
  reviews: ReviewRecord[];
  variants: VariantStockRecord[];
}

/**
 * One active product with its gallery (every colour, in position order) and approved reviews (newest first,
 * reviewer's first name and avatar only, the store's reply, the photos), in one statement: the gallery and reviews are JSON
 * aggregates of indexed lookups. Pending and rejected reviews are neither shown nor counted.
 */
export async function findProductDetail(db: Db, id: string): Promise<ProductDetailRecord | undefined> {
  const images = sql<ImageRecord[]>`coalesce((
      select json_agg(json_build_object('color', pi.color, 'key', im.key, 'widths', im.widths)
                      order by pi.color, pi.position)
      from ${productImages} pi join ${media} im on im.id = pi.media_id
      where pi.product_id = ${outerProductId}
    ), '[]'::json)`;
  const reviewList = sql<ReviewRecord[]>`coalesce((
      select json_agg(json_build_object('id', r.id, 'rating', r.rating, 'comment', r.comment,
                                        'firstName', u.first_name, 'avatar', u.avatar,
                                        'verified', r.order_id is not null and not r.is_demo,
                                        'reply', r.reply, 'repliedAt', r.replied_at,
                                        'photos', ${photoRecords(sql.raw('r.photo_ids'))})
                      order by r.created_at desc, r.id)
      from ${reviews} r join ${users} u on u.id = r.user_id
      where r.product_id = ${outerProductId} and r.status = 'approved'
    ), '[]'::json)`;
  const variantList = sql<VariantStockRecord[]>`coalesce((
      select json_agg(json_build_object('color', v.color, 'size', v.size,
                                        'stock', case when v.sellable then v.stock else 0 end)
                      order by array_position(${outerProduct('colors')}, v.color),
                               array_position(${outerProduct('sizes')}, v.size))
      from ${productVariants} v
      where v.product_id = ${outerProductId}
    ), '[]'::json)`;
  const [row] = await cardsFrom(db, {
    categoryId: products.categoryId,
    details: products.details,
    addInfo: products.addInfo,
    productCategoryName: productCategories.name,
    sizeChart: productCategories.sizeChart,
    images: images.as('images'),
    reviews: reviewList.as('reviews'),
    variants: variantList.as('variants'),
  })
    .leftJoin(productCategories, eq(products.productCategoryId, productCategories.id))
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  return row;
}

/** An active product's colours and gallery images only (the colour endpoints), in one statement. */
export async function findProductColours(
  db: Db,
  id: string,
): Promise<{ colors: string[]; images: ImageRecord[] } | undefined> {
  const [row] = await db
    .select({
      colors: products.colors,
      images: sql<ImageRecord[]>`coalesce((
          select json_agg(json_build_object('color', pi.color, 'key', im.key, 'widths', im.widths)
                          order by pi.color, pi.position)
          from ${productImages} pi join ${media} im on im.id = pi.media_id
          where pi.product_id = ${outerProductId}
        ), '[]'::json)`.as('images'),
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  return row;
}
