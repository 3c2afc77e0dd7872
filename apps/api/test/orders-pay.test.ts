// Paying again and switching to cash on delivery (docs/orders-lifecycle.md#paying-again): the same order, its
// reserved stock and its provider order; an expired attempt revived while its stock is there; cash on delivery
// priced with its fee and handed to the partner; a payment and a switch at once never both win.
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { payments } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { violations } from '../src/modules/orders/lifecycle.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { codOrderBody, createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import {
  confirmCod,
  ORDER_LIFE_SETTINGS,
  orderRow,
  paidOnlineOrder,
  placedCodOrder,
  processWebhooks,
} from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let sandbox: RazorpaySandbox;
let partner: SimulatedPartner;
let ops: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ ...ORDER_LIFE_SETTINGS, PAYMENT_RESERVATION_MINUTES: '15' }, undefined, {
    clock,
  });
  sandbox = t.app.integrations.razorpaySandbox!;
  partner = t.app.integrations.simulatedPartner!;
  ops = await signedInStaff(t, 'ops');
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderOf = (orderNumber: string) => orderRow(t, orderNumber);
const stockOf = (productId: string) => variantStock(db(), productId, 'Bk', 'M');
const paymentOf = async (orderId: string) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];
const post = (buyer: Pick<SignedInUser, 'headers'>, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...buyer.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
let attempts = 0;
const pay = (buyer: Pick<SignedInUser, 'headers'>, orderId: string) => post(buyer, `/orders/${orderId}/pay`);
const switchToCod = (buyer: Pick<SignedInUser, 'headers'>, orderId: string) =>
  post(buyer, `/orders/${orderId}/cod`);
const listed = async (buyer: SignedInUser) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/orders/${buyer.userId}`, headers: buyer.headers })
  ).json().orders as { orderId: string; status: string; refunds?: unknown }[];
const snapshotOfRow = (row: Awaited<ReturnType<typeof orderOf>>) => ({
  method: row.paymentMethod,
  order: row.state,
  payment: row.paymentState,
  fulfilment: row.fulfilmentState,
  refund: row.refundState,
  stockHeld: row.stockReturnedAt === null,
  ...(row.codConfirmation ? { codConfirmation: row.codConfirmation } : {}),
});

/** An online order of one ₹799 tee, waiting for its payment: its order number and provider order. */
async function unpaidOrder(buyer: SignedInUser, productId: string) {
  const res = await post(
    buyer,
    '/razorpay/initiate-payment',
    codOrderBody(buyer, [{ productId }], 799, { gateway: 'Prepaid' }),
    // Each call is a new purchase (the same body within a minute would be the same order).
    `pay-suite-${++attempts}`,
  );
  expect(res.statusCode).toBe(200);
  const { orderId, razorpayOrderId } = res.json() as { orderId: string; razorpayOrderId: string };
  return { orderNumber: orderId, razorpayOrderId };
}

/** The checkout page's verify call with the provider's ids only (the order already exists). */
async function verify(buyer: SignedInUser, razorpayOrderId: string) {
  const { handler } = await sandbox.pay(razorpayOrderId, 'success');
  return post(buyer, '/razorpay/process-order', {
    paymentId: handler!.razorpay_payment_id,
    razorpayOrderId: handler!.razorpay_order_id,
    razorpaySignature: handler!.razorpay_signature,
  });
}

/** Runs the expiry job once the reservation has run out. */
async function expire() {
  clock.advance(16 * 60_000);
  await t.app.jobs.runDueJobs({ periodic: true });
}

const partnerGot = (orderNumber: string) =>
  partner.received.filter((r) => JSON.stringify(r.body ?? '').includes(orderNumber));

describe('POST /orders/{orderId}/pay', () => {
  it('pays again after a failed payment: the same order, stock and provider order, confirmed on payment', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Retry Tee', pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    await sandbox.pay(razorpayOrderId, 'failure');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    expect((await listed(buyer)).map((o) => o.status)).toEqual(['payment_failed']);
    expect(await stockOf(tee.id)).toBe(4);

    clock.advance(10 * 60_000);
    const res = await pay(buyer, orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      razorpayOrderId,
      amount: 79_900,
      currency: 'INR',
      keyId: expect.any(String),
      orderId: orderNumber,
      qikinkOrderId: orderNumber,
    });
    const row = await orderOf(orderNumber);
    // The reservation runs the standard window from now; the stock held is not taken twice.
    expect(row.reservedUntil?.toISOString()).toBe(
      new Date(clock.now().getTime() + 15 * 60_000).toISOString(),
    );
    expect(row.state).toBe('payment_pending');
    expect(await stockOf(tee.id)).toBe(4);

    const verified = await verify(buyer, razorpayOrderId);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      message: 'Payment verified. Order placed successfully',
      qikinkOrderId: orderNumber,
      order: { orderId: orderNumber, status: 'confirmed', paymentMethod: 'Prepaid', totalAmount: 799 },
    });
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'confirmed',
      paymentState: 'authorized',
      fulfilmentState: 'queued',
      paidPaise: 79_900,
    });
    expect(await stockOf(tee.id)).toBe(4);
    const all = await listed(buyer);
    expect(all.map((o) => [o.orderId, o.status])).toEqual([[orderNumber, 'confirmed']]);
  });

  it('makes a new provider order only when the order has none, or the old one is for another amount', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    const row = await orderOf(orderNumber);
    // As if the provider order of the placement could not be paid any more.
    await db().update(payments).set({ amountPaise: 1_000 }).where(eq(payments.orderId, row.id));
    const res = await pay(buyer, orderNumber);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().razorpayOrderId as string;
    expect(fresh).not.toBe(razorpayOrderId);
    expect(res.json()).toMatchObject({ amount: 79_900, orderId: orderNumber });
    // The old provider order holds no order now: money paid on it is set aside to go back.
    const [old] = await db().select().from(payments).where(eq(payments.providerOrderId, razorpayOrderId));
    expect(old?.orderId).toBeNull();
    expect((await pay(buyer, orderNumber)).json().razorpayOrderId).toBe(fresh);

    const verified = await verify(buyer, fresh);
    expect(verified.statusCode).toBe(200);
    expect((await orderOf(orderNumber)).state).toBe('confirmed');
  });

  it('confirms instead of asking again when the money came but its news did not', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    // Paid at the provider; the page never came back and the webhook is not delivered.
    await sandbox.pay(razorpayOrderId, 'success');
    const res = await pay(buyer, orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This order is already confirmed. There is nothing left to pay.',
    });
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    expect(await stockOf(tee.id)).toBe(4);
  });

  it('answers 404 for an unknown order or someone else’s', async () => {
    const [buyer, other] = [await signInNewUser(t), await signInNewUser(t)];
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber } = await unpaidOrder(buyer, tee.id);
    for (const res of [await pay(other, orderNumber), await pay(buyer, 'RZNOSUCHORDER00')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    }
    const cod = await switchToCod(other, orderNumber);
    expect(cod.statusCode).toBe(404);
    expect((await orderOf(orderNumber)).paymentMethod).toBe('Prepaid');
  });

  it('refuses a paid, a cash-on-delivery and a cancelled order with 409', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const paid = await paidOnlineOrder(t, buyer, tee.id);
    const cod = await placedCodOrder(t, buyer, tee.id);
    const { orderNumber: cancelled } = await unpaidOrder(buyer, tee.id);
    expect((await post(buyer, `/orders/${cancelled}/cancel`)).statusCode).toBe(200);
    const cases = [
      [paid.orderNumber, 'This order is already confirmed. There is nothing left to pay.'],
      [cod, 'This order is paid in cash on delivery. There is nothing to pay online.'],
      [cancelled, 'This order is already cancelled.'],
    ];
    for (const [orderNumber, message] of cases) {
      const res = await pay(buyer, orderNumber!);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message });
    }
  });

  it('revives an expired attempt while its stock is there, and refuses once it is gone', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Last Tee', pricePaise: 79_900, stock: 1 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    await expire();
    expect((await orderOf(orderNumber)).state).toBe('expired');
    expect(await stockOf(tee.id)).toBe(1);
    // Expired attempts are not the shopper's orders any more.
    expect(await listed(buyer)).toEqual([]);

    const revived = await pay(buyer, orderNumber);
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ razorpayOrderId, orderId: orderNumber, amount: 79_900 });
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'payment_pending', stockReturnedAt: null });
    expect(await stockOf(tee.id)).toBe(0);
    expect((await listed(buyer)).map((o) => o.status)).toEqual(['payment_pending']);

    await expire();
    expect(await stockOf(tee.id)).toBe(1);
    await placedCodOrder(t, await signInNewUser(t), tee.id);
    const refused = await pay(buyer, orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Last Tee (Black, M) is no longer available. Please place a new order.',
    });
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'expired' });
    expect(await stockOf(tee.id)).toBe(0);
  });

  it('counts a revived attempt against the unpaid-orders limit, and a retried one only once', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const first = await unpaidOrder(buyer, tee.id);
    await expire();
    const second = await unpaidOrder(buyer, tee.id);
    const third = await unpaidOrder(buyer, tee.id);
    // Paying again for an order already waiting does not count it twice.
    expect((await pay(buyer, second.orderNumber)).statusCode).toBe(200);
    const refused = await pay(buyer, first.orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'You already have 2 orders waiting for payment. Complete or cancel one of them before placing another.',
    });
    expect((await orderOf(first.orderNumber)).state).toBe('expired');
    expect((await switchToCod(buyer, third.orderNumber)).statusCode).toBe(200);
    expect((await pay(buyer, first.orderNumber)).statusCode).toBe(200);
    expect(await stockOf(tee.id)).toBe(7);
  });
});

describe('POST /orders/{orderId}/cod', () => {
  it('prices the order as cash on delivery, confirms it and hands it to the partner once the shopper confirms', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    await sandbox.pay(razorpayOrderId, 'failure');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);

    const res = await switchToCod(buyer, orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your order is confirmed. You will pay in cash on delivery.',
      order: {
        orderId: orderNumber,
        status: 'confirmed',
        paymentMethod: 'COD',
        totalAmount: 849,
        summary: { subtotal: 799, shipping: 50, total: 849 },
      },
    });
    const row = await orderOf(orderNumber);
    expect(row).toMatchObject({
      paymentMethod: 'COD',
      state: 'confirmed',
      paymentState: 'cod_pending',
      // Switched to cash on delivery, it waits for the shopper's confirmation like any COD order.
      fulfilmentState: 'not_started',
      codConfirmation: 'pending',
      refundState: 'none',
      shippingPaise: 5_000,
      totalPaise: 84_900,
      reservedUntil: null,
    });
    expect(violations(snapshotOfRow(row))).toEqual([]);
    expect(await stockOf(tee.id)).toBe(4);
    await t.app.jobs.runDueJobs();
    expect(partnerGot(orderNumber)).toEqual([]);

    await confirmCod(t, buyer, orderNumber);
    await t.app.jobs.runDueJobs();
    expect((await orderOf(orderNumber)).fulfilmentState).toBe('submitted');
    expect(partnerGot(orderNumber).length).toBeGreaterThan(0);

    const again = await switchToCod(buyer, orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'This order is paid in cash on delivery. There is nothing to pay online.',
    });
  });

  it('sets aside a payment that still arrives on the old provider order, and keeps the order cash on delivery', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
    expect((await switchToCod(buyer, orderNumber)).statusCode).toBe(200);

    const late = await verify(buyer, razorpayOrderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      success: false,
      message: 'This order was switched to Cash on Delivery. Your payment will be refunded.',
    });
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    const row = await orderOf(orderNumber);
    expect(row).toMatchObject({ paymentMethod: 'COD', state: 'confirmed', paymentState: 'cod_pending' });
    expect(violations(snapshotOfRow(row))).toEqual([]);
    // Money the order does not keep goes back as unmatched money: in the needs-action queue, refunded from there.
    const payment = await paymentOf(row.id);
    expect(payment?.status).toBe('unmatched');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders/needs-action',
      headers: ops.headers,
    });
    const entry = (queue.json().entries as { kind: string; paymentId: string | null }[]).find(
      (e) => e.paymentId === payment!.id,
    );
    expect(entry?.kind).toBe('unmatched-payment');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${payment!.id}/refund`,
      headers: ops.headers,
      payload: { reason: 'Paid after switching to cash on delivery' },
    });
    expect(refund.statusCode).toBe(201);
    await t.app.jobs.runDueJobs();
    const atProvider = await sandbox.gateway.listPayments(razorpayOrderId);
    expect(atProvider.map((p) => p.status)).toEqual(['refunded']);
    expect(await orderOf(orderNumber)).toMatchObject({ paymentMethod: 'COD', refundState: 'none' });
  });

  it('refuses once a payment was received', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber } = await paidOnlineOrder(t, buyer, tee.id);
    const res = await switchToCod(buyer, orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'A payment for this order has already been received, so it cannot be switched to Cash on Delivery.',
    });
    expect(await orderOf(orderNumber)).toMatchObject({ paymentMethod: 'Prepaid', totalPaise: 79_900 });
  });

  it('lets a payment and a switch arriving together never both win', async () => {
    for (let round = 0; round < 4; round++) {
      const buyer = await signInNewUser(t);
      const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
      const { orderNumber, razorpayOrderId } = await unpaidOrder(buyer, tee.id);
      const { handler } = await sandbox.pay(razorpayOrderId, 'success');
      const [verified, switched] = await Promise.all([
        post(buyer, '/razorpay/process-order', {
          paymentId: handler!.razorpay_payment_id,
          razorpayOrderId: handler!.razorpay_order_id,
          razorpaySignature: handler!.razorpay_signature,
        }),
        switchToCod(buyer, orderNumber),
      ]);
      expect([verified.statusCode, switched.statusCode].sort()).toEqual([200, 409]);
      const row = await orderOf(orderNumber);
      expect(violations(snapshotOfRow(row))).toEqual([]);
      const payment = await paymentOf(row.id);
      if (verified.statusCode === 200) {
        expect(row).toMatchObject({
          paymentMethod: 'Prepaid',
          paymentState: 'authorized',
          totalPaise: 79_900,
        });
      } else {
        expect(row).toMatchObject({ paymentMethod: 'COD', paymentState: 'cod_pending', totalPaise: 84_900 });
        expect(payment?.status).toBe('unmatched');
      }
      expect(await stockOf(tee.id)).toBe(4);
    }
  });
});

describe('POST /razorpay/process-order with the provider ids alone', () => {
  it('needs the order body when the provider order has no order yet ({ amount } checkouts)', async () => {
    const buyer = await signInNewUser(t);
    const initiated = await post(buyer, '/razorpay/initiate-payment', { amount: 799 });
    const { razorpayOrderId } = initiated.json() as { razorpayOrderId: string };
    const res = await verify(buyer, razorpayOrderId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'orderItems must be a list of items' });
  });
});

describe("the shopper's view of refunds", () => {
  it('lists an order’s refunds in rupees with their status', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber } = await paidOnlineOrder(t, buyer, tee.id);
    expect((await listed(buyer))[0]).not.toHaveProperty('refunds');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: ops.headers,
      payload: { amount: 399.5, reason: 'Print slightly off-centre' },
    });
    expect(res.statusCode).toBe(201);
    const [order] = await listed(buyer);
    expect(order?.refunds).toEqual([
      { _id: expect.any(String), amount: 399.5, status: 'pending', createdAt: clock.now().toISOString() },
    ]);
  });
});
