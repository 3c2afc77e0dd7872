// The real Razorpay client (razorpay-client.ts) against the local sandbox, over real HTTP on 127.0.0.1 and in-process;
// the sandbox's checkout endpoint, signatures and webhooks. Nothing here reaches the internet.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaymentGateway, PaymentProviderError } from '../src/integrations/razorpay/port.ts';
import { createRazorpayClient } from '../src/integrations/razorpay/razorpay-client.ts';
import { createInjectFetch } from '../src/lib/inject-fetch.ts';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { createWebhookSender } from '../src/integrations/razorpay/sandbox/webhook-sender.ts';
import { signPayment, signWebhook } from '../src/integrations/razorpay/signatures.ts';
import { ConfigError, loadConfig } from '../src/env.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const KEY_ID = 'rzp_test_Integration01';
const KEY_SECRET = 'test_key_secret_0123456789';
const WEBHOOK_SECRET = 'test_webhook_secret_abcdef';
const env = {
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RAZORPAY_SANDBOX_WEBHOOK_URL: 'http://shop.test/test-webhooks',
};

interface Received {
  eventId: string;
  signature: string;
  raw: string;
  event: string;
}

/** A webhook endpoint inside the test app: keeps the raw body, answers with the queued statuses (then 200). */
function receiver(log: Received[], statuses: number[]) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/test-webhooks', async (req, reply) => {
        const raw = req.body as string;
        log.push({
          eventId: String(req.headers['x-razorpay-event-id']),
          signature: String(req.headers['x-razorpay-signature']),
          raw,
          event: (JSON.parse(raw) as { event: string }).event,
        });
        return reply.code(statuses.shift() ?? 200).send({ ok: true });
      });
    });
  };
}

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
const received: Received[] = [];
const receiverStatuses: number[] = [];
let t: TestApp;
let base: string;
let client: PaymentGateway;
let sandbox: RazorpaySandbox;

beforeAll(async () => {
  t = await createTestApp(
    { ...env, RAZORPAY_SANDBOX_WEBHOOKS: 'manual' },
    receiver(received, receiverStatuses),
    { clock },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/__razorpay`;
  // The real client over the network, exactly as in production.
  client = createRazorpayClient({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: base,
    checkoutScriptUrl: '/__razorpay/checkout.js',
  });
  sandbox = t.app.integrations.razorpaySandbox!;
});
afterAll(() => t.close());
beforeEach(() => {
  received.length = 0;
  receiverStatuses.length = 0;
});

async function pay(orderId: string, outcome: 'success' | 'failure', keyId = KEY_ID) {
  // What the checkout pop-up posts when the tester clicks Pay or Fail.
  return t.app.inject({
    method: 'POST',
    url: '/__razorpay/pay',
    payload: {
      key_id: keyId,
      order_id: orderId,
      outcome,
      email: 'asha@example.in',
      contact: '+919876543210',
    },
  });
}

async function expectProviderError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

describe('orders through the real client', () => {
  it('creates an order in paise with our receipt, Razorpay-shaped, and fetches it back', async () => {
    const order = await client.createOrder({
      amountPaise: 119_800,
      receipt: 'RGZ10023',
      notes: { store: 'rangrez' },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 119_800,
      amount_paid: 0,
      amount_due: 119_800,
      currency: 'INR',
      receipt: 'RGZ10023',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { store: 'rangrez' },
      created_at: Math.floor(clock.now().getTime() / 1000),
    });
    expect(await client.fetchOrder(order.id)).toEqual(order);
    expect(await client.fetchPayments(order.id)).toEqual([]);
  });

  it('works in-process too: the app’s own gateway is the same client on an in-process fetch', async () => {
    const gateway = t.app.integrations.payments;
    expect(gateway.keyId).toBe(KEY_ID);
    expect(gateway.checkoutScriptUrl).toBe('/__razorpay/checkout.js');
    const order = await gateway.createOrder({ amountPaise: 29_500, receipt: 'RGZ2' });
    expect((await client.fetchOrder(order.id)).amount).toBe(29_500);
  });

  it.each([
    [{ amountPaise: 99, receipt: 'R1' }, 'amount', 'Order amount less than minimum amount allowed'],
    [{ amountPaise: 150.5, receipt: 'R1' }, 'amount', 'The amount must be an integer.'],
    [
      { amountPaise: 100, receipt: 'R'.repeat(41) },
      'receipt',
      'The receipt may not be greater than 40 characters.',
    ],
  ])('refuses %j with Razorpay’s error on field %s', async (input, field, description) => {
    const err = await expectProviderError(client.createOrder(input));
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      field,
      description,
      retryable: false,
    });
  });

  it('answers an unknown order id with Razorpay’s error', async () => {
    const err = await expectProviderError(client.fetchOrder('order_DoesNotExist00'));
    expect(err).toMatchObject({
      statusCode: 400,
      description: 'The id provided does not exist',
      retryable: false,
    });
  });

  it('refuses a wrong key secret with 401 Authentication failed', async () => {
    const wrong = createRazorpayClient({
      keyId: KEY_ID,
      keySecret: 'not-the-secret',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: base,
      checkoutScriptUrl: '',
    });
    const err = await expectProviderError(wrong.createOrder({ amountPaise: 100, receipt: 'R' }));
    expect(err).toMatchObject({ statusCode: 401, description: 'Authentication failed', retryable: false });
  });

  it('reports an unreachable gateway as retryable, without an HTTP status', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const offline = createRazorpayClient({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: `http://127.0.0.1:${port}`,
      checkoutScriptUrl: '',
    });
    const err = await expectProviderError(offline.fetchOrder('order_X'));
    expect(err).toMatchObject({ statusCode: null, code: 'GATEWAY_UNREACHABLE', retryable: true });
  });
});

