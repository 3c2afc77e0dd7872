// The catalogue answer and read caches (docs/decisions/010-catalogue-cache.md): what they keep, and that no change
// announced by PostgreSQL is ever hidden by them, whoever makes it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createCategoryGroup, createProduct, createSubCategory } from '@rangrez/db/factories/catalogue';
import { products } from '@rangrez/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createStoreServices } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import type { ChangeFeed } from '../src/lib/change-feed.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { ReadCache } from '../src/lib/read-cache.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let productId: string;
const detailUrl = () => `/api/v1/product/${productId}`;
const listUrl = '/api/v1/products/men/hoodie';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** Writes a price the way no application path ever would: with the change trigger switched off. */
async function silentlySetPrice(rupees: number) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table products disable trigger products_catalogue_changed`);
    await tx
      .update(products)
      .set({ pricePaise: rupees * 100 })
      .where(eq(products.id, productId));
    await tx.execute(sql`alter table products enable trigger products_catalogue_changed`);
  });
}

async function setPrice(rupees: number) {
  await t.database.db
    .update(products)
    .set({ pricePaise: rupees * 100 })
    .where(eq(products.id, productId));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men' });
  const hoodie = await createSubCategory(db, { name: 'Hoodie', parentId: men.id });
  // Enough products for a list answer above the compression threshold.
  for (let i = 0; i < 6; i++) await createProduct(db, { categoryId: hoodie.id, pricePaise: 59_900 });
  productId = (await createProduct(db, { name: 'Kanji Hoodie', categoryId: hoodie.id, pricePaise: 79_900 }))
    .id;
  await t.app.catalogueChanges.settle();
});
afterAll(() => t.close());

describe('answer cache', () => {
  it('answers a repeated read from memory: a write PostgreSQL does not announce stays unseen', async () => {
    expect((await get(detailUrl())).json().price).toBe(799);
    await silentlySetPrice(999);
    expect((await get(detailUrl())).json().price).toBe(799);
    // Any announced change to the catalogue drops every cached answer.
    await setPrice(999);
    await t.app.catalogueChanges.settle();
    expect((await get(detailUrl())).json().price).toBe(999);
    await setPrice(799);
    await t.app.catalogueChanges.settle();
    expect((await get(detailUrl())).json().price).toBe(799);
  });

  it('shows a change made through another connection, as from another instance or an operator', async () => {
    const first = await get(listUrl);
    expect(first.json().products[0].name).toBe('Kanji Hoodie');
    const other = await createTestAppOnSameDatabase();
    try {
      expect((await other.inject(listUrl)).json().products[0].price).toBe(799);
      await t.database.pool.query('update products set price_paise = 84900 where id = $1', [productId]);
      await Promise.all([t.app.catalogueChanges.settle(), other.catalogueChanges.settle()]);
      expect((await get(listUrl)).json().products[0].price).toBe(849);
      expect((await other.inject(listUrl)).json().products[0].price).toBe(849);
    } finally {
      await other.close();
      await setPrice(799);
      await t.app.catalogueChanges.settle();
    }
  });

  it('keeps the total, the ETag and revalidation on cached answers', async () => {
    const first = await get(listUrl);
    const cached = await get(listUrl);
    expect(cached.body).toBe(first.body);
    expect(cached.headers['x-total-count']).toBe('7');
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    const revalidated = await get(listUrl, { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['content-type']).toBeUndefined();
  });

  it('keeps the security and CORS headers of every request on cached answers', async () => {
    await get(listUrl);
    const res = await get(listUrl, { origin: 'http://shop.test' });
    expect(res.headers['access-control-allow-origin']).toBe('http://shop.test');
    expect(res.headers['access-control-expose-headers']).toBe('x-total-count, etag, x-request-id');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends brotli or gzip as the client accepts, the same JSON and ETag as uncompressed', async () => {
    const plain = await get(listUrl);
    for (let i = 0; i < 2; i++) {
      const br = await get(listUrl, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Origin, accept-encoding');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(listUrl, { 'accept-encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
    const identity = await get(listUrl, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('caches only successes: a validation error or an unknown product is answered afresh', async () => {
    const bad = await get('/api/v1/products?limit=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const unknown = await get('/api/v1/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('stops caching when the feed loses its connection, and starts again once it listens again', async () => {
    const feed = t.app.catalogueChanges;
    await get(detailUrl());
    const lost = nextChange(feed);
    await t.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'rangrez-change-feed' and datname = current_database()`,
    );
    await lost;
    // Without the feed nothing cached can be trusted: the caches are empty and keep nothing (see ReadCache below).
    expect(feed.listening).toBe(false);
    expect(t.app.answerCache.entryCount).toBe(0);
    await silentlySetPrice(899);
    await feed.untilListening();
    expect(feed.listening).toBe(true);
    expect((await get(detailUrl())).json().price).toBe(899);
    await silentlySetPrice(799);
    expect((await get(detailUrl())).json().price).toBe(899);
    await setPrice(799);
    await feed.settle();
    expect((await get(detailUrl())).json().price).toBe(799);
  });
});

