// The webhook inbox (docs/orders-lifecycle.md#webhooks): a signed event is stored and answered 200 whatever its
// processing does later; the payments.webhook job retries a failing event until it is dead-lettered with its error;
// staff list the dead letters and replay one once the cause is fixed; events arriving before or after the page's
// verify call, or again, never confirm twice or take money twice.
import { createHmac } from 'node:crypto';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { auditLog, orderEvents, payments, webhookInbox } from '@rangrez/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS } from '../src/jobs/queues.ts';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { codOrderBody, createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import { ORDER_LIFE_SETTINGS, orderRow, paidOnlineOrder } from './order-helpers.ts';

const WEBHOOK_SECRET = 'inbox_suite_webhook_secret';
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
let t: TestApp;
let sandbox: RazorpaySandbox;
let ops: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ ...ORDER_LIFE_SETTINGS, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }, undefined, {
    clock,
  });
  sandbox = t.app.integrations.razorpaySandbox!;
  ops = await signedInStaff(t, 'ops');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const db = () => t.database.db;
const WEBHOOK_QUEUE = 'payments.webhook';

function sendWebhook(raw: string, eventId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
}

const inboxRow = async (eventId: string) => {
  const [row] = await db().select().from(webhookInbox).where(eq(webhookInbox.eventId, eventId));
  if (!row) throw new Error(`no inbox row for ${eventId}`);
  return row;
};