describe('payment signatures', () => {
  const orderId = 'order_EKwxwAgItmmXdp';
  const paymentId = 'pay_29QQoUBi66xm2f';
  const signature = signPayment(orderId, paymentId, KEY_SECRET);

  it('signs exactly as Razorpay documents: hex HMAC-SHA256 of "order_id|payment_id" with the key secret', () => {
    expect(signature).toBe(createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex'));
    expect(client.verifyPaymentSignature({ orderId, paymentId, signature })).toBe(true);
  });

  it.each([
    ['a tampered payment id', { orderId, paymentId: 'pay_29QQoUBi66xm2g', signature }],
    ['another order id', { orderId: 'order_EKwxwAgItmmXdq', paymentId, signature }],
    ['an upper-case signature', { orderId, paymentId, signature: signature.toUpperCase() }],
    ['a truncated signature', { orderId, paymentId, signature: signature.slice(0, 63) }],
    ['an empty signature', { orderId, paymentId, signature: '' }],
    ['an empty payment id', { orderId, paymentId: '', signature }],
    ['a signature that is not a string', { orderId, paymentId, signature: 42 as unknown as string }],
    ['a missing order id', { orderId: undefined as unknown as string, paymentId, signature }],
  ])('rejects %s without throwing', (_name, input) => {
    expect(client.verifyPaymentSignature(input)).toBe(false);
  });

  it('rejects a signature made with another key secret', () => {
    const forged = signPayment(orderId, paymentId, 'someone-elses-secret');
    expect(client.verifyPaymentSignature({ orderId, paymentId, signature: forged })).toBe(false);
  });

  it('checks webhook signatures over the raw bytes with the webhook secret, not the key secret', () => {
    const raw = '{"entity":"event","event":"payment.captured","payload":{}}';
    const sig = signWebhook(raw, WEBHOOK_SECRET);
    expect(sig).toBe(createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'));
    expect(client.verifyWebhookSignature(raw, sig)).toBe(true);
    expect(client.verifyWebhookSignature(Buffer.from(raw), sig)).toBe(true);
    expect(client.verifyWebhookSignature(raw.replace('captured', 'failed'), sig)).toBe(false);
    expect(client.verifyWebhookSignature(raw, signWebhook(raw, KEY_SECRET))).toBe(false);
    expect(client.verifyWebhookSignature(raw, undefined)).toBe(false);
    expect(client.verifyWebhookSignature(undefined as unknown as string, sig)).toBe(false);
  });
});

describe('the checkout pop-up (POST /__razorpay/pay)', () => {
  it('on Pay returns the handler payload, signed so that the real verification accepts it', async () => {
    const order = await client.createOrder({ amountPaise: 59_900, receipt: 'RGZPAY1' });
    const res = await pay(order.id, 'success');
    expect(res.statusCode).toBe(200);
    const handler = res.json();
    expect(handler).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      razorpay_order_id: order.id,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(
      client.verifyPaymentSignature({
        orderId: order.id,
        paymentId: handler.razorpay_payment_id,
        signature: handler.razorpay_signature,
      }),
    ).toBe(true);
    expect(await client.fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 59_900,
      amount_due: 0,
      attempts: 1,
    });
    const [payment] = await client.fetchPayments(order.id);
    expect(payment).toMatchObject({
      id: handler.razorpay_payment_id,
      status: 'captured',
      captured: true,
      amount: 59_900,
      vpa: 'success@razorpay',
      email: 'asha@example.in',
    });

    const again = await pay(order.id, 'success');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.description).toBe('Payment for this order has already been completed');
  });

  it('on Fail answers Razorpay’s payment.failed error, and the same order can be paid on retry', async () => {
    const order = await client.createOrder({ amountPaise: 29_500, receipt: 'RGZFAIL1' });
    const res = await pay(order.id, 'failure');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      },
    });
    expect(await client.fetchOrder(order.id)).toMatchObject({
      status: 'attempted',
      attempts: 1,
      amount_paid: 0,
    });

    const retry = await pay(order.id, 'success');
    expect(retry.statusCode).toBe(200);
    expect(await client.fetchOrder(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
    const payments = await client.fetchPayments(order.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['captured', 'failed']);
  });

  it('refuses another key id and unknown orders in Razorpay’s error shape', async () => {
    const order = await client.createOrder({ amountPaise: 100, receipt: 'R' });
    const wrongKey = await pay(order.id, 'success', 'rzp_test_SomeoneElse');
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'key_id' });
    const unknown = await pay('order_Nope0000000000', 'success');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.description).toBe('The id provided does not exist');
  });

  it('serves the checkout script from this origin under the store’s CSP', async () => {
    const res = await t.app.inject('/__razorpay/checkout.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.body).toContain('window.Razorpay = Razorpay');
    expect(res.body).toContain('on = function (event, callback)');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('razorpay.com');
  });
});

