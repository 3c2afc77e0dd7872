// The back office's catalogue calls (docs/admin.md#products): products with their variants. Field names and units
// are the public product's where they overlap (`name`, `price` in rupees, `description`, `details`, `addInfo`),
// so `PATCH /admin/products/{id}` with `{ "price": 899 }` sets the price the next checkout charges.

import { z } from 'zod';
import { DEFAULT_MRP_RULE, type MrpRule, mrpRuleProblem } from '../rules/pricing.ts';
import { GARMENT_TYPES, SIZES } from '../rules/size-chart.ts';
import { PRODUCT_SLUG_PATTERN } from '../rules/slugs.ts';
import { isUuid } from '../rules/patterns.ts';
import { altTextSchema } from './admin-media.ts';
import { idSchema, isoDateTimeSchema, requiredText } from './common.ts';

/** Whole rupees, from 1 to ₹10,00,000 (the payment provider's and the database's bounds are far above). */
const priceSchema = z
  .number({ error: 'price must be a number of rupees' })
  .int('price must be whole rupees')
  .min(1, 'price must be at least ₹1')
  .max(1_000_000, 'price must be at most ₹10,00,000');

/** Whole rupees from `min` to ₹10,00,000, for the MRP rule's amounts; `what` starts each message. */
const ruleRupees = (what: string, min: number, minMessage: string) =>
  z
    .number({ error: `${what} must be a number of rupees` })
    .int(`${what} must be whole rupees`)
    .min(min, minMessage)
    .max(1_000_000, `${what} must be at most ₹10,00,000`);

/**
 * A product's MRP rule (docs/product/rules.md#mrp-and-discount): a markup on the price (the default, ₹300), a
 * declared MRP that must not be below the price (checked with the price, below), or no MRP.
 */
export const mrpRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('markup'),
      rupees: ruleRupees('The markup', 0, 'The markup must not be negative'),
    }),
    z.object({ kind: z.literal('fixed'), mrp: ruleRupees('The MRP', 1, 'The MRP must be at least ₹1') }),
    z.object({ kind: z.literal('none') }),
  ],
  { error: 'mrpRule must be markup, fixed or none' },
);

/** A declared MRP below the price is refused on the rule's amount, in the words of rules/pricing.ts. */
function checkMrpRule(
  body: { price?: number | undefined; mrpRule?: MrpRule | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.price === undefined || body.mrpRule === undefined) return;
  const problem = mrpRuleProblem(body.price, body.mrpRule);
  if (problem) ctx.addIssue({ code: 'custom', path: ['mrpRule', 'mrp'], message: problem });
}

const textList = (field: string, maxItems: number, maxLength: number) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of texts` })
        .trim()
        .min(1, `${field} must not hold empty lines`)
        .max(maxLength, `each of ${field} must be at most ${maxLength} characters`),
      { error: `${field} must be a list of texts` },
    )
    .max(maxItems, `${field} may hold at most ${maxItems} entries`);

const colourCodeSchema = requiredText('color', 10).regex(
  /^[A-Za-z]{1,10}$/,
  'color must be a colour code such as Bk',
);
const sizeSchema = z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` });

const productFields = {
  name: requiredText('name', 120),
  slug: z
    .string({ error: 'slug must be text' })
    .trim()
    .max(80, 'slug must be at most 80 characters')
    .regex(PRODUCT_SLUG_PATTERN, 'slug must be lower-case letters, digits and single hyphens'),
  sku: requiredText('sku', 40).regex(/^[A-Za-z0-9-]+$/, 'sku must be letters, digits and hyphens'),
  price: priceSchema,
  mrpRule: mrpRuleSchema,
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(5000, 'description must be at most 5000 characters'),
  details: textList('details', 20, 200),
  addInfo: z
    .string({ error: 'addInfo must be text' })
    .trim()
    .max(5000, 'addInfo must be at most 5000 characters'),
  categoryId: idSchema('categoryId').refine(isUuid, 'categoryId must be a category id'),
  /** The garment type (drives the size chart), or null for none. */
  productCategory: z
    .enum(GARMENT_TYPES, { error: 'productCategory must be one of the garment types' })
    .nullable(),
  hsnCode: z
    .string({ error: 'hsnCode must be text' })
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'hsnCode must be 4, 6 or 8 digits'),
  tags: textList('tags', 30, 40),
  published: z.boolean({ error: 'published must be true or false' }),
  seoTitle: z
    .string({ error: 'seoTitle must be text' })
    .trim()
    .max(70, 'seoTitle must be at most 70 characters'),
  seoDescription: z
    .string({ error: 'seoDescription must be text' })
    .trim()
    .max(160, 'seoDescription must be at most 160 characters'),
};

