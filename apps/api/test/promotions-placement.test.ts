// Promotions at placement (decision 029): each kind through POST /qikink/order and online placement, the refusals
// word for word, first order by identity (a second account with the same phone), release on cancel, on expiry and
// on a full refund (not a partial one), prepaid-only codes and the switch to cash on delivery, the spec's client
// (no code, the total before or after automatic promotions), and the races the conditional updates win.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orderItems, orders, promotionCodes, promotions } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import {
  type SignedInUser,
  type TestApp,
  TEST_ADDRESS,
  codOrderBody,
  createTestApp,
  signInNewUser,
} from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;
let productId: string;
let shopper = 0;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  owner = await signedInStaff(t, 'owner');
  productId = (await createProduct(t.database.db, { pricePaise: 100_000, stock: 400 })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test its own promotions: automatic ones would otherwise apply to the next test's orders.
  await t.database.db.update(promotions).set({ active: false });
});

/** A shopper with an identity of their own (the delivery e-mail and phone decide first orders and limits). */
async function newShopper(phone?: string) {
  shopper += 1;
  const buyer = await signInNewUser(t);
  const address = {
    ...TEST_ADDRESS,
    email: `shopper${shopper}@promo.test`,
    phone: phone ?? `9${String(100_000_000 + shopper).slice(-9)}`,
  };
  return { buyer, address };
}

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

function order(
  who: { buyer: SignedInUser; address: typeof TEST_ADDRESS },
  totalAmount: number,
  extra: Record<string, unknown> = {},
  quantity = 1,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: who.buyer.headers,
    payload: {
      ...codOrderBody(who.buyer, [{ productId, quantity: String(quantity) }], totalAmount),
      deliveryAddress: who.address,
      ...extra,
    },
  });
}

async function storedOrder(orderNumber: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw new Error('no order');
  const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  return { row, lines };
}

const usedOf = async (id: string) =>
  (await t.database.db.select().from(promotions).where(eq(promotions.id, id)))[0];

describe('each kind through placement', () => {
  it('a percentage code with a cap: per-line discount, order totals and snapshot', async () => {
    const id = await createPromotion({ code: 'TWENTY', kind: 'percentage', value: 20, maxDiscount: 300 });
    const who = await newShopper();
    // 2 x ₹1,000 + ₹50 COD fee, less 20% capped at ₹300.
    const res = await order(who, 1750, { couponCode: 'twenty' }, 2);
    expect(res.statusCode, res.body).toBe(201);
    const { row, lines } = await storedOrder(res.json().qikinkOrderId);
    expect(row).toMatchObject({
      subtotalPaise: 200_000,
      promotionDiscountPaise: 30_000,
      shippingPaise: 5_000,
      totalPaise: 175_000,
    });
    expect(lines.map((l) => l.promotionDiscountPaise)).toEqual([30_000]);
    expect(row.promotions).toEqual([
      {
        promotionId: id,
        code: 'TWENTY',
        kind: 'percentage',
        title: '',
        discountPaise: 30_000,
        shippingDiscountPaise: 0,
      },
    ]);
    expect(await usedOf(id)).toMatchObject({ used: 1, budgetUsedPaise: 30_000 });
    // The shopper's order shows what the promotion saved beside the summary it explains.
    expect(res.json().order).toMatchObject({
      totalAmount: 1750,
      summary: { subtotal: 2000, shipping: 50, total: 1750 },
      promotions: [{ code: 'TWENTY', kind: 'percentage', title: '', saved: 300 }],
      promotionDiscount: 300,
    });
  });

  it('fixed, free shipping, buy X get Y and bundle', async () => {
    const who = await newShopper();
    await createPromotion({ code: 'FLAT100', kind: 'fixed', value: 100 });
    expect((await order(who, 950, { couponCode: 'FLAT100' })).statusCode).toBe(201);
    await createPromotion({ code: 'SHIPFREE', kind: 'free_shipping' });
    const ship = await order(who, 1000, { couponCode: 'SHIPFREE' });
    expect(ship.statusCode, ship.body).toBe(201);
    expect((await storedOrder(ship.json().qikinkOrderId)).row).toMatchObject({
      shippingPaise: 0,
      totalPaise: 100_000,
    });
    await createPromotion({ code: 'B2G1', kind: 'buy_x_get_y', value: 100, buyQuantity: 2, getQuantity: 1 });
    expect((await order(who, 2050, { couponCode: 'B2G1' }, 3)).statusCode).toBe(201);
    await createPromotion({ code: 'THREEFOR', kind: 'bundle', value: 2499, bundleQuantity: 3 });
    const bundle = await order(who, 2549, { couponCode: 'THREEFOR' }, 3);
    expect(bundle.statusCode, bundle.body).toBe(201);
    expect((await storedOrder(bundle.json().qikinkOrderId)).row.promotionDiscountPaise).toBe(50_100);
  });
});