describe('the checkout script (window.Razorpay) in a DOM', () => {
  interface CheckoutOptions {
    key: string;
    order_id: string;
    amount: number;
    currency: string;
    name: string;
    handler?: (r: Record<string, string>) => void;
    modal?: { ondismiss?: () => void };
  }
  interface RazorpayInstance {
    open(): RazorpayInstance;
    on(event: string, cb: (r: { error: Record<string, unknown> }) => void): RazorpayInstance;
  }
  type RazorpayConstructor = new (options: CheckoutOptions) => RazorpayInstance;

  async function page() {
    const window = new Window({ url: 'http://shop.test/place-order' });
    const script = (await t.app.inject('/__razorpay/checkout.js')).body;
    const local = createInjectFetch(() => t.app);
    // The page's fetch reaches the sandbox in this test app.
    (window as unknown as { fetch: typeof fetch }).fetch = (url, init) =>
      local(new URL(String(url), 'http://shop.test'), init);
    window.eval(script);
    const Razorpay = (window as unknown as { Razorpay: RazorpayConstructor }).Razorpay;
    const buttons = () =>
      [...window.document.querySelectorAll('dialog button')] as unknown as HTMLButtonElement[];
    const button = (name: string) => buttons().find((b) => b.textContent === name)!;
    return { window, Razorpay, button, dialog: () => window.document.querySelector('dialog') };
  }

  it('opens a modal dialog with Pay, Fail and Cancel; Pay hands a verifiable payload to the handler', async () => {
    const order = await client.createOrder({ amountPaise: 119_800, receipt: 'RGZDOM1' });
    const { window, Razorpay, button, dialog } = await page();
    try {
      const paid = new Promise<Record<string, string>>((resolve) => {
        new Razorpay({
          key: KEY_ID,
          order_id: order.id,
          amount: 119_800,
          currency: 'INR',
          name: 'Rangrez',
          handler: resolve,
        }).open();
      });
      expect(dialog()?.open).toBe(true);
      expect(dialog()?.getAttribute('aria-labelledby')).toBe('rzp-sandbox-title');
      expect(window.document.getElementById('rzp-sandbox-title')?.textContent).toBe('Rangrez');
      expect(window.document.activeElement?.textContent).toBe('Pay');
      button('Pay').click();
      const response = await paid;
      expect(response.razorpay_order_id).toBe(order.id);
      expect(
        client.verifyPaymentSignature({
          orderId: order.id,
          paymentId: response.razorpay_payment_id!,
          signature: response.razorpay_signature!,
        }),
      ).toBe(true);
      expect(dialog()).toBeNull();
    } finally {
      await window.happyDOM.close();
    }
  });

  it('Fail calls the payment.failed callbacks with Razorpay’s error and keeps the pop-up open; Cancel dismisses', async () => {
    const order = await client.createOrder({ amountPaise: 29_500, receipt: 'RGZDOM2' });
    const { window, Razorpay, button, dialog } = await page();
    try {
      let dismissed = 0;
      let handled = 0;
      const rzp = new Razorpay({
        key: KEY_ID,
        order_id: order.id,
        amount: 29_500,
        currency: 'INR',
        name: 'Rangrez',
        handler: () => (handled += 1),
        modal: { ondismiss: () => (dismissed += 1) },
      });
      const failed = new Promise<{ error: Record<string, unknown> }>((resolve) =>
        rzp.on('payment.failed', resolve),
      );
      rzp.open();
      button('Fail').click();
      const { error } = await failed;
      expect(error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      });
      expect(dialog()?.open).toBe(true);
      expect(window.document.querySelector('dialog [role="status"]')?.textContent).toBe('Payment failed');
      button('Cancel').click();
      expect(dialog()).toBeNull();
      expect([dismissed, handled]).toEqual([1, 0]);
    } finally {
      await window.happyDOM.close();
    }
  });
});

