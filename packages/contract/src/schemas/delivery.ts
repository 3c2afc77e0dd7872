// The delivery promise (docs/delivery.md): the shop's PIN check, the back office's delivery settings and the
// promise-against-reality report. Dates are India days (YYYY-MM-DD).
import { z } from 'zod';
import { DELIVERY_ZONES, PRODUCTION_TYPES } from '../rules/delivery-promise.ts';
import { isUuid } from '../rules/patterns.ts';
import { isoDateTimeSchema } from './basics.ts';

export const DELIVERY_MESSAGES = {
  unknownPin: 'We do not deliver to this PIN code yet.',
  productId: 'productId must be a product id',
  cutoff: 'cutoff must be a time of day (HH:MM)',
  holiday: 'holidays must be dates (YYYY-MM-DD)',
  holidaysOnce: 'Each holiday may be listed once',
  days: (field: string) => `${field} must be a whole number of days from 0 to 30`,
  rangeReversed: 'from must not be after to',
} as const;

const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
};

const daySchema = (message: string) => z.string({ error: message }).refine(isCalendarDay, message);

/**
 * GET /delivery/{pincode}?productId=: that product's production days (a checkout sends its products, separated by
 * commas, at most 50, and gets the longest); without it the longest standard production.
 */
export const deliveryQuerySchema = z.object({
  productId: z
    .string({ error: DELIVERY_MESSAGES.productId })
    .transform((v) => v.split(','))
    .refine((ids) => ids.length <= 50 && ids.every(isUuid), DELIVERY_MESSAGES.productId)
    .optional(),
});
export type DeliveryQuery = z.infer<typeof deliveryQuerySchema>;

export const deliveryLookupSchema = z.object({
  pincode: z.string(),
  /** The PIN's district, as the checkout's auto-fill names the city. */
  city: z.string(),
  state: z.string(),
  /** Some carrier reaches the PIN (every PIN of the directory: India Post does). */
  serviceable: z.boolean(),
  /** A courier takes cash on delivery there (the PIN table's flag; the COD rules may still refuse an order). */
  cod: z.boolean(),
  deliveryBy: z.string(),
  /** The instant before which an order gets this date. */
  cutoffAt: isoDateTimeSchema,
});
export type DeliveryLookup = z.infer<typeof deliveryLookupSchema>;

const daysSchema = (field: string) =>
  z
    .number({ error: DELIVERY_MESSAGES.days(field) })
    .int(DELIVERY_MESSAGES.days(field))
    .min(0, DELIVERY_MESSAGES.days(field))
    .max(30, DELIVERY_MESSAGES.days(field));

const daysPer = <K extends string>(keys: readonly K[], field: string) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, daysSchema(`${field}.${k}`)])) as Record<
      K,
      ReturnType<typeof daysSchema>
    >,
  );

/** GET and PUT /admin/settings/delivery: the whole set each time. */
export const deliverySettingsSchema = z.object({
  originPincode: z
    .string({ error: 'originPincode must be a 6-digit PIN code' })
    .regex(/^[1-9]\d{5}$/, 'originPincode must be a 6-digit PIN code'),
  cutoff: z
    .string({ error: DELIVERY_MESSAGES.cutoff })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DELIVERY_MESSAGES.cutoff),
  productionDays: daysPer(PRODUCTION_TYPES, 'productionDays'),
  transitDays: daysPer(DELIVERY_ZONES, 'transitDays'),
  holidays: z
    .array(daySchema(DELIVERY_MESSAGES.holiday), { error: DELIVERY_MESSAGES.holiday })
    .max(366, 'At most 366 holidays')
    .refine((days) => new Set(days).size === days.length, DELIVERY_MESSAGES.holidaysOnce),
});
export type DeliverySettingsBody = z.infer<typeof deliverySettingsSchema>;

export const deliverySettingsResponseSchema = z.object({
  settings: deliverySettingsSchema,
  /** Where the origin PIN is, or null when the table does not know it (zones then count it as nowhere near). */
  origin: z.object({ city: z.string(), state: z.string() }).nullable(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type DeliverySettingsResponse = z.infer<typeof deliverySettingsResponseSchema>;

/** GET /admin/delivery/report: orders placed in the range (both ends included; default the last 90 days). */
export const deliveryReportQuerySchema = z.object({
  from: daySchema('from must be a date (YYYY-MM-DD)').optional(),
  to: daySchema('to must be a date (YYYY-MM-DD)').optional(),
});
export type DeliveryReportQuery = z.infer<typeof deliveryReportQuerySchema>;

const reportRowSchema = z.object({
  /** Delivered orders with a promise. */
  delivered: z.number().int(),
  /** Of them, delivered on or before the promised day. */
  onTime: z.number().int(),
  /** onTime / delivered, 0 to 1; null when none were delivered. */
  onTimeShare: z.number().nullable(),
  /** Median days from placement to the partner's delivered status; null when none. */
  medianDays: z.number().nullable(),
});

export const deliveryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  zones: z.array(reportRowSchema.extend({ zone: z.enum(DELIVERY_ZONES) })),
  overall: reportRowSchema,
  /** The goal: at least this share on time. */
  goal: z.number(),
  goalMet: z.boolean().nullable(),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;
