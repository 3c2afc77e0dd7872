// The catalogue as the API and the server-rendered pages see it: rows from the repository shaped into the
// contract's types (rupees, absolute image URLs, the API's field names). Routes and loaders both call this.
import { createHmac, randomBytes } from 'node:crypto';
import {
  PRODUCT_LIST_MAX_LIMIT,
  isGarmentType,
  isSize,
  isUuid,
  mrp,
  roundedAverage,
  toSlug,
} from '@rangrez/contract/rules';
import {
  PRODUCT_LIST_DEFAULT_LIMIT,
  type ColourImages,
  type Pagination,
  type ProductCategory,
  type ProductDetail,
  type ProductListItem,
  type Review,
  type Slide,
  type SubcategoriesData,
} from '@rangrez/contract/schemas';
import type { ProductQuery } from '@rangrez/contract/services';
import { cardImageUrls, mediaUrl, placeholderUrl } from '@rangrez/db/media/urls';
import type { SizeChartRowRecord } from '@rangrez/db/schema';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { mrpRuleOf } from '../../lib/mrp-rule.ts';
import { type ExpiryOf, ReadCache } from '../../lib/read-cache.ts';
import { sharedValue } from '../../lib/shared-state.ts';
import { reviewPhotos } from '../../lib/review-photos.ts';
import {
  type ImageRecord,
  type ProductCardRecord,
  type SlideEventKind,
  type SlideRecord,
  countSlideEvent,
  deleteOldSlideDedup,
  findProductColours,
  findProductDetail,
  findSlide,
  listActiveSlides,
  listGroupsWithSubcategories,
  listNewestInCategory,
  listProducts,
  listRelatedProducts,
  listSlides,
} from './repository.ts';
import { type NewlyAdded, newlyAddedAt } from './newly-added.ts';

export interface Visitor {
  ip: string;
  userAgent: string;
}

export type ColourImagesResult =
  | { status: 'ok'; images: string[]; colorCode: string; availableColors: string[] }
  | { status: 'unknown-product' }
  | { status: 'unknown-colour'; availableColors: string[] };

/** Recommendations shown under a product (the related-products carousel). */
export const RECOMMENDATIONS_LIMIT = 8;
/** One impression or click per visitor, slide and kind in a window of this length. */
export const SLIDE_EVENT_WINDOW_SECONDS = 30 * 60;
/** Dedupe rows older than this are deleted. */
export const SLIDE_DEDUP_MAX_AGE_SECONDS = 24 * 60 * 60;
/** At most one clean-up per instance in this interval, deleting at most SLIDE_DEDUP_CLEANUP_BATCH rows. */
const SLIDE_DEDUP_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
const SLIDE_DEDUP_CLEANUP_BATCH = 5000;
/** Most slugs one list segment may name (there are a few dozen collections). */
const MAX_SLUGS = 50;

// Ids are uuids (isUuid): anything else cannot exist, and must not reach PostgreSQL (a cast error would be a 500).

/**
 * A path segment of /products/{category}/{subCategory}: one slug, a comma-separated list, or 'all'. Undefined
 * means no filter. Names are accepted too ('Oversized T-Shirt'): toSlug turns them into slugs.
 */
export function parseSlugList(segment: string | undefined): string[] | undefined {
  if (segment === undefined) return undefined;
  const slugs = [...new Set(segment.split(',').map(toSlug).filter(Boolean))].slice(0, MAX_SLUGS);
  if (slugs.length === 0 || slugs.includes('all')) return undefined;
  return slugs;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** Shaped reads kept per instance while `changes` hears every catalogue change (decision 010). */
const READ_CACHE_ENTRIES = 5_000;

/** Cached values are shared by every caller: freezing turns an accidental mutation into an error, not a leak. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** What every read needs: where rows come from and the public origin that image and avatar URLs are made of. */
interface CatalogueContext {
  db: Db;
  publicUrl: string;
}

/** The JPEG at the middle of the image's ladder (the `<img src>`); the placeholder when there is no image. */
const imageUrl = (
  publicUrl: string,
  key: string | null | undefined,
  widths: readonly number[] | null | undefined,
): string => cardImageUrls(publicUrl, key, widths).image;

const toSlide = (publicUrl: string, row: SlideRecord): Slide => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  cta: row.cta,
  ctaLink: row.ctaLink,
  desktop: imageUrl(publicUrl, row.desktopKey, row.desktopWidths),
  mobile: imageUrl(publicUrl, row.mobileKey, row.mobileWidths),
  isActive: row.isActive,
});

