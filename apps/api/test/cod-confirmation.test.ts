// Cash-on-delivery confirmation (docs/cod-confirmation.md): a COD order waits for the shopper's word and reaches
// the partner only once confirmed; the word comes through the stand-in WhatsApp's signed webhook, the site, the
// e-mailed link or staff; a forged webhook changes nothing, a repeated one acts once; the sweep reminds at half
// time once and cancels at the deadline, releasing the stock and telling the shopper.
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { auditLog, codMessages, orderEvents, orders, outbox, sharedState } from '@rangrez/db/schema';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsAppStandin } from '../src/integrations/whatsapp/standin.ts';
import { signatureOf } from '../src/integrations/whatsapp/port.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { signedInStaff } from './admin-helpers.ts';
import {
  codOrderBody,
  createTestApp,
  sendOutbox,
  signInNewUser,
  type SignedInUser,
  type TestApp,
} from './helpers.ts';
import { ORDER_LIFE_SETTINGS, orderRow, paidOnlineOrder, placedCodOrder } from './order-helpers.ts';

const clock = new ManualClock('2026-11-24T04:30:00.000Z');
let t: TestApp;
let whatsapp: WhatsAppStandin;
const mails: { to: string; subject: string; text: string }[] = [];

beforeAll(async () => {
  // Many orders from few shoppers in the 200-order run: the per-shopper order limit is not what is tested here.
  t = await createTestApp({ ...ORDER_LIFE_SETTINGS, ORDER_RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
    clock,
  });
  whatsapp = t.app.integrations.whatsappStandin!;
  t.app.integrations.mailer.send = async (message) => {
    mails.push({ to: String(message.to), subject: message.subject, text: message.text ?? '' });
    return { messageId: message.messageId ?? '' };
  };
});
afterAll(() => t.close());

const db = () => t.database.db;
const PHONE = '919876543210';
const stockOf = (productId: string) => variantStock(db(), productId, 'Bk', 'M');
const tee = () => createProduct(db(), { pricePaise: 79_900, stock: 10 });
const atPartner = async (orderNumber: string) =>
  (
    await db()
      .select()
      .from(sharedState)
      .where(like(sharedState.key, `qikink.simulated.number.%.${orderNumber}`))
  ).length === 1;
const messageFor = (orderNumber: string, to = PHONE) =>
  whatsapp.messagesTo(to).filter((m) => m.texts[0] === orderNumber);

/** Meta's webhook for a button reply, as the stand-in sends it, signed with `secret`. */
function replyWebhook(orderNumber: string, action: 'CONFIRM' | 'CANCEL', id: string, from = PHONE) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              messages: [
                {
                  from,
                  id,
                  timestamp: '1732450000',
                  type: 'button',
                  button: { payload: `${action}:${orderNumber}`, text: action },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}
const postWebhook = (body: string, secret = 'standin_app_secret') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, secret) },
    payload: body,
  });

async function placeCod(buyer: SignedInUser, productId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId }], 849),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { qikinkOrderId: string; order: Record<string, unknown> };
}

