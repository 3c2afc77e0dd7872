// Online payment through the local Razorpay sandbox: initiate-payment (full body and {amount} only), the
// checkout's signature checked as Razorpay computes it, process-order, reservations that run out, late payments.
import { createHmac } from 'node:crypto';
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { orders, payments, products } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { processWebhooks } from './order-helpers.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';

const KEY_ID = 'rzp_test_OrdersSuite01';
const KEY_SECRET = 'orders_suite_key_secret';
const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let sandbox: RazorpaySandbox;

beforeAll(async () => {
  t = await createTestApp(
    {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: 'orders_suite_webhook_secret',
      RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
      PAYMENT_RESERVATION_MINUTES: '15',
      // The clock moves past reservations; sessions must outlive that.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
    undefined,
    { clock },
  );
  sandbox = t.app.integrations.razorpaySandbox!;
});
afterAll(() => t.close());

/** The checkout's razorpay_signature, computed as Razorpay documents it: hex HMAC-SHA256(key_secret, order|payment). */
const razorpaySignature = (orderId: string, paymentId: string, secret = KEY_SECRET) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

const address = {
  firstName: 'Kabir',
  lastName: 'Shah',
  email: 'kabir@example.in',
  phone: '9123456780',
  doorNo: '7',
  address: 'MG Road, Ashok Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

function orderBody(buyer: SignedInUser, productId: string, totalAmount: number, quantity = 1) {
  return {
    orderItems: [{ productId, size: 'M', color: 'Bk', quantity: String(quantity) }],
    deliveryAddress: address,
    customerId: buyer.userId,
    customerName: 'Kabir Shah',
    totalAmount,
    gateway: 'Prepaid',
    gift_wrap: 0,
    rush_order: 0,
    orderType: 'BUY_NOW',
  };
}

const post = (buyer: SignedInUser, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...buyer.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const db = () => t.database.db;
/** The stock of the variant orderBody orders (size M, black): what an order takes and gives back. */
const stockOf = (id: string) => variantStock(db(), id, 'Bk', 'M');
/** The product's stock: the sum over its sellable variants (createProduct puts `stock` on each colour x size). */
const variantCount = (p: { colors: string[]; sizes: string[] }) => p.colors.length * p.sizes.length;
const productStockOf = async (id: string) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
const orderRow = async (orderNumber: string) =>
  (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

async function payAtSandbox(razorpayOrderId: string) {
  const result = await sandbox.pay(razorpayOrderId, 'success');
  return { paymentId: result.payment.id, handler: result.handler! };
}

describe('GET /razorpay/config', () => {
  it("tells the page the public key and where the provider's checkout script is", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/razorpay/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      keyId: KEY_ID,
      checkoutScriptUrl: '/__razorpay/checkout.js',
    });
  });
});

describe('prepaid order with the full order body (our checkout page)', () => {
  it('stores the order at once with its stock reserved, then confirms that same order on payment', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Orbit Tee', pricePaise: 79_900, stock: 5 });
    const body = orderBody(buyer, tee.id, 799 * 2, 2);

    const initiated = await post(buyer, '/razorpay/initiate-payment', body, 'pay-key-1');
    expect(initiated.statusCode).toBe(200);
    const answer = initiated.json();
    expect(answer).toEqual({
      success: true,
      razorpayOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 1_59_800,
      currency: 'INR',
      keyId: KEY_ID,
      orderId: expect.stringMatching(/^[A-Za-z0-9]{1,15}$/),
      qikinkOrderId: answer.orderId,
    });
    // A retried initiate gets the same provider order: one per store order.
    const again = await post(buyer, '/razorpay/initiate-payment', body, 'pay-key-1');
    expect(again.json()).toEqual(answer);
    expect(await stockOf(tee.id)).toBe(3);
    expect(await productStockOf(tee.id)).toBe(5 * variantCount(tee) - 2);
    expect(await orderRow(answer.orderId)).toMatchObject({
      state: 'payment_pending',
      paymentState: 'pending',
      fulfilmentState: 'not_started',
      totalPaise: 1_59_800,
      shippingPaise: 0,
      reservedUntil: new Date('2026-11-21T10:15:00.000Z'),
    });
    const providerOrder = await sandbox.gateway.getOrder(answer.razorpayOrderId);
    expect(providerOrder).toMatchObject({ amount: 1_59_800, receipt: answer.orderId });

    const { paymentId, handler } = await payAtSandbox(answer.razorpayOrderId);
    const signature = razorpaySignature(answer.razorpayOrderId, paymentId);
    expect(handler.razorpay_signature).toBe(signature);
    const processBody = {
      ...body,
      paymentId,
      razorpayOrderId: answer.razorpayOrderId,
      razorpaySignature: signature,
    };
    const processed = await post(buyer, '/razorpay/process-order', processBody);
    expect(processed.statusCode).toBe(200);
    const placed = processed.json();
    expect(placed).toMatchObject({
      success: true,
      message: 'Payment verified. Order placed successfully',
      qikinkOrderId: answer.orderId,
      order: {
        orderId: answer.orderId,
        status: 'confirmed',
        paymentMethod: 'Prepaid',
        totalAmount: 1598,
        razorpayOrderId: answer.razorpayOrderId,
        paymentId,
      },
    });
    // The browser posts again (a retry): the same order, never a second one.
    const twice = await post(buyer, '/razorpay/process-order', processBody);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().order._id).toBe(placed.order._id);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await orderRow(answer.orderId)).toMatchObject({
      state: 'confirmed',
      paymentState: 'authorized',
      fulfilmentState: 'queued',
      reservedUntil: null,
    });
    expect(await stockOf(tee.id)).toBe(3);

    // Then Razorpay's webhooks arrive: captured, nothing else changes.
    const results = await sandbox.webhooks.deliverPending({ orderId: answer.razorpayOrderId });
    await processWebhooks(t);
    expect(results.map((r) => r.statuses)).toEqual([[200], [200]]);
    expect(await orderRow(answer.orderId)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
  });

  it('refuses a forged or mismatched signature and confirms nothing', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const body = orderBody(buyer, tee.id, 799);
    const first = (await post(buyer, '/razorpay/initiate-payment', body, 'forged-1')).json();
    const second = (await post(buyer, '/razorpay/initiate-payment', body, 'forged-2')).json();
    const { paymentId } = await payAtSandbox(first.razorpayOrderId);

    const attempts = [
      // Signed with a guessed secret.
      {
        razorpayOrderId: first.razorpayOrderId,
        razorpaySignature: razorpaySignature(first.razorpayOrderId, paymentId, 'guess'),
      },
      // A real signature, for another order of ours than the one it names.
      {
        razorpayOrderId: second.razorpayOrderId,
        razorpaySignature: razorpaySignature(first.razorpayOrderId, paymentId),
      },
      // Not a signature at all.
      { razorpayOrderId: first.razorpayOrderId, razorpaySignature: 'not-hex' },
      // A provider order we never created.
      {
        razorpayOrderId: 'order_Unknown0000000',
        razorpaySignature: razorpaySignature('order_Unknown0000000', paymentId),
      },
    ];
    for (const ids of attempts) {
      const res = await post(buyer, '/razorpay/process-order', { ...body, paymentId, ...ids });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Payment verification failed. Please contact support.',
      });
    }
    expect((await orderRow(first.orderId))?.state).toBe('payment_pending');
    expect((await orderRow(second.orderId))?.state).toBe('payment_pending');

    // Another shopper replaying this shopper's genuine ids gets nothing either.
    const thief = await signInNewUser(t);
    const stolen = await post(thief, '/razorpay/process-order', {
      ...orderBody(thief, tee.id, 799),
      paymentId,
      razorpayOrderId: first.razorpayOrderId,
      razorpaySignature: razorpaySignature(first.razorpayOrderId, paymentId),
    });
    expect(stolen.statusCode).toBe(400);
    expect((await orderRow(first.orderId))?.state).toBe('payment_pending');
  });

  it('refuses a COD gateway, a wrong amount and a tampered total on initiate, creating nothing', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const cod = await post(buyer, '/razorpay/initiate-payment', {
      ...orderBody(buyer, tee.id, 849),
      gateway: 'COD',
    });
    expect(cod.json()).toEqual({ success: false, message: 'gateway must be Prepaid for online payment' });
    const tampered = await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 1));
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().message).toBe('Prices have changed. Please review your order.');
    const amount = await post(buyer, '/razorpay/initiate-payment', {
      ...orderBody(buyer, tee.id, 799),
      amount: 10,
    });
    expect(amount.statusCode).toBe(409);
    expect(await ordersOf(buyer.userId)).toEqual([]);
    expect(await stockOf(tee.id)).toBe(5);
  });
});

