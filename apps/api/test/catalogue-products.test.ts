import {
  createCategoryGroup,
  createProduct,
  createProductCategory,
  createReview,
  createSubCategory,
  relateProducts,
} from '@rangrez/db/factories/catalogue';
import { createUser } from '@rangrez/db/factories/users';
import { productVariants, products, reviews } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const ids = {} as Record<'kanji' | 'tokyo' | 'sakura' | 'neon' | 'hidden' | 'plain' | 'sibling', string>;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
// createProduct's defaults: every colour x size a variant with 25 units; the product's stock is their sum.
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const PER_VARIANT = 25;
type VariantStock = { color: string; size: string; stock: number };
const byColourAndSize = (variants: VariantStock[]) =>
  [...variants].sort((a, b) => `${a.color}/${a.size}`.localeCompare(`${b.color}/${b.size}`));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men', position: 0 });
  const women = await createCategoryGroup(db, { name: 'Women', position: 1 });
  const menHoodie = await createSubCategory(db, { name: 'Hoodie', parentId: men.id });
  const menTee = await createSubCategory(db, { name: 'Oversized T-Shirt', parentId: men.id });
  const womenCrop = await createSubCategory(db, { name: 'Crop Top', parentId: women.id });
  const womenHoodie = await createSubCategory(db, { name: 'Hoodie', parentId: women.id });
  const hoodieType = await createProductCategory(db, { name: 'Hooded Sweatshirt' });

  const kanji = await createProduct(
    db,
    { name: 'Kanji Hoodie', categoryId: menHoodie.id, productCategoryId: hoodieType.id, createdAt: day(1) },
    { images: { perColour: 2 } },
  );
  const tokyo = await createProduct(db, {
    name: 'Tokyo Drift Oversized Tee',
    categoryId: menTee.id,
    pricePaise: 49_900,
    colors: ['Wh', 'Rd', 'Bk'],
    createdAt: day(2),
  });
  const sakura = await createProduct(db, {
    name: 'Sakura Crop Top',
    categoryId: womenCrop.id,
    productCategoryId: null,
    createdAt: day(3),
  });
  const neon = await createProduct(db, {
    name: 'Neon Hoodie',
    categoryId: womenHoodie.id,
    createdAt: day(4),
  });
  const sibling = await createProduct(db, {
    name: 'Retro Grid Hoodie',
    categoryId: womenHoodie.id,
    createdAt: day(5),
  });
  const hidden = await createProduct(db, {
    name: 'Hidden Hoodie',
    categoryId: menHoodie.id,
    isActive: false,
    createdAt: day(6),
  });
  Object.assign(ids, {
    kanji: kanji.id,
    tokyo: tokyo.id,
    sakura: sakura.id,
    neon: neon.id,
    sibling: sibling.id,
    hidden: hidden.id,
  });
  await relateProducts(db, kanji.id, [sakura.id, hidden.id, tokyo.id]);

  const reviewer = await createUser(db, {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha.secret@example.test',
    phone: '9123456780',
    avatar: 'https://cdn.example.test/asha.png',
  });
  const noAvatar = await createUser(db, { firstName: 'Kabir', avatar: 'not a url' });
  await createReview(db, {
    productId: kanji.id,
    userId: reviewer.id,
    rating: 5,
    comment: 'Love it',
    createdAt: day(9),
  });
  await createReview(db, {
    productId: kanji.id,
    userId: noAvatar.id,
    rating: 3,
    comment: 'Runs big',
    createdAt: day(8),
  });
  // Shoppers' reviews still waiting for moderation, or rejected, are neither shown nor counted.
  await createReview(db, { productId: kanji.id, isDemo: false, status: 'pending', comment: 'Pending one' });
  await createReview(db, { productId: kanji.id, isDemo: false, status: 'rejected', comment: 'Rejected one' });
});
afterAll(() => t.close());

