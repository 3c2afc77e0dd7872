// The back office's promotions (decision 029, docs/promotions.md): the body that creates or edits one, amounts in
// whole rupees, and the answers. Built on basics.ts, not common.ts, so the back office does not load the shop's
// vocabulary for them.

import { z } from 'zod';
import { isUuid } from '../rules/patterns.ts';
import { PROMOTION_CODE_PATTERN } from '../rules/promotion-messages.ts';
import { PROMOTION_KINDS, PROMOTION_SCOPES } from '../rules/promotions.ts';
import { boundedText } from './admin-basics.ts';
import { idSchema, isoDateTimeSchema } from './basics.ts';

export const ADMIN_PROMOTION_MESSAGES = {
  code: 'code must be 3 to 32 letters, digits, - or _',
  percent: 'value must be a whole percent from 1 to 100',
  amount: 'value must be whole rupees, at least ₹1',
  buyGet: 'buyQuantity and getQuantity are required for buy X get Y',
  bundle: 'bundleQuantity of at least 2 is required for a bundle',
  window: 'endsAt must be after startsAt',
  codeOrAutomatic: 'A promotion has a code or is automatic, not both',
  targetIds: 'targetIds must name at least one product, category or type',
  nothingToChange: 'Nothing to change',
  count: 'count must be a whole number from 1 to 10000',
} as const;

/** A code as a shopper or the owner types it, trimmed and upper-cased. */
export const promotionCodeSchema = z
  .string({ error: ADMIN_PROMOTION_MESSAGES.code })
  .trim()
  .toUpperCase()
  .regex(PROMOTION_CODE_PATTERN, ADMIN_PROMOTION_MESSAGES.code);

const wholeRupees = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number of rupees` })
    .int(`${field} must be whole rupees`)
    .min(min, `${field} must be at least ₹${min}`)
    .max(1_000_000, `${field} must be at most ₹10,00,000`);

const count = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(1_000_000, `${field} must be at most 1000000`);

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601) or null` }).nullable();

/** Every field of a promotion as the API speaks it; the create body gives defaults, the patch makes all optional. */
const promotionFields = {
  title: boundedText('title', 120),
  code: promotionCodeSchema.nullable(),
  kind: z.enum(PROMOTION_KINDS, { error: `kind must be one of ${PROMOTION_KINDS.join(', ')}` }),
  /**
   * percentage: percent off (1-100); fixed: rupees off; free_shipping: 0; buy_x_get_y: percent off the Y units
   * (100: free); bundle: the bundle's price in rupees.
   */
  value: z
    .number({ error: 'value must be a number' })
    .int('value must be a whole number')
    .min(0, 'value must not be negative')
    .max(1_000_000, 'value must be at most 1000000'),
  maxDiscount: wholeRupees('maxDiscount', 1).nullable(),
  buyQuantity: count('buyQuantity', 1).nullable(),
  getQuantity: count('getQuantity', 1).nullable(),
  bundleQuantity: count('bundleQuantity', 2).nullable(),
  target: z.enum(PROMOTION_SCOPES, { error: `target must be one of ${PROMOTION_SCOPES.join(', ')}` }),
  targetIds: z.array(idSchema('targetIds'), { error: 'targetIds must be a list of ids' }).max(500),
  minSubtotal: wholeRupees('minSubtotal', 0),
  minQuantity: count('minQuantity', 0),
  usageLimit: count('usageLimit', 1).nullable(),
  perCustomerLimit: count('perCustomerLimit', 1).nullable(),
  budget: wholeRupees('budget', 1).nullable(),
  prepaidOnly: z.boolean({ error: 'prepaidOnly must be true or false' }),
  firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }),
  /** E-mails or phone numbers of the shoppers it is for; empty: everyone. */
  shoppers: z.array(boundedText('shoppers', 254).min(1), { error: 'shoppers must be a list' }).max(1000),
  startsAt: instant('startsAt'),
  endsAt: instant('endsAt'),
  automatic: z.boolean({ error: 'automatic must be true or false' }),
  combinable: z.boolean({ error: 'combinable must be true or false' }),
  active: z.boolean({ error: 'active must be true or false' }),
};

type PromotionShape = {
  kind?: (typeof PROMOTION_KINDS)[number];
  value?: number;
  buyQuantity?: number | null;
  getQuantity?: number | null;
  bundleQuantity?: number | null;
  code?: string | null;
  automatic?: boolean;
  target?: (typeof PROMOTION_SCOPES)[number];
  targetIds?: readonly string[];
  startsAt?: string | null;
  endsAt?: string | null;
};

/**
 * The rules across fields, as messages by field; empty when the body holds together. The server runs it again on
 * the stored promotion merged with a patch.
 */