describe('prepaid order with { amount } only (the first client)', () => {
  it('creates a provider order for the amount, then the order at process-order, priced from the database', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 99_900, stock: 4 });
    const initiated = await post(buyer, '/razorpay/initiate-payment', { amount: 999 });
    expect(initiated.statusCode).toBe(200);
    const answer = initiated.json();
    expect(answer).toEqual({
      success: true,
      razorpayOrderId: expect.stringMatching(/^order_/),
      amount: 99_900,
      currency: 'INR',
      keyId: KEY_ID,
    });
    expect(await ordersOf(buyer.userId)).toEqual([]);
    const { paymentId } = await payAtSandbox(answer.razorpayOrderId);
    const processBody = {
      ...orderBody(buyer, tee.id, 999),
      paymentId,
      razorpayOrderId: answer.razorpayOrderId,
      razorpaySignature: razorpaySignature(answer.razorpayOrderId, paymentId),
    };
    const res = await post(buyer, '/razorpay/process-order', processBody);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'confirmed', totalAmount: 999, paymentId });
    const again = await post(buyer, '/razorpay/process-order', processBody);
    expect(again.json().qikinkOrderId).toBe(res.json().qikinkOrderId);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await stockOf(tee.id)).toBe(3);
  });

  it('flags the payment for refund when the paid amount no longer buys the order', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 99_900, stock: 4 });
    const answer = (await post(buyer, '/razorpay/initiate-payment', { amount: 899 })).json();
    const { paymentId } = await payAtSandbox(answer.razorpayOrderId);
    const res = await post(buyer, '/razorpay/process-order', {
      ...orderBody(buyer, tee.id, 999),
      paymentId,
      razorpayOrderId: answer.razorpayOrderId,
      razorpaySignature: razorpaySignature(answer.razorpayOrderId, paymentId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Prices have changed. Please review your order. Your payment will be refunded.',
    );
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, answer.razorpayOrderId));
    expect(payment).toMatchObject({ status: 'unmatched', orderId: null });
    expect(await ordersOf(buyer.userId)).toEqual([]);
    expect(await stockOf(tee.id)).toBe(4);
  });
});

