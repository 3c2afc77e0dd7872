// Slides, collections and products (docs/api.md#shapes).

import { z } from 'zod';
import {
  PRODUCT_LIST_MAX_LIMIT,
  SLIDER_DEFAULT_LIMIT,
  SLIDER_DEFAULT_PAGE,
  SLIDER_MAX_LIMIT,
} from '../rules/constants.ts';
import { GARMENT_TYPES } from '../rules/size-chart.ts';
import {
  booleanQueryParam,
  idSchema,
  imageUrlSchema,
  integerQueryParam,
  isoDateTimeSchema,
  optionalImageUrlSchema,
  requiredText,
  sizeSchema,
} from './common.ts';

// ---------------------------------------------------------------- slides

export const slideSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Button label. */
  cta: z.string(),
  /** '' or '#': no action; 'http...': new tab; otherwise an in-app path. */
  ctaLink: z.string(),
  desktop: imageUrlSchema,
  mobile: imageUrlSchema,
  isActive: z.boolean(),
});
export type Slide = z.infer<typeof slideSchema>;

/**
 * GET /activeSliders: active slides in display order. With none active the answer is `{ success: true, data: [] }`
 * (not a 404): the home slider renders nothing for an empty list, and a normal answer stays cacheable.
 */
export const activeSlidersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(slideSchema),
});
export type ActiveSlidersResponse = z.infer<typeof activeSlidersResponseSchema>;

/**
 * GET /sliders query: page >= 1 (default 1), limit 1..100 (default 10; the cap is ours, a larger value is a
 * 400 naming limit, not silently clamped), isActive 'true' | 'false' optional.
 */
export const slidersListQuerySchema = z.object({
  page: integerQueryParam('page', 1).default(SLIDER_DEFAULT_PAGE),
  limit: integerQueryParam('limit', 1, SLIDER_MAX_LIMIT).default(SLIDER_DEFAULT_LIMIT),
  isActive: booleanQueryParam('isActive').optional(),
});
export type SlidersListQuery = z.infer<typeof slidersListQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** GET /sliders */
export const slidersListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(slideSchema),
  pagination: paginationSchema.optional(),
});
export type SlidersListResponse = z.infer<typeof slidersListResponseSchema>;

/** GET /slider/{id}, POST /slider/{id}/impression, POST /slider/{id}/click */
export const sliderIdParamsSchema = z.object({ id: idSchema('id') });
export type SliderIdParams = z.infer<typeof sliderIdParamsSchema>;

/** GET /slider/{id} (impression and click answer successMessageResponseSchema). */
export const sliderResponseSchema = z.object({
  success: z.literal(true),
  data: slideSchema,
});
export type SliderResponse = z.infer<typeof sliderResponseSchema>;

// ---------------------------------------------------------------- collections

