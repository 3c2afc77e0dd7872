// The back office's categories, size charts and store settings (docs/admin.md#categories-size-charts-and-settings):
// the mega-menu's groups and their sub-categories, one size chart per garment type, and the seller's details the
// storefront shows, which the environment only defaults.

import { z } from 'zod';
import { DOCUMENT_PREFIX_PATTERN } from '../rules/gst-documents.ts';
import { COD_INVOICE_MOMENTS, GST_MESSAGES, sellerGstinMessage } from '../rules/gst-messages.ts';
import { INDIAN_MOBILE_PATTERN, isUuid } from '../rules/patterns.ts';
import { GARMENT_TYPES, SIZES } from '../rules/size-chart.ts';
import { PRODUCT_SLUG_PATTERN } from '../rules/slugs.ts';
import { boundedText, mediaIdOrNull } from './admin-basics.ts';
import { idSchema, isoDateTimeSchema, requiredText } from './basics.ts';
import { sizeChartRowSchema } from './catalogue.ts';

export const ADMIN_SETTINGS_MESSAGES = {
  slug: 'slug must be lower-case letters, digits and single hyphens',
  nothingToChange: 'Nothing to change',
  idsOnce: 'ids must name each category once',
  sizesOnce: 'Each size may appear once in a size chart',
  garmentType: 'garmentType must be one of the garment types',
  email: (field: string) => `${field} must be an e-mail address`,
  socialUrl: (field: string) => `${field} must be empty or an https URL`,
  whatsappNumber: 'whatsappNumber must be empty or a 10-digit Indian mobile number',
} as const;

const slugSchema = z
  .string({ error: 'slug must be text' })
  .trim()
  .max(80, 'slug must be at most 80 characters')
  .regex(PRODUCT_SLUG_PATTERN, ADMIN_SETTINGS_MESSAGES.slug);

const positionSchema = z
  .number({ error: 'position must be a whole number' })
  .int('position must be a whole number')
  .min(0, 'position must be 0 or more')
  .max(10_000, 'position must be at most 10000');

// ---------------------------------------------------------------- categories

/** A group of the mega-menu (parentId null) or one of its sub-categories. */
export const adminCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number().int(),
  parentId: z.string().nullable(),
  thumbnailMediaId: z.string().nullable(),
  /** The thumbnail's smallest JPEG (absolute URL), or null without one. */
  thumbnail: z.string().nullable(),
  /** Products filed under it (a group: under its sub-categories); a category with products cannot be deleted. */
  productCount: z.number().int(),
  updatedAt: isoDateTimeSchema,
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /admin/categories: groups in menu order, each followed by its sub-categories in order. */
export const adminCategoryListResponseSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryListResponse = z.infer<typeof adminCategoryListResponseSchema>;

export const adminCategoryResponseSchema = z.object({ category: adminCategorySchema });

const categoryFields = {
  name: requiredText('name', 60),
  /** Defaults to the name's slug; must be the name's slug (the storefront links collections by name). */
  slug: slugSchema,
  description: boundedText('description', 300),
  position: positionSchema,
  /** null: a group; a group's id: a sub-category of that group. */
  parentId: z
    .string({ error: 'parentId must be a category id or null' })
    .refine(isUuid, 'parentId must be a category id or null')
    .nullable(),
  thumbnailMediaId: mediaIdOrNull('thumbnailMediaId'),
};

/** POST /admin/categories. */
export const adminCategoryCreateBodySchema = z.object({
  name: categoryFields.name,
  slug: categoryFields.slug.optional(),
  description: categoryFields.description.default(''),
  position: categoryFields.position.optional(),
  parentId: categoryFields.parentId.default(null),
  thumbnailMediaId: categoryFields.thumbnailMediaId.default(null),
});
export type AdminCategoryCreateBody = z.infer<typeof adminCategoryCreateBodySchema>;