describe('a cash-on-delivery order waits for its confirmation', () => {
  it('is placed waiting, asked on WhatsApp from a job, and not handed to the partner', async () => {
    const buyer = await signInNewUser(t);
    const product = await tee();
    const placed = await placeCod(buyer, product.id);
    expect(placed.order).toMatchObject({
      status: 'confirmed',
      codConfirmation: 'pending',
      codConfirmBy: '2026-11-25T04:30:00.000Z',
    });
    const number = placed.qikinkOrderId;
    // Nothing leaves inside the placement: the message is a job.
    expect(messageFor(number)).toEqual([]);
    await t.app.jobs.runDueJobs();
    expect(messageFor(number)).toHaveLength(1);
    expect(messageFor(number)[0]).toMatchObject({
      template: 'cod_confirm',
      texts: [number, '₹849'],
      payloads: [`CONFIRM:${number}`, `CANCEL:${number}`],
    });
    expect(await orderRow(t, number)).toMatchObject({
      fulfilmentState: 'not_started',
      codConfirmation: 'pending',
    });
    expect(await atPartner(number)).toBe(false);
    expect(await stockOf(product.id)).toBe(9);
  });

  it('goes to the partner when the shopper taps Confirm in the stand-in, through its signed webhook', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    await t.app.jobs.runDueJobs();
    const [message] = messageFor(number);
    expect(await whatsapp.tap(message!.id, `CONFIRM:${number}`)).toBe(200);
    expect(await orderRow(t, number)).toMatchObject({
      codConfirmation: 'confirmed',
      codConfirmedBy: 'whatsapp',
      fulfilmentState: 'queued',
    });
    await t.app.jobs.runDueJobs();
    expect(await orderRow(t, number)).toMatchObject({ fulfilmentState: 'submitted' });
    expect(await atPartner(number)).toBe(true);
    const orderList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(orderList.json().orders[0]).toMatchObject({ orderId: number, codConfirmation: 'confirmed' });
    expect(orderList.json().orders[0].codConfirmBy).toBeUndefined();
  });

  it('refuses a forged webhook signature and changes nothing', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    const body = replyWebhook(number, 'CONFIRM', 'wamid.forged-1');
    const forged = await postWebhook(body, 'not-the-app-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await orderRow(t, number)).toMatchObject({
      codConfirmation: 'pending',
      fulfilmentState: 'not_started',
    });
    expect(
      await db().select().from(codMessages).where(eq(codMessages.providerMessageId, 'wamid.forged-1')),
    ).toEqual([]);
  });

  it('cancels at once on Cancel, releases the stock once, and acts once on a webhook delivered twice', async () => {
    const buyer = await signInNewUser(t);
    const product = await tee();
    const { qikinkOrderId: number } = await placeCod(buyer, product.id);
    expect(await stockOf(product.id)).toBe(9);
    const body = replyWebhook(number, 'CANCEL', 'wamid.twice-1');
    for (const _ of [1, 2]) {
      const res = await postWebhook(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Webhook processed' });
    }
    const order = await orderRow(t, number);
    expect(order).toMatchObject({
      state: 'cancelled',
      paymentState: 'voided',
      fulfilmentState: 'not_started',
      codConfirmation: 'cancelled',
    });
    expect(await stockOf(product.id)).toBe(10);
    const replies = await db()
      .select()
      .from(codMessages)
      .where(eq(codMessages.providerMessageId, 'wamid.twice-1'));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ direction: 'in', orderId: order.id, error: null });
    const cancels = await db()
      .select()
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, order.id),
          eq(orderEvents.machine, 'order'),
          eq(orderEvents.toState, 'cancelled'),
        ),
      );
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.note).toBe('cash on delivery declined: cancelled by the shopper on WhatsApp');
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'order-cancelled'))),
    ).toHaveLength(1);
    await t.app.jobs.runDueJobs();
    expect(await atPartner(number)).toBe(false);
  });

  it('answers the verification handshake only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=standin_verify_token&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('POST /orders/{orderId}/cod-confirmation', () => {
  const decide = (buyer: SignedInUser, number: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${number}/cod-confirmation`,
      headers: buyer.headers,
      payload: { action },
    });

  it('lets the owner confirm once, refuses anyone else, and says why it is too late', async () => {
    const buyer = await signInNewUser(t);
    const other = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    const stranger = await decide(other, number, 'confirm');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ success: false, message: 'This order belongs to another account.' });
    expect((await decide(buyer, number, 'maybe')).statusCode).toBe(400);
    const res = await decide(buyer, number, 'confirm');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Thank you! Your order is confirmed and goes to print now.',
      order: { orderId: number, codConfirmation: 'confirmed' },
    });
    expect(await orderRow(t, number)).toMatchObject({ codConfirmedBy: 'shopper', fulfilmentState: 'queued' });
    const again = await decide(buyer, number, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This order is already confirmed.' });
    expect((await decide(buyer, 'RZNOSUCHORDER1', 'confirm')).statusCode).toBe(404);
  });

  it('refuses a prepaid order', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    await db()
      .update(orders)
      .set({
        paymentMethod: 'Prepaid',
        paymentState: 'pending',
        state: 'payment_pending',
        codConfirmation: null,
      })
      .where(eq(orders.orderNumber, number));
    const res = await decide(buyer, number, 'confirm');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Only a Cash on Delivery order needs confirming.',
    });
  });
});

describe('the e-mailed link', () => {
  it('shows the order without acting on GET, and confirms on its form', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    await sendOutbox(t);
    const mail = mails.find((m) => m.subject === `Your Rangrez order ${number} is confirmed`);
    expect(mail?.text).toContain(
      'Please confirm your Cash on Delivery order by Wed, 25 Nov, 10:00 am, or it will be cancelled: http://shop.test/cod-confirmation/',
    );
    const link = /http:\/\/shop\.test(\/cod-confirmation\/\S+)/.exec(mail!.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit" name="action" value="confirm">Confirm order</button>');
    expect(page.body).toContain('<button type="submit" name="action" value="cancel">Cancel order</button>');
    expect(await orderRow(t, number)).toMatchObject({ codConfirmation: 'pending' });

    const tampered = await t.app.inject({ method: 'GET', url: `${link.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('This link is not valid.');

    const posted = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=confirm',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Thank you! Your order is confirmed and goes to print now.');
    expect(await orderRow(t, number)).toMatchObject({
      codConfirmation: 'confirmed',
      codConfirmedBy: 'shopper',
    });
  });
});