describe('read cache of the services the pages use', () => {
  it('shares one frozen result until the catalogue changes', async () => {
    const { catalogue } = createStoreServices(testConfig(), t.database.db, undefined, t.app.catalogueChanges);
    const first = await catalogue.product(productId);
    expect(first?.price).toBe(799);
    expect(await catalogue.product(productId)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.colorImages)).toBe(true);
    await setPrice(699);
    await t.app.catalogueChanges.settle();
    expect((await catalogue.product(productId))?.price).toBe(699);
    await setPrice(799);
    await t.app.catalogueChanges.settle();
  });
});

describe('ReadCache', () => {
  function fakeFeed() {
    const listeners: Array<() => void> = [];
    const feed = {
      generation: 1,
      listening: true,
      ready: Promise.resolve(),
      untilListening: () => Promise.resolve(),
      onChange: (listener: () => void) => void listeners.push(listener),
      settle: () => Promise.resolve(),
      close: () => Promise.resolve(),
      change() {
        feed.generation++;
        for (const listener of listeners) listener();
      },
    };
    return feed satisfies ChangeFeed;
  }

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new ReadCache<number>(fakeFeed(), { maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])).toEqual([1, 1]);
    expect(await cache.getOrLoad('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('never keeps a value whose read raced a change', async () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10 });
    let finish!: (value: string) => void;
    const pending = cache.getOrLoad('a', () => new Promise<string>((resolve) => (finish = resolve)));
    feed.change();
    // A read started after the change does not join the one that started before it.
    const fresh = cache.getOrLoad('a', async () => 'new');
    finish('old');
    expect(await pending).toBe('old');
    expect(await fresh).toBe('new');
    expect(cache.get('a')).toBe('new');
  });

  it('drops a fill read under a generation that a change has since ended', () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10 });
    const readUnder = cache.generation;
    feed.change();
    cache.set('a', 'stale', readUnder);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'fresh', cache.generation);
    expect(cache.get('a')).toBe('fresh');
  });

  it('keeps a null answer (an unknown product) like any other', async () => {
    const cache = new ReadCache<string | null>(fakeFeed(), { maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    expect(await cache.getOrLoad('missing', load)).toBeNull();
    expect(await cache.getOrLoad('missing', load)).toBeNull();
    expect(loads).toBe(1);
  });

  it('keeps nothing while the feed does not listen', async () => {
    const feed = fakeFeed();
    feed.listening = false;
    const cache = new ReadCache<number>(feed, { maxEntries: 10 });
    let loads = 0;
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.entryCount).toBe(0);
  });

  it('drops a value at its expiry by the clock, without any change', async () => {
    const clock = new ManualClock('2026-03-01T00:00:00.000Z');
    const cache = new ReadCache<{ n: number; until: Date | null }>(fakeFeed(), { maxEntries: 10, clock });
    let loads = 0;
    const until = new Date('2026-03-01T00:05:00.000Z');
    const load = async () => ({ n: ++loads, until: loads === 1 ? until : null });
    const expiry = (value: { until: Date | null }) => value.until;
    expect((await cache.getOrLoad('a', load, expiry)).n).toBe(1);
    clock.set(until.getTime() - 1);
    expect((await cache.getOrLoad('a', load, expiry)).n).toBe(1);
    clock.set(until);
    expect((await cache.getOrLoad('a', load, expiry)).n).toBe(2);
    // Without an expiry the value stays until a change.
    clock.advance(365 * 24 * 3600 * 1000);
    expect((await cache.getOrLoad('a', load, expiry)).n).toBe(2);
  });

  it('evicts the least recently used entries beyond its bounds', () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 2, maxSize: 100, sizeOf: (v) => v.length });
    cache.set('a', 'x', feed.generation);
    cache.set('b', 'y', feed.generation);
    expect(cache.get('a')).toBe('x');
    cache.set('c', 'z', feed.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x');
    // Too big for a quarter of the budget: not kept at all.
    cache.set('big', 'w'.repeat(30), feed.generation);
    expect(cache.get('big')).toBeUndefined();
    cache.set('d', 'v'.repeat(20), feed.generation);
    cache.set('e', 'u'.repeat(20), feed.generation);
    expect(cache.entryCount).toBe(2);
    feed.change();
    expect(cache.entryCount).toBe(0);
  });
});

/** Resolves on the feed's next change (a notification, a lost connection or a new LISTEN). */
function nextChange(feed: ChangeFeed): Promise<void> {
  const start = feed.generation;
  return new Promise((resolve) => {
    feed.onChange(() => {
      if (feed.generation !== start) resolve();
    });
  });
}

/** A second app instance on this test file's database: its own caches and change feed. */
async function createTestAppOnSameDatabase() {
  const app = await buildApp({ config: testConfig({ PUBLIC_URL: 'http://shop.test' }), db: t.database.db });
  await app.ready();
  return app;
}
