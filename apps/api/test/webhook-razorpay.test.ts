// POST /api/v1/razorpay/webhook: signed over the raw body with the webhook secret, deduplicated on the event id,
// handled in any order and any number of times, and enough alone to confirm an order (browser closed after paying).
// Events are processed by the payments.webhook job, which the tests run (alone) with processWebhooks().
import { createHmac } from 'node:crypto';
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { orderEvents, orders, refunds, webhookInbox } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { processWebhooks } from './order-helpers.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';

const WEBHOOK_SECRET = 'webhook_suite_secret_42';
const KEY_SECRET = 'webhook_suite_key_secret';
const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let sandbox: RazorpaySandbox;

beforeAll(async () => {
  t = await createTestApp(
    {
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
    },
    undefined,
    { clock },
  );
  sandbox = t.app.integrations.razorpaySandbox!;
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderRow = async (orderNumber: string) =>
  (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
const eventCount = async (orderId: string) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).length;

/** X-Razorpay-Signature as Razorpay computes it: hex HMAC-SHA256 of the raw body with the webhook secret. */
const sign = (raw: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(raw).digest('hex');

function sendWebhook(raw: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/webhook',
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
}

async function pendingOnlineOrder(stock = 5) {
  const buyer: SignedInUser = await signInNewUser(t);
  const tee = await createProduct(db(), { name: 'Webhook Tee', pricePaise: 79_900, stock });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: buyer.headers,
    payload: {
      orderItems: [{ productId: tee.id, size: 'M', color: 'Bk', quantity: '1' }],
      deliveryAddress: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.in',
        phone: '9988776655',
        doorNo: '4',
        address: 'Anna Salai, Teynampet',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600018',
      },
      customerId: buyer.userId,
      totalAmount: 799,
      gateway: 'Prepaid',
      orderType: 'BUY_NOW',
    },
  });
  expect(res.statusCode).toBe(200);
  const { razorpayOrderId, orderId } = res.json() as { razorpayOrderId: string; orderId: string };
  return { buyer, tee, razorpayOrderId, orderNumber: orderId };
}

describe('confirmation by webhook alone', () => {
  it('confirms a paid order whose shopper closed the browser before process-order', async () => {
    const { buyer, tee, razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    await sandbox.pay(razorpayOrderId, 'success');
    const results = await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    expect(results.map((r) => [r.delivered, r.statuses])).toEqual([
      [true, [200]],
      [true, [200]],
    ]);
    const row = await orderRow(orderNumber);
    expect(row).toMatchObject({ state: 'confirmed', paymentState: 'captured', fulfilmentState: 'queued' });
    // The order's one unit came from its variant, black M.
    expect(await variantStock(db(), tee.id, 'Bk', 'M')).toBe(4);

    await t.app.jobs.runDueJobs();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0]).toMatchObject({
      orderId: orderNumber,
      status: 'processing',
      paymentMethod: 'Prepaid',
      razorpayOrderId,
      paymentId: expect.stringMatching(/^pay_/),
    });
  });
});