export const toListItem = (publicUrl: string, row: ProductCardRecord): ProductListItem => {
  // Prices are whole rupees in the API; the database keeps paise.
  const price = Math.round(row.pricePaise / 100);
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    price,
    mrp: mrp(price, mrpRuleOf(row)),
    stock: row.stock,
    ...cardImageUrls(publicUrl, row.imageKey, row.imageWidths),
    size: row.sizes.filter(isSize),
    color: row.colors,
    description: row.description,
    category: { name: row.categoryName, parentCategory: { name: row.groupName ?? '' } },
    averageRating: roundedAverage(row.ratingTotal, row.reviewCount),
    reviewCount: row.reviewCount,
  };
};

/** Gallery per product colour, in the product's colour order (a colour without images gets `[]`). */
const galleries = (
  publicUrl: string,
  colors: readonly string[],
  images: readonly ImageRecord[],
): ColourImages[] =>
  colors.map((color) => ({
    color,
    images: images
      .filter((image) => image.color === color)
      .map((image) => imageUrl(publicUrl, image.key, image.widths)),
  }));

// Avatars are absolute URLs (an uploaded image or Google's); anything else is not shown.
const avatarUrl = (publicUrl: string, avatar: string | null): string => {
  if (!avatar) return '';
  if (/^https?:\/\//i.test(avatar)) return avatar;
  if (avatar.startsWith('/') && !avatar.startsWith('//')) return `${publicUrl}${avatar}`;
  return '';
};

const productCategoryOf = (name: string | null, chart: unknown): ProductCategory | null => {
  // The contract allows exactly the 13 garment types; any other row has no size chart to offer.
  if (!name || !isGarmentType(name)) return null;
  const rows = Array.isArray(chart) ? (chart as SizeChartRowRecord[]) : [];
  const sizeChart = rows.flatMap((row) => (isSize(row.size) ? [{ ...row, size: row.size }] : []));
  return { name, sizeChart };
};

async function subcategories({ db, publicUrl }: CatalogueContext): Promise<SubcategoriesData> {
  const placeholder = placeholderUrl(publicUrl);
  const rows = await listGroupsWithSubcategories(db);
  const data: SubcategoriesData = {};
  for (const row of rows) {
    (data[row.groupName] ??= []).push({
      id: row.id,
      name: row.name,
      thumbnail: row.thumbnailKey ? mediaUrl(publicUrl, row.thumbnailKey, 480, 'jpg') : placeholder,
      parentCategory: row.groupName,
      description: row.description,
    });
  }
  return data;
}

interface SlidePageQuery {
  page: number;
  limit: number;
  isActive?: boolean;
}

async function slides(
  { db, publicUrl }: CatalogueContext,
  options: SlidePageQuery,
): Promise<{ data: Slide[]; pagination: Pagination }> {
  const { rows, total } = await listSlides(db, options);
  return {
    data: rows.map((row) => toSlide(publicUrl, row)),
    pagination: {
      page: options.page,
      limit: options.limit,
      total,
      totalPages: Math.ceil(total / options.limit),
    },
  };
}

/** The storefront's slides at one instant, and the next instant at which the clock alone changes them. */
export interface ActiveSlideList {
  slides: Slide[];
  /** The earliest start or end of a switched-on slide's window after now; null when none lies ahead. */
  until: Date | null;
}

/**
 * Of the switched-on slides, those shown at `now`: inside their window (start inclusive, end exclusive; a
 * missing start or end leaves that side open), and when that selection next changes.
 */
export function slidesShownAt<T extends { startsAt: Date | null; endsAt: Date | null }>(
  rows: readonly T[],
  now: Date,
): { shown: T[]; until: Date | null } {
  const t = now.getTime();
  let next = Infinity;
  const shown = rows.filter((row) => {
    const start = row.startsAt?.getTime() ?? -Infinity;
    const end = row.endsAt?.getTime() ?? Infinity;
    if (start > t) next = Math.min(next, start);
    if (end > t) next = Math.min(next, end);
    return start <= t && t < end;
  });
  return { shown, until: Number.isFinite(next) ? new Date(next) : null };
}

async function activeSlideList({ db, publicUrl }: CatalogueContext, now: Date): Promise<ActiveSlideList> {
  const { shown, until } = slidesShownAt(await listActiveSlides(db), now);
  return { slides: shown.map((row) => toSlide(publicUrl, row)), until };
}

async function slide({ db, publicUrl }: CatalogueContext, id: string): Promise<Slide | null> {
  if (!isUuid(id)) return null;
  const row = await findSlide(db, id);
  return row ? toSlide(publicUrl, row) : null;
}

/**
 * Counting slide impressions and clicks once per visitor. Keeps what lasts between calls: the salt, read once,
 * and when this instance last cleaned up old dedupe rows.
 */
function createSlideEventCounter(db: Db, log: Logger | undefined, clock: Clock) {
  let salt: Promise<string> | undefined;
  const visitorSalt = () => {
    // One salt per deployment, shared by every instance through the database, so dedupe holds across instances.
    salt ??= sharedValue(db, 'slide-counter-salt', () => randomBytes(32).toString('hex')).catch(
      (err: unknown) => {
        salt = undefined;
        throw err;
      },
    );
    return salt;
  };
  let lastCleanup = 0;

  const counter = {
    /**
     * Counts an impression or click once per visitor (a keyed hash of IP and user agent, never stored raw), slide
     * and kind per 30-minute window. False for an unknown slide.
     */
    async recordSlideEvent(id: string, kind: SlideEventKind, visitor: Visitor): Promise<boolean> {
      if (!isUuid(id)) return false;
      const visitorKey = createHmac('sha256', await visitorSalt())
        .update(`${visitor.ip}\n${visitor.userAgent}`)
        .digest('base64url');
      const at = clock.now();
      const result = await countSlideEvent(db, {
        slideId: id,
        kind,
        visitorKey,
        windowSeconds: SLIDE_EVENT_WINDOW_SECONDS,
        at,
      });
      if (result?.counted && at.getTime() - lastCleanup > SLIDE_DEDUP_CLEANUP_INTERVAL_MS) {
        lastCleanup = at.getTime();
        await counter
          .cleanupSlideEvents()
          .catch((err: unknown) => log?.warn({ err }, 'slide dedupe clean-up failed'));
      }
      return result !== null;
    },

    /** Deletes one bounded batch of dedupe rows older than a day; returns how many. */
    cleanupSlideEvents(): Promise<number> {
      return deleteOldSlideDedup(db, clock.now(), SLIDE_DEDUP_MAX_AGE_SECONDS, SLIDE_DEDUP_CLEANUP_BATCH);
    },
  };
  return counter;
}

async function listProductPage(
  { db, publicUrl }: CatalogueContext,
  query: ProductQuery,
  newly: NewlyAdded,
): Promise<{ products: ProductListItem[]; total: number; until: Date | null }> {
  const groups = parseSlugList(query.category);
  const subCategories = parseSlugList(query.subCategory);
  const q = query.q?.trim() || undefined;
  const limit = Math.min(
    Math.max(1, Math.floor(query.limit ?? PRODUCT_LIST_DEFAULT_LIMIT)),
    PRODUCT_LIST_MAX_LIMIT,
  );
  const offset = Math.max(0, Math.floor(query.offset ?? 0));
  const { rows, total } = await listProducts(db, { groups, subCategories, newly, q, limit, offset });
  // Newly Added changes with the clock: every list is kept until its next change at most.
  return { products: rows.map((row) => toListItem(publicUrl, row)), total, until: newly.until };
}

interface ProductOptions {
  includeRecommendations?: boolean;
}

async function product(
  { db, publicUrl }: CatalogueContext,
  id: string,
  options: ProductOptions,
): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const row = await findProductDetail(db, id);
  if (!row) return null;
  const colorImages = galleries(publicUrl, row.colors, row.images);
  const reviews: Review[] = row.reviews.map((review) => ({
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    user: { firstName: review.firstName, avatar: avatarUrl(publicUrl, review.avatar) },
    verified: review.verified,
    photos: reviewPhotos(publicUrl, review.photos),
    ...(review.reply && review.repliedAt
      ? { reply: { text: review.reply, repliedAt: new Date(review.repliedAt).toISOString() } }
      : {}),
  }));
  const detail: ProductDetail = {
    ...toListItem(publicUrl, row),
    colorImages,
    colorImageCounts: Object.fromEntries(colorImages.map((c) => [c.color, c.images.length])),
    details: row.details,
    addInfo: row.addInfo,
    reviews,
    productCategory: productCategoryOf(row.productCategoryName, row.sizeChart),
    variants: row.variants.flatMap((v) => (isSize(v.size) ? [{ ...v, size: v.size }] : [])),
  };
  if (options.includeRecommendations) {
    let related = await listRelatedProducts(db, id, RECOMMENDATIONS_LIMIT);
    if (related.length === 0)
      related = await listNewestInCategory(db, row.categoryId, id, RECOMMENDATIONS_LIMIT);
    detail.recommendations = related.map((r) => toListItem(publicUrl, r));
  }
  return detail;
}

