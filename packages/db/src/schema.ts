// The store's data model. Money is integer paise everywhere in this file; the API converts to rupees at its edge.
// Statuses are text with CHECK constraints instead of PostgreSQL enums: adding a value to a CHECK is a plain
// migration, while ALTER TYPE ... ADD VALUE cannot be used in the same transaction that adds it.
import {
  FULFILMENT_STATES,
  ORDER_STATES,
  PAYMENT_STATES,
  REFUND_STATES,
} from '@rangrez/contract/rules/order-machines';
import { GATEWAYS as ORDER_PAYMENT_METHODS } from '@rangrez/contract/rules/shipping';
import { COD_PIN_KINDS } from '@rangrez/contract/rules/cod';
import { COLOUR_CODES } from '@rangrez/contract/rules/colours';
import { SIZES } from '@rangrez/contract/rules/size-chart';
import { ORDER_TYPES } from '@rangrez/contract/rules/order-status';
import type { TaxDocument } from '@rangrez/contract/rules/tax-document';
import { COD_CONFIRMATION_STATES, COD_CONFIRMERS } from '@rangrez/contract/rules/cod-confirmation';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The values of a status list, for its CHECK constraint. */
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// ---------------------------------------------------------------- media

/** One uploaded or generated image; its variants live on disk as `{key}-{width}.{avif|webp|jpg}`. */
export const media = pgTable('media', {
  id: id(),
  key: text('key').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Widths rendered for srcset, ascending. */
  widths: integer('widths').array().notNull(),
  formats: text('formats').array().notNull(),
  alt: text('alt').notNull().default(''),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased: people type their address in any case. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    avatar: text('avatar'),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    addressCountry: text('address_country').notNull().default(''),
    addressState: text('address_state').notNull().default(''),
    addressCity: text('address_city').notNull().default(''),
    addressStreet: text('address_street').notNull().default(''),
    addressPincode: text('address_pincode').notNull().default(''),
    addressDoorNo: text('address_door_no').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A sign-in. Refresh tokens rotate inside it; reuse of a rotated token revokes the whole session. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** Set when rotated: the token that replaced this one (handed out again inside the grace window). */
    successorId: uuid('successor_id'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * A 'Forgot password?' link (docs/accounts.md#forgotten-passwords): single-use, valid 30 minutes. Only the SHA-256
 * of its token is kept; the token itself is in the e-mail alone once the outbox has sent it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link set a password, or when a newer link or a password change made it void. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------- catalogue

/** Collection groups (parentId null: Men, Women, Newly Added) and their sub-categories (garment types). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    thumbnailId: uuid('thumbnail_id').references(() => media.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT is PostgreSQL 15+: two top-level groups may not share a slug either.
    unique('categories_parent_slug_key').on(t.parentId, t.slug).nullsNotDistinct(),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** Garment types (the 13 size-chart keys, docs/product/rules.md#size-charts) with their size chart in inches. */
export const productCategories = pgTable('product_categories', {
  id: id(),
  name: text('name').notNull().unique(),
  /** Rows `{ size, chest, length, shoulder?, sleeveOpen?, sleeveLength? }`, inches, in size order. */
  sizeChart: jsonb('size_chart').$type<SizeChartRowRecord[]>().notNull().default([]),
  createdAt: createdAt(),
});

export interface SizeChartRowRecord {
  size: string;
  chest: number;
  length: number;
  shoulder?: number;
  sleeveOpen?: number;
  sleeveLength?: number;
}

/** The contract's MRP rule kinds (rules/pricing.ts), for the column's CHECK. */
export const MRP_RULES = ['markup', 'fixed', 'none'] as const;

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /**
     * The MRP rule (docs/product/rules.md#mrp-and-discount): 'markup' adds mrp_value_paise to the price, 'fixed'
     * declares mrp_value_paise as the MRP (never below the price), 'none' shows no MRP (value 0). Whole rupees, so
     * the API's rupee rule reads it exactly. The default is the spec's ₹300 markup.
     */
    mrpRule: text('mrp_rule', { enum: MRP_RULES }).notNull().default('markup'),
    mrpValuePaise: integer('mrp_value_paise').notNull().default(30_000),
    stock: integer('stock').notNull().default(0),
    sizes: text('sizes').array().notNull(),
    /** Fulfilment partner colour codes (docs/product/rules.md#colour-codes), case-sensitive. */
    colors: text('colors').array().notNull(),
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    details: text('details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    addInfo: text('add_info').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    productCategoryId: uuid('product_category_id').references(() => productCategories.id),
    /** Published: shown in the store and orderable. The back office's 'published' flag. */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When the product was first published, set by a trigger (migration 0026): its creation when it was created
     * published, else the moment it was. Newly Added is computed from it (docs/decisions/039-newly-added-and-back-in-stock.md).
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Lower-case words and hyphens, unique; backfilled from the name by migration 0005. */
    slug: text('slug').notNull(),
    /** GST classification of the goods (6109 T-shirts, 6110 sweatshirts and hoodies). */
    hsnCode: text('hsn_code').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Archived products are hidden everywhere in the store; a product with orders is archived, never deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_published_idx').on(t.publishedAt),
    // Typo-tolerant, case-insensitive search (pg_trgm, created by migration 0001).
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check('products_mrp_rule', sql`${t.mrpRule} in (${inList(MRP_RULES)})`),
    check(
      'products_mrp_value',
      sql`${t.mrpValuePaise} >= 0 and ${t.mrpValuePaise} % 100 = 0 and (${t.mrpRule} <> 'none' or ${t.mrpValuePaise} = 0)`,
    ),
    check(
      'products_mrp_not_below_price',
      sql`${t.mrpRule} <> 'fixed' or ${t.mrpValuePaise} >= ${t.pricePaise}`,
    ),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_has_colour', sql`cardinality(${t.colors}) > 0`),
  ],
);

/**
 * One colour and size of a product: its own stock, its own fulfilment SKU and whether it is sold. The product's
 * `stock` is the sum over its sellable variants, kept by triggers (migration 0005): orders take stock from a
 * variant, and the storefront's stock label reads the product. Migration 0005 spread each product's stock over its
 * variants (docs/decisions/024-stock-per-variant.md).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    size: text('size').notNull(),
    stock: integer('stock').notNull().default(0),
    /** The fulfilment partner's SKU of this colour and size; '' means the product's SKU. */
    fulfilmentSku: text('fulfilment_sku').notNull().default(''),
    sellable: boolean('sellable').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_key').on(t.productId, t.color, t.size),
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

/** Images of one colour of a product, in gallery order. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('product_images_slot_key').on(t.productId, t.color, t.position)],
);

export const productRelations = pgTable(
  'product_relations',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * A product review. Shoppers' reviews are tied to the delivered order that made them eligible and wait for
 * moderation (docs/admin.md#reviews); the demo catalogue's reviews are made-up content, marked `is_demo`, and are
 * never shown as from a verified buyer.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** Only approved reviews are shown and counted on the storefront. */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** Why a moderator rejected it; shown to its author. */
    rejectionReason: text('rejection_reason'),
    /** The store's reply, shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Media ids of the shopper's photos in their order (at most 3), each uploaded by the author. */
    photoIds: uuid('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The delivered order containing the product that made the shopper eligible; null on demo reviews. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId),
    index('reviews_status_idx').on(t.status, t.updatedAt),
    // One review per product and shopper, edited in place; demo content is exempt (the seed owns it).
    uniqueIndex('reviews_product_user_key')
      .on(t.productId, t.userId)
      .where(sql`not ${t.isDemo}`),
    check('reviews_rating_range', sql`${t.rating} between 0 and 5`),
    check('reviews_status', sql`${t.status} in (${inList(REVIEW_STATUSES)})`),
    check('reviews_photo_count', sql`cardinality(${t.photoIds}) <= 3`),
  ],
);

/**
 * Each product's approved reviews rolled up (count and sum of ratings), so a product card can show the average
 * without reading the reviews. Kept by triggers on `reviews` (hand-written in the migration); a product without
 * approved reviews may have no row.
 */
export const productReviewStats = pgTable(
  'product_review_stats',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
  },
  (t) => [check('product_review_stats_counts', sql`${t.reviewCount} >= 0 and ${t.ratingTotal} >= 0`)],
);

/**
 * Who uploaded an image as a shopper (a review's photos): a review may show only photos its author uploaded. A table
 * rather than an owner column on `media`, because media rows are content-addressed: the same bytes sent by two
 * shoppers, or by a shopper and staff, are one row, and each sender may use it.
 */
export const shopperUploads = pgTable(
  'shopper_uploads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mediaId] }), index('shopper_uploads_media_idx').on(t.mediaId)],
);

export const slides = pgTable(
  'slides',
  {
    id: id(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    cta: text('cta').notNull().default(''),
    ctaLink: text('cta_link').notNull().default(''),
    desktopId: uuid('desktop_id').references(() => media.id, { onDelete: 'set null' }),
    mobileId: uuid('mobile_id').references(() => media.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** The slide is shown from this instant (inclusive); null: since always. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The slide is shown until this instant (exclusive); null: for ever. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'slides_window_order',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * Impressions and clicks per slide and day (the day in Asia/Kolkata: the shop's day), counted with the slide's
 * totals by the storefront's counter calls, for the back office's statistics.
 */
export const slideDailyStats = pgTable(
  'slide_daily_stats',
  {
    slideId: uuid('slide_id')
      .notNull()
      .references(() => slides.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slideId, t.day] })],
);

// ---------------------------------------------------------------- wishlist and cart

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** A signed-in shopper's cart (guests keep theirs in the browser until they sign in). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The unit price the shopper saw when the line was added or last changed, so a price change since then can
     * be shown before checkout. Null when unknown (lines written before this column existed, or by a factory):
     * such a line is never flagged. Never used to charge: orders take the product's current price.
     */
    unitPricePaise: integer('unit_price_paise'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.userId, t.productId, t.size, t.color),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    check('cart_items_unit_price_positive', sql`${t.unitPricePaise} > 0`),
  ],
);

// ---------------------------------------------------------------- orders, payments, fulfilment

export { GATEWAYS as ORDER_PAYMENT_METHODS } from '@rangrez/contract/rules/shipping';
export { ORDER_TYPES } from '@rangrez/contract/rules/order-status';
// The machines and their moves: docs/decisions/026-order-lifecycle-money-never-stuck.md.
export { FULFILMENT_STATES, ORDER_STATES, PAYMENT_STATES, REFUND_STATES };

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Our order number: at most 15 letters and digits, unique forever (the fulfilment partner's rule). */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paymentMethod: text('payment_method', { enum: ORDER_PAYMENT_METHODS }).notNull(),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('pending'),
    fulfilmentState: text('fulfilment_state', { enum: FULFILMENT_STATES }).notNull().default('not_started'),
    /**
     * Makes a retried submission return the first order: the client's Idempotency-Key, or one the server derives
     * from the shopper and the body ('auto:' + hash), valid for 60 seconds.
     */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical order body: a key reused with a different body is refused. */
    requestHash: text('request_hash'),
    itemCount: integer('item_count').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** The MRP saving (Σ (unit MRP - unit price) x quantity); promotions are promotion_discount_paise. */
    discountPaise: integer('discount_paise').notNull(),
    /**
     * Taken off the subtotal by promotions (decision 029): the sum of the lines' promotion_discount_paise. The
     * shipping a free-shipping promotion saved is in `promotions`; shipping_paise is what is charged.
     */
    promotionDiscountPaise: integer('promotion_discount_paise').notNull().default(0),
    /** What was applied when the order was placed, so later edits of a promotion never rewrite the order. */
    promotions: jsonb('promotions').$type<OrderPromotionSnapshot[]>().notNull().default([]),
    shippingPaise: integer('shipping_paise').notNull(),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    doorNo: text('door_no').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    addressState: text('address_state').notNull(),
    pincode: text('pincode').notNull(),
    /** Until when stock is held for an unpaid online order. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull().default('none'),
    /** Money received for the order (its payment, or the cash collected, and any second payment): the refund cap. */
    paidPaise: integer('paid_paise').notNull().default(0),
    /** When the order's units went back to stock (at most once: expiry, cancellation, RTO). */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /**
     * Set on a reprint: a new partner order at no charge for a defect return on the original order, which this
     * points to (docs/orders-lifecycle.md#returns).
     */
    reprintOfOrderId: uuid('reprint_of_order_id').references((): AnyPgColumn => orders.id),
    /** A business buyer's GSTIN given at checkout (upper-case, checked): their invoice carries it (docs/gst.md). */
    buyerGstin: text('buyer_gstin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The promised delivery day (India day) computed at placement (docs/delivery.md); null on older orders. */
    deliveryBy: date('delivery_by', { mode: 'string' }),
    /** The zone (contract DELIVERY_ZONES) the promise counted transit for, for the promise-against-reality report. */
    deliveryZone: text('delivery_zone'),
    /** The delivery phone as one shopper's key (normaliseIndianPhone): cash orders on the way are counted by it. */
    phoneNormalised: text('phone_normalised'),
    // Cash-on-delivery confirmation (docs/cod-confirmation.md): null for a prepaid order. A COD order from before
    // confirmation existed has null too and counts as confirmed (it was handed over at once).
    codConfirmation: text('cod_confirmation', { enum: COD_CONFIRMATION_STATES }),
    /** Until when the shopper may confirm; then the order is cancelled and its stock released. */
    codConfirmDeadline: timestamp('cod_confirm_deadline', { withTimezone: true }),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    codConfirmedBy: text('cod_confirmed_by', { enum: COD_CONFIRMERS }),
    /** The half-time reminder went out (at most once). */
    codReminderSentAt: timestamp('cod_reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    // The orders desk: newest first with keyset pagination, and search by e-mail and phone.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    index('orders_phone_idx').on(t.phone),
    index('orders_reprint_of_idx')
      .on(t.reprintOfOrderId)
      .where(sql`${t.reprintOfOrderId} is not null`),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    check('orders_number_format', sql`${t.orderNumber} ~ '^[A-Za-z0-9]{1,15}$'`),
    check('orders_payment_method', sql`${t.paymentMethod} in (${inList(ORDER_PAYMENT_METHODS)})`),
    check('orders_type', sql`${t.orderType} in (${inList(ORDER_TYPES)})`),
    check('orders_state', sql`${t.state} in (${inList(ORDER_STATES)})`),
    check('orders_payment_state', sql`${t.paymentState} in (${inList(PAYMENT_STATES)})`),
    check('orders_fulfilment_state', sql`${t.fulfilmentState} in (${inList(FULFILMENT_STATES)})`),
    check('orders_refund_state', sql`${t.refundState} in (${inList(REFUND_STATES)})`),
    check(
      'orders_amounts',
      sql`${t.totalPaise} = ${t.subtotalPaise} - ${t.promotionDiscountPaise} + ${t.shippingPaise} + ${t.taxPaise}`,
    ),
    check('orders_promotion_discount', sql`${t.promotionDiscountPaise} between 0 and ${t.subtotalPaise}`),
    index('orders_cod_phone_idx')
      .on(t.phoneNormalised)
      .where(sql`${t.paymentMethod} = 'COD'`),
    check('orders_cod_confirmation', sql`${t.codConfirmation} in (${inList(COD_CONFIRMATION_STATES)})`),
    check('orders_cod_confirmed_by', sql`${t.codConfirmedBy} in (${inList(COD_CONFIRMERS)})`),
    // The confirmation sweep: orders still waiting, by deadline.
    index('orders_cod_pending_idx')
      .on(t.codConfirmDeadline)
      .where(sql`${t.codConfirmation} = 'pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    /** The variant's own fulfilment SKU when it has one, copied at order time; '' means derived from `sku`. */
    fulfilmentSku: text('fulfilment_sku').notNull().default(''),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    /**
     * The unit MRP by the product's rule when the order was placed, so a later rule change never rewrites the
     * order's discount; migration 0009 gave earlier lines the price + ₹300 they were sold under.
     */
    unitMrpPaise: integer('unit_mrp_paise').notNull(),
    /**
     * The line's share of the order's promotion discount, for the whole line (decision 029, allocation): its
     * price after discount decides its GST, and refunds and returns take it back per line.
     */
    promotionDiscountPaise: integer('promotion_discount_paise').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity', sql`${t.quantity} > 0`),
    check('order_items_mrp_not_below_price', sql`${t.unitMrpPaise} >= ${t.unitPricePaise}`),
    check(
      'order_items_promotion_discount',
      sql`${t.promotionDiscountPaise} between 0 and ${t.unitPricePaise} * ${t.quantity}`,
    ),
  ],
);

// ---------------------------------------------------------------- promotions (decision 029)

export const PROMOTION_KIND_VALUES = [
  'percentage',
  'fixed',
  'free_shipping',
  'buy_x_get_y',
  'bundle',
] as const;
export const PROMOTION_SCOPE_VALUES = ['order', 'products', 'categories', 'types'] as const;

/** One applied promotion as an order keeps it (orders.promotions). */
export interface OrderPromotionSnapshot {
  promotionId: string;
  /** The code entered (the promotion's or a batch code); null for an automatic promotion. */
  code: string | null;
  kind: (typeof PROMOTION_KIND_VALUES)[number];
  title: string;
  discountPaise: number;
  shippingDiscountPaise: number;
}

/**
 * An offer the owner sets up (docs/promotions.md). The counters `used` and `budget_used_paise` only move by
 * conditional updates in the order's transaction, and the CHECKs hold them within the limits whatever the code does.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    title: text('title').notNull().default(''),
    /** Upper-case; null for an automatic promotion or one used only through its batch codes. */
    code: text('code'),
    kind: text('kind', { enum: PROMOTION_KIND_VALUES }).notNull(),
    /** percentage: percent off; buy_x_get_y: percent off the Y units (100: free). */
    percent: smallint('percent'),
    /** fixed: the amount off; bundle: the bundle's price. */
    amountPaise: integer('amount_paise'),
    maxDiscountPaise: integer('max_discount_paise'),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    bundleQuantity: integer('bundle_quantity'),
    target: text('target', { enum: PROMOTION_SCOPE_VALUES }).notNull().default('order'),
    /** Product, category or type ids, as the target says. */
    targetIds: text('target_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    minQuantity: integer('min_quantity').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    prepaidOnly: boolean('prepaid_only').notNull().default(false),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Customer identities (lower-case e-mail or normalised phone) it is for; empty: everyone. */
    shoppers: text('shoppers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    automatic: boolean('automatic').notNull().default(false),
    combinable: boolean('combinable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Set on the promotions the store creates itself ('welcome': the newsletter's welcome offer, decision 030). */
    systemKey: text('system_key'),
    usageLimit: integer('usage_limit'),
    /** Live redemptions: up by one when an order takes it, down when the order releases it. */
    used: integer('used').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    budgetPaise: integer('budget_paise'),
    budgetUsedPaise: integer('budget_used_paise').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_key')
      .on(t.code)
      .where(sql`${t.code} is not null`),
    uniqueIndex('promotions_system_key_key')
      .on(t.systemKey)
      .where(sql`${t.systemKey} is not null`),
    index('promotions_automatic_idx')
      .on(t.id)
      .where(sql`${t.automatic} and ${t.active}`),
    check('promotions_kind', sql`${t.kind} in (${inList(PROMOTION_KIND_VALUES)})`),
    check('promotions_target', sql`${t.target} in (${inList(PROMOTION_SCOPE_VALUES)})`),
    check('promotions_code_format', sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('promotions_code_or_automatic', sql`not (${t.automatic} and ${t.code} is not null)`),
    check(
      'promotions_percent',
      sql`(${t.kind} in ('percentage', 'buy_x_get_y')) = (${t.percent} is not null) and coalesce(${t.percent} between 1 and 100, true)`,
    ),
    check(
      'promotions_amount',
      sql`(${t.kind} in ('fixed', 'bundle')) = (${t.amountPaise} is not null) and coalesce(${t.amountPaise} > 0, true)`,
    ),
    check(
      'promotions_buy_get',
      sql`(${t.kind} = 'buy_x_get_y') = (${t.buyQuantity} is not null and ${t.getQuantity} is not null) and coalesce(${t.buyQuantity} > 0 and ${t.getQuantity} > 0, true)`,
    ),
    check(
      'promotions_bundle',
      sql`(${t.kind} = 'bundle') = (${t.bundleQuantity} is not null) and coalesce(${t.bundleQuantity} >= 2, true)`,
    ),
    check('promotions_max_discount', sql`${t.maxDiscountPaise} is null or ${t.maxDiscountPaise} > 0`),
    check('promotions_minimums', sql`${t.minSubtotalPaise} >= 0 and ${t.minQuantity} >= 0`),
    check(
      'promotions_window',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'promotions_used',
      sql`${t.used} >= 0 and (${t.usageLimit} is null or (${t.usageLimit} > 0 and ${t.used} <= ${t.usageLimit}))`,
    ),
    check('promotions_per_customer_limit', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
    check(
      'promotions_budget',
      sql`${t.budgetUsedPaise} >= 0 and (${t.budgetPaise} is null or (${t.budgetPaise} > 0 and ${t.budgetUsedPaise} <= ${t.budgetPaise}))`,
    ),
  ],
);

/** A batch of unique single-use codes of one promotion; a code is taken by at most one live order. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: id(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The order that holds the code; back to null when that order releases it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_codes_code_key').on(t.code),
    index('promotion_codes_promotion_idx').on(t.promotionId),
    check('promotion_codes_code_format', sql`${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
  ],
);

/**
 * How many times one customer identity (the lower-case verified e-mail, or the normalised phone) holds a promotion:
 * the per-shopper limit and first-order codes count here, by identity and not by account, so a second account with
 * the same phone is still the same customer. Taken with INSERT ... ON CONFLICT DO UPDATE ... WHERE uses < limit.
 */
export const promotionCustomerUses = pgTable(
  'promotion_customer_uses',
  {
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    /** 'email:asha@example.com' or 'phone:9876543210'. */
    customerKey: text('customer_key').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.customerKey] }),
    check('promotion_customer_uses_non_negative', sql`${t.uses} >= 0`),
  ],
);

/** One promotion applied to one order: what it took, and when the order gave it back. */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: id(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The code entered (the promotion's or a batch code); null for an automatic promotion. */
    code: text('code'),
    /** The identities counted in promotion_customer_uses, to count them back on release. */
    customerKeys: text('customer_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    discountPaise: integer('discount_paise').notNull(),
    shippingDiscountPaise: integer('shipping_discount_paise').notNull().default(0),
    /** Set once, when the order is cancelled, expires, fails for good or is refunded whole. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_order_key').on(t.orderId, t.promotionId),
    index('promotion_redemptions_promotion_idx').on(t.promotionId, t.createdAt),
    check('promotion_redemptions_amounts', sql`${t.discountPaise} >= 0 and ${t.shippingDiscountPaise} >= 0`),
  ],
);

/** The code a signed-in shopper applied to their cart (the cart API); checked again at every pricing. */
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- newsletter (docs/newsletter.md)

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * One e-mail address on the newsletter (decision 030): double opt-in, so `pending` until the link in the
 * confirmation e-mail is opened. The row outlives an unsubscribe: it keeps the consent given and the welcome code,
 * which is minted once per address, ever.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    /** Lower-case, as users.email. */
    email: text('email').notNull(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    /** Where the consent was given ('newsletter' box or 'signup' page), and its words, when, from where. */
    source: text('source').notNull().default('newsletter'),
    consentText: text('consent_text').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip'),
    consentUserAgent: text('consent_user_agent'),
    /** SHA-256 of the token in the latest confirmation link; null once unsubscribed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** Random, in every newsletter e-mail's unsubscribe links; never changes. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The welcome offer's single-use code minted for this address (at most one, ever). */
    welcomeCodeId: uuid('welcome_code_id').references(() => promotionCodes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscribers_welcome_code_key').on(t.welcomeCodeId),
    check('newsletter_subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
    check('newsletter_subscribers_status', sql`${t.status} in (${inList(NEWSLETTER_STATUSES)})`),
    check('newsletter_subscribers_source', sql`${t.source} in ('newsletter', 'signup')`),
  ],
);

/** Every state change of an order, payment or fulfilment, in order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    machine: text('machine', { enum: ['order', 'payment', 'fulfilment', 'refund', 'return'] }).notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    // The dashboard's day recompute reads one day's moves to a state (docs/decisions/032-dashboard-rollups.md).
    index('order_events_state_day_idx').on(t.machine, t.toState, t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id),
    provider: text('provider').notNull(),
    /** One provider order per store order; a failed payment is retried on the same provider order. */
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    userId: uuid('user_id').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_order_key').on(t.orderId),
  ],
);

export const REFUND_METHODS = ['provider', 'manual', 'store_credit'] as const;
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/**
 * Money going back, one row per refund (docs/decisions/026-order-lifecycle-money-never-stuck.md#money). A trigger
 * refuses refunds (not failed) that would sum to more than the order was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The payment the money goes back to (provider refunds); also the only link of money without an order. */
    paymentId: uuid('payment_id').references(() => payments.id),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    /** A manual refund's UPI or bank reference. */
    reference: text('reference'),
    providerRefundId: text('provider_refund_id'),
    /**
     * The provider payment the money goes back to when it is not the order's own payment: a second or short payment
     * for an order, refunded on its own (a provider refund can never exceed the payment it is made against).
     */
    providerPaymentId: text('provider_payment_id'),
    /** Sent as the provider's idempotency key: a retried refund is never paid twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The staff member's e-mail, or 'system'. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_processed_idx').on(t.processedAt),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_method', sql`${t.method} in (${inList(REFUND_METHODS)})`),
    check('refunds_status', sql`${t.status} in (${inList(REFUND_STATUSES)})`),
    check('refunds_has_money', sql`${t.orderId} is not null or ${t.paymentId} is not null`),
  ],
);

export const WEBHOOK_INBOX_STATUSES = ['received', 'processed', 'dead'] as const;

/**
 * Every correctly signed webhook delivery, stored before it is acted on (docs/orders-lifecycle.md#webhooks):
 * unique on the provider's event id (delivery is at least once), processed by a job with retries; an event that
 * keeps failing is `dead`, shown in the needs-action queue, and staff can replay it.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_INBOX_STATUSES }).notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The store order the event turned out to be about, for the order's timeline; set when processed. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /** The staff member's e-mail who last replayed it. */
    replayedBy: text('replayed_by'),
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_inbox_event_key').on(t.provider, t.eventId),
    index('webhook_inbox_open_idx')
      .on(t.status, t.receivedAt)
      .where(sql`${t.status} <> 'processed'`),
    index('webhook_inbox_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('webhook_inbox_status', sql`${t.status} in (${inList(WEBHOOK_INBOX_STATUSES)})`),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;

/**
 * Every e-mail the store sends, written in the same transaction as the event that causes it
 * (docs/orders-lifecycle.md#e-mail): unique on its dedupe key per (order, kind), claimed by a job for a while
 * (`claimed_until`), sent, then marked `sent`; a crash between claim and send lets the claim run out and the row
 * is sent again. Rows are never deleted by the sender.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. order-confirmed, order-shipped, order-delivered, order-cancelled, refund-issued, return-*, staff-invitation. */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    /** What the message is rendered from when it is sent (ids, amounts, links): never a secret beyond a link token. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The subject as sent, for the order's timeline. */
    subject: text('subject'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    index('outbox_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_order_idx')
      .on(t.orderId, t.id)
      .where(sql`${t.orderId} is not null`),
    check('outbox_status', sql`${t.status} in (${inList(OUTBOX_STATUSES)})`),
  ],
);

export const RETURN_STATES = [
  'requested',
  'approved',
  'rejected',
  'pickup',
  'received',
  'reprinted',
  'refunded',
] as const;
export const RETURN_RESOLUTIONS = ['reprint', 'refund'] as const;
/** How the shopper wants a cash-on-delivery refund: a prepaid order is refunded to where the money came from. */
export const RETURN_PAYOUTS = ['original', 'upi', 'bank', 'store_credit'] as const;

/**
 * A defect return (the store's published policy: within 7 days of delivery, with photos or a short video), one row
 * per request; its `state` is the return machine (docs/orders-lifecycle.md#returns). At most one open or settled
 * request per order: a rejected one does not block a new request.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    payout: text('payout', { enum: RETURN_PAYOUTS }).notNull().default('original'),
    payoutUpi: text('payout_upi'),
    payoutAccountName: text('payout_account_name'),
    payoutAccountNumber: text('payout_account_number'),
    payoutIfsc: text('payout_ifsc'),
    resolution: text('resolution', { enum: RETURN_RESOLUTIONS }),
    rejectionReason: text('rejection_reason'),
    reprintOrderId: uuid('reprint_order_id').references(() => orders.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    /** The staff member's e-mail who last decided on it. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_user_idx').on(t.userId, t.createdAt),
    index('returns_created_idx').on(t.createdAt),
    index('returns_open_idx')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} in ('requested', 'approved', 'pickup', 'received')`),
    uniqueIndex('returns_one_per_order_key')
      .on(t.orderId)
      .where(sql`${t.state} <> 'rejected'`),
    check('returns_state', sql`${t.state} in (${inList(RETURN_STATES)})`),
    check(
      'returns_resolution',
      sql`${t.resolution} is null or ${t.resolution} in (${inList(RETURN_RESOLUTIONS)})`,
    ),
    check('returns_payout', sql`${t.payout} in (${inList(RETURN_PAYOUTS)})`),
  ],
);

/** The lines a return is about, and how many units of each. */
export const returnItems = pgTable(
  'return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    check('return_items_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * The shopper's evidence of the defect: photos (content-addressed `media` rows, uploaded by the shopper) or one
 * short video kept as a file under DATA_DIR (`storage_key`).
 */
export const returnEvidence = pgTable(
  'return_evidence',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'video'] }).notNull(),
    mediaId: uuid('media_id').references(() => media.id),
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_evidence_return_idx').on(t.returnId, t.position),
    check('return_evidence_kind', sql`${t.kind} in ('photo', 'video')`),
    check(
      'return_evidence_source',
      sql`(${t.kind} = 'photo' and ${t.mediaId} is not null) or (${t.kind} = 'video' and ${t.storageKey} is not null)`,
    ),
  ],
);

/**
 * Store credit, as a ledger: a refund paid as credit adds a row, spending it later subtracts one; the balance is
 * the sum. Never updated in place.
 */
export const storeCredit = pgTable(
  'store_credit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_user_idx').on(t.userId, t.id),
    uniqueIndex('store_credit_refund_key')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    check('store_credit_amount_nonzero', sql`${t.amountPaise} <> 0`),
  ],
);

