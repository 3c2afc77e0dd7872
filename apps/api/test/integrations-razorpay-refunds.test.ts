// Refunds through the real Razorpay client (razorpay-client.ts) against the local sandbox over real HTTP on 127.0.0.1:
// Razorpay's rules (partial refunds up to the captured amount, the idempotency header, captured payments only),
// refunds that settle when a test says so, the refund.* webhooks, the failure and timing controls, and two app
// instances refunding one payment at once. Nothing here reaches the internet.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  PaymentProviderError,
  type RazorpayRefund,
} from '../src/integrations/razorpay/port.ts';
import { createRazorpayClient } from '../src/integrations/razorpay/razorpay-client.ts';
import { createRazorpaySandbox, type RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { signWebhook } from '../src/integrations/razorpay/signatures.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createInjectFetch } from '../src/lib/inject-fetch.ts';
import { refundEntity, refundEvent } from './fixtures/razorpay-samples.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const KEY_ID = 'rzp_test_Refunds01';
const KEY_SECRET = 'refunds_key_secret_0123';
const WEBHOOK_SECRET = 'refunds_webhook_secret_9';
const WEBHOOK_URL = 'http://shop.test/test-webhooks';
const env = {
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RAZORPAY_SANDBOX_WEBHOOK_URL: WEBHOOK_URL,
};
const AUTH = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

interface Received {
  eventId: string;
  signature: string;
  raw: string;
  event: string;
}

/**
 * What happened, in order: each webhook the receiver got (its event name) and each refund answer the client got
 * ('answer'), so a test can tell whether refund.processed came before or after the answer.
 */
const timeline: string[] = [];
const received: Received[] = [];

function receiver(log: Received[]) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/test-webhooks', async (req) => {
        const raw = req.body as string;
        const event = (JSON.parse(raw) as { event: string }).event;
        log.push({
          eventId: String(req.headers['x-razorpay-event-id']),
          signature: String(req.headers['x-razorpay-signature']),
          raw,
          event,
        });
        timeline.push(event);
        return { ok: true };
      });
    });
  };
}

/** fetch that notes in the timeline when a refund call's answer has arrived. */
function noting(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (init?.method === 'POST' && String(input).endsWith('/refund')) timeline.push('answer');
    return res;
  };
}

const clock = new ManualClock('2026-11-25T09:30:00.000Z');
let t: TestApp;
let base: string;
let client: PaymentGateway;
let sandbox: RazorpaySandbox;

