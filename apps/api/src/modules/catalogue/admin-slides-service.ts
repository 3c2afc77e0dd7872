// The back office's hero slides (docs/admin.md#hero-slides): list, read, create, edit, reorder and delete, and
// each slide's impressions and clicks per day. Every change runs inside the caller's audited change and records
// the slide's fields before and after; the storefront's caches hear of it through the slides trigger.
import type {
  AdminSlide,
  AdminSlideCreateBody,
  AdminSlideListResponse,
  AdminSlidePatchBody,
  AdminSlideStatsQuery,
  AdminSlideStatsResponse,
} from '@rangrez/contract/schemas';
import { indiaDayRange } from '@rangrez/contract/rules';
import { ADMIN_SLIDE_MESSAGES } from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/index.ts';
import {
  type AdminSlideRecord,
  type SlideInsert,
  deleteSlide,
  existingMedia,
  findAdminSlide,
  insertSlide,
  listAdminSlides,
  lockSlide,
  lockSlideOrder,
  setSlidePositions,
  slideDailyCounts,
  updateSlide,
} from './admin-slides-repository.ts';

import { slidesShownAt } from './service.ts';

export const ADMIN_SLIDES_MESSAGES = {
  notFound: 'Slide not found',
  unknownImage: (field: string) => `${field} must be an existing image`,
  wholeOrder: 'ids must list every slide, each once',
  rangeReversed: 'from must not be after to',
  rangeTooLong: 'The range may span at most 366 days',
} as const;

/** The audit row of a reorder is about the slider as a whole, not one slide. */
const SLIDE_ORDER_ENTITY_ID = 'display-order';
/** The statistics' default range: this many days, ending today. */
const DEFAULT_STATS_DAYS = 30;
const MAX_STATS_DAYS = 366;

export interface AdminSlidesOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** Clicks per impression to 4 decimal places; 0 before the first impression. */
const ctr = (impressions: number, clicks: number) =>
  impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : 0;

function statusAt(row: AdminSlideRecord, now: Date): AdminSlide['status'] {
  if (!row.isActive) return 'off';
  if (slidesShownAt([row], now).shown.length > 0) return 'live';
  return row.startsAt && row.startsAt > now ? 'scheduled' : 'ended';
}