/** An online order waiting for its payment, paid at the sandbox; its webhooks are not delivered yet. */
async function paidAtSandbox(buyer?: SignedInUser) {
  const shopper = buyer ?? (await signInNewUser(t));
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
  const body = codOrderBody(shopper, [{ productId: tee.id }], 799, { gateway: 'Prepaid' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: shopper.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const { orderId: orderNumber, razorpayOrderId } = res.json() as {
    orderId: string;
    razorpayOrderId: string;
  };
  const paid = await sandbox.pay(razorpayOrderId, 'success');
  const events = await sandbox.webhooks.list({ orderId: razorpayOrderId });
  const captured = events.find((e) => e.event === 'payment.captured')!;
  return { shopper, body, orderNumber, razorpayOrderId, paid, captured };
}

/** The order's confirmations in its history: exactly one, whichever source confirmed it. */
const confirmations = async (orderId: string) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (e) =>
      e.machine === 'order' && e.toState === 'confirmed' && e.fromState !== null && e.fromState !== e.toState,
  ).length;

/** A real failure, not a test hook: the payments table refuses updates until the trigger is dropped. */
async function breakPayments() {
  await db().execute(sql`
    create or replace function inbox_suite_outage() returns trigger language plpgsql as $$
    begin raise exception 'payments are read-only during maintenance'; end $$`);
  await db().execute(
    sql`create trigger inbox_suite_outage before update on payments for each row execute function inbox_suite_outage()`,
  );
}
const fixPayments = () => db().execute(sql`drop trigger inbox_suite_outage on payments`);

describe('a signed event is stored first and answered at once', () => {
  it('answers 200 while processing fails, retries with the error kept, then dead-letters it', async () => {
    const { orderNumber, captured } = await paidAtSandbox();
    await breakPayments();
    try {
      const res = await sendWebhook(captured.body, captured.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Webhook processed' });
      expect(await inboxRow(captured.id)).toMatchObject({
        provider: 'razorpay',
        eventType: 'payment.captured',
        status: 'received',
        attempts: 0,
        lastError: null,
      });

      const first = await t.app.jobs.runDueJobs();
      expect(first.failed[WEBHOOK_QUEUE]).toBe(1);
      expect(await inboxRow(captured.id)).toMatchObject({
        status: 'received',
        attempts: 1,
        lastError: 'payments are read-only during maintenance',
        deadAt: null,
      });
      // The retries, each as if its backoff had passed; the last one dead-letters the event instead of failing.
      for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
        const run = await t.app.jobs.runDueJobs({ skipDelays: true });
        expect([attempt, run.ran[WEBHOOK_QUEUE]]).toEqual([attempt, 1]);
      }
      expect(await inboxRow(captured.id)).toMatchObject({
        status: 'dead',
        attempts: WEBHOOK_MAX_ATTEMPTS,
        lastError: 'payments are read-only during maintenance',
        deadAt: clock.now(),
        processedAt: null,
      });
      // Nothing is left to retry, and the order still waits for its money.
      expect((await t.app.jobs.runDueJobs({ skipDelays: true })).ran[WEBHOOK_QUEUE]).toBeUndefined();
      expect(await orderRow(t, orderNumber)).toMatchObject({
        state: 'payment_pending',
        paymentState: 'pending',
      });
    } finally {
      await fixPayments();
    }
  });

  it('keeps one row for a delivery repeated before it was processed, and confirms once', async () => {
    const { orderNumber, captured } = await paidAtSandbox();
    expect((await sendWebhook(captured.body, captured.id)).json().message).toBe('Webhook processed');
    expect((await sendWebhook(captured.body, captured.id)).json()).toEqual({
      success: true,
      message: 'Duplicate webhook ignored',
    });
    expect(await db().select().from(webhookInbox).where(eq(webhookInbox.eventId, captured.id))).toHaveLength(
      1,
    );
    expect((await t.app.jobs.runDueJobs()).ran[WEBHOOK_QUEUE]).toBe(1);
    const order = await orderRow(t, orderNumber);
    expect(order).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    expect(await inboxRow(captured.id)).toMatchObject({
      status: 'processed',
      attempts: 1,
      orderId: order.id,
      processedAt: clock.now(),
    });
    expect(await confirmations(order.id)).toBe(1);
  });
});

describe('the dead-letter list and replay', () => {
  async function deadEvent() {
    const paid = await paidAtSandbox();
    await breakPayments();
    try {
      await sendWebhook(paid.captured.body, paid.captured.id);
      await t.app.jobs.runDueJobs();
      for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
        await t.app.jobs.runDueJobs({ skipDelays: true });
      }
    } finally {
      await fixPayments();
    }
    return { ...paid, row: await inboxRow(paid.captured.id) };
  }

  const list = (query: string, who: SignedInStaff = support) =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/webhooks${query}`, headers: who.headers });
  const replay = (id: number, who: SignedInStaff = ops) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/webhooks/${id}/replay`, headers: who.headers });

  it('lists dead events with their error, and replays one into a confirmed order', async () => {
    const { orderNumber, captured, row } = await deadEvent();
    expect(row.status).toBe('dead');
    const dead = await list('?status=dead');
    expect(dead.statusCode).toBe(200);
    expect(dead.json().events[0]).toEqual({
      id: row.id,
      provider: 'razorpay',
      eventId: captured.id,
      eventType: 'payment.captured',
      status: 'dead',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      lastError: 'payments are read-only during maintenance',
      orderNumber: null,
      receivedAt: clock.now().toISOString(),
      deadAt: clock.now().toISOString(),
      replayedBy: null,
      replayedAt: null,
    });
    expect(
      (await list('?status=dead')).json().events.every((e: { status: string }) => e.status === 'dead'),
    ).toBe(true);

    // Support may look, not replay.
    expect((await replay(row.id, support)).statusCode).toBe(403);
    clock.advance(60_000);
    const replayed = await replay(row.id);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({
      success: true,
      message: 'Event queued to be processed again',
      event: { id: row.id, status: 'received', attempts: 0, replayedBy: ops.email, deadAt: null },
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.replay'), eq(auditLog.entityId, String(row.id))));
    expect(audit.map((a) => a.actor)).toEqual([ops.email]);

    await t.app.jobs.runDueJobs();
    const order = await orderRow(t, orderNumber);
    expect(order).toMatchObject({ state: 'confirmed', paymentState: 'captured' });
    expect(await inboxRow(captured.id)).toMatchObject({ status: 'processed', attempts: 1, lastError: null });
    const processed = (await list('?status=processed')).json().events;
    expect(processed.find((e: { id: number }) => e.id === row.id)).toMatchObject({
      orderNumber,
      replayedBy: ops.email,
      replayedAt: clock.now().toISOString(),
    });

    // A processed event is not replayed: it would change nothing.
    const again = await replay(row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'This event was processed already; replaying it would change nothing.',
    });
    expect(await confirmations(order.id)).toBe(1);
  });

  it('answers 404 for an unknown event and 400 for a bad status or id', async () => {
    expect((await replay(987_654_321)).json()).toEqual({
      success: false,
      message: 'Webhook event not found',
    });
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'status must be received, processed or dead' });
    expect((await replay(Number.NaN)).statusCode).toBe(400);
  });

  it('pages newest first with a cursor', async () => {
    for (let i = 0; i < 3; i++) {
      const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: {} });
      await sendWebhook(`${raw}${' '.repeat(i)}`, `evt_InboxPage${i}`);
    }
    const first = (await list('?limit=2')).json();
    expect(first.events.map((e: { eventId: string }) => e.eventId)).toEqual([
      'evt_InboxPage2',
      'evt_InboxPage1',
    ]);
    expect(first.nextCursor).toBe(first.events[1].id);
    const second = (await list(`?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.events[0].eventId).toBe('evt_InboxPage0');
  });
});

describe('events before or after the page verifies the payment', () => {
  const processOrder = (paid: Awaited<ReturnType<typeof paidAtSandbox>>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/process-order',
      headers: paid.shopper.headers,
      payload: {
        ...paid.body,
        paymentId: paid.paid.payment.id,
        razorpayOrderId: paid.razorpayOrderId,
        razorpaySignature: paid.paid.handler!.razorpay_signature,
      },
    });

  async function expectOnePaidConfirmation(orderNumber: string) {
    const order = await orderRow(t, orderNumber);
    expect(order).toMatchObject({
      state: 'confirmed',
      paymentState: 'captured',
      paidPaise: 79_900,
      refundState: 'none',
    });
    expect(await confirmations(order.id)).toBe(1);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  }

  it('payment.captured first: the verify call finds the order confirmed', async () => {
    const paid = await paidAtSandbox();
    await sandbox.webhooks.deliverPending({ orderId: paid.razorpayOrderId });
    await t.app.jobs.runDueJobs();
    const verified = await processOrder(paid);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().qikinkOrderId).toBe(paid.orderNumber);
    await expectOnePaidConfirmation(paid.orderNumber);
  });

  it('the verify call first: payment.captured only records the capture', async () => {
    const paid = await paidAtSandbox();
    expect((await processOrder(paid)).statusCode).toBe(200);
    expect(await orderRow(t, paid.orderNumber)).toMatchObject({
      state: 'confirmed',
      paymentState: 'authorized',
    });
    await sandbox.webhooks.deliverPending({ orderId: paid.razorpayOrderId });
    await t.app.jobs.runDueJobs();
    await expectOnePaidConfirmation(paid.orderNumber);
  });

  it('an event sent again under a new id changes nothing', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, razorpayOrderId } = await paidOnlineOrder(t, buyer, tee.id);
    const order = await orderRow(t, orderNumber);
    const history = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).length;
    const [captured] = (await sandbox.webhooks.list({ orderId: razorpayOrderId })).filter(
      (e) => e.event === 'payment.captured',
    );
    expect((await sendWebhook(captured!.body, 'evt_InboxResent01')).statusCode).toBe(200);
    await t.app.jobs.runDueJobs();
    expect(await inboxRow('evt_InboxResent01')).toMatchObject({ status: 'processed', orderId: order.id });
    expect((await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).length).toBe(
      history,
    );
    await expectOnePaidConfirmation(orderNumber);
  });

  it('settles a refund whose refund.processed arrives before the refund call returns', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const { orderNumber, paymentId } = await paidOnlineOrder(t, buyer, tee.id);
    await sandbox.refunds.setTiming('before-answer');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderNumber}/refunds`,
        headers: ops.headers,
        payload: { amount: 200, reason: 'Print slightly off-centre' },
      });
      expect(res.statusCode).toBe(201);
      await t.app.jobs.runDueJobs();
    } finally {
      await sandbox.refunds.setTiming(null);
    }
    const order = await orderRow(t, orderNumber);
    expect(order.refundState).toBe('partial');
    const refundEvents = await db()
      .select()
      .from(webhookInbox)
      .where(and(eq(webhookInbox.orderId, order.id), sql`${webhookInbox.eventType} like 'refund.%'`));
    expect(refundEvents.map((e) => [e.eventType, e.status]).sort()).toEqual([
      ['refund.created', 'processed'],
      ['refund.processed', 'processed'],
    ]);
    expect(paymentId).toMatch(/^pay_/);
  });
});