export function promotionBodyProblems(body: PromotionShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const value = body.value ?? 0;
  const percentKind = body.kind === 'percentage' || body.kind === 'buy_x_get_y';
  if (percentKind && (value < 1 || value > 100))
    problems.push({ path: 'value', message: ADMIN_PROMOTION_MESSAGES.percent });
  if ((body.kind === 'fixed' || body.kind === 'bundle') && value < 1) {
    problems.push({ path: 'value', message: ADMIN_PROMOTION_MESSAGES.amount });
  }
  if (body.kind === 'buy_x_get_y' && (!body.buyQuantity || !body.getQuantity)) {
    problems.push({ path: 'buyQuantity', message: ADMIN_PROMOTION_MESSAGES.buyGet });
  }
  if (body.kind === 'bundle' && !body.bundleQuantity) {
    problems.push({ path: 'bundleQuantity', message: ADMIN_PROMOTION_MESSAGES.bundle });
  }
  if (body.automatic === true && body.code)
    problems.push({ path: 'code', message: ADMIN_PROMOTION_MESSAGES.codeOrAutomatic });
  if (body.target !== undefined && body.target !== 'order' && (body.targetIds ?? []).length === 0) {
    problems.push({ path: 'targetIds', message: ADMIN_PROMOTION_MESSAGES.targetIds });
  }
  if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
    problems.push({ path: 'endsAt', message: ADMIN_PROMOTION_MESSAGES.window });
  }
  return problems;
}

function addProblems(body: PromotionShape, context: z.core.$RefinementCtx): void {
  for (const problem of promotionBodyProblems(body)) {
    context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  }
}

/** POST /admin/promotions: a new promotion, switched on unless `active: false`. */
export const adminPromotionCreateBodySchema = z
  .object({
    title: promotionFields.title.default(''),
    code: promotionFields.code.optional().transform((code) => code ?? null),
    kind: promotionFields.kind,
    value: promotionFields.value.default(0),
    maxDiscount: promotionFields.maxDiscount.default(null),
    buyQuantity: promotionFields.buyQuantity.default(null),
    getQuantity: promotionFields.getQuantity.default(null),
    bundleQuantity: promotionFields.bundleQuantity.default(null),
    target: promotionFields.target.default('order'),
    targetIds: promotionFields.targetIds.default([]),
    minSubtotal: promotionFields.minSubtotal.default(0),
    minQuantity: promotionFields.minQuantity.default(0),
    usageLimit: promotionFields.usageLimit.default(null),
    perCustomerLimit: promotionFields.perCustomerLimit.default(null),
    budget: promotionFields.budget.default(null),
    prepaidOnly: promotionFields.prepaidOnly.default(false),
    firstOrderOnly: promotionFields.firstOrderOnly.default(false),
    shoppers: promotionFields.shoppers.default([]),
    startsAt: promotionFields.startsAt.default(null),
    endsAt: promotionFields.endsAt.default(null),
    automatic: promotionFields.automatic.default(false),
    combinable: promotionFields.combinable.default(false),
    active: promotionFields.active.default(true),
  })
  .superRefine(addProblems);
export type AdminPromotionCreateBody = z.infer<typeof adminPromotionCreateBodySchema>;

/** PATCH /admin/promotions/{id}: only the fields sent change (activate, deactivate, edit). */
export const adminPromotionPatchBodySchema = z
  .object(
    Object.fromEntries(Object.entries(promotionFields).map(([key, field]) => [key, field.optional()])) as {
      [K in keyof typeof promotionFields]: z.ZodOptional<(typeof promotionFields)[K]>;
    },
  )
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    ADMIN_PROMOTION_MESSAGES.nothingToChange,
  );
export type AdminPromotionPatchBody = z.infer<typeof adminPromotionPatchBodySchema>;

export const adminPromotionIdParamsSchema = z.object({
  id: idSchema('id').refine(isUuid, 'id must be a promotion id'),
});

/** POST /admin/promotions/{id}/codes: a batch of unique single-use codes. */
export const adminPromotionCodesBodySchema = z.object({
  count: z
    .number({ error: ADMIN_PROMOTION_MESSAGES.count })
    .int(ADMIN_PROMOTION_MESSAGES.count)
    .min(1, ADMIN_PROMOTION_MESSAGES.count)
    .max(10_000, ADMIN_PROMOTION_MESSAGES.count),
});
export type AdminPromotionCodesBody = z.infer<typeof adminPromotionCodesBodySchema>;

export const adminPromotionCodesResponseSchema = z.object({
  success: z.literal(true),
  /** How many codes the batch holds now. */
  batchCodes: z.number(),
  /** The codes just made. */
  codes: z.array(z.string()),
});
export type AdminPromotionCodesResponse = z.infer<typeof adminPromotionCodesResponseSchema>;

