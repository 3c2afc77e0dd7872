// The e-mail outbox (docs/orders-lifecycle.md#e-mail): each message is written once by its cause, in the cause's
// transaction, however often the cause repeats; the outbox.send job renders and sends it with a Message-ID from
// its dedupe key; a crash between claim and send loses nothing; a failing send is retried until it is dead; the
// owners hear of new orders as the store setting says.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orders, outbox, returns } from '@rangrez/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/integrations/mail/port.ts';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import type { RazorpaySandbox } from '../src/integrations/razorpay/sandbox/sandbox.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { enqueueEmail } from '../src/modules/outbox/index.ts';
import { claimBatch, OUTBOX_CLAIM_SECONDS, OUTBOX_MAX_ATTEMPTS } from '../src/modules/outbox/sender.ts';
import { createStaffMember, signedInStaff } from './admin-helpers.ts';
import { codOrderBody, createTestApp, sendOutbox, signInNewUser, type TestApp } from './helpers.ts';
import {
  ORDER_LIFE_SETTINGS,
  deliveredCodOrder,
  orderRow,
  paidOnlineOrder,
  placedCodOrder,
  processWebhooks,
} from './order-helpers.ts';

const clock = new ManualClock('2026-11-24T04:10:00.000Z');
let t: TestApp;
let sandbox: RazorpaySandbox;
let partner: SimulatedPartner;
const mails: MailMessage[] = [];
/** Set by a test to make the mailer refuse (an SMTP outage). */
let refuse: string | null = null;