describe('reservations cannot be hoarded', () => {
  it('allows two unpaid online orders per shopper, and refuses a third until one is paid', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const first = await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799));
    const second = await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799 * 2, 2));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799 * 3, 3));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      success: false,
      message:
        'You already have 2 orders waiting for payment. Complete or cancel one of them before placing another.',
    });
    expect(await stockOf(tee.id)).toBe(7);
    // Cash on delivery reserves nothing unpaid: still allowed.
    const cod = await post(buyer, '/qikink/order', { ...orderBody(buyer, tee.id, 849), gateway: 'COD' });
    expect(cod.statusCode).toBe(201);
    // Paying one frees a place.
    await payAtSandbox(first.json().razorpayOrderId);
    await sandbox.webhooks.deliverPending({ orderId: first.json().razorpayOrderId });
    await processWebhooks(t);
    expect(
      (await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799 * 3, 3))).statusCode,
    ).toBe(200);
  });

  it('refuses more than 20 units in one order, before taking any stock', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 30 });
    const res = await post(buyer, '/qikink/order', {
      ...orderBody(buyer, tee.id, 799 * 21 + 50, 21),
      gateway: 'COD',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'An order can have at most 20 items. Please split your order.',
    });
    expect(await stockOf(tee.id)).toBe(30);
  });
});

