// A promotion's page in the back office: redemptions, revenue and discount per India day (released redemptions
// left out, sums exact to the paisa), the orders that used it a page at a time, and who may read them.
import { createProduct, createProductCategory } from '@rangrez/db/factories/catalogue';
import { productCategories, promotionRedemptions } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { TEST_ADDRESS, type TestApp, codOrderBody, createTestApp, signInNewUser } from './helpers.ts';

let t: TestApp;
let editor: SignedInStaff;
let productId: string;
let shopper = 0;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInStaff(t, 'catalogue');
  productId = (await createProduct(t.database.db, { pricePaise: 123_400, stock: 100 })).id;
});
afterAll(() => t.close());

const admin = (url: string, who: SignedInStaff = editor, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function createPromotion(body: Record<string, unknown>): Promise<string> {
  const res = await admin('/promotions', editor, 'POST', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promotion.id;
}

/** A COD order of `quantity` units by a new shopper with `couponCode`; its order number. */
async function placeWithCode(couponCode: string, quantity: number, totalAmount: number) {
  shopper += 1;
  const buyer = await signInNewUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: {
      ...codOrderBody(buyer, [{ productId, quantity: String(quantity) }], totalAmount),
      deliveryAddress: {
        ...TEST_ADDRESS,
        firstName: `Shopper${shopper}`,
        email: `report${shopper}@promo.test`,
        phone: `7${String(300_000_000 + shopper).slice(-9)}`,
      },
      couponCode,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { orderNumber: res.json().qikinkOrderId as string, buyer };
}

/** Moves the redemption of `orderNumber` to `at`, as if the order had been placed then. */
async function redeemedAt(orderNumber: string, at: string) {
  await t.database.db.execute(
    `update promotion_redemptions set created_at = '${at}'
     where order_id = (select id from orders where order_number = '${orderNumber}')`,
  );
}

describe('the promotion report', () => {
  let id: string;
  const placed: string[] = [];

  beforeAll(async () => {
    id = await createPromotion({ title: 'Ten off', code: 'REPORT10', kind: 'percentage', value: 10 });
    // ₹1,234 a unit: 10% rounds down to whole rupees (₹123, ₹246), plus ₹50 for cash on delivery.
    const late = await placeWithCode('REPORT10', 1, 1161);
    const early = await placeWithCode('REPORT10', 2, 2272);
    const gone = await placeWithCode('REPORT10', 1, 1161);
    placed.push(late.orderNumber, early.orderNumber, gone.orderNumber);
    // 23:59 and 00:01 in India: the same UTC day, two India days.
    await redeemedAt(late.orderNumber, '2026-11-25T18:29:00Z');
    await redeemedAt(early.orderNumber, '2026-11-25T18:31:00Z');
    await redeemedAt(gone.orderNumber, '2026-11-25T20:00:00Z');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${gone.orderNumber}/cancel`,
      headers: gone.buyer.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('counts per India day, leaves released redemptions out and sums revenue and discount exactly', async () => {
    const res = await admin(`/promotions/${id}/report?from=2026-11-24&to=2026-11-26`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      promotionId: id,
      from: '2026-11-24',
      to: '2026-11-26',
      days: [
        { day: '2026-11-24', redemptions: 0, revenue: 0, discount: 0 },
        { day: '2026-11-25', redemptions: 1, revenue: 1161, discount: 123 },
        { day: '2026-11-26', redemptions: 1, revenue: 2272, discount: 246 },
      ],
      totals: { redemptions: 2, revenue: 3433, discount: 369 },
    });
  });

  it('refuses a reversed or too long range and a bad date with 400', async () => {
    const reversed = await admin(`/promotions/${id}/report?from=2026-11-26&to=2026-11-24`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ success: false, message: 'from must not be after to' });
    const long = await admin(`/promotions/${id}/report?from=2025-01-01&to=2026-11-24`);
    expect(long.json()).toEqual({ success: false, message: 'The range may span at most 366 days' });
    const bad = await admin(`/promotions/${id}/report?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('from must be a date (YYYY-MM-DD)');
  });

  it('lists the orders that used it, newest first, released ones marked', async () => {
    const res = await admin(`/promotions/${id}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 20, total: 3 });
    expect(body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([placed[2], placed[1], placed[0]]);
    expect(body.orders[0]).toMatchObject({
      code: 'REPORT10',
      total: 1161,
      discount: 123,
      state: 'cancelled',
      customer: `Shopper3 ${TEST_ADDRESS.lastName}`,
    });
    expect(body.orders[0].releasedAt).not.toBeNull();
    expect(body.orders[1]).toMatchObject({ total: 2272, discount: 246, releasedAt: null });
    const second = await admin(`/promotions/${id}/orders?page=2`);
    expect(second.json()).toMatchObject({ page: 2, total: 3, orders: [] });
    const rows = await t.database.db
      .select()
      .from(promotionRedemptions)
      .where(eq(promotionRedemptions.promotionId, id));
    expect(rows).toHaveLength(3);
  });

  it('refuses page 0 and an unknown promotion', async () => {
    const zero = await admin(`/promotions/${id}/orders?page=0`);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ success: false, message: 'page must be a whole number from 1' });
    const unknown = await admin('/promotions/00000000-0000-4000-8000-000000000000/orders');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Promotion not found' });
    const noReport = await admin('/promotions/00000000-0000-4000-8000-000000000000/report');
    expect(noReport.statusCode).toBe(404);
  });

  it('is for roles with promotions:read: catalogue and owner yes, the others 403', async () => {
    for (const role of ['owner', 'catalogue'] as const) {
      const who = await signedInStaff(t, role);
      expect((await admin(`/promotions/${id}/orders`, who)).statusCode).toBe(200);
      expect((await admin(`/promotions/${id}/report`, who)).statusCode).toBe(200);
    }
    for (const role of ['ops', 'support'] as const) {
      const who = await signedInStaff(t, role);
      const res = await admin(`/promotions/${id}/report`, who);
      expect(res.statusCode).toBe(403);
      expect((await admin(`/promotions/${id}/orders`, who)).statusCode).toBe(403);
    }
  });
});

describe('the garment types a promotion may target', () => {
  it('lists them by id, A to Z, for promotions:read only', async () => {
    const zip = await createProductCategory(t.database.db, { name: 'Zz Promo Kurta' });
    const tee = await createProductCategory(t.database.db, { name: 'Aa Promo Tee' });
    const res = await admin('/promotions/garment-types');
    expect(res.statusCode, res.body).toBe(200);
    const types = (res.json() as { types: { id: string; name: string }[] }).types;
    const ours = types.filter((type) => type.name.includes(' Promo '));
    expect(ours).toEqual([
      { id: tee.id, name: 'Aa Promo Tee' },
      { id: zip.id, name: 'Zz Promo Kurta' },
    ]);
    expect(types).toHaveLength((await t.database.db.select().from(productCategories)).length);
    const ops = await signedInStaff(t, 'ops');
    expect((await admin('/promotions/garment-types', ops)).statusCode).toBe(403);
  });
});
