import {
  createCategoryGroup,
  createProduct,
  createProductCategory,
  createSubCategory,
} from '@rangrez/db/factories/catalogue';
import { auditLog, searchMisses } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp, signInNewUser } from './helpers.ts';
import { placedCodOrder } from './order-helpers.ts';

let t: TestApp;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const get = (url: string) => t.app.inject({ url });
const names = (url: string) =>
  get(url).then((res) => {
    expect(res.statusCode).toBe(200);
    return (res.json() as { products: { name: string }[] }).products.map((p) => p.name);
  });
let metroId = '';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const men = await createCategoryGroup(db, { name: 'Men', position: 0 });
  const women = await createCategoryGroup(db, { name: 'Women', position: 1 });
  const hoodies = await createSubCategory(db, { name: 'Hoodie', parentId: men.id });
  const tees = await createSubCategory(db, { name: 'Oversized T-Shirt', parentId: men.id });
  const crops = await createSubCategory(db, { name: 'Crop Top', parentId: women.id });
  const hoodieType = await createProductCategory(db, { name: 'Hoodie' });
  const teeType = await createProductCategory(db, { name: 'Oversized T-shirt' });
  const plain = 'Soft cotton, printed in India.';
  const hoodie = { categoryId: hoodies.id, productCategoryId: hoodieType.id, sizes: ['S', 'M', 'L', 'XL'] };
  const tee = { categoryId: tees.id, productCategoryId: teeType.id, sizes: ['S', 'M', 'L'] };
  await createProduct(db, {
    ...hoodie,
    name: 'Kaala Raven Hoodie',
    description: plain,
    pricePaise: 149_900,
    colors: ['Bk', 'Mn'],
    createdAt: day(1),
  });
  await createProduct(db, {
    ...hoodie,
    name: 'Sunset Pullover',
    description: plain,
    tags: ['hoodie'],
    pricePaise: 159_900,
    colors: ['Or'],
    createdAt: day(2),
  });
  await createProduct(db, {
    ...tee,
    name: 'Chai Break Tee',
    description: plain,
    pricePaise: 79_900,
    colors: ['Wh', 'Rd'],
    createdAt: day(3),
  });
  const metro = await createProduct(db, {
    ...tee,
    name: 'Metro Lines Oversized T-Shirt',
    description: plain,
    pricePaise: 89_900,
    colors: ['Bk'],
    createdAt: day(4),
  });
  metroId = metro.id;
  await createProduct(db, {
    categoryId: crops.id,
    productCategoryId: null,
    name: 'Lotus Crop Top',
    description: 'Pairs well with a hoodie.',
    sizes: ['XS', 'S', 'M'],
    pricePaise: 69_900,
    colors: ['Pu'],
    createdAt: day(5),
  });
  await createProduct(db, {
    ...hoodie,
    name: 'Hidden Hoodie',
    description: plain,
    isActive: false,
    createdAt: day(6),
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/search: relevance', () => {
  it('ranks a match in the name above the garment type and tags, and those above the description', async () => {
    expect(await names('/api/v1/search?q=hoodie')).toEqual([
      'Kaala Raven Hoodie',
      'Sunset Pullover',
      'Lotus Crop Top',
    ]);
  });

  it('finds hoodies for the misspelt "hoddie" by the names\' trigrams', async () => {
    expect(await names('/api/v1/search?q=hoddie')).toEqual(['Kaala Raven Hoodie']);
  });

  it('finds t-shirts for "tee" and "tshirt" through the seeded synonyms', async () => {
    const tees = ['Metro Lines Oversized T-Shirt', 'Chai Break Tee'];
    expect((await names('/api/v1/search?q=tee')).sort()).toEqual([...tees].sort());
    expect((await names('/api/v1/search?q=tshirt')).sort()).toEqual([...tees].sort());
    expect(await names('/api/v1/search?q=kaala%20hoody')).toEqual(['Kaala Raven Hoodie']);
  });

  it('answers the card shape of the collection API, the total and no cursor on the last page', async () => {
    const res = await get('/api/v1/search?q=chai');
    expect(res.json()).toMatchObject({
      total: 1,
      nextCursor: null,
      products: [
        {
          name: 'Chai Break Tee',
          price: 799,
          mrp: 1099,
          color: ['Wh', 'Rd'],
          size: ['S', 'M', 'L'],
          category: { name: 'Oversized T-Shirt', parentCategory: { name: 'Men' } },
        },
      ],
    });
  });
});

