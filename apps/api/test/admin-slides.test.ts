// The back office's hero slides: what an editor sets is what the storefront shows, a slide's window opens and
// closes by the clock alone (no write announces it, yet no cache hides it), and the storefront's counter calls
// add up per day in India's time.
import { createMedia } from '@rangrez/db/factories/media';
import { auditLog, slideDailyStats, slides } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreServices } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp } from './helpers.ts';

// 15:30 in India on 15 January.
const clock = new ManualClock('2026-01-15T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
let t: TestApp;
let editor: SignedInStaff;
let desktopImage: { id: string; key: string };

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  editor = await signedInStaff(t, 'catalogue');
  const image = await createMedia(t.database.db, { width: 1920, height: 800, widths: [640, 960, 1920] });
  desktopImage = { id: image.id, key: image.key };
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: editor.headers,
    ...(payload ? { payload } : {}),
  });

interface AdminSlideBody {
  _id: string;
  title: string;
  position: number;
  status: string;
  startsAt: string | null;
  endsAt: string | null;
  impressions: number;
  clicks: number;
  ctr: number;
}

async function newSlide(fields: Record<string, unknown> = {}): Promise<AdminSlideBody> {
  const res = await admin('POST', '/slides', { title: 'Monsoon Drop', isActive: true, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().slide;
}

const activeTitles = async () =>
  (await t.app.inject('/api/v1/activeSliders')).json().data.map((s: { title: string }) => s.title);

const auditRowsOf = async (res: { headers: Record<string, unknown> }) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));

