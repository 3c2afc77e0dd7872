// SQL of the back office's hero slides: every slide with its images, the writes, the display order and the
// per-day counts. Writers lock the slide rows they change; a reorder locks them all.
import { media, slides } from '@rangrez/db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';

const desktopImage = alias(media, 'desktop_image');
const mobileImage = alias(media, 'mobile_image');

export type SlideRow = typeof slides.$inferSelect;
export type SlideInsert = typeof slides.$inferInsert;

export interface AdminSlideRecord extends SlideRow {
  desktopKey: string | null;
  desktopWidths: number[] | null;
  mobileKey: string | null;
  mobileWidths: number[] | null;
}

const slideOrder = [asc(slides.position), asc(slides.createdAt), asc(slides.id)];

function slidesWithImages(db: Executor) {
  return db
    .select({
      slide: slides,
      desktopKey: desktopImage.key,
      desktopWidths: desktopImage.widths,
      mobileKey: mobileImage.key,
      mobileWidths: mobileImage.widths,
    })
    .from(slides)
    .leftJoin(desktopImage, eq(desktopImage.id, slides.desktopId))
    .leftJoin(mobileImage, eq(mobileImage.id, slides.mobileId));
}

const flatten = ({ slide, ...images }: { slide: SlideRow } & Omit<AdminSlideRecord, keyof SlideRow>) => ({
  ...slide,
  ...images,
});

/** Every slide, in display order. */
export async function listAdminSlides(db: Executor): Promise<AdminSlideRecord[]> {
  return (await slidesWithImages(db).orderBy(...slideOrder)).map(flatten);
}

export async function findAdminSlide(db: Executor, id: string): Promise<AdminSlideRecord | undefined> {
  const [row] = await slidesWithImages(db).where(eq(slides.id, id));
  return row ? flatten(row) : undefined;
}

/** Locks the slide for the rest of the transaction; undefined when there is none. */
export async function lockSlide(db: Executor, id: string): Promise<SlideRow | undefined> {
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).for('update');
  return row;
}

/** Every slide's id in the current display order, each row locked for the rest of the transaction. */
export async function lockSlideOrder(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: slides.id })
    .from(slides)
    .orderBy(...slideOrder)
    .for('update');
  return rows.map((r) => r.id);
}

/** The ids among `ids` that name a media row. */
export async function existingMedia(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: media.id }).from(media).where(inArray(media.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** A new slide placed after every other one. */
export async function insertSlide(db: Executor, values: Omit<SlideInsert, 'position'>): Promise<SlideRow> {
  const [row] = await db
    .insert(slides)
    .values({ ...values, position: sql`(select coalesce(max(position) + 1, 0) from slides)` })
    .returning();
  if (!row) throw new Error('insertSlide: no row returned');
  return row;
}

export async function updateSlide(db: Executor, id: string, patch: Partial<SlideInsert>, now: Date) {
  await db
    .update(slides)
    .set({ ...patch, updatedAt: now })
    .where(eq(slides.id, id));
}

/** Deletes the slide; its dedupe rows and daily counts go with it (foreign keys on delete cascade). */
export async function deleteSlide(db: Executor, id: string): Promise<void> {
  await db.delete(slides).where(eq(slides.id, id));
}

/** Positions 0, 1, 2... in the order of `ids`, in one statement; only slides whose position moves are written. */
export async function setSlidePositions(db: Executor, ids: string[], now: Date): Promise<void> {
  await db.execute(sql`
    update slides set position = o.ord - 1, updated_at = ${now.toISOString()}::timestamptz
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) with ordinality as o(id, ord)
    where slides.id = o.id and slides.position <> o.ord - 1`);
}

export interface DayCountsRecord {
  day: string;
  impressions: number;
  clicks: number;
}

/** Impressions and clicks of each day from `from` to `to` (both 'YYYY-MM-DD', both included), zeros included. */
export async function slideDailyCounts(
  db: Executor,
  slideId: string,
  from: string,
  to: string,
): Promise<DayCountsRecord[]> {
  const result = await db.execute<{ day: string; impressions: string; clicks: string }>(sql`
    select to_char(${from}::date + n, 'YYYY-MM-DD') as day,
           coalesce(s.impressions, 0) as impressions,
           coalesce(s.clicks, 0) as clicks
    from generate_series(0, ${to}::date - ${from}::date) as n
    left join slide_daily_stats s on s.slide_id = ${slideId} and s.day = ${from}::date + n
    order by n`);
  return result.rows.map((r) => ({
    day: r.day,
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
  }));
}
