// Money going back (docs/decisions/026-order-lifecycle-money-never-stuck.md#money): staff refunds in full or in
// part, never more than was paid however many ask at once, the provider's answer or webhook (in either order)
// settling them, a failed refund waiting for a person, money owed for a cancelled order refunded by a job, and
// cash refunds recorded by hand.
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { auditLog, refunds } from '@rangrez/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { codOrderBody, createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import {
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
  t = await createTestApp(ORDER_LIFE_SETTINGS, undefined, { clock });
  sandbox = t.app.integrations.razorpaySandbox!;
  partner = t.app.integrations.simulatedPartner!;
  ops = await signedInStaff(t, 'ops');
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderOf = (orderNumber: string) => orderRow(t, orderNumber);
const refundsOf = async (orderId: string) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));

/** A prepaid order of one ₹799 tee, paid (captured) and handed to the partner. */
async function paidOrder(buyer: SignedInUser) {
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
  const paid = await paidOnlineOrder(t, buyer, tee.id);
  expect(await orderOf(paid.orderNumber)).toMatchObject({
    state: 'confirmed',
    paymentState: 'captured',
    paidPaise: 79_900,
  });
  return paid;
}

const refund = (orderNumber: string, payload: object, who: SignedInStaff = ops) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderNumber}/refunds`,
    headers: who.headers,
    payload,
  });

/** Sends queued refunds to the sandbox, settles them there and delivers the provider's webhooks. */
async function providerSettles(paymentId: string, outcome?: 'processed' | 'failed') {
  await t.app.jobs.runDueJobs();
  await sandbox.refunds.settle({ paymentId, ...(outcome ? { outcome } : {}) });
  await sandbox.webhooks.deliverPending();
  await processWebhooks(t);
}

describe('refunds by staff', () => {
  it('refunds half of a prepaid order through the provider; the order shows it in part', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, paymentId } = await paidOrder(buyer);
    const res = await refund(orderNumber, { amount: 399.5, reason: 'Print slightly off-centre' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      refund: { amount: 399.5, reason: 'Print slightly off-centre', method: 'provider', status: 'pending' },
    });
    expect((await orderOf(orderNumber)).refundState).toBe('processing');

    await providerSettles(paymentId);
    const order = await orderOf(orderNumber);
    expect(order.refundState).toBe('partial');
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({
      status: 'processed',
      amountPaise: 39_950,
      providerRefundId: expect.stringMatching(/^rfnd_/),
    });
    const provider = await t.app.integrations.payments.listRefunds(paymentId);
    expect(provider.map((r) => [r.amount, r.status, r.receipt])).toEqual([[39_950, 'processed', row!.id]]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['order.refund', ops.email]]);
  });

  it('refuses a refund larger than what is still refundable', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber } = await paidOrder(buyer);
    expect((await refund(orderNumber, { amount: 500, reason: 'Goodwill' })).statusCode).toBe(201);
    const res = await refund(orderNumber, { amount: 300, reason: 'Goodwill again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This refund is more than the ₹299 that can still be refunded.',
    });
    expect((await refund('RZNOSUCHORDER00', { reason: 'x' })).json()).toEqual({
      success: false,
      message: 'Order not found',
    });
  });

  it('makes exactly one refund of 20 concurrent requests for the full amount', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, paymentId } = await paidOrder(buyer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(orderNumber, { amount: 799, reason: 'Cancelled by phone' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    await providerSettles(paymentId);
    const order = await orderOf(orderNumber);
    expect((await refundsOf(order.id)).map((r) => [r.amountPaise, r.status])).toEqual([
      [79_900, 'processed'],
    ]);
    expect(order.refundState).toBe('refunded');
    expect((await t.app.integrations.payments.listRefunds(paymentId)).length).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0]).toMatchObject({ orderId: orderNumber, status: 'refunded' });
  });

  it('makes exactly one refund of 20 concurrent requests spread over three app instances on one database', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, paymentId } = await paidOrder(buyer);
    const others = await Promise.all(
      [1, 2].map(() =>
        buildApp({
          config: testConfig({ PUBLIC_URL: 'http://shop.test', ...ORDER_LIFE_SETTINGS }),
          db: t.database.db,
          clock,
        }),
      ),
    );
    try {
      const instances = [t.app, ...others];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          instances[i % 3]!.inject({
            method: 'POST',
            url: `/api/v1/admin/orders/${orderNumber}/refunds`,
            headers: ops.headers,
            payload: { reason: 'Cancelled by phone' },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
        success: false,
        message: 'This refund is more than the ₹0 that can still be refunded.',
      });
    } finally {
      await Promise.all(others.map((app) => app.close()));
    }
    await providerSettles(paymentId);
    const order = await orderOf(orderNumber);
    expect((await refundsOf(order.id)).map((r) => [r.amountPaise, r.status])).toEqual([
      [79_900, 'processed'],
    ]);
    expect((await t.app.integrations.payments.listRefunds(paymentId)).length).toBe(1);
  });

  it('waits for a person when the provider fails a refund, and a second try succeeds', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, paymentId } = await paidOrder(buyer);
    await sandbox.refunds.failForPayment(paymentId);
    expect((await refund(orderNumber, { reason: 'Wrong size sent' })).statusCode).toBe(201);
    await providerSettles(paymentId);
    expect((await orderOf(orderNumber)).refundState).toBe('failed');

    await sandbox.refunds.reset();
    expect((await refund(orderNumber, { reason: 'Wrong size sent (again)' })).statusCode).toBe(201);
    await providerSettles(paymentId, 'processed');
    const order = await orderOf(orderNumber);
    expect(order.refundState).toBe('refunded');
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['failed', 'processed']);
  });

  it('settles a refund whose refund.processed arrives before the provider answered the call', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber } = await paidOrder(buyer);
    await sandbox.refunds.setTiming('before-answer');
    try {
      expect((await refund(orderNumber, { amount: 100, reason: 'Late dispatch' })).statusCode).toBe(201);
      await t.app.jobs.runDueJobs();
    } finally {
      await sandbox.refunds.setTiming(null);
    }
    const order = await orderOf(orderNumber);
    expect(order.refundState).toBe('partial');
    expect((await refundsOf(order.id)).map((r) => [r.status, r.providerRefundId?.slice(0, 5)])).toEqual([
      ['processed', 'rfnd_'],
    ]);
  });

  it('records a cash refund paid by hand, with its reference', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const orderNumber = await placedCodOrder(t, buyer, tee.id);
    expect(
      (
        await refund(orderNumber, { amount: 100, method: 'manual', reference: 'UPI 4471', reason: 'x' })
      ).json(),
    ).toEqual({ success: false, message: 'This refund is more than the ₹0 that can still be refunded.' });
    await partner.markDelivered(orderNumber);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderOf(orderNumber)).toMatchObject({ paymentState: 'collected', paidPaise: 84_900 });

    const missing = await refund(orderNumber, { amount: 100, method: 'manual', reason: 'Defect' });
    expect(missing.statusCode).toBe(400);
    const res = await refund(orderNumber, {
      amount: 849,
      method: 'manual',
      reference: 'UPI 4471',
      reason: 'Defect',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({ status: 'processed', method: 'manual', reference: 'UPI 4471' });
    expect((await orderOf(orderNumber)).refundState).toBe('refunded');
  });
});

describe('money owed back', () => {
  it('refunds a prepaid order the partner cancels, automatically and in full', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, paymentId } = await paidOrder(buyer);
    await partner.cancelOrder(orderNumber);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'cancelled', refundState: 'processing' });
    await providerSettles(paymentId);
    const order = await orderOf(orderNumber);
    expect(order.refundState).toBe('refunded');
    expect((await refundsOf(order.id)).map((r) => [r.amountPaise, r.createdBy, r.reason])).toEqual([
      [79_900, 'system', 'owed back (automatic)'],
    ]);
  });

  it('refuses refunds beyond what was paid even when written past the service (database trigger)', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber } = await paidOrder(buyer);
    const order = await orderOf(orderNumber);
    const write = (key: string) =>
      db().insert(refunds).values({
        orderId: order.id,
        amountPaise: 50_000,
        reason: 'x',
        method: 'manual',
        idempotencyKey: key,
        createdBy: 'test',
      });
    await write('trigger-test-1');
    const refused = await write('trigger-test-2').then(
      () => undefined,
      (err: Error & { cause?: Error }) => err.cause?.message,
    );
    expect(refused).toMatch(/^refunds of order .* \(100000 paise\) exceed what was paid \(79900 paise\)$/);
  });
});

describe('cancellation by staff', () => {
  const staffCancel = (orderNumber: string, reason = 'Customer called to cancel') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/cancel`,
      headers: ops.headers,
      payload: { reason },
    });

  it('cancels a prepaid order before the hand-over and refunds it automatically', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }], 799, { gateway: 'Prepaid' }),
    });
    const { orderId: orderNumber, razorpayOrderId } = res.json() as {
      orderId: string;
      razorpayOrderId: string;
    };
    const { payment } = await sandbox.pay(razorpayOrderId, 'success');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    // Confirmed and queued, not yet handed over (no job has run).
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'confirmed', fulfilmentState: 'queued' });

    const cancelled = await staffCancel(orderNumber);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Order cancelled',
      order: {
        orderId: orderNumber,
        state: 'cancelled',
        fulfilmentState: 'cancelled',
        refundState: 'pending',
      },
    });
    await providerSettles(payment.id);
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'cancelled', refundState: 'refunded' });
    const again = await staffCancel(orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This order can no longer be cancelled' });
  });

  it("asks for the partner's dashboard after the hand-over, then confirms a shopper's request", async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const orderNumber = await placedCodOrder(t, buyer, tee.id);
    const first = await staffCancel(orderNumber);
    expect(first.json()).toMatchObject({
      message:
        'The print partner has this order: cancel it in their dashboard while it is Live, then confirm the cancellation here',
      order: { state: 'cancel_requested', paymentState: 'cod_pending' },
    });
    const confirmed = await staffCancel(orderNumber, 'Cancelled in the partner dashboard');
    expect(confirmed.json()).toMatchObject({
      message: 'Order cancelled',
      order: {
        state: 'cancelled',
        paymentState: 'voided',
        fulfilmentState: 'cancelled',
        refundState: 'none',
      },
    });
    expect(await variantStock(db(), tee.id, 'Bk', 'M')).toBe(5);
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/cancel`,
      headers: support.headers,
      payload: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