beforeAll(async () => {
  t = await createTestApp({ ...env, RAZORPAY_SANDBOX_WEBHOOKS: 'manual' }, receiver(received), { clock });
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/__razorpay`;
  client = createRazorpayClient({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: base,
    checkoutScriptUrl: '/__razorpay/checkout.js',
    fetch: noting(fetch),
  });
  sandbox = t.app.integrations.razorpaySandbox!;
});
afterAll(() => t.close());
beforeEach(async () => {
  received.length = 0;
  timeline.length = 0;
  await sandbox.refunds.reset();
});

let receipts = 0;
/** A captured payment of `amount` paise, paid the way the checkout pop-up pays. */
async function capturedPayment(amount: number): Promise<{ orderId: string; paymentId: string }> {
  const order = await client.createOrder({ amountPaise: amount, receipt: `RGZRF${++receipts}` });
  const paid = await sandbox.pay(order.id, 'success');
  return { orderId: order.id, paymentId: paid.payment.id };
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

const OVER_REFUND = {
  statusCode: 400,
  code: 'BAD_REQUEST_ERROR',
  field: 'amount',
  description: 'The refund amount provided is greater than amount captured',
  retryable: false,
};

const eventNames = async (orderId: string) =>
  (await sandbox.webhooks.list({ orderId })).map((e) => [e.event, e.refundId ?? null]);

describe('refunding a captured payment', () => {
  it('answers a pending refund entity in Razorpay’s shape, and the payment counts it at once', async () => {
    const { paymentId } = await capturedPayment(100_000);
    const refund = await client.refund(paymentId, {
      amountPaise: 40_000,
      idempotencyKey: 'refund-shape-0001',
      speed: 'optimum',
      notes: { reason: 'size exchange' },
      receipt: 'RGZRF-R1',
    });
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 40_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { reason: 'size exchange' },
      receipt: 'RGZRF-R1',
      status: 'pending',
      speed_requested: 'optimum',
      speed_processed: 'instant',
      created_at: Math.floor(clock.now().getTime() / 1000),
    });
    expect(await sandbox.gateway.getPayment(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 40_000,
      refund_status: 'partial',
    });
    expect(await client.fetchRefund(refund.id)).toEqual(refund);
  });

  it('takes several partial refunds until their sum reaches the captured amount, and not a paisa more', async () => {
    const { paymentId } = await capturedPayment(100_000);
    const first = await client.refund(paymentId, { amountPaise: 30_000, idempotencyKey: 'partial-sum-01' });
    const second = await client.refund(paymentId, { amountPaise: 50_000, idempotencyKey: 'partial-sum-02' });
    expect([first.speed_requested, first.speed_processed]).toEqual(['normal', 'normal']);

    const over = await providerError(
      client.refund(paymentId, { amountPaise: 20_001, idempotencyKey: 'partial-sum-03' }),
    );
    expect(over).toMatchObject(OVER_REFUND);

    // No amount: whatever is left.
    const rest = await client.refund(paymentId, { idempotencyKey: 'partial-sum-04' });
    expect(rest.amount).toBe(20_000);
    expect(await sandbox.gateway.getPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 100_000,
      refund_status: 'full',
    });
    expect(
      await providerError(client.refund(paymentId, { amountPaise: 100, idempotencyKey: 'partial-sum-05' })),
    ).toMatchObject(OVER_REFUND);
    expect(await providerError(client.refund(paymentId, { idempotencyKey: 'partial-sum-06' }))).toMatchObject(
      { statusCode: 400, description: 'The payment has been fully refunded already' },
    );

    // Newest first, as Razorpay lists a collection.
    expect((await client.listRefunds(paymentId)).map((r) => [r.id, r.amount])).toEqual([
      [rest.id, 20_000],
      [second.id, 50_000],
      [first.id, 30_000],
    ]);
  });

  it('answers a repeated idempotency key with the first refund, never a second one', async () => {
    const { paymentId } = await capturedPayment(60_000);
    const first = await client.refund(paymentId, { amountPaise: 10_000, idempotencyKey: 'same-key-000001' });
    // Even with another amount: the key names the refund.
    const again = await client.refund(paymentId, { amountPaise: 25_000, idempotencyKey: 'same-key-000001' });
    expect(again).toEqual(first);
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.refund(paymentId, { amountPaise: 5_000, idempotencyKey: 'same-key-000002' }),
      ),
    );
    expect(new Set(parallel.map((r) => r.id)).size).toBe(1);
    expect((await client.listRefunds(paymentId)).map((r) => r.amount)).toEqual([5_000, 10_000]);
    expect((await sandbox.gateway.getPayment(paymentId)).amount_refunded).toBe(15_000);
  });

  it('makes exactly one refund of 20 concurrent full-amount calls with different keys; the rest are refused', async () => {
    const { paymentId } = await capturedPayment(49_900);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        client.refund(paymentId, {
          amountPaise: 49_900,
          idempotencyKey: `race-full-${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toMatchObject(OVER_REFUND);
    expect(await client.listRefunds(paymentId)).toHaveLength(1);
    expect(await sandbox.gateway.getPayment(paymentId)).toMatchObject({
      amount_refunded: 49_900,
      refund_status: 'full',
      status: 'refunded',
    });
  });

  it('refuses what Razorpay refuses, in its words', async () => {
    const order = await client.createOrder({ amountPaise: 20_000, receipt: 'RGZRFBAD' });
    const failed = (await sandbox.pay(order.id, 'failure')).payment.id;
    expect(await providerError(client.refund(failed, { idempotencyKey: 'not-captured-1' }))).toMatchObject({
      statusCode: 400,
      description: 'The payment has not been captured',
    });
    expect(
      await providerError(client.refund('pay_DoesNotExist00', { idempotencyKey: 'no-such-payment' })),
    ).toMatchObject({ statusCode: 400, description: 'The id provided does not exist' });
    const { paymentId } = await capturedPayment(20_000);
    expect(await providerError(client.refund(paymentId, { idempotencyKey: 'short' }))).toMatchObject({
      statusCode: 400,
      description: 'The X-Refund-Idempotency header must be at least 10 characters of A-Z, a-z, 0-9, _ or -',
    });
    expect(
      await providerError(client.refund(paymentId, { amountPaise: 99, idempotencyKey: 'too-small-01' })),
    ).toMatchObject({ field: 'amount', description: 'The amount must be atleast INR 1.00' });
    const badSpeed = await t.app.inject({
      method: 'POST',
      url: `/__razorpay/v1/payments/${paymentId}/refund`,
      headers: { authorization: AUTH, 'x-refund-idempotency': 'bad-speed-001' },
      payload: { speed: 'instant' },
    });
    expect(badSpeed.statusCode).toBe(400);
    expect(badSpeed.json().error).toMatchObject({
      field: 'speed',
      description: 'The selected speed is invalid.',
    });
    expect(await providerError(client.listRefunds('pay_DoesNotExist00'))).toMatchObject({
      description: 'The id provided does not exist',
    });
    expect(await providerError(client.fetchRefund('rfnd_DoesNotExist0'))).toMatchObject({
      description: 'The id provided does not exist',
    });
    // Nothing of this touched the payment.
    expect(await client.listRefunds(paymentId)).toEqual([]);
  });
});