/**
 * POST /admin/products: a new product, unpublished unless said otherwise, under the default MRP rule unless one is
 * given; colours x sizes become its variants.
 */
export const adminProductCreateBodySchema = z
  .object({
    name: productFields.name,
    slug: productFields.slug.optional(),
    sku: productFields.sku,
    price: productFields.price,
    mrpRule: productFields.mrpRule.default({ ...DEFAULT_MRP_RULE }),
    description: productFields.description.default(''),
    details: productFields.details.default([]),
    addInfo: productFields.addInfo.default(''),
    categoryId: productFields.categoryId,
    productCategory: productFields.productCategory.default(null),
    hsnCode: productFields.hsnCode.default(''),
    tags: productFields.tags.default([]),
    published: productFields.published.default(false),
    seoTitle: productFields.seoTitle.default(''),
    seoDescription: productFields.seoDescription.default(''),
    colors: z.array(colourCodeSchema).min(1, 'colors must name at least one colour').max(40),
    sizes: z.array(sizeSchema).min(1, 'sizes must name at least one size').max(SIZES.length),
  })
  .superRefine(checkMrpRule);
export type AdminProductCreateBody = z.infer<typeof adminProductCreateBodySchema>;

/**
 * PATCH /admin/products/{id}: only the fields sent change. A declared MRP sent with a price is checked against it
 * here; against the stored price (or a new price against the stored rule) by the server.
 */