beforeAll(async () => {
  t = await createTestApp(ORDER_LIFE_SETTINGS, undefined, { clock });
  sandbox = t.app.integrations.razorpaySandbox!;
  partner = t.app.integrations.simulatedPartner!;
  t.app.integrations.mailer.send = async (message) => {
    if (refuse) throw new Error(refuse);
    mails.push(message);
    return { messageId: message.messageId ?? '' };
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test reads only its own mail.
  await sendOutbox(t);
  mails.length = 0;
});

const db = () => t.database.db;
const rowsOf = (orderId: string, kind?: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(asc(outbox.id));
const mailTo = (to: string, subject: string) => mails.filter((m) => m.to === to && m.subject === subject);
const tee = (pricePaise = 79_900) => createProduct(db(), { pricePaise, stock: 10 });

describe('owners hear of new orders', () => {
  it("writes to the store's contact e-mail while no owner can sign in", async () => {
    const buyer = await signInNewUser(t);
    const number = await placedCodOrder(t, buyer, (await tee()).id);
    const order = await orderRow(t, number);
    const [notice] = await rowsOf(order.id, 'owner-new-order');
    expect(notice?.recipient).toBe('support@rangrez.store');
  });

  it("sends one e-mail per order to every owner ('each', the default)", async () => {
    const first = await createStaffMember(t, 'owner', { email: 'asha.owner@staff.test' });
    const second = await createStaffMember(t, 'owner', { email: 'ravi.owner@staff.test' });
    const buyer = await signInNewUser(t);
    const number = await placedCodOrder(t, buyer, (await tee(1_23_400)).id, 1234);
    const order = await orderRow(t, number);
    const [notice] = await rowsOf(order.id, 'owner-new-order');
    expect(notice?.recipient).toBe(`${first.email}, ${second.email}`);
    await sendOutbox(t);
    const [mail] = mailTo(notice!.recipient, `New order ${number}: ₹1,284 (COD)`);
    expect(mail?.text).toContain(`Order: ${number}`);
    expect(mail?.text).toContain('Payment: Cash on Delivery');
    expect(mail?.text).toContain('Total: ₹1,284');
    expect(mail?.text).toContain(`Open it in the orders desk: http://shop.test/admin/orders/${number}`);
  });

  it("sends nothing when the owners chose 'off', and one digest per hour with orders for 'hourly'", async () => {
    const owner = await signedInStaff(t, 'owner');
    const setting = async (newOrderEmail: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: owner.headers,
        payload: { newOrderEmail },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.newOrderEmail).toBe(newOrderEmail);
    };
    const buyer = await signInNewUser(t);
    try {
      await setting('off');
      const quiet = await orderRow(t, await placedCodOrder(t, buyer, (await tee()).id));
      expect(await rowsOf(quiet.id, 'owner-new-order')).toEqual([]);

      await setting('hourly');
      clock.set(new Date('2026-11-24T10:05:00.000Z'));
      const a = await placedCodOrder(t, buyer, (await tee()).id);
      clock.set(new Date('2026-11-24T10:40:00.000Z'));
      const b = await placedCodOrder(t, buyer, (await tee(64_900)).id, 649);
      expect(await rowsOf((await orderRow(t, a)).id, 'owner-new-order')).toEqual([]);
      const digest = () => t.app.jobs.runDueJobs({ periodic: true, only: ['outbox.owner-digest'] });
      await digest();
      // The hour is not over: no digest yet.
      expect(await db().select().from(outbox).where(eq(outbox.kind, 'owner-digest'))).toEqual([]);
      clock.set(new Date('2026-11-24T11:02:00.000Z'));
      await digest();
      await digest();
      const digests = await db().select().from(outbox).where(eq(outbox.kind, 'owner-digest'));
      expect(digests.map((d) => d.payload)).toEqual([{ hour: '2026-11-24T10' }]);
      await sendOutbox(t);
      const [mail] = mails.filter((m) => m.subject === 'Rangrez: 2 new orders, 24 Nov 2026, 15:30-16:30 IST');
      expect(mail?.text).toContain(
        '2 new orders came in between 24 Nov 2026, 15:30-16:30 IST, worth ₹1,548 together.',
      );
      expect(mail?.text).toContain(`${a} · Asha Verma: ₹849`);
      expect(mail?.text).toContain(`${b} · Asha Verma: ₹699`);
    } finally {
      await setting('each');
    }
  });
});

describe('each message once, from its cause', () => {
  it('confirms a cash order once, however often it is placed again with its key', async () => {
    const buyer = await signInNewUser(t);
    const product = await tee();
    const place = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/qikink/order',
        headers: { ...buyer.headers, 'idempotency-key': `outbox-${buyer.userId}` },
        payload: codOrderBody(buyer, [{ productId: product.id }], 849),
      });
    const number = (await place()).json().qikinkOrderId as string;
    expect((await place()).json().qikinkOrderId).toBe(number);
    const order = await orderRow(t, number);
    const confirmed = await rowsOf(order.id, 'order-confirmed');
    expect(confirmed.map((r) => [r.dedupeKey, r.recipient, r.status])).toEqual([
      [`order-confirmed:${order.id}`, order.email, 'pending'],
    ]);
    await sendOutbox(t);
    await sendOutbox(t);
    const sent = mailTo(order.email, `Your Rangrez order ${number} is confirmed`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.messageId).toBe(`<order-confirmed.${order.id}@shop.test>`);
    expect(sent[0]?.text).toContain(`Your order ${number} is confirmed.`);
    expect(sent[0]?.html).toContain('<h1 style="font-size:20px">Your order');
    const [row] = await rowsOf(order.id, 'order-confirmed');
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      subject: `Your Rangrez order ${number} is confirmed`,
      sentAt: clock.now(),
      lastError: null,
    });
  });

  it('confirms a prepaid order once, whether the webhook comes twice or before the verify call', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, razorpayOrderId } = await paidOnlineOrder(t, buyer, (await tee()).id);
    for (const event of await sandbox.webhooks.list({ orderId: razorpayOrderId })) {
      await sandbox.webhooks.deliver(event.id);
    }
    await processWebhooks(t);
    const order = await orderRow(t, orderNumber);
    expect((await rowsOf(order.id)).map((r) => r.kind)).toEqual(['order-confirmed', 'owner-new-order']);
    await sendOutbox(t);
    expect(mailTo(order.email, `Your Rangrez order ${orderNumber} is confirmed`)).toHaveLength(1);
  });

  it('tells the shopper the parcel shipped, with its AWB and tracking link, then that it was delivered', async () => {
    const buyer = await signInNewUser(t);
    const number = await placedCodOrder(t, buyer, (await tee()).id);
    const order = await orderRow(t, number);
    // Live, To be Printed, Printed, Manifested (the courier and AWB come with it): shipped.
    for (let step = 0; step < 3; step++) await partner.advanceOrder(number);
    await t.app.jobs.runDueJobs({ periodic: true });
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderRow(t, number)).fulfilmentState).toBe('shipped');
    await sendOutbox(t);
    const [shipped] = mailTo(order.email, `Your Rangrez order ${number} has shipped`);
    expect(shipped?.text).toContain(
      `Good news: your order ${number} has left our print studio with Delhivery.`,
    );
    expect(shipped?.text).toMatch(/^AWB number: 1490\d{10}$/m);
    expect(shipped?.text).toMatch(/^Track your parcel: http:\/\/\S+\/track\/1490\d{10}$/m);

    await partner.markDelivered(number);
    await t.app.jobs.runDueJobs({ periodic: true });
    await t.app.jobs.runDueJobs({ periodic: true });
    await sendOutbox(t);
    const [delivered] = mailTo(order.email, `Your Rangrez order ${number} has been delivered`);
    expect(delivered?.text).toContain(`Your order ${number} has been delivered. We hope you love it!`);
    expect((await rowsOf(order.id)).map((r) => r.kind)).toEqual([
      'order-confirmed',
      'owner-new-order',
      'order-shipped',
      'order-delivered',
    ]);
  });

  it('says whether money comes back when an order is cancelled', async () => {
    const ops = await signedInStaff(t, 'ops');
    const buyer = await signInNewUser(t);
    const product = await tee();
    // Cancelled before the hand-over (no job has run): at once.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: product.id }], 849),
    });
    const cod = placed.json().qikinkOrderId as string;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cod}/cancel`,
      headers: buyer.headers,
    });
    expect([cancel.statusCode, (await orderRow(t, cod)).state]).toEqual([200, 'cancelled']);

    const prepaid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: product.id }], 799, { gateway: 'Prepaid' }),
    });
    const { orderId: paidNumber, razorpayOrderId } = prepaid.json() as {
      orderId: string;
      razorpayOrderId: string;
    };
    await sandbox.pay(razorpayOrderId, 'success');
    await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
    await processWebhooks(t);
    const staffCancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${paidNumber}/cancel`,
      headers: ops.headers,
      payload: { reason: 'Customer called to cancel' },
    });
    expect(staffCancel.statusCode).toBe(200);
    await sendOutbox(t);
    const email = (await orderRow(t, cod)).email;
    const [codMail] = mailTo(email, `Your Rangrez order ${cod} has been cancelled`);
    expect(codMail?.text).toContain(
      'It was a Cash on Delivery order, so no money was taken and nothing needs to be refunded.',
    );
    const [paidMail] = mailTo(email, `Your Rangrez order ${paidNumber} has been cancelled`);
    expect(paidMail?.text).toContain(
      'The ₹799 you paid will be refunded to your original payment method: banks usually show it within 5-7 business days, and always within 14 business days.',
    );
  });

  it('tells the shopper of each refund once, with its amount, how and when', async () => {
    const ops = await signedInStaff(t, 'ops');
    const buyer = await signInNewUser(t);
    const cod = await deliveredCodOrder(t, buyer, (await tee()).id);
    const manual = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${cod}/refunds`,
      headers: ops.headers,
      payload: {
        amount: 100,
        method: 'manual',
        reference: 'UPI 99120',
        reason: 'Goodwill for a late parcel',
      },
    });
    expect(manual.statusCode).toBe(201);

    const { orderNumber, paymentId, razorpayOrderId } = await paidOnlineOrder(t, buyer, (await tee()).id);
    const half = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: ops.headers,
      payload: { amount: 399.5, reason: 'Print slightly off-centre' },
    });
    expect(half.statusCode).toBe(201);
    await t.app.jobs.runDueJobs();
    await sandbox.refunds.settle({ paymentId });
    // Razorpay delivers the refund's events twice: still one message.
    await sandbox.webhooks.deliverPending();
    for (const event of await sandbox.webhooks.list({ orderId: razorpayOrderId })) {
      if (event.event.startsWith('refund.')) await sandbox.webhooks.deliver(event.id);
    }
    await processWebhooks(t);
    const paidOrder = await orderRow(t, orderNumber);
    expect(paidOrder.refundState).toBe('partial');
    expect(await rowsOf(paidOrder.id, 'refund-issued')).toHaveLength(1);

    await sendOutbox(t);
    const email = paidOrder.email;
    const [cash] = mailTo(email, `Refund of ₹100 for your Rangrez order ${cod}`);
    expect(cash?.text).toContain(
      'We have paid ₹100 back to you by UPI or bank transfer (reference UPI 99120).',
    );
    expect(cash?.text).toContain('Reason: Goodwill for a late parcel');
    const [card] = mailTo(email, `Refund of ₹399.50 for your Rangrez order ${orderNumber}`);
    expect(card?.text).toContain(
      'We have refunded ₹399.50 to your original payment method. Banks usually show it within 5-7 business days, and it always arrives within 14 business days.',
    );
  });

  it("renders a return's news from its row, and from the message alone when the row says little", async () => {
    const buyer = await signInNewUser(t);
    const number = await deliveredCodOrder(t, buyer, (await tee()).id);
    const order = await orderRow(t, number);
    const [ret] = await db()
      .insert(returns)
      .values({
        orderId: order.id,
        userId: buyer.userId,
        state: 'rejected',
        reason: 'Print peeling',
        rejectionReason: 'the photos show a different product',
      })
      .returning();
    await db().transaction(async (tx) => {
      const at = clock.now();
      await enqueueEmail(
        tx,
        { kind: 'return-updated', orderId: order.id, returnId: ret!.id, state: 'rejected' },
        order.email,
        at,
      );
      await enqueueEmail(
        tx,
        { kind: 'return-updated', orderId: order.id, returnId: ret!.id, state: 'approved' },
        order.email,
        at,
      );
    });
    await sendOutbox(t);
    const [rejected] = mailTo(order.email, `Your return for Rangrez order ${number}: not accepted`);
    expect(rejected?.text).toContain(
      `We could not accept your return for order ${number}: the photos show a different product`,
    );
    const [approved] = mailTo(order.email, `Your return for Rangrez order ${number}: approved`);
    expect(approved?.text).toContain(
      `Your return for order ${number} is approved. Our courier partner will collect the product from your delivery address within 24-48 hours (at most 2 attempts); please pack it unused, unwashed and with its tags.`,
    );
  });

  it('sends the staff invitation through the outbox, with its link and role', async () => {
    const owner = await signedInStaff(t, 'owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email: 'kavya@staff.test', role: 'support' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, 'kavya@staff.test'));
    expect(row).toMatchObject({ kind: 'staff-invitation', status: 'pending', orderId: null });
    expect(row?.payload.link).toMatch(/^http:\/\/shop\.test\/admin\/accept-invitation#[\w-]{43}$/);
    await sendOutbox(t);
    const [mail] = mailTo('kavya@staff.test', 'You are invited to run the Rangrez store');
    expect(mail?.text).toContain('You have been invited to the Rangrez back office as support.');
    expect(mail?.text).toContain(`Choose your password: ${String(row?.payload.link)}`);
  });
});

describe('sending', () => {
  it('loses nothing when the sender dies between its claim and the send, and sends each message once', async () => {
    const buyer = await signInNewUser(t);
    const number = await placedCodOrder(t, buyer, (await tee()).id);
    const order = await orderRow(t, number);
    // A sender claims the messages and dies before sending them.
    const claimed = await claimBatch({ db: db(), clock });
    expect(claimed.map((r) => r.kind).sort()).toEqual(['order-confirmed', 'owner-new-order']);
    expect(claimed.every((r) => r.attempts === 1)).toBe(true);
    await sendOutbox(t);
    expect(mails).toEqual([]);
    // Its claim runs out; the next tick sends them, once.
    clock.advance((OUTBOX_CLAIM_SECONDS + 1) * 1000);
    await sendOutbox(t);
    await sendOutbox(t);
    expect(mailTo(order.email, `Your Rangrez order ${number} is confirmed`)).toHaveLength(1);
    expect(mails).toHaveLength(2);
    expect((await rowsOf(order.id)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('keeps a failed send pending with its error, retries it after the claim, and gives up at the limit', async () => {
    const buyer = await signInNewUser(t);
    const number = await placedCodOrder(t, buyer, (await tee()).id);
    const order = await orderRow(t, number);
    refuse = '451 4.3.0 Mail server temporarily rejected message';
    try {
      await sendOutbox(t);
      const [first] = await rowsOf(order.id, 'order-confirmed');
      expect(first).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: '451 4.3.0 Mail server temporarily rejected message',
      });
      // Not again while its claim holds.
      await sendOutbox(t);
      expect((await rowsOf(order.id, 'order-confirmed'))[0]?.attempts).toBe(1);
      for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
        clock.advance((OUTBOX_CLAIM_SECONDS + 1) * 1000);
        await sendOutbox(t);
      }
      expect((await rowsOf(order.id, 'order-confirmed'))[0]).toMatchObject({
        status: 'dead',
        attempts: OUTBOX_MAX_ATTEMPTS,
        sentAt: null,
      });
    } finally {
      refuse = null;
    }
    clock.advance((OUTBOX_CLAIM_SECONDS + 1) * 1000);
    await sendOutbox(t);
    expect(mailTo(order.email, `Your Rangrez order ${number} is confirmed`)).toEqual([]);
    // History stays: the order's events were never touched by the e-mail.
    const [{ count }] = (
      await db().execute(
        sql`select count(*)::int as count from order_events where order_id = ${order.id} and note like '%e-mail%'`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(0);
    expect((await db().select().from(orders).where(eq(orders.id, order.id))).length).toBe(1);
  });
});