async function colourImages(
  { db, publicUrl }: CatalogueContext,
  id: string,
  color: string,
): Promise<ColourImagesResult> {
  if (!isUuid(id)) return { status: 'unknown-product' };
  const row = await findProductColours(db, id);
  if (!row) return { status: 'unknown-product' };
  if (!row.colors.includes(color)) return { status: 'unknown-colour', availableColors: row.colors };
  const gallery = galleries(publicUrl, [color], row.images)[0];
  return { status: 'ok', images: gallery?.images ?? [], colorCode: color, availableColors: row.colors };
}

async function colours(
  { db, publicUrl }: CatalogueContext,
  id: string,
): Promise<{ colorImages: ColourImages[]; availableColors: string[] } | null> {
  if (!isUuid(id)) return null;
  const row = await findProductColours(db, id);
  if (!row) return null;
  return { colorImages: galleries(publicUrl, row.colors, row.images), availableColors: row.colors };
}

export function createCatalogueService(
  db: Db,
  publicUrl: string,
  log?: Logger,
  changes?: ChangeFeed,
  clock: Clock = systemClock,
) {
  const ctx: CatalogueContext = { db, publicUrl };
  const reads = changes ? new ReadCache<unknown>(changes, { maxEntries: READ_CACHE_ENTRIES, clock }) : null;
  const newlyAdded = () => newlyAddedAt(db, clock.now());
  // Read once per change or clock step, not once per list.
  const currentNewlyAdded = reads
    ? () => reads.getOrLoad('newlyAdded', newlyAdded, (n) => (n as NewlyAdded).until) as Promise<NewlyAdded>
    : newlyAdded;
  const service = {
    /** The computed Newly Added set now (newly-added.ts); search narrows collections with it too. */
    newlyAdded: currentNewlyAdded,

    /** Collection groups in display order, each with its sub-categories. */
    subcategories: () => subcategories(ctx),

    /** The slides shown now, in display order, and when the clock alone next changes them. */
    activeSlideList: () => activeSlideList(ctx, clock.now()),

    /** The slides shown now (switched on, inside their window) in display order; `[]` when none is. */
    async activeSlides(): Promise<Slide[]> {
      return (await service.activeSlideList()).slides;
    },

    slides: (options: SlidePageQuery) => slides(ctx, options),

    /** null for an unknown or malformed id. */
    slide: (id: string) => slide(ctx, id),

    ...createSlideEventCounter(db, log, clock),

    /** A page of active products and the number of all matches (GET /products answers it as X-Total-Count). */
    listProducts: async (query: ProductQuery) => listProductPage(ctx, query, await currentNewlyAdded()),

    /**
     * Active products for a collection page or search. `category` and `subCategory` take slugs, comma-separated
     * lists of slugs, or 'all'; unknown slugs match nothing. Buyable first, then newest first, or by relevance
     * with `q`.
     */
    async products(query: ProductQuery): Promise<ProductListItem[]> {
      return (await service.listProducts(query)).products;
    },

    /** The whole product, or null for an unknown, inactive or malformed id. */
    product: (id: string, options: ProductOptions = {}) => product(ctx, id, options),

    /** One colour's gallery. Colour codes are case-sensitive ('Bk' is not 'bk'). */
    colourImages: (id: string, color: string) => colourImages(ctx, id, color),

    /** Every colour's gallery, in the product's colour order; null for an unknown product. */
    colours: (id: string) => colours(ctx, id),
  };
  if (!reads) return service;

  const cached =
    <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>, expiryOf?: ExpiryOf<R>) =>
    (...args: A): Promise<R> =>
      reads.getOrLoad(
        `${name}:${JSON.stringify(args)}`,
        async () => deepFreeze(await read(...args)),
        expiryOf as ExpiryOf<unknown> | undefined,
      ) as Promise<R>;
  // No write marks the moment a slide's window opens or closes: the list is kept until then at most.
  const cachedActiveSlideList = cached('activeSlideList', service.activeSlideList, (list) => list.until);
  const cachedListProducts = cached('listProducts', service.listProducts, (list) => list.until);
  return {
    ...service,
    subcategories: cached('subcategories', service.subcategories),
    activeSlideList: cachedActiveSlideList,
    activeSlides: async () => (await cachedActiveSlideList()).slides,
    slides: cached('slides', service.slides),
    slide: cached('slide', service.slide),
    listProducts: cachedListProducts,
    products: async (query: ProductQuery) => (await cachedListProducts(query)).products,
    product: cached('product', service.product),
    colourImages: cached('colourImages', service.colourImages),
    colours: cached('colours', service.colours),
  } satisfies typeof service;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