describe('creating and editing slides', () => {
  it('creates a slide last in the order, switched off unless asked, with its image URLs', async () => {
    const res = await admin('POST', '/slides', {
      title: 'Tokyo Nights',
      subtitle: 'Glow-print tees',
      cta: 'Shop now',
      ctaLink: '/collection/men/oversized-t-shirt',
      desktopMediaId: desktopImage.id,
    });
    expect(res.statusCode).toBe(201);
    const slide = res.json().slide;
    expect(slide).toMatchObject({
      title: 'Tokyo Nights',
      isActive: false,
      status: 'off',
      startsAt: null,
      endsAt: null,
      desktopMediaId: desktopImage.id,
      mobileMediaId: null,
      desktop: `http://shop.test/media/${desktopImage.key}-960.jpg`,
      mobile: null,
      impressions: 0,
      clicks: 0,
      ctr: 0,
    });
    const later = await newSlide({ title: 'Later' });
    expect(later.position).toBe(slide.position + 1);
    expect((await admin('GET', `/slides/${slide._id}`)).json().slide).toEqual(slide);
    const list = (await admin('GET', '/slides')).json().slides as AdminSlideBody[];
    expect(list.map((s) => s.title).slice(-2)).toEqual(['Tokyo Nights', 'Later']);
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'slide.create', entityType: 'slide', entityId: slide._id });
    expect(row?.after).toMatchObject({ title: 'Tokyo Nights', isActive: false });
    // Switched off: not on the storefront.
    expect(await activeTitles()).not.toContain('Tokyo Nights');
    expect(await activeTitles()).toContain('Later');
  });

  it.each([
    [{}, 'title is required'],
    [{ title: '   ' }, 'title is required'],
    [{ title: 'x'.repeat(81) }, 'title must be at most 80 characters'],
    [{ title: 'A', subtitle: 'x'.repeat(161) }, 'subtitle must be at most 160 characters'],
    [{ title: 'A', cta: 'x'.repeat(31) }, 'cta must be at most 30 characters'],
    [
      { title: 'A', ctaLink: 'javascript:alert(1)' },
      "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
    ],
    [
      { title: 'A', ctaLink: '//evil.example/x' },
      "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
    ],
    [
      { title: 'A', ctaLink: '/\\evil.example' },
      "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
    ],
    [
      { title: 'A', ctaLink: 'ftp://files.example' },
      "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
    ],
    [
      { title: 'A', ctaLink: 'collection/men' },
      "ctaLink must be empty, '#', a path starting with / or an http(s) URL",
    ],
    [{ title: 'A', desktopMediaId: 'hero.jpg' }, 'desktopMediaId must be a media id or null'],
    [
      { title: 'A', mobileMediaId: '00000000-0000-4000-8000-000000000000' },
      'mobileMediaId must be an existing image',
    ],
    [{ title: 'A', isActive: 'yes' }, 'isActive must be true or false'],
    [{ title: 'A', startsAt: 'next Monday' }, 'startsAt must be a date and time (ISO 8601) or null'],
    [
      { title: 'A', startsAt: '2026-02-01T00:00:00+05:30', endsAt: '2026-01-31T18:30:00Z' },
      'endsAt must be after startsAt',
    ],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await admin('POST', '/slides', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it.each(['', '#', '/collection/men?sort=new', 'https://rangrez.example/lookbook', 'http://example.com'])(
    'takes ctaLink %j',
    async (ctaLink) => {
      expect((await admin('POST', '/slides', { title: 'Link', ctaLink })).statusCode).toBe(201);
    },
  );

  it('edits only the fields sent, checks the window against the stored side, and audits the change', async () => {
    const slide = await newSlide({ title: 'Before', startsAt: '2026-02-01T00:00:00.000Z' });
    const res = await admin('PATCH', `/slides/${slide._id}`, {
      title: 'After',
      endsAt: '2026-03-01T00:00:00+05:30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().slide).toMatchObject({
      title: 'After',
      isActive: true,
      startsAt: '2026-02-01T00:00:00.000Z',
      endsAt: '2026-02-28T18:30:00.000Z',
      status: 'scheduled',
    });
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'slide.update', entityType: 'slide', entityId: slide._id });
    expect(row?.before).toEqual({ title: 'Before', endsAt: null });
    expect(row?.after).toEqual({ title: 'After', endsAt: '2026-02-28T18:30:00.000Z' });

    const early = await admin('PATCH', `/slides/${slide._id}`, { endsAt: '2026-01-20T00:00:00Z' });
    expect(early.json()).toEqual({ success: false, message: 'endsAt must be after startsAt' });
    expect((await admin('PATCH', `/slides/${slide._id}`, {})).json().message).toBe('Nothing to change');
    // An open window again.
    const open = await admin('PATCH', `/slides/${slide._id}`, { startsAt: null, endsAt: null });
    expect(open.json().slide).toMatchObject({ startsAt: null, endsAt: null, status: 'live' });
  });

  it("lists the slide's own changes on its timeline, newest first, for whoever may read slides", async () => {
    const slide = await newSlide({ title: 'Timeline Drop' });
    await admin('PATCH', `/slides/${slide._id}`, { subtitle: 'Now with a subtitle' });
    await newSlide({ title: 'Another Slide' });
    const res = await admin('GET', `/slides/${slide._id}/timeline`);
    expect(res.statusCode).toBe(200);
    const { entries, nextBefore } = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['slide.update', 'slide.create']);
    expect(entries[0]).toMatchObject({
      actor: editor.email,
      role: 'catalogue',
      entityType: 'slide',
      entityId: slide._id,
      before: { subtitle: '' },
      after: { subtitle: 'Now with a subtitle' },
    });
    expect(nextBefore).toBeNull();
    // The same rows as the audit trail's filter finds for the owner.
    const owner = await signedInStaff(t, 'owner');
    const filtered = await t.app.inject({
      url: `/api/v1/admin/audit?entityType=slide&entityId=${slide._id}`,
      headers: owner.headers,
    });
    expect(filtered.json().entries.map((e: { _id: string }) => e._id)).toEqual(
      entries.map((e: { _id: string }) => e._id),
    );
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({
      url: `/api/v1/admin/slides/${slide._id}/timeline`,
      headers: support.headers,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your role does not allow this']);
    expect((await admin('GET', '/slides/not-an-id/timeline')).json()).toEqual({
      success: false,
      message: 'id must be a slide id',
    });
  });

  it('answers an unknown slide with 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'X' }], ['DELETE']] as const) {
      const res = await admin(method, `/slides/${unknown}`, payload);
      expect([method, res.statusCode, res.json().message]).toEqual([method, 404, 'Slide not found']);
    }
    expect((await admin('GET', '/slides/not-an-id')).json().message).toBe('id must be a slide id');
  });
});

