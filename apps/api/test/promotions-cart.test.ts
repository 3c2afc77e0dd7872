// The cart and promotions: automatic promotions show with what they save, a code is applied and removed through
// the cart API, a refused code says why in the shopper's words, and a code kept in the cart that stops applying is
// reported rather than silently dropped. Carts without promotions answer as before (no extra fields).
import { createProduct } from '@rangrez/db/factories/catalogue';
import { promotions } from '@rangrez/db/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type SignedInUser, type TestApp, createTestApp, signInNewUser } from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  owner = await signedInStaff(t, 'owner');
  productId = (await createProduct(t.database.db, { pricePaise: 100_000, stock: 50 })).id;
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

const call = (buyer: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: buyer.headers, ...(payload ? { payload } : {}) });

async function buyerWithTee(quantity = 1) {
  const buyer = await signInNewUser(t);
  await call(buyer, 'POST', '/cart/items', { productId, size: 'M', color: 'Bk' });
  if (quantity > 1)
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/items',
      headers: buyer.headers,
      payload: { productId, size: 'M', color: 'Bk', quantity },
    });
  return buyer;
}

describe('cart promotions', () => {
  it('answers no promotion fields when none applies', async () => {
    const buyer = await buyerWithTee();
    const data = (await call(buyer, 'GET', '/cart')).json().data;
    expect(Object.keys(data).sort()).toEqual(['issues', 'items', 'totals']);
  });

  it('shows automatic promotions with what they save', async () => {
    const id = await createPromotion({
      title: 'Winter sale',
      kind: 'percentage',
      value: 10,
      automatic: true,
    });
    const buyer = await buyerWithTee(2);
    const data = (await call(buyer, 'GET', '/cart')).json().data;
    expect(data.promotions).toEqual([
      { id, code: null, kind: 'percentage', title: 'Winter sale', saved: 200 },
    ]);
    expect(data.promotionDiscount).toBe(200);
  });

  it('applies a code, keeps it, and removes it', async () => {
    const id = await createPromotion({ code: 'CARTTEN', kind: 'fixed', value: 100 });
    const buyer = await buyerWithTee();
    const applied = await call(buyer, 'POST', '/cart/coupon', { code: ' cartten ' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      success: true,
      message: 'Code applied.',
      data: {
        couponCode: 'CARTTEN',
        promotionDiscount: 100,
        promotions: [{ id, code: 'CARTTEN', saved: 100 }],
      },
    });
    expect((await call(buyer, 'GET', '/cart')).json().data.couponCode).toBe('CARTTEN');
    const removed = await call(buyer, 'DELETE', '/cart/coupon');
    expect(removed.json().message).toBe('Code removed.');
    expect(Object.keys(removed.json().data).sort()).toEqual(['issues', 'items', 'totals']);
  });

  it('refuses a code that does not apply, in the shopper words, and keeps none', async () => {
    const buyer = await buyerWithTee();
    const unknown = await call(buyer, 'POST', '/cart/coupon', { code: 'NOPE123' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, message: 'Invalid code.' });
    await createPromotion({ code: 'BIGSPEND', kind: 'fixed', value: 100, minSubtotal: 1500 });
    expect((await call(buyer, 'POST', '/cart/coupon', { code: 'BIGSPEND' })).json()).toEqual({
      success: false,
      message: 'Add ₹500 more to use this code.',
    });
    expect((await call(buyer, 'GET', '/cart')).json().data.couponCode).toBeUndefined();
  });

  it('reports a kept code that stops applying', async () => {
    await createPromotion({ code: 'TWOPLUS', kind: 'fixed', value: 100, minQuantity: 2 });
    const buyer = await buyerWithTee(2);
    expect((await call(buyer, 'POST', '/cart/coupon', { code: 'TWOPLUS' })).statusCode).toBe(200);
    const fewer = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/items',
      headers: buyer.headers,
      payload: { productId, size: 'M', color: 'Bk', quantity: 1 },
    });
    expect(fewer.json().data).toMatchObject({
      couponCode: 'TWOPLUS',
      couponMessage: 'This code does not apply to the items in your cart.',
      promotions: [],
      promotionDiscount: 0,
    });
  });
});