describe('webhooks (manual delivery)', () => {
  it('queues payment.captured and order.paid after a payment; delivers them signed, reordered and duplicated', async () => {
    const order = await client.createOrder({ amountPaise: 79_900, receipt: 'RGZWH1' });
    const paymentId = (await pay(order.id, 'success')).json().razorpay_payment_id as string;
    expect(received).toEqual([]);

    const events = await sandbox.webhooks.list({ orderId: order.id });
    expect(events.map((e) => [e.event, e.deliveries])).toEqual([
      ['payment.captured', 0],
      ['order.paid', 0],
    ]);
    const orderPaid = JSON.parse(events[1]!.body);
    expect(orderPaid).toMatchObject({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: { id: paymentId, order_id: order.id, status: 'captured', amount: 79_900 } },
        order: { entity: { id: order.id, status: 'paid', amount_paid: 79_900 } },
      },
    });

    // Out of order: order.paid first.
    const results = await sandbox.webhooks.deliverPending({ orderId: order.id, reverse: true });
    expect(results.map((r) => [r.delivered, r.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(received.map((r) => r.event)).toEqual(['order.paid', 'payment.captured']);
    for (const r of received) {
      expect(t.app.integrations.payments.verifyWebhookSignature(r.raw, r.signature)).toBe(true);
      expect(events.map((e) => e.id)).toContain(r.eventId);
    }

    // A duplicate: the same event id, body and signature again.
    await sandbox.webhooks.deliver(events[0]!.id);
    expect(received).toHaveLength(3);
    expect(received[2]).toEqual(received[1]);
    expect((await sandbox.webhooks.list({ orderId: order.id })).map((e) => e.deliveries)).toEqual([2, 1]);
  });

  it('sends payment.failed for a declined payment, then payment.captured and order.paid when it succeeds late', async () => {
    const order = await client.createOrder({ amountPaise: 45_000, receipt: 'RGZUPI1' });
    const failed = (await pay(order.id, 'failure')).json().error.metadata.payment_id as string;
    await sandbox.capturePayment(failed);
    await sandbox.webhooks.deliverPending({ orderId: order.id });
    expect(received.map((r) => r.event)).toEqual(['payment.failed', 'payment.captured', 'order.paid']);
    const failedEvent = JSON.parse(received[0]!.raw);
    expect(failedEvent.payload.payment.entity).toMatchObject({
      id: failed,
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_reason: 'payment_failed',
    });
    expect(await client.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 45_000 });
  });

  it('has HTTP controls for end-to-end tests, behind the key id and secret', async () => {
    const order = await client.createOrder({ amountPaise: 10_000, receipt: 'RGZCTL1' });
    const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    const denied = await t.app.inject({
      method: 'GET',
      url: `/__razorpay/control/webhooks?order_id=${order.id}`,
    });
    expect(denied.statusCode).toBe(401);

    // A payment whose browser closed before the handler ran: only the webhooks tell the store.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/__razorpay/control/orders/${order.id}/pay`,
      headers: { authorization: auth },
      payload: { outcome: 'success' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toBe('paid');
    const listed = await t.app.inject({
      url: `/__razorpay/control/webhooks?order_id=${order.id}`,
      headers: { authorization: auth },
    });
    expect(listed.json().mode).toBe('manual');
    const ids = (listed.json().events as { id: string; event: string }[]).map((e) => e.id);
    expect(ids).toHaveLength(2);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/__razorpay/control/webhooks/${ids[1]}/deliver`,
      headers: { authorization: auth },
    });
    expect(delivered.json()).toMatchObject({
      eventId: ids[1],
      delivered: true,
      attempts: 1,
      statuses: [200],
    });
    expect(received.map((r) => r.event)).toEqual(['order.paid']);
  });
});

describe('the webhook sender', () => {
  it('retries a non-2xx answer with doubling backoff, then stops after a bounded number of attempts', async () => {
    const sleeps: number[] = [];
    const sender = createWebhookSender({
      url: 'http://shop.test/test-webhooks',
      secret: WEBHOOK_SECRET,
      fetch: createInjectFetch(() => t.app),
      maxAttempts: 4,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: {} });

    receiverStatuses.push(500, 502);
    const ok = await sender.send({ id: 'EvtRetry000001', body });
    expect(ok).toEqual({
      eventId: 'EvtRetry000001',
      delivered: true,
      attempts: 3,
      statuses: [500, 502, 200],
    });
    expect(sleeps).toEqual([1000, 2000]);
    expect(received.map((r) => r.eventId)).toEqual(['EvtRetry000001', 'EvtRetry000001', 'EvtRetry000001']);
    expect(new Set(received.map((r) => r.signature))).toEqual(new Set([signWebhook(body, WEBHOOK_SECRET)]));

    received.length = 0;
    sleeps.length = 0;
    receiverStatuses.push(500, 500, 500, 500, 500);
    const failed = await sender.send({ id: 'EvtRetry000002', body });
    expect(failed).toEqual({
      eventId: 'EvtRetry000002',
      delivered: false,
      attempts: 4,
      statuses: [500, 500, 500, 500],
    });
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('counts a network failure as a failed attempt (status null)', async () => {
    const sender = createWebhookSender({
      url: 'http://shop.test/test-webhooks',
      secret: WEBHOOK_SECRET,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      maxAttempts: 2,
      sleep: async () => undefined,
    });
    expect(await sender.send({ id: 'EvtNet', body: '{}' })).toEqual({
      eventId: 'EvtNet',
      delivered: false,
      attempts: 2,
      statuses: [null, null],
    });
  });
});

describe('automatic webhooks and PAYMENTS=razorpay', () => {
  it('in auto mode delivers payment.captured then order.paid right after the payment', async () => {
    const log: Received[] = [];
    const auto = await createTestApp({ ...env, RAZORPAY_SANDBOX_WEBHOOKS: 'auto' }, receiver(log, []));
    try {
      const gateway = auto.app.integrations.payments;
      const order = await gateway.createOrder({ amountPaise: 50_000, receipt: 'RGZAUTO1' });
      await auto.app.inject({
        method: 'POST',
        url: '/__razorpay/pay',
        payload: { key_id: KEY_ID, order_id: order.id, outcome: 'success' },
      });
      await auto.app.integrations.razorpaySandbox!.webhooks.idle();
      expect(log.map((r) => r.event)).toEqual(['payment.captured', 'order.paid']);
      expect(log.every((r) => gateway.verifyWebhookSignature(r.raw, r.signature))).toBe(true);
    } finally {
      await auto.close();
    }
  });

  it('refuses to start with PAYMENTS=razorpay or FULFILMENT=qikink but no credentials, naming the variables', () => {
    expect(() => loadConfig({ PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: KEY_ID })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  RAZORPAY_KEY_SECRET: is required when PAYMENTS=razorpay\n' +
          '  RAZORPAY_WEBHOOK_SECRET: is required when PAYMENTS=razorpay',
      ),
    );
    expect(() => loadConfig({ FULFILMENT: 'qikink', QIKINK_CLIENT_ID: '1' })).toThrow(
      'QIKINK_CLIENT_SECRET: is required when FULFILMENT=qikink',
    );
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow('PAYMENTS: must be sandbox or razorpay');
    // The sandbox has development defaults; the real services never do.
    expect(loadConfig({}).payments).toMatchObject({ provider: 'sandbox', keyId: 'rzp_test_RangrezSandbox' });
  });

  it('with PAYMENTS=razorpay mounts no sandbox and lets Razorpay’s checkout through the CSP', async () => {
    const live = await createTestApp({ ...env, PAYMENTS: 'razorpay' });
    try {
      expect(live.app.integrations.razorpaySandbox).toBeNull();
      expect(live.app.integrations.payments.checkoutScriptUrl).toBe(
        'https://checkout.razorpay.com/v1/checkout.js',
      );
      expect((await live.app.inject('/__razorpay/checkout.js')).statusCode).toBe(404);
      const csp = String((await live.app.inject('/anything-else')).headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/checkout\.razorpay\.com/);
      expect(csp).toContain("connect-src 'self' https://api.razorpay.com");
      expect(csp).toContain("frame-src 'self' https://api.razorpay.com");
    } finally {
      await live.close();
    }
  });
});