describe('the display order', () => {
  it('takes the whole order at once, and the storefront follows it', async () => {
    const before = (await admin('GET', '/slides')).json().slides as AdminSlideBody[];
    const ids = before.map((s) => s._id).reverse();
    const res = await admin('PUT', '/slides/order', { ids });
    expect(res.statusCode).toBe(200);
    const after = res.json().slides as AdminSlideBody[];
    expect(after.map((s) => s._id)).toEqual(ids);
    expect(after.map((s) => s.position)).toEqual(ids.map((_, i) => i));
    const shown = new Set(await activeTitles());
    expect(await activeTitles()).toEqual(after.map((s) => s.title).filter((title) => shown.has(title)));
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'slide.reorder', entityType: 'slide', entityId: 'display-order' });
    expect(row?.after).toEqual({ ids });
  });

  it('refuses an order that leaves a slide out or names one twice', async () => {
    const ids = ((await admin('GET', '/slides')).json().slides as AdminSlideBody[]).map((s) => s._id);
    const partial = await admin('PUT', '/slides/order', { ids: ids.slice(1) });
    expect(partial.json()).toEqual({ success: false, message: 'ids must list every slide, each once' });
    const twice = await admin('PUT', '/slides/order', { ids: [...ids, ids[0]] });
    expect(twice.json()).toEqual({ success: false, message: 'ids must name each slide once' });
    const stranger = await admin('PUT', '/slides/order', {
      ids: [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
    });
    expect(stranger.json()).toEqual({ success: false, message: 'ids must list every slide, each once' });
  });
});

describe('deleting a slide', () => {
  it('removes it from the storefront, and the audit trail keeps what it was', async () => {
    const slide = await newSlide({ title: 'Flash Sale' });
    expect(await activeTitles()).toContain('Flash Sale');
    const res = await admin('DELETE', `/slides/${slide._id}`);
    expect(res.json()).toEqual({ success: true, message: 'Slide deleted' });
    expect((await admin('GET', `/slides/${slide._id}`)).statusCode).toBe(404);
    expect(await activeTitles()).not.toContain('Flash Sale');
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({
      action: 'slide.delete',
      entityType: 'slide',
      entityId: slide._id,
      after: null,
    });
    expect(row?.before).toMatchObject({ title: 'Flash Sale', isActive: true, impressions: 0, clicks: 0 });
    expect((await admin('DELETE', `/slides/${slide._id}`)).statusCode).toBe(404);
  });
});

describe('the active window', () => {
  it('shows a slide from its start to its end by the clock alone, on the API and to the home page', async () => {
    const start = new Date(clock.now().getTime() + HOUR);
    const end = new Date(start.getTime() + 2 * HOUR);
    const slide = await newSlide({
      title: 'Diwali Capsule',
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
    });
    expect(slide.status).toBe('scheduled');
    const { catalogue } = createStoreServices(
      testConfig({ PUBLIC_URL: 'http://shop.test' }),
      t.database.db,
      undefined,
      t.app.catalogueChanges,
      clock,
    );
    const homeTitles = async () => (await catalogue.activeSlides()).map((s) => s.title);
    // Both caches hold the list before the start.
    expect(await activeTitles()).not.toContain('Diwali Capsule');
    expect(await homeTitles()).not.toContain('Diwali Capsule');
    const generation = t.app.catalogueChanges.generation;

    clock.set(start.getTime() - 1);
    expect(await activeTitles()).not.toContain('Diwali Capsule');
    clock.set(start);
    expect(await activeTitles()).toContain('Diwali Capsule');
    expect(await homeTitles()).toContain('Diwali Capsule');
    clock.set(end.getTime() - 1);
    expect(await activeTitles()).toContain('Diwali Capsule');
    clock.set(end);
    expect(await activeTitles()).not.toContain('Diwali Capsule');
    expect(await homeTitles()).not.toContain('Diwali Capsule');
    // Nothing was written: the caches let go of the list on their own.
    expect(t.app.catalogueChanges.generation).toBe(generation);
    editor = await signedInStaff(t, 'catalogue');
    expect((await admin('GET', `/slides/${slide._id}`)).json().slide.status).toBe('ended');
  });

  it('tells the caches when a window is edited, and not when counters move', async () => {
    const slide = await newSlide({ title: 'Counted' });
    const feed = t.app.catalogueChanges;
    await feed.settle();
    const quiet = feed.generation;
    await t.database.db.update(slides).set({ impressions: 5, clicks: 1 }).where(eq(slides.id, slide._id));
    await t.database.db
      .insert(slideDailyStats)
      .values({ slideId: slide._id, day: '2026-01-01', impressions: 5 });
    await feed.settle();
    expect(feed.generation).toBe(quiet);
    await t.database.db
      .update(slides)
      .set({ endsAt: new Date(clock.now().getTime() + HOUR) })
      .where(eq(slides.id, slide._id));
    await feed.settle();
    expect(feed.generation).toBeGreaterThan(quiet);
  });
});