function toAdminSlide(publicUrl: string, row: AdminSlideRecord, now: Date): AdminSlide {
  const image = (key: string | null, widths: number[] | null) =>
    key ? cardImageUrls(publicUrl, key, widths).image : null;
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    cta: row.cta,
    ctaLink: row.ctaLink,
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    status: statusAt(row, now),
    desktopMediaId: row.desktopId,
    mobileMediaId: row.mobileId,
    desktop: image(row.desktopKey, row.desktopWidths),
    mobile: image(row.mobileKey, row.mobileWidths),
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: ctr(row.impressions, row.clicks),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an editor sets, as the audit trail records them. */
function auditView(s: AdminSlide): Record<string, unknown> {
  return {
    title: s.title,
    subtitle: s.subtitle,
    cta: s.cta,
    ctaLink: s.ctaLink,
    desktopMediaId: s.desktopMediaId,
    mobileMediaId: s.mobileMediaId,
    isActive: s.isActive,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    position: s.position,
  };
}

async function readSlide(opts: AdminSlidesOptions, db: Executor, id: string): Promise<AdminSlide> {
  const row = await findAdminSlide(db, id);
  if (!row) throw notFound(ADMIN_SLIDES_MESSAGES.notFound);
  return toAdminSlide(opts.publicUrl, row, opts.clock.now());
}

/** Images named by id must exist: a 400 naming the field otherwise. */
async function checkImages(
  db: Executor,
  body: Pick<AdminSlidePatchBody, 'desktopMediaId' | 'mobileMediaId'>,
) {
  const named = (['desktopMediaId', 'mobileMediaId'] as const).filter((field) => body[field]);
  const found = await existingMedia(
    db,
    named.map((field) => body[field] as string),
  );
  const missing = named.find((field) => !found.has(body[field] as string));
  if (missing) throw badRequest(ADMIN_SLIDES_MESSAGES.unknownImage(missing));
}

const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

async function createSlide(opts: AdminSlidesOptions, c: AuditedChange, body: AdminSlideCreateBody) {
  await checkImages(c.tx, body);
  const now = opts.clock.now();
  const row = await insertSlide(c.tx, {
    title: body.title,
    subtitle: body.subtitle,
    cta: body.cta,
    ctaLink: body.ctaLink,
    desktopId: body.desktopMediaId,
    mobileId: body.mobileMediaId,
    isActive: body.isActive,
    startsAt: toDate(body.startsAt),
    endsAt: toDate(body.endsAt),
    createdAt: now,
    updatedAt: now,
  });
  const created = await readSlide(opts, c.tx, row.id);
  await c.record({
    action: 'slide.create',
    entityType: 'slide',
    entityId: row.id,
    after: auditView(created),
  });
  return created;
}

function patchValues(body: AdminSlidePatchBody): Partial<SlideInsert> {
  const values: Partial<SlideInsert> = {
    title: body.title,
    subtitle: body.subtitle,
    cta: body.cta,
    ctaLink: body.ctaLink,
    desktopId: body.desktopMediaId,
    mobileId: body.mobileMediaId,
    isActive: body.isActive,
    startsAt: body.startsAt === undefined ? undefined : toDate(body.startsAt),
    endsAt: body.endsAt === undefined ? undefined : toDate(body.endsAt),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

async function patchSlide(opts: AdminSlidesOptions, c: AuditedChange, id: string, body: AdminSlidePatchBody) {
  if (!(await lockSlide(c.tx, id))) throw notFound(ADMIN_SLIDES_MESSAGES.notFound);
  const before = await readSlide(opts, c.tx, id);
  await checkImages(c.tx, body);
  // One side of the window may be sent alone: it must still fit the stored other side.
  const startsAt = body.startsAt === undefined ? before.startsAt : body.startsAt;
  const endsAt = body.endsAt === undefined ? before.endsAt : body.endsAt;
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    throw badRequest(ADMIN_SLIDE_MESSAGES.window);
  await updateSlide(c.tx, id, patchValues(body), opts.clock.now());
  const after = await readSlide(opts, c.tx, id);
  await c.record({
    action: 'slide.update',
    entityType: 'slide',
    entityId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

async function deleteOne(opts: AdminSlidesOptions, c: AuditedChange, id: string) {
  if (!(await lockSlide(c.tx, id))) throw notFound(ADMIN_SLIDES_MESSAGES.notFound);
  const before = await readSlide(opts, c.tx, id);
  await deleteSlide(c.tx, id);
  // The slide's counts go with it: the audit row keeps its totals.
  await c.record({
    action: 'slide.delete',
    entityType: 'slide',
    entityId: id,
    before: { ...auditView(before), impressions: before.impressions, clicks: before.clicks },
  });
}

async function listAll(opts: AdminSlidesOptions, db: Executor): Promise<AdminSlideListResponse> {
  const now = opts.clock.now();
  return { slides: (await listAdminSlides(db)).map((row) => toAdminSlide(opts.publicUrl, row, now)) };
}

async function reorder(opts: AdminSlidesOptions, c: AuditedChange, ids: string[]) {
  const current = await lockSlideOrder(c.tx);
  const listed = new Set(ids);
  if (ids.length !== current.length || current.some((id) => !listed.has(id)))
    throw badRequest(ADMIN_SLIDES_MESSAGES.wholeOrder);
  await setSlidePositions(c.tx, ids, opts.clock.now());
  await c.record({
    action: 'slide.reorder',
    entityType: 'slide',
    entityId: SLIDE_ORDER_ENTITY_ID,
    before: { ids: current },
    after: { ids },
  });
  return listAll(opts, c.tx);
}

async function stats(
  opts: AdminSlidesOptions,
  id: string,
  query: AdminSlideStatsQuery,
): Promise<AdminSlideStatsResponse> {
  if (!(await findAdminSlide(opts.db, id))) throw notFound(ADMIN_SLIDES_MESSAGES.notFound);
  const range = indiaDayRange(query, opts.clock.now(), DEFAULT_STATS_DAYS, MAX_STATS_DAYS);
  if ('problem' in range) {
    throw badRequest(
      range.problem === 'reversed' ? ADMIN_SLIDES_MESSAGES.rangeReversed : ADMIN_SLIDES_MESSAGES.rangeTooLong,
    );
  }
  const { from, to } = range;
  const days = await slideDailyCounts(opts.db, id, from, to);
  const impressions = days.reduce((sum, d) => sum + d.impressions, 0);
  const clicks = days.reduce((sum, d) => sum + d.clicks, 0);
  return {
    slideId: id,
    from,
    to,
    days: days.map((d) => ({ ...d, ctr: ctr(d.impressions, d.clicks) })),
    totals: { impressions, clicks, ctr: ctr(impressions, clicks) },
  };
}

export function createAdminSlidesService(opts: AdminSlidesOptions) {
  return {
    list: () => listAll(opts, opts.db),
    get: (id: string) => readSlide(opts, opts.db, id),
    create: (c: AuditedChange, body: AdminSlideCreateBody) => createSlide(opts, c, body),
    patch: (c: AuditedChange, id: string, body: AdminSlidePatchBody) => patchSlide(opts, c, id, body),
    remove: (c: AuditedChange, id: string) => deleteOne(opts, c, id),
    reorder: (c: AuditedChange, ids: string[]) => reorder(opts, c, ids),
    stats: (id: string, query: AdminSlideStatsQuery) => stats(opts, id, query),
  };
}
export type AdminSlidesService = ReturnType<typeof createAdminSlidesService>;