describe('GET /api/v1/products', () => {
  it('lists active products newest first with the total in X-Total-Count', async () => {
    const res = await get('/api/v1/products');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([
      'Retro Grid Hoodie',
      'Neon Hoodie',
      'Sakura Crop Top',
      'Tokyo Drift Oversized Tee',
      'Kanji Hoodie',
    ]);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('shapes list items: rupees, MRP, absolute image URLs, category with its group', async () => {
    const body = (await get('/api/v1/products')).json();
    const kanji = body.products.find((p: { _id: string }) => p._id === ids.kanji);
    expect(kanji).toEqual({
      _id: ids.kanji,
      name: 'Kanji Hoodie',
      sku: expect.any(String),
      price: 799,
      mrp: 1099,
      // The product's stock: 25 in each of its 2 colours x 5 sizes.
      stock: PER_VARIANT * 2 * SIZES.length,
      image: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-640\.jpg$/),
      thumbnail: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-320\.jpg$/),
      size: ['S', 'M', 'L', 'XL', 'XXL'],
      color: ['Bk', 'Wh'],
      description: expect.any(String),
      category: { name: 'Hoodie', parentCategory: { name: 'Men' } },
      // Its two approved reviews (5 and 3); the pending and the rejected one are not counted.
      averageRating: 4,
      reviewCount: 2,
    });
    const tokyo = body.products.find((p: { _id: string }) => p._id === ids.tokyo);
    expect(tokyo.price).toBe(499);
    expect(tokyo.mrp).toBe(799);
    // Without an image: the placeholder, still absolute.
    expect(tokyo.image).toBe('http://shop.test/media/placeholder.svg');
    expect(tokyo.thumbnail).toBe('http://shop.test/media/placeholder.svg');
  });

  it('pages with limit and offset', async () => {
    const page = await get('/api/v1/products?limit=2&offset=1');
    expect(names(page.json())).toEqual(['Neon Hoodie', 'Sakura Crop Top']);
    expect(page.headers['x-total-count']).toBe('5');
    const past = await get('/api/v1/products?limit=2&offset=50');
    expect(past.json()).toEqual({ products: [] });
    expect(past.headers['x-total-count']).toBe('5');
  });

  it.each([
    ['limit=-1', /^limit must be a whole number from 1 to 100$/],
    ['limit=0', /^limit must/],
    ['limit=101', /^limit must/],
    ['limit=99999999999999999999', /^limit must/],
    ['limit=abc', /^limit must/],
    ['limit=2.5', /^limit must/],
    ['offset=-1', /^offset must be a whole number of at least 0$/],
    ['offset=x', /^offset must/],
    [`q=${'a'.repeat(101)}`, /^q must be at most 100 characters$/],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const res = await get(`/api/v1/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(message);
  });
});

describe('GET /api/v1/products/{category}/{subCategory}', () => {
  it('filters by group and sub-category slug, case-insensitively', async () => {
    expect(names((await get('/api/v1/products/men/hoodie')).json())).toEqual(['Kanji Hoodie']);
    expect(names((await get('/api/v1/products/MEN/Hoodie')).json())).toEqual(['Kanji Hoodie']);
    expect(names((await get('/api/v1/products/women/hoodie')).json())).toEqual([
      'Retro Grid Hoodie',
      'Neon Hoodie',
    ]);
  });

  it('reads the T-Shirt slug', async () => {
    expect(names((await get('/api/v1/products/men/oversized-t-shirt')).json())).toEqual([
      'Tokyo Drift Oversized Tee',
    ]);
  });

  it('answers an unknown category or sub-category with an empty list', async () => {
    for (const url of [
      '/api/v1/products/kids/hoodie',
      '/api/v1/products/men/crop-top',
      '/api/v1/products/x/y',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ products: [] });
      expect(res.headers['x-total-count']).toBe('0');
    }
  });

  it('accepts comma-separated lists and `all`, answering the union', async () => {
    expect(names((await get('/api/v1/products/men,women/hoodie')).json())).toEqual([
      'Retro Grid Hoodie',
      'Neon Hoodie',
      'Kanji Hoodie',
    ]);
    expect(names((await get('/api/v1/products/all/hoodie')).json())).toEqual([
      'Retro Grid Hoodie',
      'Neon Hoodie',
      'Kanji Hoodie',
    ]);
    expect(names((await get('/api/v1/products/women/all')).json())).toEqual([
      'Retro Grid Hoodie',
      'Neon Hoodie',
      'Sakura Crop Top',
    ]);
    expect(names((await get('/api/v1/products/men/hoodie,oversized-t-shirt')).json())).toEqual([
      'Tokyo Drift Oversized Tee',
      'Kanji Hoodie',
    ]);
    expect((await get('/api/v1/products/all/all')).headers['x-total-count']).toBe('5');
    // Unknown slugs in a list match nothing and do not break the rest.
    expect(names((await get('/api/v1/products/men,nobody/hoodie,nothing')).json())).toEqual(['Kanji Hoodie']);
  });

  it('combines a collection with search and paging', async () => {
    const res = await get('/api/v1/products/all/hoodie?q=hodie&limit=1');
    expect(res.json().products).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('treats slugs as data, never SQL', async () => {
    const res = await get(`/api/v1/products/${encodeURIComponent("men' OR 1=1 --")}/hoodie`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });
});

describe('search', () => {
  it('tolerates a typo: hodie finds the hoodies', async () => {
    const res = await get('/api/v1/products?q=hodie');
    expect(names(res.json()).sort()).toEqual(['Kanji Hoodie', 'Neon Hoodie', 'Retro Grid Hoodie']);
  });

  it('ignores case: TOKYO finds Tokyo Drift', async () => {
    expect(names((await get('/api/v1/products?q=TOKYO')).json())).toEqual(['Tokyo Drift Oversized Tee']);
  });

  it('ranks exact substring matches before fuzzy ones', async () => {
    const res = await get('/api/v1/products?q=neon%20hoodie');
    expect(names(res.json())[0]).toBe('Neon Hoodie');
  });

  it('finds nothing for unrelated text, and LIKE wildcards match themselves', async () => {
    for (const q of ['zzzzqqq', '%', '_', '\\']) {
      const res = await get(`/api/v1/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ products: [] });
    }
  });

  it('never lists inactive products', async () => {
    const res = await get('/api/v1/products?q=hidden');
    expect(res.json()).toEqual({ products: [] });
    const all = await get('/api/v1/products/men/hoodie');
    expect(names(all.json())).not.toContain('Hidden Hoodie');
  });
});