describe('staff confirm after a phone call', () => {
  it('confirms with orders:write, audited with who and the note', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId: number } = await placeCod(buyer, (await tee()).id);
    const ops = await signedInStaff(t, 'ops');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${number}/cod-confirmation`,
      headers: ops.headers,
      payload: { action: 'confirm', note: 'Called, she wants it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you! Your order is confirmed and goes to print now.',
    });
    const order = await orderRow(t, number);
    expect(order).toMatchObject({
      codConfirmation: 'confirmed',
      codConfirmedBy: 'staff',
      fulfilmentState: 'queued',
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toMatchObject({ action: 'order.cod_confirm', actor: ops.email, actorRole: 'ops' });
    expect(JSON.stringify(audit?.after)).toContain('Called, she wants it');
    const support = await signedInStaff(t, 'catalogue');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${number}/cod-confirmation`,
      headers: support.headers,
      payload: { action: 'cancel', note: 'no' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the window to confirm', () => {
  it('reminds once at half time, then cancels at the deadline with the stock back and an e-mail', async () => {
    const buyer = await signInNewUser(t);
    const product = await tee();
    const { qikinkOrderId: number } = await placeCod(buyer, product.id);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(messageFor(number)).toHaveLength(1);
    clock.advance(11 * 3_600_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderRow(t, number)).codReminderSentAt).toBeNull();

    clock.advance(1 * 3_600_000 + 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    await t.app.jobs.runDueJobs({ periodic: true });
    const order = await orderRow(t, number);
    expect(order.codReminderSentAt).not.toBeNull();
    expect(messageFor(number)).toHaveLength(2);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'cod-reminder'))),
    ).toHaveLength(1);
    expect(mails.filter((m) => m.subject === `Please confirm your Rangrez order ${number}`)).toHaveLength(1);
    expect(order).toMatchObject({ codConfirmation: 'pending', state: 'confirmed' });

    clock.advance(12 * 3_600_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderRow(t, number)).toMatchObject({
      state: 'cancelled',
      paymentState: 'voided',
      codConfirmation: 'cancelled',
      fulfilmentState: 'not_started',
    });
    expect(await stockOf(product.id)).toBe(10);
    const cancelled = mails.filter((m) => m.subject === `Your Rangrez order ${number} has been cancelled`);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.text).toContain(
      'We did not hear from you in time to confirm this Cash on Delivery order, so we cancelled it and released its items.',
    );
    expect(await atPartner(number)).toBe(false);
    expect(messageFor(number)).toHaveLength(2);
  });
});