/** PATCH /admin/categories/{id}: any of the fields; a sub-category may move to another group. */
export const adminCategoryPatchBodySchema = z
  .object({
    name: categoryFields.name.optional(),
    slug: categoryFields.slug.optional(),
    description: categoryFields.description.optional(),
    position: categoryFields.position.optional(),
    parentId: categoryFields.parentId.optional(),
    thumbnailMediaId: categoryFields.thumbnailMediaId.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, ADMIN_SETTINGS_MESSAGES.nothingToChange);
export type AdminCategoryPatchBody = z.infer<typeof adminCategoryPatchBodySchema>;

/**
 * PUT /admin/categories/order: the groups (parentId null), or one group's sub-categories, in their new menu order;
 * every one of them once.
 */
export const adminCategoryOrderBodySchema = z.object({
  parentId: categoryFields.parentId.default(null),
  ids: z
    .array(idSchema('ids').refine(isUuid, 'ids must be category ids'), {
      error: 'ids must be a list of category ids',
    })
    .min(1, 'ids must name every category of the list')
    .max(500, 'ids may name at most 500 categories')
    .refine((ids) => new Set(ids).size === ids.length, ADMIN_SETTINGS_MESSAGES.idsOnce),
});
export type AdminCategoryOrderBody = z.infer<typeof adminCategoryOrderBodySchema>;

export const adminCategoryIdParamsSchema = z.object({ id: idSchema('id') });

// ---------------------------------------------------------------- size charts

const inches = (field: string) =>
  z
    .number({ error: `${field} must be a number of inches` })
    .positive(`${field} must be more than 0 inches`)
    .max(100, `${field} must be at most 100 inches`);

/** The contract's size-chart row, with messages that name the measure. */
export const adminSizeChartRowSchema = sizeChartRowSchema.extend({
  size: z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` }),
  chest: inches('chest'),
  length: inches('length'),
  shoulder: inches('shoulder').optional(),
  sleeveOpen: inches('sleeveOpen').optional(),
  sleeveLength: inches('sleeveLength').optional(),
});

/** PUT /admin/size-charts/{garmentType}: the whole chart, rows in size order as the storefront shows them. */
export const adminSizeChartBodySchema = z
  .object({
    rows: z
      .array(adminSizeChartRowSchema, { error: 'rows must be a list of sizes' })
      .max(SIZES.length, `rows may hold at most ${SIZES.length} sizes`),
  })
  .refine((body) => new Set(body.rows.map((r) => r.size)).size === body.rows.length, {
    message: ADMIN_SETTINGS_MESSAGES.sizesOnce,
    path: ['rows'],
  });
export type AdminSizeChartBody = z.infer<typeof adminSizeChartBodySchema>;

export const adminSizeChartParamsSchema = z.object({
  garmentType: z.enum(GARMENT_TYPES, { error: ADMIN_SETTINGS_MESSAGES.garmentType }),
});

export const adminSizeChartSchema = z.object({
  garmentType: z.enum(GARMENT_TYPES),
  rows: z.array(sizeChartRowSchema),
});
export type AdminSizeChart = z.infer<typeof adminSizeChartSchema>;

/** GET /admin/size-charts: every garment type, in the contract's order; one the store has no row for has []. */
export const adminSizeChartListResponseSchema = z.object({ sizeCharts: z.array(adminSizeChartSchema) });
export const adminSizeChartResponseSchema = z.object({ sizeChart: adminSizeChartSchema });

// ---------------------------------------------------------------- store settings

const email = (field: string) =>
  z
    .email({ error: ADMIN_SETTINGS_MESSAGES.email(field) })
    .max(200, `${field} must be at most 200 characters`);

const socialUrl = (field: string) =>
  z
    .string({ error: ADMIN_SETTINGS_MESSAGES.socialUrl(field) })
    .trim()
    .max(300, `${field} must be at most 300 characters`)
    .refine(
      (value) => value === '' || /^https:\/\/[^/\s]+(\/\S*)?$/i.test(value),
      ADMIN_SETTINGS_MESSAGES.socialUrl(field),
    );

const documentPrefix = (field: string) =>
  z
    .string({ error: GST_MESSAGES.documentPrefix(field) })
    .trim()
    .regex(DOCUMENT_PREFIX_PATTERN, GST_MESSAGES.documentPrefix(field));

/** Who hears of a new order: an e-mail per order to the owners, one digest per hour with orders, or nothing. */
export const NEW_ORDER_EMAIL_VALUES = ['each', 'hourly', 'off'] as const;
export type NewOrderEmail = (typeof NEW_ORDER_EMAIL_VALUES)[number];

/** The newsletter's welcome offer (docs/newsletter.md): on or off. */
export const WELCOME_OFFER_VALUES = ['on', 'off'] as const;
export type WelcomeOfferSwitch = (typeof WELCOME_OFFER_VALUES)[number];

/** Settings hold text: a whole number kept as its digits, within bounds. */
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be a whole number` })
    .trim()
    .regex(/^\d{1,7}$/, `${field} must be a whole number`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `${field} must be between ${min} and ${max}`)
    .transform((v) => String(Number(v)));

/** Each setting's own rule, by its flat name (the form's and the API's). */
const settingFields = {
  legalName: requiredText('legalName', 200),
  address: requiredText('address', 500),
  email: email('email'),
  phone: requiredText('phone', 40),
  grievanceOfficerName: requiredText('grievanceOfficerName', 120),
  grievanceOfficerEmail: email('grievanceOfficerEmail'),
  grievanceOfficerPhone: requiredText('grievanceOfficerPhone', 40),
  supportHours: requiredText('supportHours', 200),
  instagramUrl: socialUrl('instagramUrl'),
  facebookUrl: socialUrl('facebookUrl'),
  xUrl: socialUrl('xUrl'),
  youtubeUrl: socialUrl('youtubeUrl'),
  /** The number shoppers message on WhatsApp; empty: the store offers no WhatsApp and shows no link. */
  whatsappNumber: z
    .string({ error: ADMIN_SETTINGS_MESSAGES.whatsappNumber })
    .trim()
    .refine((v) => v === '' || INDIAN_MOBILE_PATTERN.test(v), ADMIN_SETTINGS_MESSAGES.whatsappNumber),
  newOrderEmail: z.enum(NEW_ORDER_EMAIL_VALUES, { error: 'newOrderEmail must be each, hourly or off' }),
  welcomeOffer: z.enum(WELCOME_OFFER_VALUES, { error: 'welcomeOffer must be on or off' }),
  /** Percent off the first order. */
  welcomeOfferPercent: wholeNumber('welcomeOfferPercent', 1, 100),
  /** The most it takes off, in rupees. */
  welcomeOfferCap: wholeNumber('welcomeOfferCap', 1, 100_000),
  /** The subtotal it needs, in rupees; 0: none. */
  welcomeOfferMinSubtotal: wholeNumber('welcomeOfferMinSubtotal', 0, 1_000_000),
  // GST invoices (docs/gst.md#settings): without a seller GSTIN no invoice is issued.
  sellerGstin: z
    .string({ error: GST_MESSAGES.sellerGstinFormat })
    .trim()
    .max(20, GST_MESSAGES.sellerGstinFormat)
    .superRefine((value, ctx) => {
      const message = sellerGstinMessage(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  invoicePrefix: documentPrefix('invoicePrefix'),
  creditNotePrefix: documentPrefix('creditNotePrefix'),
  codInvoiceMoment: z.enum(COD_INVOICE_MOMENTS, { error: GST_MESSAGES.codInvoiceMoment }),
  // The SMS fallback of the COD confirmation (docs/cod-confirmation.md#sms): India's DLT registration.
  smsDltTemplateId: z
    .string({ error: 'smsDltTemplateId must be the 19-digit DLT template id' })
    .trim()
    .regex(/^(\d{19})?$/, 'smsDltTemplateId must be the 19-digit DLT template id'),
  smsSenderHeader: z
    .string({ error: 'smsSenderHeader must be 6 capital letters' })
    .trim()
    .regex(/^[A-Z]{6}$/, 'smsSenderHeader must be 6 capital letters'),
};

export const STORE_SETTING_KEYS = Object.keys(settingFields) as (keyof typeof settingFields)[];
export type StoreSettingKey = keyof typeof settingFields;

/** Every setting as the storefront shows it (an answer: the environment's values are not re-checked). */
export const storeSettingsSchema = z.object(
  Object.fromEntries(STORE_SETTING_KEYS.map((key) => [key, z.string()])) as {
    [K in StoreSettingKey]: z.ZodString;
  },
);
export type StoreSettingsValues = z.infer<typeof storeSettingsSchema>;

/**
 * PUT /admin/settings: the whole set. A field given sets it; a field left out or null goes back to the
 * environment's value, so the store never shows an empty seller detail.
 */
export const adminSettingsBodySchema = z.object(
  Object.fromEntries(STORE_SETTING_KEYS.map((key) => [key, settingFields[key].nullable().optional()])) as {
    [K in StoreSettingKey]: z.ZodOptional<z.ZodNullable<(typeof settingFields)[K]>>;
  },
);
export type AdminSettingsBody = z.infer<typeof adminSettingsBodySchema>;

const nullableValues = z.object(
  Object.fromEntries(STORE_SETTING_KEYS.map((key) => [key, z.string().nullable()])) as {
    [K in StoreSettingKey]: z.ZodNullable<z.ZodString>;
  },
);

/** GET and PUT /admin/settings: what the store shows, what staff set (null: not set) and the environment's. */
export const adminSettingsResponseSchema = z.object({
  settings: storeSettingsSchema,
  stored: nullableValues,
  defaults: storeSettingsSchema,
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

/**
 * The back office's settings form: every input holds text, and an emptied one means "the environment's value"
 * (null in the body); the rest is the body's own rule, with its messages.
 */
export const adminSettingsFormSchema = z.object(
  Object.fromEntries(
    STORE_SETTING_KEYS.map((key) => [
      key,
      z
        .string()
        .transform((value) => (value.trim() === '' ? null : value))
        .pipe(settingFields[key].nullable()),
    ]),
  ) as {
    [K in StoreSettingKey]: z.ZodPipe<
      z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>,
      z.ZodNullable<(typeof settingFields)[K]>
    >;
  },
);
export type AdminSettingsForm = z.input<typeof adminSettingsFormSchema>;