describe('refusals', () => {
  it('answers each refusal in the shopper words', async () => {
    const who = await newShopper();
    const refused = async (extra: Record<string, unknown>, total = 1050) =>
      (await order(who, total, extra)).json();
    expect(await refused({ couponCode: 'NOSUCHCODE' })).toEqual({ success: false, message: 'Invalid code.' });
    expect(await refused({ couponCode: 'no spaces allowed' })).toEqual({
      success: false,
      message: 'Invalid code.',
    });
    await createPromotion({ code: 'LATER', kind: 'fixed', value: 10, startsAt: '2026-12-01T00:00:00Z' });
    expect(await refused({ couponCode: 'LATER' })).toEqual({
      success: false,
      message: 'This code is not valid yet.',
    });
    await createPromotion({ code: 'OVER', kind: 'fixed', value: 10, endsAt: '2026-11-01T00:00:00Z' });
    expect(await refused({ couponCode: 'OVER' })).toEqual({
      success: false,
      message: 'This code has expired.',
    });
    await createPromotion({ code: 'MIN2000', kind: 'fixed', value: 10, minSubtotal: 2000 });
    expect(await refused({ couponCode: 'MIN2000' })).toEqual({
      success: false,
      message: 'Add ₹1,000 more to use this code.',
    });
    await createPromotion({ code: 'PREPAID', kind: 'fixed', value: 10, prepaidOnly: true });
    expect(await refused({ couponCode: 'PREPAID' })).toEqual({
      success: false,
      message: 'This code is valid on prepaid orders only.',
    });
    await createPromotion({
      code: 'CAPS',
      kind: 'fixed',
      value: 10,
      target: 'products',
      targetIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(await refused({ couponCode: 'CAPS' })).toEqual({
      success: false,
      message: 'This code does not apply to the items in your cart.',
    });
    const once = await createPromotion({ code: 'ONCE', kind: 'fixed', value: 10, usageLimit: 1 });
    await t.database.db.update(promotions).set({ used: 1 }).where(eq(promotions.id, once));
    expect(await refused({ couponCode: 'ONCE' })).toEqual({
      success: false,
      message: 'This code has already been used.',
    });
  });

  it('first order only: a second account with the same phone is refused', async () => {
    await createPromotion({ code: 'FIRST', kind: 'percentage', value: 10, firstOrderOnly: true });
    const first = await newShopper('9812345670');
    expect((await order(first, 950, { couponCode: 'FIRST' })).statusCode).toBe(201);
    const second = await newShopper('98123 45670');
    const res = await order(second, 950, { couponCode: 'FIRST' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'This code is for your first order only.' });
  });
});

describe("the spec's client", () => {
  it('gets automatic promotions, with the total before them or after', async () => {
    const id = await createPromotion({ kind: 'fixed', value: 100, automatic: true });
    const who = await newShopper();
    const before = await order(who, 1050);
    expect(before.statusCode, before.body).toBe(201);
    expect((await storedOrder(before.json().qikinkOrderId)).row.totalPaise).toBe(95_000);
    const after = await order(who, 950, { orderType: 'CART_CHECKOUT' });
    expect(after.statusCode, after.body).toBe(201);
    const wrong = await order(who, 1000, { orderType: 'CART_CHECKOUT' });
    expect(wrong.statusCode).toBe(409);
    expect((await usedOf(id))?.used).toBe(2);
  });
});

describe('release', () => {
  it('gives the redemption back when the order is cancelled, once', async () => {
    const id = await createPromotion({
      code: 'BACKAGAIN',
      kind: 'fixed',
      value: 100,
      usageLimit: 1,
      perCustomerLimit: 1,
    });
    const who = await newShopper();
    const placed = await order(who, 950, { couponCode: 'BACKAGAIN' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await usedOf(id)).toMatchObject({ used: 1, budgetUsedPaise: 10_000 });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.json().qikinkOrderId}/cancel`,
      headers: who.buyer.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usedOf(id)).toMatchObject({ used: 0, budgetUsedPaise: 0 });
    // The same shopper may use it again.
    expect((await order(who, 950, { couponCode: 'BACKAGAIN', orderType: 'CART_CHECKOUT' })).statusCode).toBe(
      201,
    );
  });

  it('a single-use batch code is free again after a cancel', async () => {
    const id = await createPromotion({ code: 'BATCHY', kind: 'fixed', value: 50 });
    const codes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/promotions/${id}/codes`,
      headers: owner.headers,
      payload: { count: 1 },
    });
    const [code] = codes.json().codes as string[];
    const who = await newShopper();
    const placed = await order(who, 1000, { couponCode: code });
    expect(placed.statusCode, placed.body).toBe(201);
    const other = await newShopper();
    expect((await order(other, 1000, { couponCode: code })).json()).toEqual({
      success: false,
      message: 'This code has already been used.',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.json().qikinkOrderId}/cancel`,
      headers: who.buyer.headers,
    });
    const [row] = await t.database.db.select().from(promotionCodes).where(eq(promotionCodes.code, code!));
    expect(row?.orderId).toBeNull();
    expect((await order(other, 1000, { couponCode: code })).statusCode).toBe(201);
  });
});

describe('races', () => {
  it('200 concurrent checkouts on a limit-1 code make exactly one order with it', async () => {
    const id = await createPromotion({ code: 'ONLYONE', kind: 'fixed', value: 100, usageLimit: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper()));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        order(shoppers[i % 20]!, 950, { couponCode: 'ONLYONE', customerName: `Race ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().message))).toEqual(
      new Set(['This code has already been used.']),
    );
    expect((await usedOf(id))?.used).toBe(1);
  });

  it('a ₹1,000 budget is never exceeded; later orders get no discount from it', async () => {
    const id = await createPromotion({ kind: 'fixed', value: 300, automatic: true, budget: 1000 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper()));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => order(shoppers[i % 10]!, 1050, { customerName: `Budget ${i}` })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const row = await usedOf(id);
    expect(row).toMatchObject({ used: 3, budgetUsedPaise: 90_000 });
  });
});
