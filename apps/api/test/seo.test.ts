import { createCategoryGroup, createProduct, createSubCategory } from '@rangrez/db/factories/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let active: { id: string; updatedAt: Date };
let hidden: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://rangrez.example.in/' });
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men' });
  const newly = await createCategoryGroup(db, { name: 'Newly Added' });
  const tee = await createSubCategory(db, { name: 'Oversized T-Shirt', parentId: men.id });
  await createSubCategory(db, { name: 'Crop Hoodie', parentId: newly.id });
  const product = await createProduct(db, {
    categoryId: tee.id,
    updatedAt: new Date('2026-03-04T05:06:07.000Z'),
  });
  active = { id: product.id, updatedAt: product.updatedAt };
  hidden = (await createProduct(db, { categoryId: tee.id, isActive: false })).id;
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('lists pages, collections and active products with absolute URLs from PUBLIC_URL', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = res.body;
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(body).toContain(
      `<url><loc>https://rangrez.example.in/product/${active.id}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`,
    );
    expect(body).toContain('<loc>https://rangrez.example.in/collection/men/oversized-t-shirt</loc>');
    expect(body).toContain('<loc>https://rangrez.example.in/collection/newly-added/crop-hoodie</loc>');
    for (const page of ['/', '/about', '/contact', '/privacy', '/return', '/shipping', '/terms']) {
      expect(body).toContain(`<loc>https://rangrez.example.in${page}</loc>`);
    }
    expect(body).not.toContain(hidden);
    expect(body).not.toContain('/cart');
    expect(res.headers.etag).toMatch(/^W\//);
  });
});

describe('GET /robots.txt', () => {
  it('allows crawling, keeps shoppers’ pages out and points at the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/cart',
      '/place-order',
      '/profile',
      '/orders',
      '/wishlist',
      '/login',
      '/signup',
      '/successPage',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://rangrez.example.in/sitemap.xml');
  });
});
