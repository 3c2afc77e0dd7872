import { WIDTH_LADDERS } from '@rangrez/contract/rules';
import { createMedia } from '@rangrez/db/factories/media';
import { createSlide } from '@rangrez/db/factories/slides';
import { slideEventDedup, slides } from '@rangrez/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService } from '../src/modules/catalogue/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let hero: { id: string; desktopKey: string; mobileKey: string };
let second: string;
let draft: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const desktop = await createMedia(db, {
    width: 1920,
    height: 800,
    widths: [...WIDTH_LADDERS.slideDesktop],
  });
  const mobile = await createMedia(db, { width: 800, height: 1000, widths: [...WIDTH_LADDERS.slideMobile] });
  const heroRow = await createSlide(db, {
    title: 'Drop 04: Tokyo Drift',
    position: 2,
    desktopId: desktop.id,
    mobileId: mobile.id,
  });
  hero = { id: heroRow.id, desktopKey: desktop.key, mobileKey: mobile.key };
  second = (await createSlide(db, { title: 'Second', position: 1 })).id;
  draft = (await createSlide(db, { title: 'Draft', position: 0, isActive: false })).id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject(url);
const counters = async (id: string) => {
  const [row] = await t.database.db
    .select({ impressions: slides.impressions, clicks: slides.clicks })
    .from(slides)
    .where(eq(slides.id, id));
  return row;
};

describe('GET /api/v1/activeSliders', () => {
  it('lists only active slides in display order, with absolute image URLs', async () => {
    const res = await get('/api/v1/activeSliders');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((s: { title: string }) => s.title)).toEqual(['Second', 'Drop 04: Tokyo Drift']);
    expect(body.data[1]).toEqual({
      id: hero.id,
      title: 'Drop 04: Tokyo Drift',
      subtitle: 'New oversized tees, made in India',
      cta: 'Shop Now',
      ctaLink: '/collection/men/oversized-t-shirt',
      desktop: `http://shop.test/media/${hero.desktopKey}-960.jpg`,
      mobile: `http://shop.test/media/${hero.mobileKey}-540.jpg`,
      isActive: true,
    });
    // Counters and timestamps are not part of a slide.
    expect(body.data[1]).not.toHaveProperty('impressions');
    // A slide without images gets the placeholder (the client replaces failed images with it too).
    expect(body.data[0].desktop).toBe('http://shop.test/media/placeholder.svg');
  });
});