describe('GET /api/v1/product/{id}', () => {
  it('answers the whole product, unwrapped', async () => {
    const res = await get(`/api/v1/product/${ids.kanji}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: ids.kanji,
      name: 'Kanji Hoodie',
      price: 799,
      mrp: 1099,
      category: { name: 'Hoodie', parentCategory: { name: 'Men' } },
      details: ['100% Cotton', '240 GSM', 'Oversized fit', 'Made in India'],
      addInfo: 'Country of origin: India',
      colorImageCounts: { Bk: 2, Wh: 2 },
    });
    expect(body.productCategory.name).toBe('Hooded Sweatshirt');
    expect(body.productCategory.sizeChart.length).toBeGreaterThan(0);
    expect(body.colorImages.map((c: { color: string }) => c.color)).toEqual(['Bk', 'Wh']);
    for (const c of body.colorImages) {
      expect(c.images).toHaveLength(2);
      for (const url of c.images) expect(url).toMatch(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-640\.jpg$/);
    }
    expect(body).not.toHaveProperty('recommendations');
    // Every colour x size with its own stock, so the page can tell which sizes are sold out in a colour.
    expect(byColourAndSize(body.variants)).toEqual(
      byColourAndSize(
        ['Bk', 'Wh'].flatMap((color) => SIZES.map((size) => ({ color, size, stock: PER_VARIANT }))),
      ),
    );
    expect(body.stock).toBe(PER_VARIANT * 2 * SIZES.length);
  });

  it('shows a sold-out or unsold colour and size with stock 0, and leaves it out of the product stock', async () => {
    const db = t.database.db;
    const variant = (color: string, size: string) =>
      and(
        eq(productVariants.productId, ids.kanji),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      );
    await db.update(productVariants).set({ stock: 0 }).where(variant('Bk', 'M'));
    await db.update(productVariants).set({ sellable: false }).where(variant('Wh', 'XL'));
    try {
      const body = (await get(`/api/v1/product/${ids.kanji}`)).json();
      const stockOf = (color: string, size: string) =>
        (body.variants as VariantStock[]).find((v) => v.color === color && v.size === size)?.stock;
      expect(body.variants).toHaveLength(2 * SIZES.length);
      expect(stockOf('Bk', 'M')).toBe(0);
      expect(stockOf('Wh', 'XL')).toBe(0);
      expect(stockOf('Bk', 'L')).toBe(PER_VARIANT);
      expect(stockOf('Wh', 'M')).toBe(PER_VARIANT);
      expect(body.stock).toBe(PER_VARIANT * (2 * SIZES.length - 2));
      const listed = (await get('/api/v1/products')).json();
      expect(listed.products.find((p: { _id: string }) => p._id === ids.kanji).stock).toBe(body.stock);
    } finally {
      await db.update(productVariants).set({ stock: PER_VARIANT }).where(variant('Bk', 'M'));
      await db.update(productVariants).set({ sellable: true }).where(variant('Wh', 'XL'));
      await t.app.catalogueChanges.settle();
    }
    expect((await get(`/api/v1/product/${ids.kanji}`)).json().stock).toBe(PER_VARIANT * 2 * SIZES.length);
  });

  it('lists approved reviews only, with the reviewer first name and avatar only', async () => {
    const res = await get(`/api/v1/product/${ids.kanji}`);
    const { reviews } = res.json();
    // Demo reviews (the factory's default) are approved, and never from a verified buyer.
    expect(reviews).toEqual([
      {
        _id: expect.any(String),
        rating: 5,
        comment: 'Love it',
        user: { firstName: 'Asha', avatar: 'https://cdn.example.test/asha.png' },
        verified: false,
        photos: [],
      },
      {
        _id: expect.any(String),
        rating: 3,
        comment: 'Runs big',
        user: { firstName: 'Kabir', avatar: '' },
        verified: false,
        photos: [],
      },
    ]);
    expect(res.body).not.toContain('asha.secret');
    expect(res.body).not.toContain('Verma');
    expect(res.body).not.toContain('9123456780');
  });

  it('always carries reviews, and productCategory null without a size chart', async () => {
    const body = (await get(`/api/v1/product/${ids.sakura}`)).json();
    expect(body.reviews).toEqual([]);
    expect(body.productCategory).toBeNull();
    // A colour without images still has its (empty) gallery entry.
    expect(body.colorImages).toEqual([
      { color: 'Bk', images: [] },
      { color: 'Wh', images: [] },
    ]);
    expect(body.colorImageCounts).toEqual({ Bk: 0, Wh: 0 });
  });

  it('adds recommendations only when asked: relations in order, active only', async () => {
    const without = (await get(`/api/v1/product/${ids.kanji}?includeRecommendations=false`)).json();
    expect(without).not.toHaveProperty('recommendations');
    const body = (await get(`/api/v1/product/${ids.kanji}?includeRecommendations=true`)).json();
    expect(body.recommendations.map((p: { _id: string }) => p._id)).toEqual([ids.sakura, ids.tokyo]);
    expect(body.recommendations[0]).toMatchObject({ name: 'Sakura Crop Top', price: 799, mrp: 1099 });
  });

  it('falls back to the newest of the same sub-category without relations', async () => {
    const body = (await get(`/api/v1/product/${ids.neon}?includeRecommendations=true`)).json();
    expect(body.recommendations.map((p: { _id: string }) => p._id)).toEqual([ids.sibling]);
  });

  it.each([
    ['abc'],
    ['123'],
    [encodeURIComponent("' OR 1=1 --")],
    [encodeURIComponent('1; DROP TABLE products')],
    ['00000000-0000-0000-0000-000000000000'],
  ])('answers unknown or malformed id %s with a JSON 404', async (id) => {
    const res = await get(`/api/v1/product/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('hides an inactive product', async () => {
    const res = await get(`/api/v1/product/${ids.hidden}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('refuses a malformed includeRecommendations', async () => {
    const res = await get(`/api/v1/product/${ids.kanji}?includeRecommendations=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("includeRecommendations must be 'true' or 'false'");
  });
});

describe('colour images', () => {
  it('answers one colour with its images', async () => {
    const res = await get(`/api/v1/product/${ids.kanji}/color/Wh`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      images: [expect.stringMatching(/-640\.jpg$/), expect.stringMatching(/-640\.jpg$/)],
      colorCode: 'Wh',
      totalImages: 2,
      message: expect.any(String),
      availableColors: ['Bk', 'Wh'],
    });
  });

  it('answers a known colour without images with an empty list', async () => {
    const body = (await get(`/api/v1/product/${ids.tokyo}/color/Rd`)).json();
    expect(body).toMatchObject({ success: true, images: [], totalImages: 0, colorCode: 'Rd' });
  });

  it('treats colour codes case-sensitively and lists the available ones on a miss', async () => {
    for (const colour of ['wh', 'WH', 'Rd', 'Purple']) {
      const res = await get(`/api/v1/product/${ids.kanji}/color/${colour}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: `Color ${colour} is not available for this product`,
        availableColors: ['Bk', 'Wh'],
      });
    }
  });

  it('answers an unknown product with 404', async () => {
    for (const id of ['abc', '00000000-0000-0000-0000-000000000000', ids.hidden]) {
      const res = await get(`/api/v1/product/${id}/color/Bk`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
      const all = await get(`/api/v1/product/${id}/colors`);
      expect(all.statusCode).toBe(404);
      expect(all.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('lists every colour with its gallery', async () => {
    const body = (await get(`/api/v1/product/${ids.tokyo}/colors`)).json();
    expect(body).toEqual({
      success: true,
      colorImages: [
        { color: 'Wh', images: [] },
        { color: 'Rd', images: [] },
        { color: 'Bk', images: [] },
      ],
      availableColors: ['Wh', 'Rd', 'Bk'],
      totalColors: 3,
      message: 'Found 3 colors',
    });
    const kanji = (await get(`/api/v1/product/${ids.kanji}/colors`)).json();
    expect(kanji.colorImages.map((c: { images: string[] }) => c.images.length)).toEqual([2, 2]);
  });
});

describe('revalidation', () => {
  it('sends an ETag and answers If-None-Match with 304, and a change gives a new ETag', async () => {
    const first = await get('/api/v1/products/men/hoodie');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const again = await get('/api/v1/products/men/hoodie', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const detail = await get(`/api/v1/product/${ids.kanji}`);
    const detailTag = detail.headers.etag as string;
    expect((await get(`/api/v1/product/${ids.kanji}`, { 'if-none-match': detailTag })).statusCode).toBe(304);

    await t.database.db.update(products).set({ pricePaise: 89_900 }).where(eq(products.id, ids.kanji));
    // The change reaches the answer cache as a PostgreSQL notification (decision 010), a moment after the commit.
    await t.app.catalogueChanges.settle();
    try {
      const changed = await get('/api/v1/products/men/hoodie', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().products[0].price).toBe(899);
      expect(changed.headers.etag).not.toBe(etag);
      const changedDetail = await get(`/api/v1/product/${ids.kanji}`, { 'if-none-match': detailTag });
      expect(changedDetail.statusCode).toBe(200);
      expect(changedDetail.json().price).toBe(899);
    } finally {
      await t.database.db.update(products).set({ pricePaise: 79_900 }).where(eq(products.id, ids.kanji));
      await t.app.catalogueChanges.settle();
    }
  });

  it('computes the ETag before compression, so compressed answers revalidate too', async () => {
    const plain = await get('/api/v1/products');
    const gzip = await get('/api/v1/products', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get('/api/v1/products', {
      'accept-encoding': 'gzip',
      'if-none-match': `"unrelated", ${plain.headers.etag as string}`,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('gives errors no ETag', async () => {
    const res = await get('/api/v1/product/abc');
    expect(res.headers.etag).toBeUndefined();
  });

  it('lets browsers on other origins read the total', async () => {
    const res = await get('/api/v1/products', { origin: 'http://shop.test' });
    expect(res.headers['access-control-expose-headers']).toMatch(/x-total-count/);
  });
});

describe('ratings on cards', () => {
  type Card = { _id: string; averageRating: number; reviewCount: number };
  const rating = (list: Card[], id: string) => {
    const card = list.find((p) => p._id === id);
    return card && { averageRating: card.averageRating, reviewCount: card.reviewCount };
  };
  const listed = async (id: string) => rating((await get('/api/v1/products')).json().products, id);

  it('carry the approved reviews’ average and count on every list, the detail and the recommendations', async () => {
    expect(await listed(ids.kanji)).toEqual({ averageRating: 4, reviewCount: 2 });
    expect(await listed(ids.tokyo)).toEqual({ averageRating: 0, reviewCount: 0 });
    const collection = (await get('/api/v1/products/men/hoodie')).json().products;
    expect(rating(collection, ids.kanji)).toEqual({ averageRating: 4, reviewCount: 2 });
    const found = (await get('/api/v1/search?q=kanji')).json().products;
    expect(rating(found, ids.kanji)).toEqual({ averageRating: 4, reviewCount: 2 });
    const detail = (await get(`/api/v1/product/${ids.kanji}`)).json();
    expect(rating([detail], ids.kanji)).toEqual({ averageRating: 4, reviewCount: 2 });
    const withRelated = (await get(`/api/v1/product/${ids.kanji}?includeRecommendations=true`)).json();
    expect(
      (withRelated.recommendations as Card[]).map((card) => [card._id, card.averageRating, card.reviewCount]),
    ).toEqual([
      [ids.sakura, 0, 0],
      [ids.tokyo, 0, 0],
    ]);
  });

  it('follow moderation: an approval, a rejection and a deletion change them, to one decimal', async () => {
    const db = t.database.db;
    const pending = await createReview(db, {
      productId: ids.tokyo,
      isDemo: false,
      status: 'pending',
      rating: 4,
    });
    await createReview(db, { productId: ids.tokyo, rating: 5 });
    await createReview(db, { productId: ids.tokyo, rating: 4 });
    await t.app.catalogueChanges.settle();
    expect(await listed(ids.tokyo)).toEqual({ averageRating: 4.5, reviewCount: 2 });

    await db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, pending.id));
    await t.app.catalogueChanges.settle();
    // 13 / 3 = 4.333...
    expect(await listed(ids.tokyo)).toEqual({ averageRating: 4.3, reviewCount: 3 });

    await db.update(reviews).set({ status: 'rejected' }).where(eq(reviews.id, pending.id));
    await t.app.catalogueChanges.settle();
    expect(await listed(ids.tokyo)).toEqual({ averageRating: 4.5, reviewCount: 2 });

    await db.delete(reviews).where(eq(reviews.productId, ids.tokyo));
    await t.app.catalogueChanges.settle();
    expect(await listed(ids.tokyo)).toEqual({ averageRating: 0, reviewCount: 0 });
  });
});