/** One promotion as the back office reads it: the body's fields, plus what it has used. */
export const adminPromotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  code: z.string().nullable(),
  kind: promotionFields.kind,
  value: z.number(),
  maxDiscount: z.number().nullable(),
  buyQuantity: z.number().nullable(),
  getQuantity: z.number().nullable(),
  bundleQuantity: z.number().nullable(),
  target: promotionFields.target,
  targetIds: z.array(z.string()),
  minSubtotal: z.number(),
  minQuantity: z.number(),
  usageLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  budget: z.number().nullable(),
  prepaidOnly: z.boolean(),
  firstOrderOnly: z.boolean(),
  shoppers: z.array(z.string()),
  startsAt: isoDateTimeSchema.nullable(),
  endsAt: isoDateTimeSchema.nullable(),
  automatic: z.boolean(),
  combinable: z.boolean(),
  active: z.boolean(),
  /** Live redemptions (released ones not counted): what usageLimit is held against. */
  used: z.number(),
  /** Every redemption ever made, released ones included. */
  redemptions: z.number(),
  /** Rupees given so far, against `budget`; may carry paise. */
  budgetUsed: z.number(),
  /** Single-use codes in its batch, and how many of them are taken. */
  batchCodes: z.number(),
  batchCodesUsed: z.number(),
  /** 'settings': the store's own welcome offer, whose terms follow the settings; only `active` is edited here. */
  managedBy: z.enum(['settings']).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionResponseSchema = z.object({
  success: z.literal(true),
  promotion: adminPromotionSchema,
});
export type AdminPromotionResponse = z.infer<typeof adminPromotionResponseSchema>;

export const adminPromotionListResponseSchema = z.object({
  success: z.literal(true),
  promotions: z.array(adminPromotionSchema),
});
export type AdminPromotionListResponse = z.infer<typeof adminPromotionListResponseSchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) =>
  DAY_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const dayParam = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /admin/promotions/{id}/report: days in the shop's time zone (India), both ends included. */
export const adminPromotionReportQuerySchema = z.object({
  from: dayParam('from'),
  to: dayParam('to'),
});
export type AdminPromotionReportQuery = z.infer<typeof adminPromotionReportQuerySchema>;

const promotionDayCountsSchema = z.object({
  /** Redemptions made that day and not released since. */
  redemptions: z.number().int(),
  /** Rupees: the totals of those orders. */
  revenue: z.number(),
  /** Rupees: what the promotion took off those orders, shipping saved included. */
  discount: z.number(),
});

export const adminPromotionReportResponseSchema = z.object({
  success: z.literal(true),
  promotionId: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range in order, days without redemptions as zeros. */
  days: z.array(promotionDayCountsSchema.extend({ day: z.string() })),
  totals: promotionDayCountsSchema,
});
export type AdminPromotionReportResponse = z.infer<typeof adminPromotionReportResponseSchema>;

/** GET /admin/promotions/{id}/orders: the orders that used it, newest first, a page at a time. */
export const adminPromotionOrdersQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});

export const ADMIN_PROMOTION_ORDERS_PAGE_SIZE = 20;

export const adminPromotionOrderSchema = z.object({
  /** The order number, as /admin/orders/{orderId} takes it. */
  orderId: z.string(),
  placedAt: isoDateTimeSchema,
  customer: z.string(),
  /** The code entered (the promotion's or a batch code); null when it applied automatically. */
  code: z.string().nullable(),
  /** Rupees: the order's total, and what this promotion took off it. */
  total: z.number(),
  discount: z.number(),
  state: z.string(),
  /** When the order gave the redemption back (cancelled, expired, refunded whole); null while it holds it. */
  releasedAt: isoDateTimeSchema.nullable(),
});
export type AdminPromotionOrder = z.infer<typeof adminPromotionOrderSchema>;

export const adminPromotionOrdersResponseSchema = z.object({
  success: z.literal(true),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every redemption ever made, released ones included: what the pages hold in all. */
  total: z.number().int(),
  orders: z.array(adminPromotionOrderSchema),
});
export type AdminPromotionOrdersResponse = z.infer<typeof adminPromotionOrdersResponseSchema>;

/** GET /admin/promotions/garment-types: what `target: 'types'` names, by id, A to Z. */
export const adminPromotionGarmentTypesResponseSchema = z.object({
  success: z.literal(true),
  types: z.array(z.object({ id: z.string(), name: z.string() })),
});

/**
 * GET /admin/promotions/{id}/gst-check (ours, docs/gst.md#between-the-slabs): the products this promotion would
 * put between the GST slabs, one product bought alone in the fewest pieces the offer needs. At most 50 listed;
 * `total` counts them all.
 */
export const adminPromotionGstCheckResponseSchema = z.object({
  success: z.literal(true),
  total: z.number(),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Rupees, one piece before the promotion. */
      price: z.number(),
      /** Rupees (may carry paise), one piece after it. */
      priceAfter: z.number(),
      quantity: z.number(),
    }),
  ),
});
export type AdminPromotionGstCheckResponse = z.infer<typeof adminPromotionGstCheckResponseSchema>;
