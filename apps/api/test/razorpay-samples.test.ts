// Razorpay's documented webhook events and entities (fixtures/razorpay-samples.ts), replayed through the real
// webhook route and read by the real client: the store must understand Razorpay itself, not only its sandbox.
import { createHmac } from 'node:crypto';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orders } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../src/integrations/razorpay/port.ts';
import { createRazorpayClient } from '../src/integrations/razorpay/razorpay-client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { processWebhooks } from './order-helpers.ts';
import {
  capturedPayment,
  orderPaidEvent,
  paidOrder,
  paymentCapturedEvent,
  paymentFailedEvent,
  paymentsCollection,
  refundEntity,
} from './fixtures/razorpay-samples.ts';
import { createTestApp, signInNewUser, type TestApp } from './helpers.ts';

const WEBHOOK_SECRET = 'samples_webhook_secret_7';
const KEY_ID = 'rzp_test_Samples01';
const KEY_SECRET = 'samples_key_secret_0123';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
    },
    undefined,
    { clock: new ManualClock('2026-11-24T10:00:00.000Z') },
  );
});
afterAll(() => t.close());

const orderRow = async (orderNumber: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];

let nextEvent = 0;
/** Delivered as Razorpay delivers, then processed: the raw JSON, signed with the webhook secret, with an event id header. */
async function deliver(event: object) {
  const raw = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      'x-razorpay-event-id': `evt_Sample${String(++nextEvent).padStart(6, '0')}`,
    },
    payload: raw,
  });
  // The inbox's job processes it, as the workers would.
  await processWebhooks(t);
  return res;
}