describe('GET /api/v1/sliders', () => {
  it('pages every slide with defaults page 1, limit 10', async () => {
    const body = (await get('/api/v1/sliders')).json();
    expect(body.data.map((s: { title: string }) => s.title)).toEqual([
      'Draft',
      'Second',
      'Drop 04: Tokyo Drift',
    ]);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
  });

  it('filters by isActive', async () => {
    const active = (await get('/api/v1/sliders?isActive=true')).json();
    expect(active.data.map((s: { id: string }) => s.id)).toEqual([second, hero.id]);
    expect(active.pagination.total).toBe(2);
    const inactive = (await get('/api/v1/sliders?isActive=false')).json();
    expect(inactive.data.map((s: { id: string }) => s.id)).toEqual([draft]);
  });

  it('pages', async () => {
    const page2 = (await get('/api/v1/sliders?page=2&limit=2')).json();
    expect(page2.data.map((s: { id: string }) => s.id)).toEqual([hero.id]);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    const past = (await get('/api/v1/sliders?page=9&limit=2')).json();
    expect(past.data).toEqual([]);
    expect(past.pagination).toEqual({ page: 9, limit: 2, total: 3, totalPages: 2 });
  });

  it.each([
    ['page=0', 'page must be a whole number of at least 1'],
    ['page=-3', 'page must be a whole number of at least 1'],
    ['page=abc', 'page must be a whole number of at least 1'],
    ['page=1.5', 'page must be a whole number of at least 1'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=-1', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=100000000000', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['isActive=yes', "isActive must be 'true' or 'false'"],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const res = await get(`/api/v1/sliders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });
});

describe('GET /api/v1/slider/{id}', () => {
  it('answers one slide, active or not', async () => {
    const res = await get(`/api/v1/slider/${draft}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: draft, title: 'Draft', isActive: false } });
  });

  it.each(['123', 'abc', encodeURIComponent("' OR 1=1 --"), '00000000-0000-0000-0000-000000000000'])(
    'answers unknown or malformed id %s with a JSON 404',
    async (id) => {
      const res = await get(`/api/v1/slider/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Slide not found' });
    },
  );
});

describe('impression and click counters', () => {
  const post = (
    id: string,
    kind: 'impression' | 'click',
    visitor: { ip?: string; ua?: string } = {},
    extra = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/slider/${id}/${kind}`,
      remoteAddress: visitor.ip ?? '203.0.113.7',
      headers: { 'user-agent': visitor.ua ?? 'Mozilla/5.0 (Android 14) Chrome/130' },
      ...extra,
    });

  it('counts a visitor once per slide and kind in a window', async () => {
    const first = await post(second, 'impression');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Impression recorded' });
    const again = await post(second, 'impression');
    // Same answer when the repeat was not counted: a client cannot tell, and has no reason to retry.
    expect(again.json()).toEqual({ success: true, message: 'Impression recorded' });
    expect(await counters(second)).toEqual({ impressions: 1, clicks: 0 });

    await post(second, 'impression', { ua: 'Mozilla/5.0 (iPhone) Safari/18' });
    await post(second, 'impression', { ip: '198.51.100.20' });
    expect(await counters(second)).toEqual({ impressions: 3, clicks: 0 });

    const click = await post(second, 'click');
    expect(click.json()).toEqual({ success: true, message: 'Click recorded' });
    await post(second, 'click');
    expect(await counters(second)).toEqual({ impressions: 3, clicks: 1 });
  });

  it('does not let one client inflate a counter by hammering it', async () => {
    await Promise.all(Array.from({ length: 20 }, () => post(hero.id, 'click', { ip: '192.0.2.50' })));
    expect((await counters(hero.id))?.clicks).toBe(1);
  });

  it('stores a keyed hash of the visitor, never the address or user agent', async () => {
    const rows = await t.database.db.select().from(slideEventDedup);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.visitorKey).not.toContain('203.0.113.7');
      expect(row.visitorKey).not.toContain('Mozilla');
      expect(row.visitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.windowStart.getTime() % (30 * 60 * 1000)).toBe(0);
    }
  });

  it('answers an unknown or malformed slide with 404 and counts nothing', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', '123', 'abc']) {
      for (const kind of ['impression', 'click'] as const) {
        const res = await post(id, kind);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Slide not found' });
      }
    }
  });

  it('takes no body, and is not refused for an empty or stray one', async () => {
    const emptyJson = await post(
      draft,
      'click',
      {},
      { headers: { 'content-type': 'application/json' }, payload: '' },
    );
    expect(emptyJson.statusCode).toBe(200);
    const stray = await post(draft, 'impression', {}, { payload: { anything: true } });
    expect(stray.statusCode).toBe(200);
    expect(await counters(draft)).toEqual({ impressions: 1, clicks: 1 });
  });

  it('deletes dedupe rows older than a day, in bounded batches', async () => {
    const db = t.database.db;
    await db.insert(slideEventDedup).values([
      {
        slideId: hero.id,
        kind: 'impression',
        visitorKey: 'old-1',
        windowStart: sql`now() - interval '2 days'`,
      },
      { slideId: hero.id, kind: 'click', visitorKey: 'old-2', windowStart: sql`now() - interval '25 hours'` },
    ]);
    const before = (await db.select().from(slideEventDedup)).length;
    const catalogue = createCatalogueService(db, 'http://shop.test');
    expect(await catalogue.cleanupSlideEvents()).toBe(2);
    const after = await db.select().from(slideEventDedup);
    expect(after).toHaveLength(before - 2);
    expect(after.some((r) => r.visitorKey.startsWith('old-'))).toBe(false);
  });
});

describe('with no active slide', () => {
  it('answers an empty list, not an error', async () => {
    await t.database.db.update(slides).set({ isActive: false });
    const res = await get('/api/v1/activeSliders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [] });
  });
});
