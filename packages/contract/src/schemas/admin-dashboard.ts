// GET /admin/dashboard (reports:read): the owner's figures for a range of India days against the range just
// before it, of the same length (docs/admin.md#dashboard). Money in rupees; rates as fractions from 0 to 1.
import { z } from 'zod';

const isCalendarDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const dayParam = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** Both ends included; without them the last 30 days up to today. */
export const adminDashboardQuerySchema = z.object({
  from: dayParam('from'),
  to: dayParam('to'),
});
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuerySchema>;

export const DASHBOARD_MESSAGES = {
  rangeReversed: 'from must not be after to',
  rangeTooLong: 'The range may span at most 366 days',
} as const;

/** A figure for the range and the one before it; a rate is null when nothing it is a share of happened. */
const tileSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable() });
export type DashboardTile = z.infer<typeof tileSchema>;

export const DASHBOARD_TILES = [
  'netSales',
  'orders',
  'averageOrderValue',
  'codShare',
  'refunds',
  'returnRate',
  'rtoRate',
  'newShoppers',
  'returningShoppers',
  'slideClickConversion',
] as const;
export type DashboardTileName = (typeof DASHBOARD_TILES)[number];

const rankedSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Units for products and sizes, orders for states, refunds or requests for reasons. */
  count: z.number().int(),
  /** Rupees: line values for products and sizes, order totals for states, amounts for refund reasons. */
  amount: z.number(),
});
export type DashboardRanked = z.infer<typeof rankedSchema>;

export const adminDashboardResponseSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  tiles: z.object(
    Object.fromEntries(DASHBOARD_TILES.map((name) => [name, tileSchema])) as Record<
      DashboardTileName,
      typeof tileSchema
    >,
  ),
  /** Every day of the range in order, days without orders as zeros. */
  days: z.array(z.object({ day: z.string(), sales: z.number(), orders: z.number().int() })),
  topProducts: z.array(rankedSchema),
  topSizes: z.array(rankedSchema),
  states: z.array(rankedSchema),
  paymentMethods: z.array(rankedSchema),
  refundReasons: z.array(rankedSchema),
  returnReasons: z.array(rankedSchema),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;