export const subcategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: imageUrlSchema,
  /** The group name (a plain string here, an object inside product.category). */
  parentCategory: z.string(),
  description: z.string(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

/** Group name ('Men', 'Women', 'Newly Added'...) -> its sub-categories, in display order. */
export const subcategoriesDataSchema = z.record(z.string(), z.array(subcategorySchema));
export type SubcategoriesData = z.infer<typeof subcategoriesDataSchema>;

/** GET /subcategories */
export const subcategoriesResponseSchema = z.object({
  success: z.literal(true),
  data: subcategoriesDataSchema,
});
export type SubcategoriesResponse = z.infer<typeof subcategoriesResponseSchema>;

// ---------------------------------------------------------------- products

const measure = z.number().nonnegative();

/** One size-chart row, in inches. */
export const sizeChartRowSchema = z.object({
  size: sizeSchema,
  chest: measure,
  length: measure,
  shoulder: measure.optional(),
  sleeveOpen: measure.optional(),
  sleeveLength: measure.optional(),
});

export const productCategorySchema = z.object({
  /** Exactly one of the 13 garment types (the size-chart keys). */
  name: z.enum(GARMENT_TYPES),
  sizeChart: z.array(sizeChartRowSchema).optional(),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

export const productCategoryRefSchema = z.object({
  /** Sub-category name, e.g. 'Oversized T-Shirt'. */
  name: z.string(),
  parentCategory: z.object({ name: z.string() }),
});
export type ProductCategoryRef = z.infer<typeof productCategoryRefSchema>;

/** The store's reply to a review. */
export const reviewReplySchema = z.object({ text: z.string(), repliedAt: isoDateTimeSchema });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/**
 * A photo on a review: `url` is absolute, the JPEG at the middle of the image's width ladder (the web app derives
 * the other widths and formats from it); width and height are the original's, for the aspect ratio.
 */
export const reviewPhotoSchema = z.object({
  _id: z.string(),
  url: imageUrlSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** An approved review as the storefront shows it (docs/product/rules.md#reviews). */
export const reviewSchema = z.object({
  _id: z.string().optional(),
  rating: z.number().min(0).max(5),
  comment: z.string(),
  user: z.object({ firstName: z.string(), avatar: optionalImageUrlSchema }),
  /** Written by a shopper whose order with the product was delivered; demo reviews are not. */
  verified: z.boolean().optional(),
  /** The store's reply, when it has one. */
  reply: reviewReplySchema.optional(),
  /** The shopper's photos, in their order; empty when there are none. */
  photos: z.array(reviewPhotoSchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const colourImagesSchema = z.object({
  color: z.string(),
  images: z.array(imageUrlSchema),
});
export type ColourImages = z.infer<typeof colourImagesSchema>;

/**
 * What a product card needs (collection grid, latest arrivals, related products, search): identity, prices,
 * stock label, image, swatches, sizes, category for the filters and description for sharing.
 */
export const productListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.number().int().nonnegative(),
  /** The crossed-out MRP by the product's rule (docs/product/rules.md#mrp-and-discount): price + 300 by default. */
  mrp: z.number().int().nonnegative(),
  stock: z.number().int(),
  image: imageUrlSchema,
  thumbnail: imageUrlSchema,
  size: z.array(sizeSchema),
  /** Colour codes, never empty. */
  color: z.array(z.string()).min(1),
  description: z.string(),
  category: productCategoryRefSchema,
  /** Ours: the average of the approved reviews' ratings to one decimal, 0 without reviews (docs/product/rules.md#ratings). */
  averageRating: z.number().min(0).max(5),
  /** Ours: how many approved reviews the product has. */
  reviewCount: z.number().int().nonnegative(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** GET /product/{id}: the whole product; recommendations only with includeRecommendations=true. */
export const productDetailSchema = productListItemSchema.extend({
  colorImages: z.array(colourImagesSchema),
  /** Colour code -> number of images. */
  colorImageCounts: z.record(z.string(), z.number().int().nonnegative()),
  details: z.array(z.string()),
  addInfo: z.string(),
  reviews: z.array(reviewSchema),
  /** null when the product has no size chart (the Size Chart button is hidden). */
  productCategory: productCategorySchema.nullable(),
  recommendations: z.array(productListItemSchema).optional(),
  /**
   * Every colour x size with what can be bought of it (0: sold out, or not sold), so the page can disable a size
   * that is sold out in the chosen colour. Optional: clients that know only `stock` ignore it.
   */
  variants: z
    .array(z.object({ color: z.string(), size: sizeSchema, stock: z.number().int().nonnegative() }))
    .optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /products, GET /products/{category}/{subCategory}: an unknown category answers `{ products: [] }`. */
export const productListResponseSchema = z.object({
  products: z.array(productListItemSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * Products per answer when a list call gives no `limit`: a 10,000-product catalogue is never sent whole, while
 * every demo collection (and the 80-product demo catalogue) fits in one answer for clients that do not page.
 * The total is in the `X-Total-Count` header.
 */
export const PRODUCT_LIST_DEFAULT_LIMIT = PRODUCT_LIST_MAX_LIMIT;

/**
 * GET /products query: search text, paging (limit 1..100, default PRODUCT_LIST_DEFAULT_LIMIT; offset >= 0), all
 * optional. With `q` the answer is ranked by relevance (substring matches first, then typo-tolerant trigram
 * matches); without it, newest first.
 */
export const productListQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
  limit: integerQueryParam('limit', 1, PRODUCT_LIST_MAX_LIMIT).optional(),
  offset: integerQueryParam('offset', 0).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * GET /products/{category}/{subCategory}: group and sub-category slugs (docs/product/rules.md#collection-slugs), matched
 * case-insensitively. Extension for the collection page's multi-select filters: each segment may be a
 * comma-separated list of slugs or the word `all` (`/products/men,women/hoodie,crop-top`, `/products/all/hoodie`);
 * the answer is the union. Unknown slugs match nothing (`{ products: [] }`).
 */
export const productsByCategoryParamsSchema = z.object({
  category: requiredText('category', 500),
  subCategory: requiredText('subCategory', 500),
});
export type ProductsByCategoryParams = z.infer<typeof productsByCategoryParamsSchema>;

/** GET /product/{id} */
export const productIdParamsSchema = z.object({ id: idSchema('id') });
export type ProductIdParams = z.infer<typeof productIdParamsSchema>;

/** GET /product/{id}?includeRecommendations=true */
export const productDetailQuerySchema = z.object({
  includeRecommendations: booleanQueryParam('includeRecommendations').optional(),
});
export type ProductDetailQuery = z.infer<typeof productDetailQuerySchema>;

/** GET /product/{id}/color/{color} */
export const productColourParamsSchema = z.object({
  id: idSchema('id'),
  color: requiredText('color', 20),
});
export type ProductColourParams = z.infer<typeof productColourParamsSchema>;

/** GET /product/{id}/color/{color} */
export const productColourImagesResponseSchema = z.object({
  success: z.literal(true),
  images: z.array(imageUrlSchema),
  colorCode: z.string(),
  totalImages: z.number().int().nonnegative(),
  message: z.string(),
  availableColors: z.array(z.string()),
});
export type ProductColourImagesResponse = z.infer<typeof productColourImagesResponseSchema>;

/**
 * GET /product/{id}/color/{color} and /colors failures (404): the error shape, plus the product's colours when the
 * product exists but has no such colour (codes are case-sensitive), so a client can offer the right ones.
 */
export const productColourErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  availableColors: z.array(z.string()).optional(),
});
export type ProductColourErrorResponse = z.infer<typeof productColourErrorResponseSchema>;

/** GET /product/{id}/colors */
export const productColoursResponseSchema = z.object({
  success: z.literal(true),
  colorImages: z.array(colourImagesSchema),
  availableColors: z.array(z.string()),
  totalColors: z.number().int().nonnegative(),
  message: z.string(),
});
export type ProductColoursResponse = z.infer<typeof productColoursResponseSchema>;