/** An online order waiting for its payment, as the checkout page leaves it. */
async function pendingOrder() {
  const buyer = await signInNewUser(t);
  const tee = await createProduct(t.database.db, { name: 'Sample Tee', pricePaise: 64_900, stock: 3 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: buyer.headers,
    payload: {
      orderItems: [{ productId: tee.id, size: 'L', color: 'Bk', quantity: '1' }],
      deliveryAddress: {
        firstName: 'Gaurav',
        lastName: 'Kumar',
        email: 'gaurav.kumar@example.com',
        phone: '9876543210',
        doorNo: '12',
        address: 'MG Road, Shivajinagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
      customerId: buyer.userId,
      totalAmount: 649,
      gateway: 'Prepaid',
      orderType: 'BUY_NOW',
    },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { razorpayOrderId: string; orderId: string; amount: number };
  return { buyer, orderNumber: body.orderId, ids: { orderId: body.razorpayOrderId, amount: body.amount } };
}

describe('documented webhook events through the real handler', () => {
  it('payment.captured confirms the order it names', async () => {
    const { orderNumber, ids } = await pendingOrder();
    const res = await deliver(paymentCapturedEvent({ ...ids, paymentId: 'pay_SampleCaptured1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Webhook processed' });
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
  });

  it('order.paid alone confirms the order, with the payment it carries', async () => {
    const { buyer, orderNumber, ids } = await pendingOrder();
    const res = await deliver(orderPaidEvent({ ...ids, paymentId: 'pay_SampleOrderPaid1' }, orderNumber));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0]).toMatchObject({ orderId: orderNumber, paymentId: 'pay_SampleOrderPaid1' });
  });

  it('payment.failed shows the failure and keeps the order; a later captured payment confirms it', async () => {
    const { buyer, orderNumber, ids } = await pendingOrder();
    expect((await deliver(paymentFailedEvent({ ...ids, paymentId: 'pay_SampleDeclined1' }))).statusCode).toBe(
      200,
    );
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'payment_pending', paymentState: 'failed' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0].status).toBe('payment_failed');

    await deliver(paymentCapturedEvent({ ...ids, paymentId: 'pay_SampleRetried1' }));
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
  });

  it('acknowledges an event for an order that is not ours and changes nothing', async () => {
    const res = await deliver(
      paymentCapturedEvent({
        orderId: 'order_NotOurs000001',
        paymentId: 'pay_NotOurs000001',
        amount: 50_000,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Webhook processed' });
  });
});

describe('documented entities through the real client', () => {
  const ids = { orderId: 'order_EKwxwAgItmmXdp', paymentId: 'pay_29QQoUBi66xm2f', amount: 50_000 };

  /** Razorpay's API as a fetch function: records each request and answers the given status and body. */
  function razorpay(status: number, body: unknown) {
    const requests: { url: string; init: RequestInit }[] = [];
    const fetchLike = async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    const client = createRazorpayClient({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'https://api.razorpay.com',
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      fetch: fetchLike as typeof fetch,
    });
    return { client, requests };
  }

  it('reads a collection of payments, with HTTP Basic key_id:key_secret, and empty notes as {}', async () => {
    const { client, requests } = razorpay(200, paymentsCollection(capturedPayment(ids)));
    const payments = await client.fetchPayments(ids.orderId);
    expect(payments).toEqual([{ ...capturedPayment(ids), notes: {} }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('https://api.razorpay.com/v1/orders/order_EKwxwAgItmmXdp/payments');
    expect(new Headers(requests[0]!.init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
  });

  it('reads refunds: a refund entity, a collection of them, empty notes as {}', async () => {
    const processed = refundEntity(ids, { id: 'rfnd_FP8QHiV938haTz', amount: 20_000, status: 'processed' });
    const pending = refundEntity(ids, { id: 'rfnd_FP8R8EGjGbPkVb', amount: 10_000, status: 'pending' });
    const listed = razorpay(200, paymentsCollection(pending, processed));
    expect(await listed.client.listRefunds(ids.paymentId)).toEqual([
      { ...pending, notes: {} },
      { ...processed, notes: {} },
    ]);
    expect(listed.requests[0]!.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refunds');
    const one = razorpay(200, processed);
    expect(await one.client.fetchRefund(processed.id)).toEqual({ ...processed, notes: {} });
    expect(one.requests[0]!.url).toBe('https://api.razorpay.com/v1/refunds/rfnd_FP8QHiV938haTz');
  });

  it('sends a refund with its idempotency header and reads the answer', async () => {
    const created = refundEntity(ids, { id: 'rfnd_FP8QHiV938haTz', amount: 20_000, status: 'pending' });
    const { client, requests } = razorpay(200, created);
    const refund = await client.refund(ids.paymentId, {
      amountPaise: 20_000,
      idempotencyKey: 'RZ1001-refund-1',
      speed: 'optimum',
      receipt: 'RZ1001-R1',
    });
    expect(refund).toEqual({ ...created, notes: {} });
    expect(requests[0]!.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(requests[0]!.init.method).toBe('POST');
    expect(new Headers(requests[0]!.init.headers).get('x-refund-idempotency')).toBe('RZ1001-refund-1');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({
      amount: 20_000,
      speed: 'optimum',
      receipt: 'RZ1001-R1',
    });
  });

  it('turns the over-refund answer into a PaymentProviderError naming the amount', async () => {
    const { client } = razorpay(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The refund amount provided is greater than amount captured',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        field: 'amount',
        metadata: {},
      },
    });
    const err = await client
      .refund(ids.paymentId, { amountPaise: 50_001, idempotencyKey: 'RZ1001-refund-2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      field: 'amount',
      description: 'The refund amount provided is greater than amount captured',
      retryable: false,
    });
  });

  it('refuses a list that is not a collection as a bad (retryable) answer', async () => {
    const { client } = razorpay(200, { items: [] });
    const err = await client.listRefunds(ids.paymentId).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'BAD_RESPONSE',
      description: 'expected a collection of refunds',
      retryable: true,
    });
  });

  it('reads a paid order entity', async () => {
    const { client } = razorpay(200, paidOrder(ids, 'RZ1001'));
    expect(await client.fetchOrder(ids.orderId)).toEqual({ ...paidOrder(ids, 'RZ1001'), notes: {} });
  });

  it('turns Razorpay’s error object into a PaymentProviderError that is not retried', async () => {
    const { client } = razorpay(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be atleast INR 1.00',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        field: 'amount',
        metadata: {},
      },
    });
    const err = await client.createOrder({ amountPaise: 50, receipt: 'RZ1002' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The amount must be atleast INR 1.00',
      field: 'amount',
      reason: 'input_validation_failed',
      retryable: false,
    });
  });

  it('retries a 5xx answer without a Razorpay body', async () => {
    const { client } = razorpay(502, '<html>Bad gateway</html>');
    const err = await client.fetchOrder(ids.orderId).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 502, code: 'SERVER_ERROR', retryable: true });
  });
});
