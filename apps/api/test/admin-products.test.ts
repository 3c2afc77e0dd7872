// The back office's products: what the owner changes is what the store shows and charges at once, stock is kept
// per variant, products with orders are archived rather than lost, and every change is in the trail.
import { createProduct, createSubCategory, variantStock } from '@rangrez/db/factories/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, codOrderBody, createTestApp, signInNewUser } from './helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let editor: SignedInStaff;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  editor = await signedInStaff(t, 'catalogue');
  categoryId = (await createSubCategory(t.database.db)).id;
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: editor.headers,
    ...(payload ? { payload } : {}),
  });

async function newProduct(overrides: Record<string, unknown> = {}) {
  const res = await admin('POST', '/products', {
    name: 'Ronin Hoodie',
    sku: `RH-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    price: 1499,
    categoryId,
    productCategory: 'Hooded Sweatshirt',
    colors: ['Bk', 'Wh'],
    sizes: ['L', 'M', 'S'],
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().product as {
    _id: string;
    sku: string;
    mrp: number;
    variants: { color: string; size: string }[];
  };
}

async function placeCod(
  productId: string,
  total: number,
  line: { size: string; color: string; quantity?: number },
) {
  const buyer = await signInNewUser(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId, ...line, quantity: String(line.quantity ?? 1) }], total),
  });
}

describe('creating and editing products', () => {
  it('creates an unpublished product with every colour x size as a variant at stock 0', async () => {
    const product = await newProduct();
    const res = await admin('GET', `/products/${product._id}`);
    const body = res.json().product;
    expect(body).toMatchObject({
      name: 'Ronin Hoodie',
      price: 1499,
      mrp: 1799,
      stock: 0,
      published: false,
      archived: false,
      productCategory: 'Hooded Sweatshirt',
      colors: ['Bk', 'Wh'],
      sizes: ['S', 'M', 'L'],
      slug: expect.stringMatching(/^ronin-hoodie-[0-9a-f]{8}$/),
    });
    expect(body.variants.map((v: { color: string; size: string }) => `${v.color}-${v.size}`).sort()).toEqual([
      'Bk-L',
      'Bk-M',
      'Bk-S',
      'Wh-L',
      'Wh-M',
      'Wh-S',
    ]);
    expect((await t.app.inject({ url: `/api/v1/product/${product._id}` })).statusCode).toBe(404);
  });

  it('sets the price the next page shows and the next checkout charges', async () => {
    const tee = await createProduct(t.database.db, { pricePaise: 79_900, stock: 5 });
    const patched = await admin('PATCH', `/products/${tee.id}`, { price: 899 });
    expect(patched.json().product).toMatchObject({ price: 899, mrp: 1199 });
    const page = await t.app.inject({ url: `/api/v1/product/${tee.id}` });
    expect(page.json()).toMatchObject({ price: 899, mrp: 1199 });
    const stale = await placeCod(tee.id, 799 + 50, { size: 'M', color: 'Bk' });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'Prices have changed. Please review your order.',
    ]);
    expect((await placeCod(tee.id, 899 + 50, { size: 'M', color: 'Bk' })).statusCode).toBe(201);
  });

  it('refuses bad input with the field named, an unknown category and a taken SKU, changing nothing', async () => {
    const first = await newProduct();
    const cases: [object, number, string][] = [
      [{ price: 0 }, 400, 'price must be at least ₹1'],
      [{ price: 12.5 }, 400, 'price must be whole rupees'],
      [{ slug: 'Not A Slug' }, 400, 'slug must be lower-case letters, digits and single hyphens'],
      [{ hsnCode: '61' }, 400, 'hsnCode must be 4, 6 or 8 digits'],
      [{}, 400, 'Nothing to change'],
      [
        { categoryId: '6f1c2b7e-0000-4000-8000-000000000000' },
        400,
        'categoryId must be an existing category',
      ],
      [{ productCategory: 'Kurta' }, 400, 'productCategory must be one of the garment types'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await admin('PATCH', `/products/${first._id}`, payload);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const second = await newProduct();
    const clash = await admin('PATCH', `/products/${second._id}`, { sku: first.sku, name: 'Renamed' });
    expect([clash.statusCode, clash.json().message]).toEqual([409, 'Another product already has this SKU']);
    expect((await admin('GET', `/products/${second._id}`)).json().product.name).toBe('Ronin Hoodie');
  });

  it('archives a product out of the store, refuses to publish it archived, and restores it as a draft', async () => {
    const tee = await createProduct(t.database.db, { stock: 3 });
    expect((await admin('PATCH', `/products/${tee.id}`, { archived: true })).json().product).toMatchObject({
      archived: true,
      published: false,
    });
    expect((await t.app.inject({ url: `/api/v1/product/${tee.id}` })).statusCode).toBe(404);
    const publish = await admin('PATCH', `/products/${tee.id}`, { published: true });
    expect(publish.json().message).toBe('Restore the product before publishing it');
    const restored = await admin('PATCH', `/products/${tee.id}`, { archived: false });
    expect(restored.json().product).toMatchObject({ archived: false, published: false });
    await admin('PATCH', `/products/${tee.id}`, { published: true });
    expect((await t.app.inject({ url: `/api/v1/product/${tee.id}` })).statusCode).toBe(200);
  });

  it('duplicates a product as an unpublished copy with the same variants and no stock', async () => {
    const tee = await createProduct(t.database.db, { name: 'Kaiju Tee', stock: 4 });
    const res = await admin('POST', `/products/${tee.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json().product;
    expect(copy).toMatchObject({ name: 'Kaiju Tee (copy)', published: false, stock: 0 });
    expect(copy.variants).toHaveLength(tee.colors.length * tee.sizes.length);
  });
});