describe('GET /api/v1/search: filters, facets and sorts', () => {
  it('counts sizes, colours and price bands over the whole selection', async () => {
    const res = await get('/api/v1/search');
    expect(res.json()).toMatchObject({
      total: 5,
      facets: {
        size: [
          { value: 'XS', count: 1 },
          { value: 'S', count: 5 },
          { value: 'M', count: 5 },
          { value: 'L', count: 4 },
          { value: 'XL', count: 2 },
        ],
        color: [
          { value: 'Bk', count: 2 },
          { value: 'Mn', count: 1 },
          { value: 'Or', count: 1 },
          { value: 'Pu', count: 1 },
          { value: 'Rd', count: 1 },
          { value: 'Wh', count: 1 },
        ],
        price: [
          { min: 0, max: 799, label: 'Under ₹800', count: 2 },
          { min: 800, max: 999, label: '₹800 to ₹999', count: 1 },
          { min: 1000, max: 1499, label: '₹1,000 to ₹1,499', count: 1 },
          { min: 1500, max: null, label: '₹1,500 and above', count: 1 },
        ],
      },
    });
  });

  it('applies every other filter to a facet but not its own', async () => {
    const res = await get('/api/v1/search?size=XS');
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Lotus Crop Top']);
    expect(body.facets.color).toEqual([{ value: 'Pu', count: 1 }]);
    expect(body.facets.size.find((s: { value: string }) => s.value === 'M')).toEqual({
      value: 'M',
      count: 5,
    });
    expect(body.facets.price.map((p: { count: number }) => p.count)).toEqual([1, 0, 0, 0]);
  });

  it('filters by size and colour together, and by a price band', async () => {
    expect(await names('/api/v1/search?size=XL&color=Bk')).toEqual(['Kaala Raven Hoodie']);
    expect(await names('/api/v1/search?color=Wh,Pu&sort=price-asc')).toEqual([
      'Lotus Crop Top',
      'Chai Break Tee',
    ]);
    expect(await names('/api/v1/search?minPrice=800&maxPrice=999')).toEqual([
      'Metro Lines Oversized T-Shirt',
    ]);
    expect(await names('/api/v1/search?q=hoodie&minPrice=1500')).toEqual(['Sunset Pullover']);
  });

  it('narrows to a collection as the collection API does', async () => {
    expect(await names('/api/v1/search?category=men&subCategory=hoodie&sort=newest')).toEqual([
      'Sunset Pullover',
      'Kaala Raven Hoodie',
    ]);
  });

  it('sorts by newest and by price both ways', async () => {
    const all = [
      'Lotus Crop Top',
      'Chai Break Tee',
      'Metro Lines Oversized T-Shirt',
      'Kaala Raven Hoodie',
      'Sunset Pullover',
    ];
    expect(await names('/api/v1/search?sort=price-asc')).toEqual(all);
    expect(await names('/api/v1/search?sort=price-desc')).toEqual([...all].reverse());
    expect(await names('/api/v1/search?sort=newest')).toEqual([
      'Lotus Crop Top',
      'Metro Lines Oversized T-Shirt',
      'Chai Break Tee',
      'Sunset Pullover',
      'Kaala Raven Hoodie',
    ]);
  });

  it('sorts by popularity: units ordered first, then newest', async () => {
    await placedCodOrder(t, await signInNewUser(t), metroId, 899);
    expect(await names('/api/v1/search?sort=popularity')).toEqual([
      'Metro Lines Oversized T-Shirt',
      'Lotus Crop Top',
      'Chai Break Tee',
      'Sunset Pullover',
      'Kaala Raven Hoodie',
    ]);
  });

  it('pages with the cursor until it is null', async () => {
    const first = (await get('/api/v1/search?sort=price-asc&limit=2')).json();
    expect(first.products.map((p: { name: string }) => p.name)).toEqual(['Lotus Crop Top', 'Chai Break Tee']);
    const second = (await get(`/api/v1/search?sort=price-asc&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.products.map((p: { name: string }) => p.name)).toEqual([
      'Metro Lines Oversized T-Shirt',
      'Kaala Raven Hoodie',
    ]);
    const third = (await get(`/api/v1/search?sort=price-asc&limit=2&cursor=${second.nextCursor}`)).json();
    expect(third.products.map((p: { name: string }) => p.name)).toEqual(['Sunset Pullover']);
    expect(third.nextCursor).toBeNull();
    expect(third.total).toBe(5);
  });

  it('refuses bad parameters with 400 in the error shape', async () => {
    const cases: [string, string][] = [
      ['/api/v1/search?cursor=zzz', 'cursor is not valid'],
      [
        '/api/v1/search?sort=cheap',
        'sort must be one of relevance, newest, price-asc, price-desc, popularity',
      ],
      ['/api/v1/search?size=XXXXL', 'size must be among XS, S, M, L, XL, XXL, XXXL'],
      ['/api/v1/search?minPrice=900&maxPrice=800', 'minPrice must not be above maxPrice'],
      ['/api/v1/search?minPrice=-1', 'minPrice must be a whole number from 0 to 1000000'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { success: false, message }]);
    }
  });
});

describe('GET /api/v1/search/suggest', () => {
  it('suggests products by the prefix of the last word, and matching collections', async () => {
    const res = await get('/api/v1/search/suggest?q=kaa');
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Kaala Raven Hoodie', 1499],
    ]);
    expect((await get('/api/v1/search/suggest?q=crop')).json().categories).toEqual([
      { name: 'Crop Top', group: 'Women', path: '/collection/women/crop-top' },
    ]);
    expect((await get('/api/v1/search/suggest?q=')).json()).toEqual({ products: [], categories: [] });
  });
});

describe('zero-result searches and the synonyms in the back office', () => {
  it('logs a search of the whole catalogue that found nothing, counted, and lists it', async () => {
    await get('/api/v1/search?q=Zebra%20%20Print');
    await get('/api/v1/search?q=zebra%20print&size=M');
    // Within a collection a miss says nothing about the catalogue.
    await get('/api/v1/search?q=unicorn&category=men');
    const rows = await t.database.db.select().from(searchMisses).where(eq(searchMisses.query, 'zebra print'));
    expect(rows.map((r) => r.count)).toEqual([2]);
    const staff = await signedInStaff(t, 'support');
    const res = await t.app.inject({ url: '/api/v1/admin/search/misses', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const queries = (res.json() as { misses: { query: string; count: number }[] }).misses.map((m) => [
      m.query,
      m.count,
    ]);
    expect(queries).toContainEqual(['zebra print', 2]);
    expect(queries.map((q) => q[0])).not.toContain('unicorn');
  });

  it('lets the catalogue role add, change and delete a synonym, audited, and search follows', async () => {
    expect(await names('/api/v1/search?q=sweater')).toEqual([]);
    const staff = await signedInStaff(t, 'catalogue');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/search/synonyms',
      headers: staff.headers,
      payload: { terms: [' Sweater ', 'jumper', 'jumper'] },
    });
    expect(created.statusCode).toBe(201);
    const { synonym } = created.json() as { synonym: { id: string; terms: string[] } };
    expect(synonym.terms).toEqual(['sweater', 'jumper']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(created.headers['x-request-id'])));
    expect(audit.map((a) => [a.action, a.entityId])).toEqual([['synonym.create', synonym.id]]);
    expect(await names('/api/v1/search?q=sweater')).toEqual([]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/search/synonyms/${synonym.id}`,
      headers: staff.headers,
      payload: { terms: ['sweater', 'pullover'] },
    });
    expect(changed.json()).toEqual({ synonym: { id: synonym.id, terms: ['sweater', 'pullover'] } });
    expect(await names('/api/v1/search?q=sweater')).toEqual(['Sunset Pullover']);

    const listed = await t.app.inject({ url: '/api/v1/admin/search/synonyms', headers: staff.headers });
    // Listed by their first term.
    expect(listed.json().synonyms.map((s: { terms: string[] }) => s.terms[0])).toEqual([
      'black',
      'hoodie',
      'jacket',
      'oversized',
      'red',
      'sweater',
      'tee',
      'white',
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/search/synonyms/${synonym.id}`,
      headers: staff.headers,
    });
    expect(deleted.json()).toEqual({ success: true, message: 'Synonym deleted' });
    expect(await names('/api/v1/search?q=sweater')).toEqual([]);
  });

  it('refuses a synonym of one term, an unknown id, and a role without products:write', async () => {
    const staff = await signedInStaff(t, 'catalogue');
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/search/synonyms',
      headers: staff.headers,
      payload: { terms: ['tee', 'TEE'] },
    });
    expect([one.statusCode, one.json()]).toEqual([
      400,
      { success: false, message: 'A synonym needs at least two different terms' },
    ]);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/search/synonyms/not-an-id',
      headers: staff.headers,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { success: false, message: 'Synonym not found' },
    ]);
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/search/synonyms',
      headers: support.headers,
      payload: { terms: ['a', 'b'] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