describe('statistics per day', () => {
  const count = (id: string, kind: 'impression' | 'click', ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/slider/${id}/${kind}`,
      remoteAddress: ip,
      headers: { 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/130' },
    });

  it('counts impressions and clicks per day in India, with the CTR, days without events as zeros', async () => {
    clock.set('2026-01-15T10:00:00.000Z'); // 15:30 on the 15th in India
    const slide = await newSlide({ title: 'Counted per day' });
    await count(slide._id, 'impression', '203.0.113.1');
    await count(slide._id, 'impression', '203.0.113.1'); // the same visitor, the same window
    await count(slide._id, 'impression', '203.0.113.2');
    await count(slide._id, 'click', '203.0.113.1');
    clock.set('2026-01-15T19:00:00.000Z'); // 00:30 on the 16th in India, 19:00 on the 15th in UTC
    await count(slide._id, 'impression', '203.0.113.1');
    await count(slide._id, 'click', '203.0.113.1');
    editor = await signedInStaff(t, 'catalogue');

    const res = await admin('GET', `/slides/${slide._id}/stats?from=2026-01-14&to=2026-01-17`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      slideId: slide._id,
      from: '2026-01-14',
      to: '2026-01-17',
      days: [
        { day: '2026-01-14', impressions: 0, clicks: 0, ctr: 0 },
        { day: '2026-01-15', impressions: 2, clicks: 1, ctr: 0.5 },
        { day: '2026-01-16', impressions: 1, clicks: 1, ctr: 1 },
        { day: '2026-01-17', impressions: 0, clicks: 0, ctr: 0 },
      ],
      totals: { impressions: 3, clicks: 2, ctr: 0.6667 },
    });
    expect((await admin('GET', `/slides/${slide._id}`)).json().slide).toMatchObject({
      impressions: 3,
      clicks: 2,
      ctr: 0.6667,
    });

    // By default the last 30 days, ending today in India.
    const recent = (await admin('GET', `/slides/${slide._id}/stats`)).json();
    expect([recent.from, recent.to, recent.days.length]).toEqual(['2025-12-18', '2026-01-16', 30]);
    expect(recent.days.slice(-2).map((d: { impressions: number }) => d.impressions)).toEqual([2, 1]);
    expect(recent.totals).toEqual({ impressions: 3, clicks: 2, ctr: 0.6667 });
  });

  it.each([
    ['from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
    ['to=15-01-2026', 'to must be a date (YYYY-MM-DD)'],
    ['from=2026-01-10&to=2026-01-09', 'from must not be after to'],
    ['from=2025-01-01&to=2026-01-05', 'The range may span at most 366 days'],
  ])('refuses ?%s', async (query, message) => {
    const [slide] = (await admin('GET', '/slides')).json().slides as AdminSlideBody[];
    const res = await admin('GET', `/slides/${slide?._id}/stats?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('answers an unknown slide with 404', async () => {
    const res = await admin('GET', '/slides/00000000-0000-4000-8000-000000000000/stats');
    expect(res.json()).toEqual({ success: false, message: 'Slide not found' });
  });
});
