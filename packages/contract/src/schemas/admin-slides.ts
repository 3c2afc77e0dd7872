// The back office's hero slides (docs/admin.md#hero-slides): the storefront's slide fields, the images as media
// ids, and the active window (docs/product/rules.md#hero-slider). Built on basics.ts, not common.ts, so the back
// office does not load the shop's vocabulary for them.

import { z } from 'zod';
import { isUuid } from '../rules/patterns.ts';
import { boundedText, mediaIdOrNull } from './admin-basics.ts';
import { idSchema, isoDateTimeSchema, requiredText } from './basics.ts';

export const ADMIN_SLIDE_MESSAGES = {
  ctaLink: "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
  window: 'endsAt must be after startsAt',
  nothingToChange: 'Nothing to change',
  idsOnce: 'ids must name each slide once',
} as const;

/**
 * What the storefront's button can do with a link (docs/product/rules.md#hero-slider): nothing ('' or '#'), open
 * a page of the store (a path) or another site in a new tab (http or https). A path may not start with '//' or
 * hold a backslash: browsers read '//host' and '/\host' as another site, which would leave the store unannounced.
 */
function isCtaLink(value: string): boolean {
  if (value === '' || value === '#') return true;
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601) or null` }).nullable();

const slideFields = {
  title: requiredText('title', 80),
  subtitle: boundedText('subtitle', 160),
  /** The button's label. */
  cta: boundedText('cta', 30),
  ctaLink: boundedText('ctaLink', 500).refine(isCtaLink, ADMIN_SLIDE_MESSAGES.ctaLink),
  desktopMediaId: mediaIdOrNull('desktopMediaId'),
  mobileMediaId: mediaIdOrNull('mobileMediaId'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** Shown from this instant (inclusive); null: no start. */
  startsAt: instant('startsAt'),
  /** Shown until this instant (exclusive); null: no end. */
  endsAt: instant('endsAt'),
};

const windowInOrder = (body: { startsAt?: string | null; endsAt?: string | null }) =>
  !body.startsAt || !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt);

/** POST /admin/slides: a new slide, last in the order, switched off unless `isActive: true`. */
export const adminSlideCreateBodySchema = z
  .object({
    title: slideFields.title,
    subtitle: slideFields.subtitle.default(''),
    cta: slideFields.cta.default(''),
    ctaLink: slideFields.ctaLink.default(''),
    desktopMediaId: slideFields.desktopMediaId.default(null),
    mobileMediaId: slideFields.mobileMediaId.default(null),
    isActive: slideFields.isActive.default(false),
    startsAt: slideFields.startsAt.default(null),
    endsAt: slideFields.endsAt.default(null),
  })
  .refine(windowInOrder, { message: ADMIN_SLIDE_MESSAGES.window, path: ['endsAt'] });
export type AdminSlideCreateBody = z.infer<typeof adminSlideCreateBodySchema>;

/** PATCH /admin/slides/{id}: only the fields sent change; the window is checked with the stored side too. */
export const adminSlidePatchBodySchema = z
  .object({
    title: slideFields.title.optional(),
    subtitle: slideFields.subtitle.optional(),
    cta: slideFields.cta.optional(),
    ctaLink: slideFields.ctaLink.optional(),
    desktopMediaId: slideFields.desktopMediaId.optional(),
    mobileMediaId: slideFields.mobileMediaId.optional(),
    isActive: slideFields.isActive.optional(),
    startsAt: slideFields.startsAt.optional(),
    endsAt: slideFields.endsAt.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), ADMIN_SLIDE_MESSAGES.nothingToChange)
  .refine(windowInOrder, { message: ADMIN_SLIDE_MESSAGES.window, path: ['endsAt'] });
export type AdminSlidePatchBody = z.infer<typeof adminSlidePatchBodySchema>;

/** PUT /admin/slides/order: every slide's id, in the order the storefront shows them. */
export const adminSlideOrderBodySchema = z.object({
  ids: z
    .array(idSchema('ids').refine(isUuid, 'ids must be slide ids'), {
      error: 'ids must be a list of slide ids',
    })
    .min(1, 'ids must name every slide')
    .max(500, 'ids may name at most 500 slides')
    .refine((ids) => new Set(ids).size === ids.length, ADMIN_SLIDE_MESSAGES.idsOnce),
});
export type AdminSlideOrderBody = z.infer<typeof adminSlideOrderBodySchema>;

export const adminSlideIdParamsSchema = z.object({
  id: idSchema('id').refine(isUuid, 'id must be a slide id'),
});

/** Where a slide stands now: shown ('live'), not yet ('scheduled'), no longer ('ended') or switched off. */
export const ADMIN_SLIDE_STATUSES = ['live', 'scheduled', 'ended', 'off'] as const;

/** One slide as the back office edits it. */
export const adminSlideSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
  ctaLink: z.string(),
  /** Display order, from 0. */
  position: z.number().int(),
  isActive: z.boolean(),
  startsAt: isoDateTimeSchema.nullable(),
  endsAt: isoDateTimeSchema.nullable(),
  status: z.enum(ADMIN_SLIDE_STATUSES),
  desktopMediaId: z.string().nullable(),
  mobileMediaId: z.string().nullable(),
  /** Absolute URLs of the images as the storefront shows them; null without an image. */
  desktop: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Since the slide was created, each visitor counted once per 30-minute window. */
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions (0 without impressions), to 4 decimal places. */
  ctr: z.number(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminSlide = z.infer<typeof adminSlideSchema>;

export const adminSlideResponseSchema = z.object({ slide: adminSlideSchema });
export const adminSlideListResponseSchema = z.object({ slides: z.array(adminSlideSchema) });
export type AdminSlideListResponse = z.infer<typeof adminSlideListResponseSchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) =>
  DAY_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const dayParam = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /admin/slides/{id}/stats: days in the shop's time zone (India), both ends included. */
export const adminSlideStatsQuerySchema = z.object({
  from: dayParam('from'),
  to: dayParam('to'),
});
export type AdminSlideStatsQuery = z.infer<typeof adminSlideStatsQuerySchema>;

const slideCountsSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number(),
});

export const adminSlideStatsResponseSchema = z.object({
  slideId: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range in order, days without events as zeros. */
  days: z.array(slideCountsSchema.extend({ day: z.string() })),
  totals: slideCountsSchema,
});
export type AdminSlideStatsResponse = z.infer<typeof adminSlideStatsResponseSchema>;