describe('the MRP rule', () => {
  const shop = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1${url}`, headers });
  /** The product's public MRP on its page, in the list, and in a shopper's cart. */
  async function shownMrps(id: string, name: string) {
    const buyer = await signInNewUser(t);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: buyer.headers,
      payload: { productId: id, size: 'M', color: 'Bk' },
    });
    expect(add.statusCode).toBe(200);
    const cart = (await shop('/cart', buyer.headers)).json().data;
    const listed = (await shop(`/products?q=${encodeURIComponent(name)}`)).json().products;
    return {
      page: (await shop(`/product/${id}`)).json().mrp,
      list: listed.find((p: { _id: string }) => p._id === id)?.mrp,
      cart: cart.items[0].product.mrp,
      cartDiscount: cart.totals.discount,
    };
  }

  it('is price + 300 by default, and what PATCH sets is what the page, the list and the cart show', async () => {
    const tee = await createProduct(t.database.db, { name: 'Mrp Rule Tee', pricePaise: 89_900, stock: 5 });
    const before = (await admin('GET', `/products/${tee.id}`)).json().product;
    expect(before).toMatchObject({ price: 899, mrp: 1199, mrpRule: { kind: 'markup', rupees: 300 } });
    expect(await shownMrps(tee.id, 'Mrp Rule Tee')).toEqual({
      page: 1199,
      list: 1199,
      cart: 1199,
      cartDiscount: 300,
    });

    const fixed = await admin('PATCH', `/products/${tee.id}`, { mrpRule: { kind: 'fixed', mrp: 1499 } });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().product).toMatchObject({
      price: 899,
      mrp: 1499,
      mrpRule: { kind: 'fixed', mrp: 1499 },
    });
    expect(await shownMrps(tee.id, 'Mrp Rule Tee')).toEqual({
      page: 1499,
      list: 1499,
      cart: 1499,
      cartDiscount: 600,
    });

    await admin('PATCH', `/products/${tee.id}`, { mrpRule: { kind: 'markup', rupees: 100 } });
    expect((await shop(`/product/${tee.id}`)).json().mrp).toBe(999);

    await admin('PATCH', `/products/${tee.id}`, { mrpRule: { kind: 'none' } });
    expect(await shownMrps(tee.id, 'Mrp Rule Tee')).toEqual({
      page: 899,
      list: 899,
      cart: 899,
      cartDiscount: 0,
    });

    const timeline = (await admin('GET', `/products/${tee.id}/timeline`)).json().entries;
    expect(timeline.map((e: { before: object; after: object }) => [e.before, e.after])).toEqual([
      [{ mrpRule: 'price + ₹100' }, { mrpRule: 'no MRP' }],
      [{ mrpRule: 'MRP ₹1,499' }, { mrpRule: 'price + ₹100' }],
      [{ mrpRule: 'price + ₹300' }, { mrpRule: 'MRP ₹1,499' }],
    ]);
  });

  it('refuses a declared MRP below the price, whichever of the two the call sets, changing nothing', async () => {
    const tee = await createProduct(t.database.db, { pricePaise: 89_900 });
    const cases: [object, string][] = [
      [{ mrpRule: { kind: 'fixed', mrp: 799 } }, 'The MRP must not be below the price'],
      [{ price: 1599, mrpRule: { kind: 'fixed', mrp: 1499 } }, 'The MRP must not be below the price'],
      [{ mrpRule: { kind: 'percent', rupees: 10 } }, 'mrpRule must be markup, fixed or none'],
      [{ mrpRule: { kind: 'markup', rupees: 12.5 } }, 'The markup must be whole rupees'],
      [{ mrpRule: { kind: 'markup', rupees: -1 } }, 'The markup must not be negative'],
      [{ mrpRule: { kind: 'fixed' } }, 'The MRP must be a number of rupees'],
      [{ mrpRule: 'none' }, 'mrpRule must be markup, fixed or none'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin('PATCH', `/products/${tee.id}`, payload);
      expect([res.statusCode, res.json()]).toEqual([400, { success: false, message }]);
    }
    expect(
      (await admin('PATCH', `/products/${tee.id}`, { mrpRule: { kind: 'fixed', mrp: 1499 } })).statusCode,
    ).toBe(200);
    // A new price above the declared MRP is refused too; the MRP itself is a fine price.
    const above = await admin('PATCH', `/products/${tee.id}`, { price: 1500 });
    expect([above.statusCode, above.json().message]).toEqual([400, 'The MRP must not be below the price']);
    expect((await admin('PATCH', `/products/${tee.id}`, { price: 1499 })).json().product).toMatchObject({
      price: 1499,
      mrp: 1499,
    });
    const created = await admin('POST', '/products', {
      name: 'Below Tee',
      sku: 'BELOW-1',
      price: 999,
      mrpRule: { kind: 'fixed', mrp: 998 },
      categoryId,
      colors: ['Bk'],
      sizes: ['M'],
    });
    expect([created.statusCode, created.json().message]).toEqual([
      400,
      'The MRP must not be below the price',
    ]);
  });

  it('creates and duplicates a product with its rule', async () => {
    const product = await newProduct({ mrpRule: { kind: 'fixed', mrp: 2499 } });
    const copy = (await admin('POST', `/products/${product._id}/duplicate`)).json().product;
    expect(copy).toMatchObject({ price: 1499, mrp: 2499, mrpRule: { kind: 'fixed', mrp: 2499 } });
    expect((await newProduct({ mrpRule: { kind: 'none' } })).mrp).toBe(1499);
  });

  it('keeps the discount an order was placed with when the rule changes later', async () => {
    const tee = await createProduct(t.database.db, { pricePaise: 79_900, stock: 5 });
    const buyer = await signInNewUser(t);
    // Two purchases of the same thing: each with its own key, or the second would be the first's double click.
    const place = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/qikink/order',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: codOrderBody(buyer, [{ productId: tee.id, quantity: '2' }], 2 * 799 + 50),
      });
    expect((await place('before-rule-change')).statusCode).toBe(201);
    await admin('PATCH', `/products/${tee.id}`, { mrpRule: { kind: 'none' } });
    // A minute apart, so the orders list (oldest first) has one order for each.
    clock.advance(60_000);
    expect((await place('after-rule-change')).statusCode).toBe(201);
    const orders = (
      await t.app.inject({ url: `/api/v1/orders/${buyer.userId}`, headers: buyer.headers })
    ).json().orders;
    const seen = orders.map((o: { items: { price: number; mrp: number }[]; summary: object }) => ({
      item: { price: o.items[0]?.price, mrp: o.items[0]?.mrp },
      summary: o.summary,
    }));
    expect(seen).toEqual([
      {
        item: { price: 799, mrp: 1099 },
        summary: expect.objectContaining({
          originalPrice: 2198,
          discount: 600,
          discountPercent: 27,
          subtotal: 1598,
        }),
      },
      {
        item: { price: 799, mrp: 799 },
        summary: expect.objectContaining({
          originalPrice: 1598,
          discount: 0,
          discountPercent: 0,
          subtotal: 1598,
        }),
      },
    ]);
  });
});

describe('variants and stock', () => {
  it("keeps the product's stock at the sum of its sellable variants, and sells a size out alone", async () => {
    const product = await newProduct({ published: true });
    const res = await admin('PUT', `/products/${product._id}/variants`, {
      variants: [
        { color: 'Bk', size: 'M', stock: 1, fulfilmentSku: 'QK-RH-BK-M' },
        { color: 'Bk', size: 'L', stock: 4 },
        { color: 'Wh', size: 'M', stock: 9, sellable: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ stock: 5, colors: ['Bk'], sizes: ['M', 'L'] });
    // The last unit of black M goes to the first buyer; black L is still for sale.
    expect((await placeCod(product._id, 1499 + 50, { size: 'M', color: 'Bk' })).statusCode).toBe(201);
    const second = await placeCod(product._id, 1499 + 50, { size: 'M', color: 'Bk' });
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      'Ronin Hoodie (Black, M) is out of stock',
    ]);
    expect((await placeCod(product._id, 1499 + 50, { size: 'L', color: 'Bk' })).statusCode).toBe(201);
    const page = (await t.app.inject({ url: `/api/v1/product/${product._id}` })).json();
    expect(page.stock).toBe(3);
    expect(page.variants).toEqual(
      expect.arrayContaining([
        { color: 'Bk', size: 'M', stock: 0 },
        { color: 'Bk', size: 'L', stock: 3 },
        { color: 'Wh', size: 'M', stock: 0 },
      ]),
    );
  });

  it('keeps a variant that has orders when it is left out, no longer sold; deletes one that has none', async () => {
    const tee = await createProduct(t.database.db, { stock: 2, sizes: ['M', 'L'], colors: ['Bk'] });
    expect((await placeCod(tee.id, 799 + 50, { size: 'M', color: 'Bk' })).statusCode).toBe(201);
    const res = await admin('PUT', `/products/${tee.id}/variants`, {
      variants: [{ color: 'Wh', size: 'S', stock: 7 }],
    });
    const variants = res
      .json()
      .product.variants.map((v: { color: string; size: string; sellable: boolean }) => [
        `${v.color}-${v.size}`,
        v.sellable,
      ]);
    expect(variants.sort()).toEqual([
      ['Bk-M', false],
      ['Wh-S', true],
    ]);
    expect(res.json().product.stock).toBe(7);
    expect(await variantStock(t.database.db, tee.id, 'Bk', 'M')).toBe(0);
  });

  it('refuses a colour and size listed twice, a negative stock and an empty set', async () => {
    const product = await newProduct();
    const cases: [object, string][] = [
      [{ variants: [] }, 'variants must hold at least one variant'],
      [{ variants: [{ color: 'Bk', size: 'M', stock: -1 }] }, 'stock must not be negative'],
      [
        {
          variants: [
            { color: 'Bk', size: 'M', stock: 1 },
            { color: 'Bk', size: 'M', stock: 2 },
          ],
        },
        'Each colour and size may appear once',
      ],
      [
        { variants: [{ color: 'Bk', size: 'XM', stock: 1 }] },
        'size must be one of XS, S, M, L, XL, XXL, XXXL',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await admin('PUT', `/products/${product._id}/variants`, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });
});

describe('the list', () => {
  it('searches by name or SKU, filters by status and stock, and counts the matches', async () => {
    const a = await createProduct(t.database.db, { name: 'Zephyr Search Tee', sku: 'ZS-1', stock: 0 });
    await createProduct(t.database.db, { name: 'Zephyr Search Hoodie', sku: 'ZS-2', stock: 30 });
    const byName = (await admin('GET', '/products?q=zephyr%20search&sort=name&dir=asc')).json();
    expect(byName.total).toBe(2);
    expect(byName.products.map((p: { name: string }) => p.name)).toEqual([
      'Zephyr Search Hoodie',
      'Zephyr Search Tee',
    ]);
    const out = (await admin('GET', '/products?q=zephyr&stock=out')).json();
    expect(out.products.map((p: { _id: string }) => p._id)).toEqual([a.id]);
    const bySku = (await admin('GET', '/products?q=zs-2')).json();
    expect(bySku.products.map((p: { sku: string }) => p.sku)).toEqual(['ZS-2']);
    const bad = await admin('GET', '/products?status=gone');
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'status must be published, draft or archived',
    ]);
  });
});

describe('the trail', () => {
  it("records each change with its actor and the changed fields, on the product's own timeline", async () => {
    const tee = await createProduct(t.database.db, { pricePaise: 79_900 });
    await admin('PATCH', `/products/${tee.id}`, { price: 949, name: 'Renamed Tee' });
    await admin('PUT', `/products/${tee.id}/variants`, { variants: [{ color: 'Bk', size: 'M', stock: 3 }] });
    const timeline = (await admin('GET', `/products/${tee.id}/timeline`)).json().entries;
    expect(timeline.map((e: { action: string }) => e.action)).toEqual(['product.variants', 'product.update']);
    expect(timeline[1]).toMatchObject({
      actor: editor.email,
      role: 'catalogue',
      before: { price: 799, name: tee.name },
      after: { price: 949, name: 'Renamed Tee' },
    });
    expect(timeline[0].after).toMatchObject({ 'Bk|M': { stock: 3, sellable: true }, stock: 3 });
  });
});
