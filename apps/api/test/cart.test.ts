// The signed-in shopper's cart under /api/v1/cart (docs/decisions/007-cart-api.md): line rules
// (docs/product/rules.md), stock checks, flags before checkout and totals from the contract's rule.
import { cartItems, productImages, productVariants, products } from '@rangrez/db/schema';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { createMedia } from '@rangrez/db/factories/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, type TestApp, createTestApp, signUpThroughApi } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const signup = () => signUpThroughApi(t.app, { prefix: 'cart', firstName: 'Asha', lastName: 'Rao' });

function call(
  session: Pick<SignedUp, 'accessToken'> | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: session ? { authorization: `Bearer ${session.accessToken}` } : {},
  });
}

const db = () => t.database.db;
const product = (overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(db(), { name: 'Tokyo Drift Oversized Tee', ...overrides });
const setProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
  db().update(products).set(values).where(eq(products.id, id));
/** Stock is kept per colour and size: the product's own stock is their sum. */
const setVariantStock = (id: string, color: string, size: string, stock: number) =>
  db()
    .update(productVariants)
    .set({ stock })
    .where(
      and(
        eq(productVariants.productId, id),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      ),
    );

const emptyTotals = {
  itemCount: 0,
  originalPrice: 0,
  discount: 0,
  discountPercent: 0,
  subtotal: 0,
  shipping: 0,
  tax: 0,
  total: 0,
};

describe('authentication', () => {
  it('answers 401 without a bearer token, on every cart call', async () => {
    const p = await product();
    const key = { productId: p.id, size: 'M', color: 'Bk' };
    for (const [method, url, body] of [
      ['GET', '/cart', undefined],
      ['POST', '/cart/items', key],
      ['PUT', '/cart/items', { ...key, quantity: 2 }],
      ['DELETE', '/cart/items', key],
      ['DELETE', '/cart', undefined],
      ['POST', '/cart/merge', { mergeId: 'merge-0001', items: [] }],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
    const bad = await call({ accessToken: 'not-a-token' }, 'GET', '/cart');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    expect(await db().select().from(cartItems)).toEqual([]);
  });
});

describe('GET /cart', () => {
  it('is empty for a new shopper, and never cached', async () => {
    const res = await call(await signup(), 'GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, data: { items: [], totals: emptyTotals, issues: [] } });
  });

  it("shows only the caller's own lines", async () => {
    const [a, b] = [await signup(), await signup()];
    const p = await product();
    await call(a, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    expect((await call(b, 'GET', '/cart')).json().data.items).toEqual([]);
    expect((await call(a, 'GET', '/cart')).json().data.items).toHaveLength(1);
  });

  it("pictures each line in its own colour, else with the product's image", async () => {
    const shopper = await signup();
    const [main, maroonFront, maroonBack] = [
      await createMedia(db()),
      await createMedia(db()),
      await createMedia(db()),
    ];
    const p = await product({ colors: ['Bk', 'Mr', 'Wh'] });
    await setProduct(p.id, { imageId: main.id });
    await db()
      .insert(productImages)
      .values([
        { productId: p.id, color: 'Mr', position: 1, mediaId: maroonBack.id },
        { productId: p.id, color: 'Mr', position: 0, mediaId: maroonFront.id },
      ]);
    for (const color of ['Mr', 'Wh'])
      await call(shopper, 'POST', '/cart/items', { productId: p.id, size: 'M', color });
    const items = (await call(shopper, 'GET', '/cart')).json().data.items as {
      color: string;
      product: { image: string; thumbnail: string };
    }[];
    const pictured = Object.fromEntries(items.map((i) => [i.color, i.product]));
    expect(pictured.Mr?.image).toContain(`/media/${maroonFront.key}-`);
    expect(pictured.Mr?.thumbnail).toContain(`/media/${maroonFront.key}-`);
    // White has no pictures of its own: the product's.
    expect(pictured.Wh?.image).toContain(`/media/${main.key}-`);
  });
});

describe('POST /cart/items', () => {
  it('adds a new line at quantity 1 and answers the whole cart', async () => {
    const s = await signup();
    const p = await createProduct(
      db(),
      { name: 'Tokyo Drift Oversized Tee', pricePaise: 79_900 },
      { images: true },
    );
    const res = await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Item added to cart!');
    const [row] = await db().select().from(cartItems).where(eq(cartItems.userId, s.user._id));
    expect(body.data.items).toEqual([
      {
        _id: row?.id,
        product: {
          _id: p.id,
          name: 'Tokyo Drift Oversized Tee',
          sku: p.sku,
          price: 799,
          mrp: 1099,
          stock: 25,
          image: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-\d+\.jpg$/),
          thumbnail: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-\d+\.jpg$/),
        },
        size: 'M',
        color: 'Bk',
        quantity: 1,
        lineTotal: 799,
        status: 'ok',
      },
    ]);
    expect(body.data.issues).toEqual([]);
    expect(body.data.totals).toEqual({
      itemCount: 1,
      originalPrice: 1099,
      discount: 300,
      discountPercent: 27,
      subtotal: 799,
      shipping: 0,
      tax: 0,
      total: 799,
    });
    // The price the shopper saw is kept with the line.
    expect(row?.unitPricePaise).toBe(79_900);
  });

  it('raises the same product, size and colour by 1; another size or colour is a new line', async () => {
    const s = await signup();
    const p = await product();
    const add = (size: string, color: string) =>
      call(s, 'POST', '/cart/items', { productId: p.id, size, color });
    const first = (await add('M', 'Bk')).json().data.items[0];
    const second = (await add('M', 'Bk')).json().data.items;
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ _id: first._id, quantity: 2, lineTotal: 1598 });
    await add('L', 'Bk');
    const items = (await add('M', 'Wh')).json().data.items;
    expect(
      items.map((l: { size: string; color: string; quantity: number }) => [l.size, l.color, l.quantity]),
    ).toEqual([
      ['M', 'Bk', 2],
      ['L', 'Bk', 1],
      ['M', 'Wh', 1],
    ]);
  });

  it('ignores unknown fields such as another user id (the cart is always the caller’s)', async () => {
    const [a, b] = [await signup(), await signup()];
    const p = await product();
    const res = await call(a, 'POST', '/cart/items', {
      productId: p.id,
      size: 'M',
      color: 'Bk',
      userId: b.user._id,
    });
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, b.user._id))).toEqual([]);
  });

  it('refuses a size or colour the product does not offer with 400 naming the field', async () => {
    const s = await signup();
    const p = await product({ sizes: ['S', 'M', 'L'], colors: ['Bk', 'Wh'] });
    const size = await call(s, 'POST', '/cart/items', { productId: p.id, size: 'XXL', color: 'Bk' });
    expect(size.statusCode).toBe(400);
    expect(size.json()).toEqual({ success: false, message: 'size must be one of S, M, L for this product' });
    const colour = await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Rd' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json()).toEqual({
      success: false,
      message: 'color must be one of Bk, Wh for this product',
    });
    const notASize = await call(s, 'POST', '/cart/items', { productId: p.id, size: 'Medium', color: 'Bk' });
    expect(notASize.statusCode).toBe(400);
    expect(notASize.json().message).toBe('size must be one of XS, S, M, L, XL, XXL, XXXL');
    const missing = await call(s, 'POST', '/cart/items', { size: 'M', color: 'Bk' });
    expect(missing.json()).toEqual({ success: false, message: 'productId is required' });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, s.user._id))).toEqual([]);
  });

  it('answers 404 for an unknown, malformed or withdrawn product', async () => {
    const s = await signup();
    const withdrawn = await product({ isActive: false });
    for (const productId of ['6f1c2d4e-0000-4000-8000-000000000000', 'not-a-uuid', withdrawn.id]) {
      const res = await call(s, 'POST', '/cart/items', { productId, size: 'M', color: 'Bk' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('refuses an out-of-stock product and a unit above stock with 409', async () => {
    const s = await signup();
    const soldOut = await product({ name: 'Ghost Rider Hoodie', stock: 0 });
    const none = await call(s, 'POST', '/cart/items', { productId: soldOut.id, size: 'M', color: 'Bk' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ success: false, message: 'Out of Stock: Ghost Rider Hoodie (Black, M)' });

    const low = await product({ stock: 2 });
    const add = () => call(s, 'POST', '/cart/items', { productId: low.id, size: 'M', color: 'Bk' });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    const third = await add();
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      success: false,
      message: 'Only 2 left of Tokyo Drift Oversized Tee (Black, M)',
    });
    const [row] = await db().select().from(cartItems).where(eq(cartItems.productId, low.id));
    expect(row?.quantity).toBe(2);
    // Each colour and size has its own stock: black M running out leaves black L and white M buyable.
    const soldOutM = await product({ name: 'Half Gone Tee' });
    await setVariantStock(soldOutM.id, 'Bk', 'M', 0);
    const refusedM = await call(s, 'POST', '/cart/items', { productId: soldOutM.id, size: 'M', color: 'Bk' });
    expect(refusedM.statusCode).toBe(409);
    expect(refusedM.json()).toEqual({ success: false, message: 'Out of Stock: Half Gone Tee (Black, M)' });
    for (const key of [
      { size: 'L', color: 'Bk' },
      { size: 'M', color: 'Wh' },
    ]) {
      const res = await call(s, 'POST', '/cart/items', { productId: soldOutM.id, ...key });
      expect(res.statusCode, JSON.stringify(key)).toBe(200);
    }
  });

  it('holds at most 50 different lines; existing lines can still be raised', async () => {
    const s = await signup();
    const sizes = ['S', 'M', 'L', 'XL', 'XXL'];
    for (let i = 0; i < 5; i++) {
      const p = await product({ sizes, colors: ['Bk', 'Wh'] });
      await db()
        .insert(cartItems)
        .values(
          sizes.flatMap((size) =>
            ['Bk', 'Wh'].map((color) => ({ userId: s.user._id, productId: p.id, size, color, quantity: 1 })),
          ),
        );
    }
    const extra = await product();
    const refused = await call(s, 'POST', '/cart/items', { productId: extra.id, size: 'M', color: 'Bk' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Your cart can hold at most 50 different items',
    });
    const [line] = await db().select().from(cartItems).where(eq(cartItems.userId, s.user._id)).limit(1);
    const raised = await call(s, 'POST', '/cart/items', {
      productId: line?.productId,
      size: line?.size,
      color: line?.color,
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.items).toHaveLength(50);
  });
});

describe('PUT /cart/items', () => {
  async function cartWithLine(stock = 25) {
    const s = await signup();
    const p = await product({ stock });
    const key = { productId: p.id, size: 'M', color: 'Bk' };
    await call(s, 'POST', '/cart/items', key);
    return { s, p, key };
  }

  it('sets the quantity (number or numeric text) and answers the cart', async () => {
    const { s, key } = await cartWithLine();
    const res = await call(s, 'PUT', '/cart/items', { ...key, quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cart updated');
    expect(res.json().data.items[0]).toMatchObject({ quantity: 4, lineTotal: 3196 });
    const text = await call(s, 'PUT', '/cart/items', { ...key, quantity: '2' });
    expect(text.json().data.items[0].quantity).toBe(2);
  });

  it('removes the line at quantity 0', async () => {
    const { s, key } = await cartWithLine();
    const res = await call(s, 'PUT', '/cart/items', { ...key, quantity: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Item removed from cart',
      data: { items: [], totals: emptyTotals, issues: [] },
    });
    // Again, when the line is already gone: still not an error.
    expect((await call(s, 'PUT', '/cart/items', { ...key, quantity: '0' })).statusCode).toBe(200);
  });

  it('refuses quantities that are not whole numbers from 0 to 100', async () => {
    const { s, key } = await cartWithLine();
    for (const quantity of [-1, 2.5, 'abc', '', 101, true]) {
      const res = await call(s, 'PUT', '/cart/items', { ...key, quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'quantity must be a whole number from 0 to 100',
      });
    }
    const missing = await call(s, 'PUT', '/cart/items', key);
    expect(missing.json()).toEqual({ success: false, message: 'quantity is required' });
    expect((await call(s, 'GET', '/cart')).json().data.items[0].quantity).toBe(1);
  });

  it('refuses a quantity above stock with 409 naming the product and what is left', async () => {
    const { s, key } = await cartWithLine(3);
    const res = await call(s, 'PUT', '/cart/items', { ...key, quantity: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Only 3 left of Tokyo Drift Oversized Tee (Black, M)',
    });
    expect((await call(s, 'PUT', '/cart/items', { ...key, quantity: 3 })).statusCode).toBe(200);
  });

  it('caps a line at 100 units even with more in stock', async () => {
    const { s, key } = await cartWithLine(500);
    expect((await call(s, 'PUT', '/cart/items', { ...key, quantity: 100 })).statusCode).toBe(200);
    const more = await call(s, 'POST', '/cart/items', key);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      success: false,
      message: 'You can add at most 100 of Tokyo Drift Oversized Tee',
    });
  });

  it("answers 404 'Product not found in cart' for a line that is not there", async () => {
    const { s, key } = await cartWithLine();
    const res = await call(s, 'PUT', '/cart/items', { ...key, color: 'Wh', quantity: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found in cart' });
  });
});

describe('DELETE /cart/items and DELETE /cart', () => {
  it('removes one line; removing it again is not an error', async () => {
    const s = await signup();
    const p = await product();
    await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    await call(s, 'POST', '/cart/items', { productId: p.id, size: 'L', color: 'Bk' });
    const res = await call(s, 'DELETE', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Item removed from cart');
    expect(res.json().data.items.map((l: { size: string }) => l.size)).toEqual(['L']);
    const again = await call(s, 'DELETE', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.items).toHaveLength(1);
    for (const [method, body] of [
      ['DELETE', { productId: 'not-a-uuid', size: 'M', color: 'Bk' }],
      ['PUT', { productId: 'not-a-uuid', size: 'M', color: 'Bk', quantity: 0 }],
    ] as const) {
      const malformed = await call(s, method, '/cart/items', body);
      expect(malformed.statusCode, method).toBe(200);
      expect(malformed.json().data.items).toHaveLength(1);
    }
  });

  it('clears the cart, also when the client sends an empty JSON body', async () => {
    const s = await signup();
    const p = await product();
    await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    const res = await call(s, 'DELETE', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Cart cleared',
      data: { items: [], totals: emptyTotals, issues: [] },
    });
    await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    const empty = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/cart',
      headers: { authorization: `Bearer ${s.accessToken}`, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, s.user._id))).toEqual([]);
  });
});

describe('totals', () => {
  it('follows the contract rule: 2 x ₹799 + 1 x ₹1,299', async () => {
    const s = await signup();
    const tee = await product({ pricePaise: 79_900 });
    const hoodie = await product({ name: 'Akira Hoodie', pricePaise: 129_900 });
    await call(s, 'POST', '/cart/items', { productId: tee.id, size: 'M', color: 'Bk' });
    await call(s, 'POST', '/cart/items', { productId: tee.id, size: 'M', color: 'Bk' });
    const res = await call(s, 'POST', '/cart/items', { productId: hoodie.id, size: 'L', color: 'Wh' });
    expect(res.json().data.totals).toEqual({
      itemCount: 3,
      originalPrice: 3797,
      discount: 900,
      discountPercent: 24,
      subtotal: 2897,
      shipping: 0,
      tax: 0,
      total: 2897,
    });
    expect(res.json().data.items.map((l: { lineTotal: number }) => l.lineTotal)).toEqual([1598, 1299]);
  });
});

describe('lines that changed since they were added', () => {
  it('flags a price change with the price seen before, totals at the current price', async () => {
    const s = await signup();
    const p = await product({ pricePaise: 79_900 });
    const key = { productId: p.id, size: 'M', color: 'Bk' };
    await call(s, 'POST', '/cart/items', key);
    await call(s, 'POST', '/cart/items', key);
    await setProduct(p.id, { pricePaise: 89_900 });

    const data = (await call(s, 'GET', '/cart')).json().data;
    expect(data.items[0]).toMatchObject({
      status: 'price_changed',
      previousPrice: 799,
      product: { price: 899, mrp: 1199 },
      lineTotal: 1798,
    });
    expect(data.issues).toEqual([
      {
        lineId: data.items[0]._id,
        productId: p.id,
        size: 'M',
        color: 'Bk',
        status: 'price_changed',
        message: 'The price of Tokyo Drift Oversized Tee changed from ₹799 to ₹899',
      },
    ]);
    expect(data.totals).toMatchObject({ itemCount: 2, subtotal: 1798, total: 1798 });

    // Setting the quantity (even to the same value) accepts the new price.
    const accepted = (await call(s, 'PUT', '/cart/items', { ...key, quantity: 2 })).json().data;
    expect(accepted.items[0].status).toBe('ok');
    expect(accepted.items[0]).not.toHaveProperty('previousPrice');
    expect(accepted.issues).toEqual([]);
  });

  it('flags sold-out, short-stock and withdrawn lines and leaves them out of the totals', async () => {
    const s = await signup();
    const soldOut = await product({ name: 'Sold Out Tee', pricePaise: 50_000 });
    const short = await product({ name: 'Short Tee', pricePaise: 60_000 });
    const withdrawn = await product({ name: 'Withdrawn Tee', pricePaise: 70_000 });
    const resized = await product({ name: 'Resized Tee', pricePaise: 80_000 });
    const fine = await product({ name: 'Fine Tee', pricePaise: 90_000 });
    for (const p of [soldOut, short, withdrawn, resized, fine]) {
      await call(s, 'POST', '/cart/items', { productId: p.id, size: 'M', color: 'Bk' });
    }
    await call(s, 'PUT', '/cart/items', { productId: short.id, size: 'M', color: 'Bk', quantity: 3 });
    // The lines' own colour and size (black M) sells out or runs short; the products' other variants keep stock.
    await setVariantStock(soldOut.id, 'Bk', 'M', 0);
    await setVariantStock(short.id, 'Bk', 'M', 1);
    await setProduct(withdrawn.id, { isActive: false });
    await setProduct(resized.id, { sizes: ['L', 'XL'] });

    const data = (await call(s, 'GET', '/cart')).json().data;
    expect(
      data.items.map((l: { product: { name: string }; status: string }) => [l.product.name, l.status]),
    ).toEqual([
      ['Sold Out Tee', 'out_of_stock'],
      ['Short Tee', 'insufficient_stock'],
      ['Withdrawn Tee', 'unavailable'],
      ['Resized Tee', 'unavailable'],
      ['Fine Tee', 'ok'],
    ]);
    expect(data.issues.map((i: { status: string; message: string }) => [i.status, i.message])).toEqual([
      ['out_of_stock', 'Out of Stock: Sold Out Tee (Black, M)'],
      ['insufficient_stock', 'Only 1 left of Short Tee (Black, M)'],
      ['unavailable', 'Withdrawn Tee is no longer available'],
      ['unavailable', 'Resized Tee is no longer available in size M and colour Bk'],
    ]);
    expect(data.totals).toEqual({
      itemCount: 1,
      originalPrice: 1200,
      discount: 300,
      discountPercent: 25,
      subtotal: 900,
      shipping: 0,
      tax: 0,
      total: 900,
    });
    // Such lines can still be removed.
    const removed = await call(s, 'DELETE', '/cart/items', {
      productId: withdrawn.id,
      size: 'M',
      color: 'Bk',
    });
    expect(removed.json().data.items).toHaveLength(4);
    const rows = await db()
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, s.user._id), eq(cartItems.productId, withdrawn.id)));
    expect(rows).toEqual([]);
  });

  it('does not flag a line whose seen price is unknown (written before prices were kept)', async () => {
    const s = await signup();
    const p = await product();
    await db()
      .insert(cartItems)
      .values({ userId: s.user._id, productId: p.id, size: 'M', color: 'Bk', quantity: 1 });
    const line = (await call(s, 'GET', '/cart')).json().data.items[0];
    expect(line.status).toBe('ok');
    expect(line).not.toHaveProperty('previousPrice');
  });
});