describe('settling refunds and their webhooks', () => {
  it('stays pending until settled, then sends refund.created and refund.processed, signed', async () => {
    const { orderId, paymentId } = await capturedPayment(80_000);
    const refund = await client.refund(paymentId, { amountPaise: 30_000, idempotencyKey: 'settle-0000001' });
    expect((await sandbox.refunds.controls()).effectiveTiming).toBe('manual');
    expect((await client.fetchRefund(refund.id)).status).toBe('pending');

    const settled = await sandbox.refunds.settle({ paymentId });
    expect(settled.map((r) => [r.id, r.status])).toEqual([[refund.id, 'processed']]);
    expect((await client.fetchRefund(refund.id)).status).toBe('processed');
    expect(await sandbox.refunds.settle({ paymentId })).toEqual([]);

    expect(await eventNames(orderId)).toEqual([
      ['payment.captured', null],
      ['order.paid', null],
      ['refund.created', refund.id],
      ['refund.processed', refund.id],
    ]);
    await sandbox.webhooks.deliverPending({ orderId });
    const refundEvents = received.filter((r) => r.event.startsWith('refund.'));
    expect(refundEvents.map((r) => r.event)).toEqual(['refund.created', 'refund.processed']);
    const stored = await sandbox.webhooks.list({ orderId });
    for (const r of refundEvents) {
      expect(r.signature).toBe(signWebhook(r.raw, WEBHOOK_SECRET));
      expect(client.verifyWebhookSignature(r.raw, r.signature)).toBe(true);
      expect(stored.find((e) => e.id === r.eventId)?.event).toBe(r.event);
    }
    const processed = JSON.parse(refundEvents[1]!.raw);
    expect(processed).toMatchObject({
      entity: 'event',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { id: refund.id, entity: 'refund', amount: 30_000, status: 'processed' } },
        payment: {
          entity: { id: paymentId, amount_refunded: 30_000, refund_status: 'partial', status: 'captured' },
        },
      },
    });
    expect(JSON.parse(refundEvents[0]!.raw).payload.refund.entity.status).toBe('pending');
  });

  it('keeps to Razorpay’s documented refund event: the same envelope, and no refund field Razorpay lacks', async () => {
    const { orderId, paymentId } = await capturedPayment(45_000);
    const refund = await client.refund(paymentId, { idempotencyKey: 'documented-0001' });
    await sandbox.refunds.settle({ refundId: refund.id });
    const ours = JSON.parse(
      (await sandbox.webhooks.list({ orderId })).find((e) => e.event === 'refund.processed')!.body,
    );
    const ids = { orderId, paymentId, amount: 45_000 };
    const refundEntry = refundEntity(ids, { id: refund.id, amount: 45_000, status: 'processed' });
    const documented = refundEvent('refund.processed', ids, refundEntry);
    const documentedPayment = (documented.payload.payment as { entity: object }).entity;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(documented).sort());
    expect(ours.contains).toEqual(documented.contains);
    expect(Object.keys(refundEntry)).toEqual(expect.arrayContaining(Object.keys(ours.payload.refund.entity)));
    expect(Object.keys(documentedPayment)).toEqual(
      expect.arrayContaining(Object.keys(ours.payload.payment.entity)),
    );
  });

  it('fails the next refund when told to: refund.failed, and the amount can be refunded again', async () => {
    const { orderId, paymentId } = await capturedPayment(50_000);
    await sandbox.refunds.failNext();
    const doomed = await client.refund(paymentId, { idempotencyKey: 'fail-next-0001' });
    expect(doomed).toMatchObject({ status: 'pending', amount: 50_000 });
    expect((await sandbox.refunds.controls()).failNext).toBe(0);
    expect(await sandbox.gateway.getPayment(paymentId)).toMatchObject({
      status: 'refunded',
      refund_status: 'full',
    });

    expect((await sandbox.refunds.settle({ refundId: doomed.id })).map((r) => r.status)).toEqual(['failed']);
    expect(await sandbox.gateway.getPayment(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
      refund_status: null,
    });
    const failedEvent = (await sandbox.webhooks.list({ orderId })).find((e) => e.event === 'refund.failed')!;
    expect(JSON.parse(failedEvent.body).payload).toMatchObject({
      refund: { entity: { id: doomed.id, status: 'failed' } },
      payment: { entity: { id: paymentId, amount_refunded: 0 } },
    });

    // Only the next one: a new attempt goes through.
    const retry = await client.refund(paymentId, { idempotencyKey: 'fail-next-0002' });
    await sandbox.refunds.settle({ paymentId });
    expect((await client.listRefunds(paymentId)).map((r) => [r.id, r.status])).toEqual([
      [retry.id, 'processed'],
      [doomed.id, 'failed'],
    ]);
  });

  it('fails every refund of one payment when told to, and no other payment’s; settle can force an outcome', async () => {
    const doomed = await capturedPayment(30_000);
    const fine = await capturedPayment(30_000);
    await sandbox.refunds.failForPayment(doomed.paymentId);
    await client.refund(doomed.paymentId, { amountPaise: 10_000, idempotencyKey: 'fail-for-0001' });
    await client.refund(doomed.paymentId, { amountPaise: 10_000, idempotencyKey: 'fail-for-0002' });
    await client.refund(fine.paymentId, { amountPaise: 10_000, idempotencyKey: 'fail-for-0003' });
    const forced = await client.refund(fine.paymentId, {
      amountPaise: 10_000,
      idempotencyKey: 'fail-for-0004',
    });
    await sandbox.refunds.settle({ refundId: forced.id, outcome: 'failed' });
    await sandbox.refunds.settle();
    expect((await client.listRefunds(doomed.paymentId)).map((r) => r.status)).toEqual(['failed', 'failed']);
    expect((await client.listRefunds(fine.paymentId)).map((r) => r.status)).toEqual(['failed', 'processed']);
    expect((await sandbox.gateway.getPayment(fine.paymentId)).amount_refunded).toBe(10_000);
  });

  it('before-answer: refund.created and refund.processed reach the store before the refund call is answered', async () => {
    const { paymentId } = await capturedPayment(70_000);
    await sandbox.refunds.setTiming('before-answer');
    const refund = await client.refund(paymentId, { amountPaise: 70_000, idempotencyKey: 'before-answer-1' });
    expect(timeline).toEqual(['refund.created', 'refund.processed', 'answer']);
    // The answer is the refund as created; Razorpay had processed it by the time the store read the answer.
    expect(refund.status).toBe('pending');
    expect((await client.fetchRefund(refund.id)).status).toBe('processed');
    const processed = JSON.parse(received[1]!.raw);
    expect(processed.payload.refund.entity).toMatchObject({ id: refund.id, status: 'processed' });

    // A retry with the same key is only answered: nothing is sent again.
    await client.refund(paymentId, { amountPaise: 70_000, idempotencyKey: 'before-answer-1' });
    expect(timeline).toEqual(['refund.created', 'refund.processed', 'answer', 'answer']);
  });

  it('after-answer: the refund settles right after the answer (webhooks queued in manual mode)', async () => {
    const { orderId, paymentId } = await capturedPayment(40_000);
    await sandbox.refunds.setTiming('after-answer');
    const refund = await client.refund(paymentId, { idempotencyKey: 'after-answer-01' });
    expect(refund.status).toBe('pending');
    await sandbox.webhooks.idle();
    expect((await client.fetchRefund(refund.id)).status).toBe('processed');
    expect(timeline).toEqual(['answer']);
    expect(
      (await sandbox.webhooks.list({ orderId })).filter((e) => e.deliveries === 0).map((e) => e.event),
    ).toEqual(['payment.captured', 'order.paid', 'refund.created', 'refund.processed']);
  });

  it('has HTTP controls behind the key id and secret, refusing bad values in Razorpay’s error shape', async () => {
    const denied = await t.app.inject({ method: 'POST', url: '/__razorpay/control/refunds', payload: {} });
    expect(denied.statusCode).toBe(401);
    const control = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/__razorpay/control${url}`,
        headers: { authorization: AUTH },
        payload,
      });

    const bad = await control('/refunds', { timing: 'eventually' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      field: 'timing',
      description: 'timing must be null or one of manual, after-answer, before-answer',
    });
    const { paymentId } = await capturedPayment(25_000);
    const set = await control('/refunds', {
      timing: 'manual',
      fail_next: 1,
      fail_payment_id: 'pay_Other000000000',
    });
    expect(set.json()).toEqual({
      timing: 'manual',
      failNext: 1,
      failPaymentIds: ['pay_Other000000000'],
      effectiveTiming: 'manual',
    });
    const refund = await client.refund(paymentId, { idempotencyKey: 'http-control-1' });
    const settled = await control('/refunds/settle', { payment_id: paymentId });
    expect(settled.json()).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ id: refund.id, status: 'failed' }],
    });
    expect((await control('/refunds/settle', { outcome: 'maybe' })).json().error.field).toBe('outcome');
    const reset = await control('/refunds', { reset: true });
    expect(reset.json()).toEqual({
      timing: null,
      failNext: 0,
      failPaymentIds: [],
      effectiveTiming: 'manual',
    });
  });
});

describe('two app instances on one database', () => {
  let other: FastifyInstance;
  let otherSandbox: RazorpaySandbox;
  let otherClient: PaymentGateway;

  beforeAll(async () => {
    // A second instance's sandbox: its own process memory, the same shared_state.
    otherSandbox = createRazorpaySandbox({
      db: t.database.db,
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: WEBHOOK_URL,
      webhookMode: 'manual',
      fetch: createInjectFetch(() => t.app),
      now: () => clock.now(),
    });
    other = Fastify();
    await other.register(otherSandbox.routes, { prefix: '/__razorpay' });
    await other.ready();
    otherClient = createRazorpayClient({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'http://other.test/__razorpay',
      checkoutScriptUrl: '',
      fetch: createInjectFetch(() => other),
    });
  });
  afterAll(() => other.close());

  it('share refunds, controls and the one-refund rule', async () => {
    const { paymentId } = await capturedPayment(99_900);
    await otherSandbox.refunds.failNext();
    expect((await sandbox.refunds.controls()).failNext).toBe(1);

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? client : otherClient).refund(paymentId, {
          amountPaise: 99_900,
          idempotencyKey: `two-instances-${i}`,
        }),
      ),
    );
    const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(made).toHaveLength(1);
    const refund = made[0] as RazorpayRefund;
    expect(await otherClient.listRefunds(paymentId)).toEqual(await client.listRefunds(paymentId));
    // Planned on one instance, used up by whichever created the refund, settled by the other.
    expect((await sandbox.refunds.controls()).failNext).toBe(0);
    await otherSandbox.refunds.settle({ refundId: refund.id });
    expect((await client.fetchRefund(refund.id)).status).toBe('failed');
  });
});

describe('automatic webhooks', () => {
  it('settle a refund right after its answer and send refund.processed after it, as Razorpay does', async () => {
    const log: Received[] = [];
    const auto = await createTestApp({ ...env, RAZORPAY_SANDBOX_WEBHOOKS: 'auto' }, receiver(log));
    try {
      const autoSandbox = auto.app.integrations.razorpaySandbox!;
      const autoClient = createRazorpayClient({
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: 'http://shop.test/__razorpay',
        checkoutScriptUrl: '',
        fetch: noting(createInjectFetch(() => auto.app)),
      });
      const order = await autoClient.createOrder({ amountPaise: 35_000, receipt: 'RGZRFAUTO' });
      const { payment } = await autoSandbox.pay(order.id, 'success');
      await autoSandbox.webhooks.idle();
      timeline.length = 0;
      expect((await autoSandbox.refunds.controls()).effectiveTiming).toBe('after-answer');

      const refund = await autoClient.refund(payment.id, { idempotencyKey: 'auto-refund-01' });
      expect(refund.status).toBe('pending');
      await autoSandbox.webhooks.idle();
      expect(timeline.indexOf('answer')).toBeLessThan(timeline.indexOf('refund.processed'));
      expect([...timeline].sort()).toEqual(['answer', 'refund.created', 'refund.processed']);
      expect((await autoClient.fetchRefund(refund.id)).status).toBe('processed');
      expect(log.every((r) => autoClient.verifyWebhookSignature(r.raw, r.signature))).toBe(true);
    } finally {
      await auto.close();
    }
  });
});
