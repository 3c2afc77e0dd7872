// Newly Added is computed, products keep their real categories, and what can be bought sorts first
// (docs/decisions/039-newly-added-and-back-in-stock.md).
import { createCategoryGroup, createProduct, createSubCategory } from '@rangrez/db/factories/catalogue';
import { products } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { NEWLY_ADDED_DAYS, NEWLY_ADDED_MIN } from '../src/modules/catalogue/newly-added.ts';
import { type TestApp, createTestApp } from './helpers.ts';

const DAY = 86_400_000;
const clock = new ManualClock('2026-03-01T10:00:00.000Z');
let t: TestApp;
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * DAY);

interface Listed {
  name: string;
  stock: number;
  category: { name: string; parentCategory: { name: string } };
}
async function list(url: string): Promise<{ names: string[]; items: Listed[]; total: string }> {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const items = (res.json() as { products: Listed[] }).products;
  return { names: items.map((p) => p.name), items, total: String(res.headers['x-total-count']) };
}
async function searched(query: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/v1/search?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: { name: string }[] }).products.map((p) => p.name);
}

// Fresh products: 14 in the last 14 days (day 1 to 14), more than NEWLY_ADDED_MIN, so the window decides.
const FRESH = 14;
const fresh = (i: number) => `Fresh ${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men', position: 0 });
  const women = await createCategoryGroup(db, { name: 'Women', position: 1 });
  const newly = await createCategoryGroup(db, { name: 'Newly Added', position: 2 });
  const menHoodie = await createSubCategory(db, { name: 'Hoodie', parentId: men.id });
  const womenCrop = await createSubCategory(db, { name: 'Crop Top', parentId: women.id });
  await createSubCategory(db, { name: 'Hoodie', parentId: newly.id });
  await createSubCategory(db, { name: 'Crop Top', parentId: newly.id });
  for (let i = 1; i <= FRESH; i++) {
    await createProduct(db, {
      name: fresh(i),
      categoryId: i % 2 === 0 ? womenCrop.id : menHoodie.id,
      createdAt: daysAgo(i),
    });
  }
  await createProduct(db, { name: 'Old Hoodie', categoryId: menHoodie.id, createdAt: daysAgo(200) });
  await createProduct(db, { name: 'Old Crop Top', categoryId: womenCrop.id, createdAt: daysAgo(300) });
  // The newest of all, and out of stock: it is new, and still sorts after everything that can be bought.
  await createProduct(db, {
    name: 'Sold Out Hoodie',
    categoryId: menHoodie.id,
    createdAt: daysAgo(0.5),
    stock: 0,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('real categories', () => {
  it('lists new products under their own group, named with their real category', async () => {
    const men = await list('/api/v1/products/men/all?limit=100');
    expect(men.names).toEqual([...[1, 3, 5, 7, 9, 11, 13].map(fresh), 'Old Hoodie', 'Sold Out Hoodie']);
    for (const item of men.items) {
      expect(item.category).toEqual({ name: 'Hoodie', parentCategory: { name: 'Men' } });
    }
    const women = await list('/api/v1/products/women/crop-top?limit=100');
    expect(women.names).toEqual([...[2, 4, 6, 8, 10, 12, 14].map(fresh), 'Old Crop Top']);
  });

  it('keeps the Newly Added group and its sub-categories in /subcategories', async () => {
    const res = await t.app.inject({ url: '/api/v1/subcategories' });
    const data = (res.json() as { data: Record<string, { name: string }[]> }).data;
    expect(Object.keys(data)).toEqual(['Men', 'Women', 'Newly Added']);
    expect(data['Newly Added']!.map((s) => s.name)).toEqual(['Crop Top', 'Hoodie']);
  });

  it('answers 200 with an empty list for an unknown group or type, as the spec client expects', async () => {
    const res = await t.app.inject({ url: '/api/v1/products/no-such/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('Newly Added, computed', () => {
  it('holds every product published in the window, buyable ones first', async () => {
    expect(NEWLY_ADDED_DAYS).toBe(30);
    expect(NEWLY_ADDED_MIN).toBeLessThan(FRESH);
    const newly = await list('/api/v1/products/newly-added/all?limit=100');
    expect(newly.names).toEqual([
      ...Array.from({ length: FRESH }, (_, i) => fresh(i + 1)),
      'Sold Out Hoodie',
    ]);
    expect(newly.total).toBe(String(FRESH + 1));
    // Each keeps its real category.
    expect(newly.items[0]!.category.parentCategory.name).toBe('Men');
  });

  it('narrows by the products own sub-category, and with Men it is the union of both', async () => {
    const crops = await list('/api/v1/products/newly-added/crop-top');
    expect(crops.names).toEqual([2, 4, 6, 8, 10, 12, 14].map(fresh));
    const both = await list('/api/v1/products/men,newly-added/crop-top');
    expect(both.names).toEqual(crops.names);
  });

  it('is what the collection page search narrows to, buyable first in every sort', async () => {
    expect(await searched('category=newly-added&subCategory=hoodie&sort=price-asc')).toEqual([
      ...[1, 3, 5, 7, 9, 11, 13].map(fresh),
      'Sold Out Hoodie',
    ]);
    expect(await searched('category=newly-added&subCategory=all&sort=newest')).toHaveLength(FRESH + 1);
    const popular = await searched('category=men&subCategory=all&sort=popularity');
    expect(popular.at(-1)).toBe('Sold Out Hoodie');
  });

  it('lets a product leave the window as the clock passes it, keeping the newest ones', async () => {
    // Day 14's product turns 31 days old; day 13's is 30 days old less an hour.
    clock.advance((NEWLY_ADDED_DAYS - 14) * DAY + 13 * 3_600_000);
    const newly = await list('/api/v1/products/newly-added/all?limit=100');
    expect(newly.names).toEqual([
      ...Array.from({ length: FRESH - 1 }, (_, i) => fresh(i + 1)),
      'Sold Out Hoodie',
    ]);
    // Long after the window, the newest NEWLY_ADDED_MIN remain.
    clock.advance(365 * DAY);
    const later = await list('/api/v1/products/newly-added/all?limit=100');
    expect(later.names).toEqual([
      ...Array.from({ length: NEWLY_ADDED_MIN - 1 }, (_, i) => fresh(i + 1)),
      'Sold Out Hoodie',
    ]);
  });

  it('counts a product published later from when it was published', async () => {
    const db = t.database.db;
    const draft = await createProduct(db, {
      name: 'Late Draft',
      isActive: false,
      createdAt: daysAgo(900),
    });
    expect(draft.publishedAt).toBeNull();
    const [published] = await db
      .update(products)
      .set({ isActive: true })
      .where(eq(products.id, draft.id))
      .returning();
    expect(published!.publishedAt!.getTime()).toBeGreaterThan(draft.createdAt.getTime());
    const [again] = await db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, draft.id))
      .returning();
    expect(again!.publishedAt).toEqual(published!.publishedAt);
  });
});