/** Staff's internal notes on an order, shown on the order page's timeline; never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: uuid('author_id'),
    /** The staff member's e-mail. */
    author: text('author').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

export const fulfilments = pgTable(
  'fulfilments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    partnerOrderId: text('partner_order_id'),
    /** The partner's own status word, kept as given (unknown words are not guessed). */
    partnerStatus: text('partner_status'),
    awbNo: text('awb_no'),
    trackingLink: text('tracking_link'),
    courier: text('courier'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fulfilments_order_key').on(t.orderId),
    index('fulfilments_awb_idx')
      .on(t.awbNo)
      .where(sql`${t.awbNo} is not null`),
  ],
);

/**
 * The store's own details set from the back office (docs/admin.md#categories-size-charts-and-settings): one row,
 * holding only the fields staff have set; any field left out falls back to the environment. A table of its own,
 * not shared_state, so its change trigger fires on settings alone and not on every token refresh.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: text('id').primaryKey().default('store'),
    value: jsonb('value').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [check('store_settings_one_row', sql`${t.id} = 'store'`)],
);

/** Small shared key/value store for things every instance must agree on (e.g. a partner's access token). */
export const sharedState = pgTable('shared_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- abuse control

/**
 * Slide impressions/clicks already counted for one visitor in one time window: a client hammering the counter
 * endpoints is counted once per window, and the dedupe holds across app instances.
 */
export const slideEventDedup = pgTable(
  'slide_event_dedup',
  {
    slideId: uuid('slide_id')
      .notNull()
      .references(() => slides.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['impression', 'click'] }).notNull(),
    /** A hash of the visitor (IP and user agent), never the raw address. */
    visitorKey: text('visitor_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.slideId, t.kind, t.visitorKey, t.windowStart] }),
    index('slide_event_dedup_window_idx').on(t.windowStart),
  ],
);

/**
 * Failed sign-in counters, per account (`account:<email>`) and per client address (`ip:<addr>`). Kept in
 * PostgreSQL so the lockout holds across app instances.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- back office (docs/admin.md)

export const STAFF_ROLES = ['owner', 'ops', 'catalogue', 'support'] as const;

/**
 * People who run the shop. Not shoppers: their own table, sessions and tokens, so no shopper sign-up can ever
 * become a staff account. An invited member has no password until they accept the invitation.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret; null until two-factor sign-in is set up and confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret being set up, confirmed by the first valid code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    check('staff_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_role', sql`${t.role} in (${inList(STAFF_ROLES)})`),
  ],
);

/** One-time recovery codes for two-factor sign-in; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staffId, t.codeHash)],
);

/** A staff sign-in. Checked on every admin request, so revoking it takes effect at once on every instance. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The role the session was opened with: a role change revokes the session instead of widening it. */
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** An invitation link: single use, valid 48 hours; only the token's SHA-256 is kept. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_invitations_token_key').on(t.tokenHash)],
);

