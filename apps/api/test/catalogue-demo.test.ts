// The catalogue API over the real demo seed (80 products): what a shopper of the demo store gets.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { srcSet, toSlug, WIDTH_LADDERS } from '@rangrez/contract/rules';
import { productDetailSchema, type ProductListItem, type SubcategoriesData } from '@rangrez/contract/schemas';
import type { StoreServices } from '@rangrez/contract/services';
import { seedDemoCatalogue } from '@rangrez/db/seed/demo-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreServices } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let mediaDir: string;
beforeAll(async () => {
  // The app must serve the images this file seeds, not whatever an earlier run left in ./data.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-catalogue-demo-'));
  mediaDir = path.join(dataDir, 'media');
  t = await createTestApp({ DATA_DIR: dataDir });
  const seeded = await seedDemoCatalogue(t.database.db, { mediaDir, products: 80 });
  expect(seeded.counts.products).toBe(80);
});
afterAll(async () => {
  await t.close();
  await rm(path.dirname(mediaDir), { recursive: true, force: true });
});

const json = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
};

describe('demo catalogue through the API', () => {
  it('lists the whole demo catalogue under the default limit, newest first', async () => {
    const res = await t.app.inject('/api/v1/products');
    expect(res.headers['x-total-count']).toBe('80');
    const { products } = res.json() as { products: ProductListItem[] };
    expect(products).toHaveLength(80);
    expect(new Set(products.map((p) => p._id)).size).toBe(80);
  });

  it('serves every collection of /subcategories by its slugs, each product under its real category', async () => {
    const { data } = await json<{ data: SubcategoriesData }>('/api/v1/subcategories');
    expect(Object.keys(data)).toEqual(['Men', 'Women', 'Newly Added']);
    let total = 0;
    for (const [group, subs] of Object.entries(data)) {
      for (const sub of subs) {
        const { products } = await json<{ products: ProductListItem[] }>(
          `/api/v1/products/${toSlug(group)}/${toSlug(sub.name)}`,
        );
        // Newly Added is computed: its products keep their own group (Men or Women).
        const groups = group === 'Newly Added' ? ['Men', 'Women'] : [group];
        for (const p of products) {
          expect(p.category.name).toBe(sub.name);
          expect(groups).toContain(p.category.parentCategory.name);
        }
        if (group !== 'Newly Added') total += products.length;
      }
    }
    expect(total).toBe(80);
    const newly = await json<{ products: ProductListItem[] }>('/api/v1/products/newly-added/all?limit=100');
    expect(newly.products.length).toBeGreaterThanOrEqual(12);
  });

  it('finds hoodies despite a typo, and Tokyo in capitals', async () => {
    const hoodies = await json<{ products: ProductListItem[] }>('/api/v1/products?q=hodie');
    expect(hoodies.products.length).toBeGreaterThan(0);
    for (const p of hoodies.products) expect(p.name.toLowerCase()).toContain('hoodie');

    const tokyo = await json<{ products: ProductListItem[] }>('/api/v1/products?q=TOKYO');
    expect(tokyo.products.length).toBeGreaterThan(0);
    expect(tokyo.products[0]?.name).toMatch(/^Tokyo/);
  });

  it('answers a product page with gallery, reviews and recommendations', async () => {
    const { products } = await json<{ products: ProductListItem[] }>('/api/v1/products?limit=5');
    for (const item of products) {
      const detail = productDetailSchema.parse(
        await json(`/api/v1/product/${item._id}?includeRecommendations=true`),
      );
      expect(detail.mrp).toBe(detail.price + 300);
      expect(detail.recommendations?.length).toBeGreaterThan(0);
      expect(detail.recommendations?.some((r) => r._id === item._id)).toBe(false);
      expect(Object.keys(detail.colorImageCounts)).toEqual(detail.color);
      const first = detail.colorImages[0];
      if (!first) throw new Error('no colour gallery');
      const colour = await json<{ images: string[]; totalImages: number }>(
        `/api/v1/product/${item._id}/color/${first.color}`,
      );
      expect(colour.images).toEqual(first.images);
      expect(colour.totalImages).toBe(first.images.length);
    }
  });

  it('serves the image variants its URLs name, at every width of a srcset built from them', async () => {
    const { products } = await json<{ products: ProductListItem[] }>('/api/v1/products?limit=1');
    const image = products[0]?.image as string;
    expect(image).toMatch(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-640\.jpg$/);
    const local = (url: string) => url.replace('http://shop.test', '');
    expect((await t.app.inject(local(image))).statusCode).toBe(200);
    const widest = srcSet(image, WIDTH_LADDERS.product, 'webp').split(', ').at(-1)?.split(' ')[0] as string;
    const res = await t.app.inject(local(widest));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('shows active slides only', async () => {
    const { data } = await json<{ data: { isActive: boolean }[] }>('/api/v1/activeSliders');
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((s) => s.isActive)).toBe(true);
  });
});

describe('services for server loaders', () => {
  it('implement StoreServices over the same data as the API', async () => {
    const services: StoreServices = createStoreServices(
      testConfig({ PUBLIC_URL: 'http://shop.test' }),
      t.database.db,
    );
    const api = await json<{ products: ProductListItem[] }>('/api/v1/products/men/hoodie?limit=3');
    expect(await services.catalogue.products({ category: 'men', subCategory: 'hoodie', limit: 3 })).toEqual(
      api.products,
    );
    const id = api.products[0]?._id as string;
    expect(await services.catalogue.product(id)).toEqual(await json(`/api/v1/product/${id}`));
    expect(await services.catalogue.product('not-an-id')).toBeNull();
    expect(await services.catalogue.activeSlides()).toEqual(
      (await json<{ data: unknown }>('/api/v1/activeSliders')).data,
    );
    expect(services.site.publicUrl).toBe('http://shop.test');
  });

  it('carry the seller details, with demo defaults and overrides from the environment', async () => {
    const defaults = (await createStoreServices(testConfig(), t.database.db).site.settings()).seller;
    expect(defaults).toEqual({
      legalName: 'Rangrez Apparel Private Limited',
      address: expect.stringContaining('India'),
      email: 'support@rangrez.store',
      phone: expect.any(String),
      grievanceOfficer: {
        name: expect.any(String),
        email: 'grievance@rangrez.store',
        phone: expect.any(String),
      },
    });
    const configured = (
      await createStoreServices(
        testConfig({
          SELLER_LEGAL_NAME: 'Example Threads LLP',
          SELLER_EMAIL: 'care@example.in',
          GRIEVANCE_OFFICER_NAME: 'R. Iyer',
        }),
        t.database.db,
      ).site.settings()
    ).seller;
    expect(configured).toMatchObject({
      legalName: 'Example Threads LLP',
      email: 'care@example.in',
      grievanceOfficer: { name: 'R. Iyer' },
    });
    expect(() => testConfig({ GRIEVANCE_OFFICER_EMAIL: 'nobody' })).toThrow(/GRIEVANCE_OFFICER_EMAIL/);
  });
});
