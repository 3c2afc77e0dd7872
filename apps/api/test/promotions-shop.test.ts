// The shopper's public promotion calls (docs/promotions.md#the-shoppers-side): the preview prices a cart the server
// does not hold (codes, automatic promotions, the payment choice) without counting anything, and the product's
// best offer names only automatic promotions open to everyone, never a code.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { promotions } from '@rangrez/db/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, codOrderBody, createTestApp, signInNewUser } from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;
let tee: string;
let hoodie: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  owner = await signedInStaff(t, 'owner');
  tee = (await createProduct(t.database.db, { pricePaise: 49_900, stock: 50 })).id;
  hoodie = (await createProduct(t.database.db, { pricePaise: 150_000, stock: 50 })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.update(promotions).set({ active: false });
});

async function createPromotion(body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/promotions',
    headers: owner.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promotion.id;
}

const preview = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/promotions/preview', payload });

const offer = (productId: string) =>
  t.app.inject({ url: `/api/v1/promotions/offers?productId=${productId}` });

describe('POST /promotions/preview', () => {
  it('answers the automatic promotions and a code that applies, with what each saves', async () => {
    const bundle = await createPromotion({
      title: 'Buy 3 for ₹1,199',
      kind: 'bundle',
      value: 1199,
      bundleQuantity: 3,
      automatic: true,
      combinable: true,
      target: 'products',
      targetIds: [tee],
    });
    const code = await createPromotion({
      title: 'Ten off',
      code: 'SAVE10',
      kind: 'percentage',
      value: 10,
      combinable: true,
    });
    const res = await preview({
      items: [
        { productId: tee, quantity: 3 },
        { productId: hoodie, quantity: 1 },
      ],
      code: 'save10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      data: {
        promotions: [
          { id: bundle, code: null, kind: 'bundle', title: 'Buy 3 for ₹1,199', saved: 298 },
          { id: code, code: 'SAVE10', kind: 'percentage', title: 'Ten off', saved: 269 },
        ],
        promotionDiscount: 567,
        shippingDiscount: 0,
        prepaidOnly: false,
        couponCode: 'SAVE10',
      },
    });
  });

  it('says why a code does not apply and still answers the automatic promotions', async () => {
    await createPromotion({
      title: 'Big spender',
      code: 'BIGSPEND',
      kind: 'fixed',
      value: 100,
      minSubtotal: 1000,
    });
    const unknown = await preview({ items: [{ productId: tee, quantity: 1 }], code: 'NOPE123' });
    expect(unknown.json().data).toEqual({
      promotions: [],
      promotionDiscount: 0,
      shippingDiscount: 0,
      prepaidOnly: false,
      couponMessage: 'Invalid code.',
    });
    const short = await preview({ items: [{ productId: tee, quantity: 1 }], code: 'BIGSPEND' });
    expect(short.json().data.couponMessage).toBe('Add ₹501 more to use this code.');
    const malformed = await preview({ items: [], code: '!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'Invalid code.' });
  });

  it('follows the payment choice: prepaid only, and free shipping on cash on delivery', async () => {
    await createPromotion({
      title: 'Prepaid ten',
      code: 'PREPAID10',
      kind: 'percentage',
      value: 10,
      prepaidOnly: true,
    });
    const chosen = await preview({ items: [{ productId: hoodie, quantity: 1 }], code: 'PREPAID10' });
    expect(chosen.json().data).toMatchObject({
      prepaidOnly: true,
      promotionDiscount: 150,
      couponCode: 'PREPAID10',
    });
    const cod = await preview({
      items: [{ productId: hoodie, quantity: 1 }],
      code: 'PREPAID10',
      gateway: 'COD',
    });
    expect(cod.json().data.couponMessage).toBe('This code is valid on prepaid orders only.');
    await createPromotion({ title: 'Free shipping', kind: 'free_shipping', automatic: true });
    const shipping = await preview({ items: [{ productId: tee, quantity: 1 }], gateway: 'COD' });
    expect(shipping.json().data).toMatchObject({
      promotionDiscount: 0,
      shippingDiscount: 50,
      prepaidOnly: false,
    });
  });

  it('leaves out unknown products and refuses bad bodies with 400, never 500', async () => {
    const res = await preview({
      items: [
        { productId: 'not-a-uuid', quantity: 2 },
        { productId: tee, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await preview({ items: [{ productId: tee, quantity: 0 }] })).statusCode).toBe(400);
    expect((await preview({ items: 'all' })).json().success).toBe(false);
  });
});

describe('GET /promotions/offers', () => {
  it('names the best automatic promotion for the product, cacheable, and nothing for others', async () => {
    await createPromotion({
      title: 'Tee bundle',
      kind: 'bundle',
      value: 1199,
      bundleQuantity: 3,
      automatic: true,
      target: 'products',
      targetIds: [tee],
    });
    await createPromotion({
      title: 'Prepaid',
      kind: 'percentage',
      value: 10,
      automatic: true,
      prepaidOnly: true,
    });
    const res = await offer(tee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // ₹99.33 a unit in the bundle beats ₹49 a unit off by 10%.
    expect(res.json()).toEqual({ success: true, data: { offer: 'Best offer: Buy 3 for ₹1,199' } });
    expect((await offer(hoodie)).json().data.offer).toBe('Best offer: 10% off on prepaid orders');
  });

  it('never names a code, a promotion for particular shoppers, or one outside its window', async () => {
    await createPromotion({ title: 'Secret', code: 'SECRET50', kind: 'percentage', value: 50 });
    await createPromotion({
      title: 'VIP',
      kind: 'percentage',
      value: 40,
      automatic: true,
      shoppers: ['vip@example.in'],
    });
    await createPromotion({
      title: 'Later',
      kind: 'percentage',
      value: 30,
      automatic: true,
      startsAt: '2026-12-01T00:00:00.000Z',
    });
    const res = await offer(tee);
    expect(res.json().data.offer).toBeNull();
    expect(res.body).not.toContain('SECRET50');
    expect((await offer('not-a-product')).json().data.offer).toBeNull();
  });
});

describe('the code kept with the cart', () => {
  it('goes with the cart checkout that used it, and stays when a BUY NOW used it', async () => {
    await createPromotion({ title: 'Fifty off', code: 'FIFTYOFF', kind: 'fixed', value: 50 });
    const buyer = await signInNewUser(t);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: buyer.headers, ...(payload ? { payload } : {}) });
    await call('POST', '/cart/items', { productId: hoodie, size: 'M', color: 'Bk' });
    expect((await call('POST', '/cart/coupon', { code: 'FIFTYOFF' })).statusCode).toBe(200);
    // The ₹1,500 hoodie, less the code's ₹50, plus cash on delivery's ₹50.
    const order = (orderType: string) =>
      call(
        'POST',
        '/qikink/order',
        codOrderBody(buyer, [{ productId: hoodie }], 1500, {
          orderType,
          couponCode: 'FIFTYOFF',
        }),
      );
    expect((await order('BUY_NOW')).statusCode).toBe(201);
    expect((await call('GET', '/cart')).json().data.couponCode).toBe('FIFTYOFF');
    expect((await order('CART_CHECKOUT')).statusCode).toBe(201);
    const after = (await call('GET', '/cart')).json().data;
    expect(after.items).toEqual([]);
    expect(after.couponCode).toBeUndefined();
  });
});
