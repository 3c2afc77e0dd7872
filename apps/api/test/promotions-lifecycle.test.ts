// Promotions over an order's life (decision 029): an online order's code is released when its reservation runs
// out and taken again when it is revived; a prepaid-only code keeps the order off cash on delivery; a refund of the
// whole order releases, a partial one does not; one shopper on ten sessions gets a once-per-customer code once.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orders, promotions } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { TEST_ADDRESS, type TestApp, codOrderBody, createTestApp, signInNewUser } from './helpers.ts';
import { ORDER_LIFE_SETTINGS, processWebhooks } from './order-helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;
let sandbox: RazorpaySandbox;
let productId: string;
let shopper = 0;
let attempt = 0;

beforeAll(async () => {
  t = await createTestApp({ ...ORDER_LIFE_SETTINGS, PAYMENT_RESERVATION_MINUTES: '15' }, undefined, {
    clock,
  });
  owner = await signedInStaff(t, 'owner');
  sandbox = t.app.integrations.razorpaySandbox!;
  productId = (await createProduct(t.database.db, { pricePaise: 100_000, stock: 100 })).id;
});
afterAll(() => t.close());

async function newShopper() {
  shopper += 1;
  const buyer = await signInNewUser(t);
  const address = {
    ...TEST_ADDRESS,
    email: `life${shopper}@promo.test`,
    phone: `8${String(200_000_000 + shopper).slice(-9)}`,
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

const usedOf = async (id: string) =>
  (await t.database.db.select().from(promotions).where(eq(promotions.id, id)))[0];
const orderOf = async (orderNumber: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

/** An online order waiting for its payment, with `couponCode`. */
async function unpaidOrder(
  who: Awaited<ReturnType<typeof newShopper>>,
  totalAmount: number,
  couponCode: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: { ...who.buyer.headers, 'idempotency-key': `promo-life-${++attempt}` },
    payload: {
      ...codOrderBody(who.buyer, [{ productId }], totalAmount, { gateway: 'Prepaid' }),
      deliveryAddress: who.address,
      couponCode,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; razorpayOrderId: string; amount: number };
}

describe('an online order with a code', () => {
  it('is priced with it, gives it back when the reservation runs out and takes it again when revived', async () => {
    const id = await createPromotion({ code: 'ONLINE100', kind: 'fixed', value: 100, usageLimit: 1 });
    const who = await newShopper();
    const placed = await unpaidOrder(who, 900, 'ONLINE100');
    expect(placed.amount).toBe(90_000);
    expect((await usedOf(id))?.used).toBe(1);
    clock.advance(16 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderOf(placed.orderId)).state).toBe('expired');
    expect((await usedOf(id))?.used).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.orderId}/pay`,
      headers: who.buyer.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await usedOf(id))?.used).toBe(1);
  });

  it('a prepaid-only code keeps the order off cash on delivery', async () => {
    await createPromotion({ code: 'PAYNOW', kind: 'percentage', value: 10, prepaidOnly: true });
    const who = await newShopper();
    const placed = await unpaidOrder(who, 900, 'PAYNOW');
    const cod = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.orderId}/cod`,
      headers: who.buyer.headers,
    });
    expect(cod.statusCode).toBe(409);
    expect(cod.json()).toEqual({ success: false, message: 'This code is valid on prepaid orders only.' });
    expect((await orderOf(placed.orderId)).paymentMethod).toBe('Prepaid');
  });

  it('a whole refund gives the code back, a partial one does not', async () => {
    const id = await createPromotion({ code: 'REFUNDME', kind: 'fixed', value: 100 });
    const ops = await signedInStaff(t, 'ops');
    const settle = async (orderNumber: string, amount: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderNumber}/refunds`,
        headers: ops.headers,
        payload: { amount, reason: 'Goodwill' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.jobs.runDueJobs();
      await sandbox.refunds.settle({});
      await sandbox.webhooks.deliverPending();
      await processWebhooks(t);
    };
    const paid = async () => {
      const who = await newShopper();
      const placed = await unpaidOrder(who, 900, 'REFUNDME');
      await sandbox.pay(placed.razorpayOrderId, 'success');
      await sandbox.webhooks.deliverPending({ orderId: placed.razorpayOrderId });
      await t.app.jobs.runDueJobs();
      expect((await orderOf(placed.orderId)).state).toBe('confirmed');
      return placed.orderId;
    };
    const partly = await paid();
    const whole = await paid();
    expect((await usedOf(id))?.used).toBe(2);
    await settle(partly, 100);
    expect((await orderOf(partly)).refundState).toBe('partial');
    expect((await usedOf(id))?.used).toBe(2);
    await settle(whole, 900);
    expect((await orderOf(whole)).refundState).toBe('refunded');
    expect((await usedOf(id))?.used).toBe(1);
  });
});

describe('races', () => {
  it('one shopper on ten sessions gets a once-per-customer code once', async () => {
    const id = await createPromotion({ code: 'JUSTONCE', kind: 'fixed', value: 100, perCustomerLimit: 1 });
    const who = await newShopper();
    const sessions = await Promise.all(Array.from({ length: 10 }, () => signInNewUser(t)));
    const results = await Promise.all(
      sessions.map((buyer, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/qikink/order',
          headers: buyer.headers,
          payload: {
            ...codOrderBody(buyer, [{ productId }], 950),
            deliveryAddress: who.address,
            couponCode: 'JUSTONCE',
            customerName: `Session ${i}`,
          },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await usedOf(id))?.used).toBe(1);
  });
});