describe('SMS when WhatsApp cannot reach the shopper', () => {
  it('sends the request by SMS under the DLT sender and template', async () => {
    const buyer = await signInNewUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: (await tee()).id }], 849, {
        deliveryAddress: { ...codOrderBody(buyer, [], 0).deliveryAddress, phone: '90000 00000' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const number = res.json().qikinkOrderId as string;
    await t.app.jobs.runDueJobs();
    const sms = t.app.integrations.smsStandin!.sent.filter((m) => m.text.includes(number));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '919000000000', sender: 'RNGREZ', templateId: '' });
    expect(sms[0]?.text).toMatch(
      new RegExp(
        `^Rangrez: please confirm your Cash on Delivery order ${number} of ₹849\\. Confirm or cancel: http://shop\\.test/cod-confirmation/\\S+$`,
      ),
    );
    const order = await orderRow(t, number);
    const rows = await db().select().from(codMessages).where(eq(codMessages.orderId, order.id));
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
  });
});

describe('0 unconfirmed COD orders handed to the partner', () => {
  it('over 200 mixed orders: prepaid, confirmed, declined, left to run out', async () => {
    const product = await createProduct(db(), { pricePaise: 49_900, stock: 1000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signInNewUser(t)));
    const placedNumbers: { number: string; fate: string }[] = [];
    for (let i = 0; i < 200; i++) {
      // A minute apart, as real orders come: the same body from the same shopper within a minute is one order.
      clock.advance(61_000);
      const buyer = buyers[i % buyers.length]!;
      const fate = ['prepaid', 'confirm', 'cancel', 'leave'][i % 4]!;
      if (fate === 'prepaid') {
        placedNumbers.push({ number: (await paidOnlineOrder(t, buyer, product.id, 499)).orderNumber, fate });
        continue;
      }
      const number = await placedCodOrder(t, buyer, product.id, 499, { confirm: fate === 'confirm' });
      if (fate === 'cancel') {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${number}/cod-confirmation`,
          headers: buyer.headers,
          payload: { action: 'cancel' },
        });
        expect(res.statusCode).toBe(200);
      }
      placedNumbers.push({ number, fate });
    }
    await t.app.jobs.runDueJobs({ periodic: true });
    const rows = await db().select().from(orders);
    const mine = rows.filter((r) => placedNumbers.some((p) => p.number === r.orderNumber));
    expect(mine).toHaveLength(200);
    let handedUnconfirmed = 0;
    for (const row of mine) {
      const handed = await atPartner(row.orderNumber);
      if (handed && row.paymentMethod === 'COD' && row.codConfirmation !== 'confirmed')
        handedUnconfirmed += 1;
    }
    expect(handedUnconfirmed).toBe(0);
    const confirmed = mine.filter((r) => r.codConfirmation === 'confirmed');
    expect(confirmed).toHaveLength(50);
    for (const row of confirmed) expect(await atPartner(row.orderNumber)).toBe(true);
    const prepaid = mine.filter((r) => r.paymentMethod === 'Prepaid');
    expect(prepaid).toHaveLength(50);
    for (const row of prepaid) expect(await atPartner(row.orderNumber)).toBe(true);
    expect(mine.filter((r) => r.codConfirmation === 'cancelled')).toHaveLength(50);
    expect(mine.filter((r) => r.codConfirmation === 'pending')).toHaveLength(50);
  }, 120_000);
});