describe('stock reservations of unpaid orders', () => {
  it('releases the stock when the payment does not arrive in time', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 3 });
    const answer = (
      await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799 * 2, 2))
    ).json();
    expect(await stockOf(tee.id)).toBe(1);
    expect(await productStockOf(tee.id)).toBe(3 * variantCount(tee) - 2);

    clock.advance(14 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderRow(answer.orderId))?.state).toBe('payment_pending');

    clock.advance(2 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderRow(answer.orderId)).toMatchObject({
      state: 'expired',
      paymentState: 'pending',
      refundState: 'none',
      stockReturnedAt: clock.now(),
    });
    expect(await stockOf(tee.id)).toBe(3);
    expect(await productStockOf(tee.id)).toBe(3 * variantCount(tee));
    // Running again returns nothing twice.
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await stockOf(tee.id)).toBe(3);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    // An expired attempt is not among the shopper's orders (staff still see it).
    expect(list.json().orders).toEqual([]);
  });

  it('confirms instead of expiring when the provider has the payment but its webhook was lost', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 3 });
    const answer = (await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799))).json();
    await payAtSandbox(answer.razorpayOrderId);
    clock.advance(16 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderRow(answer.orderId)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    expect(await stockOf(tee.id)).toBe(2);
  });

  it('flags a payment that arrives after the stock was sold to someone else for refund', async () => {
    const late = await signInNewUser(t);
    const quick = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Last One Tee', pricePaise: 79_900, stock: 1 });
    const answer = (await post(late, '/razorpay/initiate-payment', orderBody(late, tee.id, 799))).json();
    clock.advance(16 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await stockOf(tee.id)).toBe(1);
    const cod = await post(quick, '/qikink/order', { ...orderBody(quick, tee.id, 849), gateway: 'COD' });
    expect(cod.statusCode).toBe(201);

    const { paymentId } = await payAtSandbox(answer.razorpayOrderId);
    const res = await post(late, '/razorpay/process-order', {
      ...orderBody(late, tee.id, 799),
      paymentId,
      razorpayOrderId: answer.razorpayOrderId,
      razorpaySignature: razorpaySignature(answer.razorpayOrderId, paymentId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Last One Tee (Black, M) sold out while the payment was on its way. Your payment will be refunded.',
    );
    await sandbox.webhooks.deliverPending({ orderId: answer.razorpayOrderId });
    await processWebhooks(t);
    expect(await orderRow(answer.orderId)).toMatchObject({
      state: 'expired',
      paymentState: 'captured',
      refundState: 'pending',
    });
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, answer.razorpayOrderId));
    expect(payment?.status).toBe('captured');
    expect(await stockOf(tee.id)).toBe(0);
  });

  it('confirms a late payment when the stock can still be taken', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 2 });
    const answer = (await post(buyer, '/razorpay/initiate-payment', orderBody(buyer, tee.id, 799))).json();
    clock.advance(16 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderRow(answer.orderId))?.state).toBe('expired');
    await payAtSandbox(answer.razorpayOrderId);
    await sandbox.webhooks.deliverPending({ orderId: answer.razorpayOrderId });
    await processWebhooks(t);
    expect(await orderRow(answer.orderId)).toMatchObject({
      state: 'confirmed',
      paymentState: 'captured',
      fulfilmentState: 'queued',
      refundState: 'none',
      stockReturnedAt: null,
    });
    expect(await stockOf(tee.id)).toBe(1);
  });
});