describe('duplicates and order', () => {
  it('handles a repeated delivery once and answers it 200 at once', async () => {
    const { razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    await sandbox.pay(razorpayOrderId, 'success');
    const [captured] = await sandbox.webhooks.list({ orderId: razorpayOrderId });
    const first = await sandbox.webhooks.deliver(captured!.id);
    await processWebhooks(t);
    expect(first.statuses).toEqual([200]);
    const row = await orderRow(orderNumber);
    const events = await eventCount(row!.id);
    for (let i = 0; i < 3; i++) {
      const again = await sandbox.webhooks.deliver(captured!.id);
      await processWebhooks(t);
      expect(again.statuses).toEqual([200]);
    }
    expect(await eventCount(row!.id)).toBe(events);
    const stored = await db().select().from(webhookInbox).where(eq(webhookInbox.eventId, captured!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.processedAt).not.toBeNull();

    // The answer says what happened.
    const event = (await sandbox.webhooks.list({ orderId: razorpayOrderId }))[0]!;
    const replay = await sendWebhook(event.body, {
      'x-razorpay-signature': sign(event.body),
      'x-razorpay-event-id': event.id,
    });
    expect(replay.json()).toEqual({ success: true, message: 'Duplicate webhook ignored' });
  });

  it('confirms once when order.paid arrives before payment.captured', async () => {
    const { razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    await sandbox.pay(razorpayOrderId, 'success');
    const results = await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId, reverse: true });
    await processWebhooks(t);
    expect(results.every((r) => r.delivered)).toBe(true);
    const row = await orderRow(orderNumber);
    expect(row).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    const confirmations = (
      await db().select().from(orderEvents).where(eq(orderEvents.orderId, row!.id))
    ).filter(
      (e) =>
        e.machine === 'order' &&
        e.toState === 'confirmed' &&
        e.fromState !== null &&
        e.fromState !== e.toState,
    );
    expect(confirmations).toHaveLength(1);
  });

  it('shows payment_failed, keeps the reservation, and confirms when the UPI payment succeeds after all', async () => {
    const { buyer, razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    const failed = await sandbox.pay(razorpayOrderId, 'failure');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'payment_pending', paymentState: 'failed' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0].status).toBe('payment_failed');

    await sandbox.capturePayment(failed.payment.id);
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });

    // The old payment.failed delivered again after the success changes nothing.
    const failedEvent = (await sandbox.webhooks.list({ orderId: razorpayOrderId })).find(
      (e) => e.event === 'payment.failed',
    )!;
    const fresh = { ...JSON.parse(failedEvent.body), created_at: 1 };
    const raw = JSON.stringify(fresh);
    const res = await sendWebhook(raw, {
      'x-razorpay-signature': sign(raw),
      'x-razorpay-event-id': 'evt_replayed_failure',
    });
    expect(res.statusCode).toBe(200);
    await processWebhooks(t);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
  });

  it('refunds a second captured payment for one order on its own, and the order keeps the first', async () => {
    const { razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    const failed = await sandbox.pay(razorpayOrderId, 'failure');
    await sandbox.pay(razorpayOrderId, 'success');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', refundState: 'none' });
    // The failed UPI attempt is captured late: the shopper has now paid twice.
    await sandbox.capturePayment(failed.payment.id);
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    const row = await orderRow(orderNumber);
    expect(row).toMatchObject({ state: 'confirmed', paymentState: 'captured', refundState: 'processing' });
    const notes = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, row!.id))).map(
      (e) => e.note,
    );
    expect(notes).toContain(
      `second payment ${failed.payment.id} captured for an order already paid by ${
        (await sandbox.gateway.listPayments(razorpayOrderId)).find((p) => p.id !== failed.payment.id)!.id
      }: refund needed`,
    );

    // The second payment goes back against itself, for its own amount; the order keeps the first payment.
    await t.app.jobs.runDueJobs();
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, row!.id));
    expect(refund).toMatchObject({
      amountPaise: row!.totalPaise,
      providerPaymentId: failed.payment.id,
      method: 'provider',
      status: 'pending',
      createdBy: 'system',
    });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, row!.id))).toHaveLength(1);
    await sandbox.refunds.settle({ paymentId: failed.payment.id });
    await sandbox.webhooks.deliverPending();
    await processWebhooks(t);
    await t.app.jobs.runDueJobs();
    expect(await orderRow(orderNumber)).toMatchObject({
      state: 'confirmed',
      paymentState: 'captured',
      refundState: 'partial',
      paidPaise: 2 * row!.totalPaise,
    });
    const [settled] = await db().select().from(refunds).where(eq(refunds.orderId, row!.id));
    expect(settled).toMatchObject({ status: 'processed', failureReason: null });
    const kept = (await sandbox.gateway.listPayments(razorpayOrderId)).find((p) => p.id !== failed.payment.id)!;
    expect(kept).toMatchObject({ status: 'captured', amount_refunded: 0 });
  });
});

describe('signatures', () => {
  it('refuses an unsigned, wrongly signed or key-secret-signed delivery and stores nothing', async () => {
    const { razorpayOrderId, orderNumber } = await pendingOnlineOrder();
    await sandbox.pay(razorpayOrderId, 'success');
    const [event] = await sandbox.webhooks.list({ orderId: razorpayOrderId });
    const attempts: Record<string, string>[] = [
      {},
      { 'x-razorpay-signature': 'deadbeef' },
      { 'x-razorpay-signature': sign(event!.body, KEY_SECRET) },
      { 'x-razorpay-signature': sign(`${event!.body} `) },
    ];
    for (const headers of attempts) {
      const res = await sendWebhook(event!.body, { ...headers, 'x-razorpay-event-id': event!.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect(await db().select().from(webhookInbox).where(eq(webhookInbox.eventId, event!.id))).toEqual([]);
    expect((await orderRow(orderNumber))?.state).toBe('payment_pending');
  });

  it('acknowledges a signed event for a provider order that is not ours, doing nothing', async () => {
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: 'pay_Elsewhere000000', order_id: 'order_Elsewhere00000', amount: 100 } },
      },
    });
    const res = await sendWebhook(raw, {
      'x-razorpay-signature': sign(raw),
      'x-razorpay-event-id': 'evt_elsewhere',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Webhook processed' });
  });
});
