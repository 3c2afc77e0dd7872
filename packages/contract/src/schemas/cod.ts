// Cash on delivery (docs/cod.md): the checkout's question whether an order may be paid in cash, the back office's
// rules, blocks and the report of parcels returned to origin (docs/api.md#cash-on-delivery).
import { z } from 'zod';
import { isoDateTimeSchema } from './basics.ts';
import { pincodeSchema } from './pincode.ts';

const wholeRupees = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number of rupees` })
    .int(`${field} must be a whole number of rupees`)
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} must be at most ${max}`);

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`);

// ---------------------------------------------------------------- checkout

/** GET /checkout/cod: the delivery PIN, the items' value the checkout shows (rupees) and the delivery phone. */
export const checkoutCodQuerySchema = z.object({
  pincode: pincodeSchema,
  value: z.coerce
    .number({ error: 'value must be a whole number of rupees' })
    .int('value must be a whole number of rupees')
    .min(0, 'value must be 0 or more')
    .max(10_000_000, 'value must be at most 10000000'),
  phone: z.string().trim().max(20, 'phone must be at most 20 characters').optional(),
});
export type CheckoutCodQuery = z.infer<typeof checkoutCodQuerySchema>;

export const checkoutCodResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  /** Why not, word for word as placement would refuse it; the availability line when available. */
  message: z.string(),
  /** The cash on delivery fee (rupees). */
  fee: z.number(),
});
export type CheckoutCodResponse = z.infer<typeof checkoutCodResponseSchema>;

/** GET /cod/fee: the fee alone, for the cart and the policy pages. */
export const codFeeResponseSchema = z.object({ success: z.literal(true), fee: z.number() });
export type CodFeeResponse = z.infer<typeof codFeeResponseSchema>;

// ---------------------------------------------------------------- back office

export const adminCodRulesSchema = z.object({
  minOrderValue: z.number(),
  maxOrderValue: z.number(),
  maxOpenPerPhone: z.number().int(),
  rtoBlockThreshold: z.number().int(),
  fee: z.number(),
  denyPins: z.array(z.string()),
  indiaPostOnlyPins: z.array(z.string()),
  /** Null until the owner first saves the rules (the defaults hold). */
  updatedAt: isoDateTimeSchema.nullable(),
});
export type AdminCodRules = z.infer<typeof adminCodRulesSchema>;

export const adminCodRulesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  rules: adminCodRulesSchema,
});
export type AdminCodRulesResponse = z.infer<typeof adminCodRulesResponseSchema>;

/** A PIN list as pasted (one a line, or separated by commas), or as an array. Checked by parsePinList. */
const pinListSchema = z.union([
  z
    .string({ error: 'A PIN list must be text or a list of PIN codes' })
    .max(100_000, 'A PIN list is too long'),
  z.array(z.string().max(20)).max(10_000, 'A PIN list is too long'),
]);

/** PUT /admin/settings/cod: every rule at once, as the page sends them. */
export const adminCodRulesBodySchema = z.object({
  minOrderValue: wholeRupees('minOrderValue', 10_000_000),
  maxOrderValue: wholeRupees('maxOrderValue', 10_000_000),
  // As high as COD_MAX_OPEN_PER_PHONE may set the default, so a page showing it can save it back.
  maxOpenPerPhone: count('maxOpenPerPhone', 1_000_000),
  rtoBlockThreshold: count('rtoBlockThreshold', 100),
  fee: wholeRupees('fee', 10_000),
  denyPins: pinListSchema,
  indiaPostOnlyPins: pinListSchema,
});
export type AdminCodRulesBody = z.infer<typeof adminCodRulesBodySchema>;

export const adminCodBlockSchema = z.object({
  id: z.string(),
  /** The blocked phone (10 digits) or null for an account's block. */
  phone: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
  liftedAt: isoDateTimeSchema.nullable(),
  liftedBy: z.string().nullable(),
});
export type AdminCodBlock = z.infer<typeof adminCodBlockSchema>;

export const adminCodBlocksResponseSchema = z.object({
  success: z.literal(true),
  blocks: z.array(adminCodBlockSchema),
});
export type AdminCodBlocksResponse = z.infer<typeof adminCodBlocksResponseSchema>;

export const adminCodBlockParamsSchema = z.object({ id: z.uuid({ error: 'Block not found' }) });

export const adminCodBlockResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  block: adminCodBlockSchema,
});

// ---------------------------------------------------------------- RTO report

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET /admin/rto: orders placed on India days `from`..`to` (both included); the last 12 weeks by default. */
export const adminRtoQuerySchema = z.object({
  from: z.string().regex(ISO_DAY, 'from must be a date (YYYY-MM-DD)').optional(),
  to: z.string().regex(ISO_DAY, 'to must be a date (YYYY-MM-DD)').optional(),
});
export type AdminRtoQuery = z.infer<typeof adminRtoQuerySchema>;

/** Orders that reached the courier, and how many of them came back; rate in percent with one decimal. */
const rtoFigures = { shipped: z.number().int(), rto: z.number().int(), rate: z.number() };

export const adminRtoReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.object(rtoFigures),
  byPincode: z.array(z.object({ pincode: z.string(), ...rtoFigures })),
  byState: z.array(z.object({ state: z.string(), ...rtoFigures })),
  /** Weeks starting on Monday (India days), oldest first. */
  byWeek: z.array(z.object({ week: z.string(), ...rtoFigures })),
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      paymentMethod: z.string(),
      pincode: z.string(),
      state: z.string(),
      total: z.number(),
      reason: z.string(),
      returnedAt: isoDateTimeSchema,
    }),
  ),
});
export type AdminRtoReport = z.infer<typeof adminRtoReportSchema>;

export const adminRtoResponseSchema = z.object({ success: z.literal(true), report: adminRtoReportSchema });