export const adminProductPatchBodySchema = z
  .object({
    name: productFields.name.optional(),
    slug: productFields.slug.optional(),
    sku: productFields.sku.optional(),
    price: productFields.price.optional(),
    mrpRule: productFields.mrpRule.optional(),
    description: productFields.description.optional(),
    details: productFields.details.optional(),
    addInfo: productFields.addInfo.optional(),
    categoryId: productFields.categoryId.optional(),
    productCategory: productFields.productCategory.optional(),
    hsnCode: productFields.hsnCode.optional(),
    tags: productFields.tags.optional(),
    published: productFields.published.optional(),
    seoTitle: productFields.seoTitle.optional(),
    seoDescription: productFields.seoDescription.optional(),
    /** Archiving hides the product everywhere (and unpublishes it); restoring brings it back unpublished. */
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change')
  .superRefine(checkMrpRule);
export type AdminProductPatchBody = z.infer<typeof adminProductPatchBodySchema>;

export const adminVariantSchema = z.object({
  color: colourCodeSchema,
  size: sizeSchema,
  stock: z
    .number({ error: 'stock must be a number' })
    .int('stock must be a whole number')
    .min(0, 'stock must not be negative')
    .max(1_000_000, 'stock must be at most 1000000'),
  /** The print partner's SKU of this colour and size; '' means the product's SKU, colour and size. */
  fulfilmentSku: z
    .string({ error: 'fulfilmentSku must be text' })
    .trim()
    .max(60, 'fulfilmentSku must be at most 60 characters')
    .regex(/^[A-Za-z0-9_-]*$/, 'fulfilmentSku must be letters, digits, hyphens and underscores')
    .default(''),
  sellable: z.boolean({ error: 'sellable must be true or false' }).default(true),
});
export type AdminVariantInput = z.infer<typeof adminVariantSchema>;

/**
 * PUT /admin/products/{id}/variants: the whole set. Listed variants are created or updated; one left out is
 * deleted when no order has it, else kept and no longer sold. The product's colours and sizes follow the set.
 */
export const adminVariantsBodySchema = z
  .object({
    variants: z.array(adminVariantSchema).min(1, 'variants must hold at least one variant').max(300),
  })
  .refine(
    (body) => new Set(body.variants.map((v) => `${v.color}|${v.size}`)).size === body.variants.length,
    'Each colour and size may appear once',
  );
export type AdminVariantsBody = z.infer<typeof adminVariantsBodySchema>;

/** The most images one product may have, over all its colours. */
export const MAX_PRODUCT_IMAGES = 200;

export const adminProductImageInputSchema = z.object({
  color: colourCodeSchema,
  /** An image uploaded with POST /admin/media. */
  mediaId: idSchema('mediaId').refine(isUuid, 'mediaId must be an image id'),
  /** Saved on the image itself, so every product and slide showing it says the same; left out: unchanged. */
  alt: altTextSchema.optional(),
});
export type AdminProductImageInput = z.infer<typeof adminProductImageInputSchema>;

/**
 * PUT /admin/products/{id}/images: the whole gallery. Within a colour, list order is gallery order; an image left
 * out leaves the product (the image itself stays: others may show it). The first image of the product's first
 * colour is its main image.
 */
export const adminProductImagesBodySchema = z
  .object({
    images: z
      .array(adminProductImageInputSchema, { error: 'images must be a list' })
      .max(MAX_PRODUCT_IMAGES, `images may hold at most ${MAX_PRODUCT_IMAGES} entries`),
  })
  .refine(
    (body) => new Set(body.images.map((i) => `${i.color}|${i.mediaId}`)).size === body.images.length,
    'An image may appear once per colour',
  );
export type AdminProductImagesBody = z.infer<typeof adminProductImagesBodySchema>;

export const adminProductIdParamsSchema = z.object({
  id: idSchema('id').refine(isUuid, 'id must be a product id'),
});

const adminVariantOutSchema = z.object({
  _id: z.string(),
  color: z.string(),
  size: z.string(),
  stock: z.number().int(),
  fulfilmentSku: z.string(),
  sellable: z.boolean(),
});

/** One colour's gallery, in order, as the back office shows it. */
const adminColourImagesSchema = z.object({
  color: z.string(),
  images: z.array(z.object({ mediaId: z.string(), url: z.string(), alt: z.string() })),
});
export type AdminColourImages = z.infer<typeof adminColourImagesSchema>;

/** One product as the back office edits it. */
export const adminProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  price: z.number().int(),
  /** What the shop shows crossed out, by `mrpRule`. */
  mrp: z.number().int(),
  mrpRule: mrpRuleSchema,
  /** Sum over the sellable variants. */
  stock: z.number().int(),
  published: z.boolean(),
  archived: z.boolean(),
  description: z.string(),
  details: z.array(z.string()),
  addInfo: z.string(),
  categoryId: z.string(),
  category: z.object({ name: z.string(), parentCategory: z.string().nullable() }),
  productCategory: z.string().nullable(),
  hsnCode: z.string(),
  tags: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  variants: z.array(adminVariantOutSchema),
  /**
   * The gallery per colour: the product's colours in order (a colour without images has none), then any other
   * colour that still has images (a colour no longer sold), which the next PUT .../images cannot keep.
   */
  images: z.array(adminColourImagesSchema),
  /** Whether an order has it: such a product is archived, never deleted. */
  hasOrders: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductResponseSchema = z.object({ product: adminProductSchema });

/** A row of the products list. */
export const adminProductRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  published: z.boolean(),
  archived: z.boolean(),
  category: z.string(),
  thumbnail: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const ADMIN_PRODUCT_STATUSES = ['published', 'draft', 'archived'] as const;
export const ADMIN_PRODUCT_STOCK_FILTERS = ['out', 'low', 'in'] as const;
export const ADMIN_PRODUCT_SORTS = ['updated', 'name', 'price', 'stock'] as const;

/** GET /admin/products: search by name or SKU, filter, sort, a page at a time, with the total of matches. */
export const adminProductListQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(100, 'q must be at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
  status: z.enum(ADMIN_PRODUCT_STATUSES, { error: 'status must be published, draft or archived' }).optional(),
  stock: z.enum(ADMIN_PRODUCT_STOCK_FILTERS, { error: 'stock must be out, low or in' }).optional(),
  categoryId: idSchema('categoryId').refine(isUuid, 'categoryId must be a category id').optional(),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { error: 'sort must be updated, name, price or stock' })
    .default('updated'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductListResponseSchema = z.object({
  products: z.array(adminProductRowSchema),
  total: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;