/**
 * Who changed what in the back office, written in the same transaction as the change. Append-only: a trigger
 * (migration 0004) refuses UPDATE, DELETE and TRUNCATE. Actor fields are copied, not referenced, so an entry
 * keeps its meaning after the staff account changes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** The staff member's e-mail, or 'system' for the operator's CLI and the store's own start-up. */
    actor: text('actor').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actor, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

// ---------------------------------------------------------------- GST documents (docs/gst.md#issuing)

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

/**
 * The last number taken in each series (a document prefix) and financial year. The next number is taken with one
 * upsert in the issuing transaction, so the row stays locked until that transaction ends: numbers are consecutive,
 * unique and without gaps however many instances issue at once.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    fyStartYear: smallint('fy_start_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.fyStartYear] }),
    check('document_counters_positive', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * A tax invoice or credit note as issued: the whole document (`document`) fixed at issue and never updated, with
 * its totals, place of supply and buyer GSTIN copied into columns so the GSTR-1 tables (B2CS by place of supply and
 * rate, B2B per invoice, credit notes, HSN summary) read rows, never orders. At most one invoice per order and one
 * credit note per refund.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    /** The refund a credit note gives back; null for an invoice, or for cash on delivery that was never collected. */
    refundId: uuid('refund_id').references(() => refunds.id),
    fyStartYear: smallint('fy_start_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The India date printed on the document. */
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
    /** The order item of each garment line, in the document's order: a return's pieces find their line by it. */
    orderItemIds: uuid('order_item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    buyerGstin: text('buyer_gstin'),
    /** The stored PDF under DATA_DIR/invoices, once rendered. */
    pdfKey: text('pdf_key'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tax_documents_number_key').on(t.number),
    uniqueIndex('tax_documents_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_refund_key').on(t.refundId),
    index('tax_documents_order_idx').on(t.orderId, t.issuedAt),
    index('tax_documents_date_idx').on(t.documentDate, t.kind),
    check('tax_documents_kind', sql`${t.kind} in (${inList(TAX_DOCUMENT_KINDS)})`),
    check('tax_documents_number_format', sql`${t.number} ~ '^[A-Za-z0-9/-]{1,16}$'`),
    check(
      'tax_documents_credit_refers',
      sql`(${t.kind} = 'invoice') = (${t.invoiceId} is null) and (${t.kind} = 'credit_note' or ${t.refundId} is null)`,
    ),
    check(
      'tax_documents_amounts',
      sql`${t.amountPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} and ${t.amountPaise} >= 0`,
    ),
  ],
);

// ---------------------------------------------------------------- the owner's dashboard

/**
 * One India day of the shop's figures, recomputed from the orders, refunds, returns and slide counters by the
 * dashboard job (docs/decisions/032-dashboard-rollups.md); the dashboard reads only this and the breakdowns.
 * Each figure counts what happened on that day: orders confirmed, refunds processed, parcels delivered or back.
 */
export const dashboardDays = pgTable('dashboard_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  /** The totals of the orders confirmed that day. */
  salesPaise: bigint('sales_paise', { mode: 'number' }).notNull().default(0),
  codOrders: integer('cod_orders').notNull().default(0),
  codPaise: bigint('cod_paise', { mode: 'number' }).notNull().default(0),
  prepaidOrders: integer('prepaid_orders').notNull().default(0),
  prepaidPaise: bigint('prepaid_paise', { mode: 'number' }).notNull().default(0),
  /** Orders that were their shopper's first (by e-mail or phone, as promotions tell shoppers apart). */
  newShoppers: integer('new_shoppers').notNull().default(0),
  refunds: integer('refunds').notNull().default(0),
  refundsPaise: bigint('refunds_paise', { mode: 'number' }).notNull().default(0),
  /** Cash-on-delivery orders whose cash will never come (cancelled, or back to us): their totals. */
  uncollected: integer('uncollected').notNull().default(0),
  uncollectedPaise: bigint('uncollected_paise', { mode: 'number' }).notNull().default(0),
  returnsRequested: integer('returns_requested').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  rto: integer('rto').notNull().default(0),
  slideClicks: integer('slide_clicks').notNull().default(0),
  /** When the job last recomputed the day: a day recomputed after it ended (and a grace) is final. */
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

export const DASHBOARD_DIMENSIONS = ['product', 'size', 'state', 'refund_reason', 'return_reason'] as const;

/**
 * A day's figures split by one dimension: products and sizes (units, line value after promotions), delivery
 * states (orders, totals), refund reasons (refunds, amounts) and return reasons (requests).
 */
export const dashboardDayBreakdowns = pgTable(
  'dashboard_day_breakdowns',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: DASHBOARD_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    /** What the key is called (a product's name as last sold); the key itself otherwise. */
    label: text('label').notNull(),
    count: integer('count').notNull(),
    paise: bigint('paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.day, t.key] }),
    check('dashboard_day_breakdowns_dimension', sql`${t.dimension} in (${inList(DASHBOARD_DIMENSIONS)})`),
  ],
);

/**
 * The delivery promise's settings (docs/delivery.md#settings): one row holding the whole set as the back office
 * saved it; without a row the contract's defaults apply.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: text('id').primaryKey().default('store'),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 'store'`)],
);

// ---------------------------------------------------------------- cash on delivery rules (docs/cod.md)

/** The owner's cash on delivery rules: one row, absent until first saved (the contract's defaults hold). */
export const codRules = pgTable(
  'cod_rules',
  {
    id: text('id').primaryKey().default('cod'),
    minOrderPaise: integer('min_order_paise').notNull(),
    maxOrderPaise: integer('max_order_paise').notNull(),
    maxOpenPerPhone: integer('max_open_per_phone').notNull(),
    rtoBlockThreshold: integer('rto_block_threshold').notNull(),
    feePaise: integer('fee_paise').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cod_rules_one_row', sql`${t.id} = 'cod'`),
    check('cod_rules_range', sql`0 <= ${t.minOrderPaise} and ${t.minOrderPaise} <= ${t.maxOrderPaise}`),
    check('cod_rules_counts', sql`${t.maxOpenPerPhone} >= 1 and ${t.rtoBlockThreshold} >= 1`),
    check('cod_rules_fee', sql`${t.feePaise} >= 0`),
  ],
);

/** PIN codes without cash on delivery: refused outright, or served only by India Post. */
export const codPinRules = pgTable(
  'cod_pin_rules',
  {
    pincode: text('pincode').primaryKey(),
    kind: text('kind', { enum: COD_PIN_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('cod_pin_rules_kind', sql`${t.kind} in (${inList(COD_PIN_KINDS)})`)],
);

/** A phone or an account that lost cash on delivery after parcels came back; lifted by the owner. */
export const codBlocks = pgTable(
  'cod_blocks',
  {
    id: id(),
    phoneNormalised: text('phone_normalised'),
    userId: uuid('user_id').references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** The staff member's e-mail. */
    liftedBy: text('lifted_by'),
  },
  (t) => [
    check('cod_blocks_subject', sql`(${t.phoneNormalised} is null) <> (${t.userId} is null)`),
    uniqueIndex('cod_blocks_phone_open')
      .on(t.phoneNormalised)
      .where(sql`${t.liftedAt} is null and ${t.phoneNormalised} is not null`),
    uniqueIndex('cod_blocks_user_open')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null and ${t.userId} is not null`),
  ],
);

/** An order that came back to origin undelivered (the partner's RTO), once per order, with the partner's word. */
export const orderRtos = pgTable(
  'order_rtos',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    paymentMethod: text('payment_method', { enum: ORDER_PAYMENT_METHODS }).notNull(),
    phoneNormalised: text('phone_normalised').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The partner's status text as given ('RTO Initiated'), the nearest it comes to a reason. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_rtos_phone_idx').on(t.phoneNormalised, t.createdAt),
    index('order_rtos_user_idx').on(t.userId, t.createdAt),
    index('order_rtos_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- cash-on-delivery confirmation messages

export const COD_MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export const COD_MESSAGE_DIRECTIONS = ['out', 'in'] as const;
export const COD_MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'received'] as const;

/**
 * Every confirmation request sent and every reply received (docs/cod-confirmation.md): an outgoing message keeps
 * the provider's id and its latest status; an incoming reply is unique on the provider's message id, so a webhook
 * delivered twice acts once.
 */
export const codMessages = pgTable(
  'cod_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: COD_MESSAGE_CHANNELS }).notNull(),
    direction: text('direction', { enum: COD_MESSAGE_DIRECTIONS }).notNull(),
    /** request, reminder; or the reply's payload (CONFIRM:<order number>). */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: COD_MESSAGE_STATUSES }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cod_messages_provider_key').on(t.channel, t.direction, t.providerMessageId),
    index('cod_messages_order_idx').on(t.orderId, t.id),
    check('cod_messages_channel', sql`${t.channel} in (${inList(COD_MESSAGE_CHANNELS)})`),
    check('cod_messages_direction', sql`${t.direction} in (${inList(COD_MESSAGE_DIRECTIONS)})`),
    check('cod_messages_status', sql`${t.status} in (${inList(COD_MESSAGE_STATUSES)})`),
  ],
);

// ---------------------------------------------------------------- search (docs/search.md)

/** PostgreSQL's full-text document type; drizzle-orm has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Bit i of `product_search.size_mask` stands for the size SEARCH_MASK_SIZES[i], bit i of `color_mask` for the colour
 * SEARCH_MASK_COLOURS[i]: search tests its filters and counts its facets on these integers rather than on the arrays
 * (docs/search.md#speed). Codes outside the palette are in `other_colors`. A change to either list changes the
 * columns' expressions, so it comes with a migration.
 */
export const SEARCH_MASK_SIZES: readonly string[] = SIZES;
export const SEARCH_MASK_COLOURS: readonly string[] = COLOUR_CODES;

/** `(case when 'A' = any(column) then 1 else 0 end) | ...`: the codes are letters only, so they are written inline. */
function maskExpression(column: string, values: readonly string[], type: 'integer' | 'bigint') {
  for (const value of values) if (!/^[A-Za-z]+$/.test(value)) throw new Error(`not a mask code: ${value}`);
  const bit = (i: number) => (type === 'bigint' ? `(1::bigint << ${i})` : String(1 << i));
  return sql.raw(
    values.map((value, i) => `(case when '${value}' = any(${column}) then ${bit(i)} else 0 end)`).join(' | '),
  );
}

/** The column's codes without those of the palette. */
function otherCodesExpression(column: string, values: readonly string[]) {
  return sql.raw(values.reduce((inner, value) => `array_remove(${inner}, '${value}')`, column));
}

/**
 * What search ranks a product by, one row per product, kept by triggers (this table's migration): the weighted
 * document (name A; garment type, sub-category and tags B; description C) and the units sold, added as order lines
 * are written. Its own table, so that a sale never touches `products` and never empties the catalogue's caches.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    unitsSold: integer('units_sold').notNull().default(0),
    // Copies of the product's columns that search filters, sorts and counts by (docs/decisions/040-search-speed.md):
    // a search reads this narrow row only, never the product's. The defaults only fill rows that the migration
    // back-fills and the products' trigger keeps.
    isActive: boolean('is_active').notNull().default(false),
    pricePaise: integer('price_paise').notNull().default(0),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    categoryId: uuid('category_id'),
    /** Stock above zero: what can be bought comes first in every order. */
    buyable: boolean('buyable').notNull().default(false),
    /** When first published: Newly Added is computed from it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    sizeMask: integer('size_mask')
      .notNull()
      .generatedAlwaysAs(maskExpression('sizes', SEARCH_MASK_SIZES, 'integer')),
    colorMask: bigint('color_mask', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(maskExpression('colors', SEARCH_MASK_COLOURS, 'bigint')),
    otherColors: text('other_colors')
      .array()
      .notNull()
      .generatedAlwaysAs(otherCodesExpression('colors', SEARCH_MASK_COLOURS)),
  },
  (t) => [
    index('product_search_document_idx').using('gin', t.document),
    index('product_search_units_sold_idx').on(t.unitsSold),
  ],
);

/**
 * Every word ever seen in a product's name, lower case (docs/search.md#what-matches): a typo is compared with these
 * few hundred words rather than with every product's name. Only ever added to by the products' trigger; a word no
 * longer in any name matches no product, so it costs nothing but a row.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/** A set of words or phrases that mean the same to a shopper ('tee', 't-shirt', 'tshirt'), lower case. */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: id(),
    terms: text('terms').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('search_synonyms_two_terms', sql`cardinality(${t.terms}) >= 2`)],
);

/** Searches that found nothing, by their normalised text: how often and when last (the back office's list). */
export const searchMisses = pgTable(
  'search_misses',
  {
    query: text('query').primaryKey(),
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('search_misses_last_seen_idx').on(t.lastSeenAt)],
);

// ---------------------------------------------------------------- address book

/**
 * A shopper's saved delivery addresses (docs/accounts.md#address-book), in the checkout's fields. `dedupe_key` is
 * the address with its text lower-cased and spaces collapsed, so saving the same address twice keeps one row; at
 * most one row per shopper is the default (a partial unique index).
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** The 10-digit national number (rules/phone.ts). */
    phone: text('phone').notNull(),
    doorNo: text('door_no').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    addressState: text('address_state').notNull(),
    pincode: text('pincode').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When an order last went to it (or it was saved): the checkout pre-fills the latest when none is default. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_addresses_dedupe_key').on(t.userId, t.dedupeKey),
    uniqueIndex('user_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------- back in stock (docs/decisions/039-newly-added-and-back-in-stock.md)

/**
 * A shopper's wish to hear when an out-of-stock product, or one colour and size of it, can be bought again. The
 * back-in-stock job e-mails each waiting request once and sets `notifiedAt`; a new request after that is a new row.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** '' for the whole product (any colour and size). */
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting request per address, product and variant: asking twice is the same request.
    uniqueIndex('back_in_stock_waiting_key')
      .on(t.productId, t.email, t.size, t.color)
      .where(sql`${t.notifiedAt} is null`),
    index('back_in_stock_waiting_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
