// The newsletter and its welcome offer (docs/newsletter.md, decision 030): the same answer whatever the address's
// state, the rate limit, double opt-in with idempotent confirmation, one welcome code per address even under
// concurrent confirmations and after unsubscribing and subscribing again, the code as a first-order 20% coupon
// capped at ₹300 at placement, the offer switched off in the settings, one-click unsubscribe (POST and GET), and
// the unsubscribe headers in the mail as written.
import { readFile } from 'node:fs/promises';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { newsletterSubscribers, outbox, promotionCodes, promotions } from '@rangrez/db/schema';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, SentMail } from '../src/integrations/mail/port.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { signedInStaff } from './admin-helpers.ts';
import {
  TEST_ADDRESS,
  type TestApp,
  codOrderBody,
  createTestApp,
  sendOutbox,
  signInNewUser,
} from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
/** Every e-mail the sender handed to the mailer, with the file the file mailer wrote. */
const sent: Array<{ message: MailMessage; result: SentMail }> = [];

beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '1000' }, undefined, { clock });
  const mailer = t.app.integrations.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    const result = await send(message);
    sent.push({ message, result });
    return result;
  };
});
afterAll(() => t.close());

let ip = 0;
const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    payload: { email, consent: true, ...extra },
    remoteAddress: `10.55.0.${(ip++ % 200) + 1}`,
  });

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });

const mailsTo = (email: string) => sent.filter((m) => m.message.to === email);

/** The token of the latest link to `path` in the e-mails to `email`. */
function tokenIn(email: string, path: string): string {
  const texts = mailsTo(email).map((m) => m.message.text);
  const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`);
  const token = texts
    .map((text) => pattern.exec(text)?.[1])
    .filter((x) => x !== undefined)
    .at(-1);
  if (!token) throw new Error(`no ${path} link to ${email}`);
  return token;
}

async function subscribedAndConfirmed(email: string): Promise<string> {
  expect((await subscribe(email)).statusCode).toBe(200);
  await sendOutbox(t);
  const res = await confirm(tokenIn(email, '/newsletter/confirm'));
  expect(res.statusCode, res.body).toBe(200);
  await sendOutbox(t);
  return welcomeCodeIn(email);
}

function welcomeCodeIn(email: string): string {
  const welcome = mailsTo(email).filter((m) => m.message.subject === 'Your Rangrez welcome code');
  expect(welcome).toHaveLength(1);
  const code = /Your code: (WELCOME-[A-Z0-9]+)/.exec(welcome[0]!.message.text)?.[1];
  if (!code) throw new Error('no code in the welcome e-mail');
  return code;
}

async function subscriberRow(email: string) {
  const [row] = await t.database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

/** A fresh owner each time: the tests move the clock by days, past a staff session's idle limit. */
const ownerHeaders = async () => (await signedInStaff(t, 'owner')).headers;

const putSettings = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: await ownerHeaders(), payload });

describe('subscribing', () => {
  it('answers the same for a new, a pending and a confirmed address, and sends one link per ten minutes', async () => {
    const answer = {
      success: true,
      message: 'Almost there! Check your inbox and open the link we sent to confirm your subscription.',
    };
    const first = await subscribe('  Meera.Shah@Example.IN ');
    expect([first.statusCode, first.json()]).toEqual([200, answer]);
    const again = await subscribe('meera.shah@example.in');
    expect([again.statusCode, again.json()]).toEqual([200, answer]);
    await sendOutbox(t);
    expect(mailsTo('meera.shah@example.in').map((m) => m.message.subject)).toEqual([
      'Confirm your Rangrez newsletter subscription',
    ]);
    const row = await subscriberRow('meera.shah@example.in');
    expect(row).toMatchObject({
      status: 'pending',
      source: 'newsletter',
      consentText: 'Send me new drops and offers. Unsubscribe any time.',
      consentedAt: clock.now(),
    });
    expect(row?.consentIp).toMatch(/^10\.55\.0\./);

    clock.advance(10 * 60_000);
    expect((await subscribe('meera.shah@example.in')).json()).toEqual(answer);
    await sendOutbox(t);
    expect(mailsTo('meera.shah@example.in')).toHaveLength(2);

    await confirm(tokenIn('meera.shah@example.in', '/newsletter/confirm'));
    await sendOutbox(t);
    const count = mailsTo('meera.shah@example.in').length;
    clock.advance(60 * 60_000);
    const confirmed = await subscribe('meera.shah@example.in');
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, answer]);
    await sendOutbox(t);
    expect(mailsTo('meera.shah@example.in')).toHaveLength(count);
  });

  it('refuses a bad address or a missing consent in the contract shape', async () => {
    expect((await subscribe('not-an-address')).json()).toEqual({
      success: false,
      message: 'Please enter a valid e-mail address',
    });
    const noConsent = await subscribe('ravi@example.in', { consent: false });
    expect([noConsent.statusCode, noConsent.json()]).toEqual([
      400,
      { success: false, message: 'Please tick the box to agree to our e-mails' },
    ]);
    expect(await subscriberRow('ravi@example.in')).toBeUndefined();
  });
});

describe('rate limit', () => {
  it('answers 429 past the limit from one address', async () => {
    const limited = await createTestApp({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '2' }, undefined, { clock });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/newsletter/subscribe',
          payload: { email: `rate-${ip++}@example.in`, consent: true },
          remoteAddress: '10.66.0.1',
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect([third.statusCode, third.json()]).toEqual([
        429,
        { success: false, message: 'Too many requests. Please try again later.' },
      ]);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('confirming', () => {
  it('is idempotent, mails one welcome code, and refuses an unknown link', async () => {
    const email = 'kabir@example.in';
    await subscribe(email);
    await sendOutbox(t);
    const token = tokenIn(email, '/newsletter/confirm');
    const done = {
      success: true,
      message: 'You are subscribed. Your welcome code is on its way to your inbox.',
    };
    expect((await confirm(token)).json()).toEqual(done);
    expect((await confirm(token)).json()).toEqual(done);
    await sendOutbox(t);
    expect(welcomeCodeIn(email)).toMatch(/^WELCOME-[A-Z2-9]{10}$/);
    expect(await subscriberRow(email)).toMatchObject({ status: 'confirmed', confirmedAt: clock.now() });

    const unknown = await confirm('x'.repeat(32));
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      {
        success: false,
        message: 'This confirmation link is invalid or has expired. Please subscribe again to get a new one.',
      },
    ]);
  });

  it('refuses a link older than seven days', async () => {
    const email = 'late@example.in';
    await subscribe(email);
    await sendOutbox(t);
    clock.advance(7 * 24 * 3600_000 + 1000);
    const res = await confirm(tokenIn(email, '/newsletter/confirm'));
    expect(res.statusCode).toBe(400);
    expect((await subscriberRow(email))?.status).toBe('pending');
  });

  it('mints exactly one code per address under concurrent confirmations, and one welcome promotion', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `race-${i}@example.in`);
    for (const email of emails) await subscribe(email);
    await sendOutbox(t);
    const tokens = emails.map((email) => tokenIn(email, '/newsletter/confirm'));
    const results = await Promise.all(
      tokens.flatMap((token) => [confirm(token), confirm(token), confirm(token)]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const welcome = await t.database.db.select().from(promotions).where(eq(promotions.systemKey, 'welcome'));
    expect(welcome).toHaveLength(1);
    const rows = await Promise.all(emails.map(subscriberRow));
    const codeIds = rows.map((r) => r?.welcomeCodeId);
    expect(new Set(codeIds).size).toBe(emails.length);
    const welcomeMails = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, 'newsletter-welcome:%'));
    for (const row of rows) expect(welcomeMails.filter((m) => m.recipient === row?.email)).toHaveLength(1);
  });

  it('shows the welcome promotion in the back office as following the settings: only its switch is edited there', async () => {
    await subscribe('managed@example.in');
    await sendOutbox(t);
    expect((await confirm(tokenIn('managed@example.in', '/newsletter/confirm'))).statusCode).toBe(200);
    const [welcome] = await t.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.systemKey, 'welcome'));
    const headers = await ownerHeaders();
    const url = `/api/v1/admin/promotions/${welcome!.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers })).json().promotion.managedBy).toBe('settings');
    const edit = await t.app.inject({ method: 'PATCH', url, headers, payload: { value: 50 } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      success: false,
      message: "The welcome offer's terms are set in Settings: here it can only be switched on or off",
    });
    const off = await t.app.inject({ method: 'PATCH', url, headers, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().promotion).toMatchObject({ active: false, value: 20, managedBy: 'settings' });
    await t.app.inject({ method: 'PATCH', url, headers, payload: { active: true } });
  });

  it('keeps one code per address when it unsubscribes and subscribes again', async () => {
    const email = 'again@example.in';
    const code = await subscribedAndConfirmed(email);
    const unsubscribeToken = (await subscriberRow(email))!.unsubscribeToken;
    await t.app.inject({ method: 'POST', url: `/api/v1/newsletter/unsubscribe?token=${unsubscribeToken}` });
    clock.advance(60_000);
    await subscribe(email);
    await sendOutbox(t);
    const res = await confirm(tokenIn(email, '/newsletter/confirm'));
    expect(res.json()).toEqual({
      success: true,
      message: 'You are subscribed. Your welcome code is on its way to your inbox.',
    });
    await sendOutbox(t);
    expect(welcomeCodeIn(email)).toBe(code);
    const codes = await t.database.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.id, (await subscriberRow(email))!.welcomeCodeId!));
    expect(codes.map((c) => c.code)).toEqual([code]);
  });
});

describe('the welcome code at placement', () => {
  it('takes 20% off the first order, at most ₹300, once; a shopper who has ordered is refused', async () => {
    const productId = (await createProduct(t.database.db, { pricePaise: 100_000, stock: 50 })).id;
    const code = await subscribedAndConfirmed('first@example.in');
    const buyer = await signInNewUser(t);
    const address = { ...TEST_ADDRESS, email: 'first@example.in', phone: '9000011111' };
    const place = (total: number, quantity: number, couponCode: string, who = buyer, where = address) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/qikink/order',
        headers: who.headers,
        payload: {
          ...codOrderBody(who, [{ productId, quantity: String(quantity) }], total),
          deliveryAddress: where,
          couponCode,
        },
      });
    // 2 x ₹1,000 + ₹50 COD fee; 20% would be ₹400, the cap keeps it at ₹300.
    const first = await place(1750, 2, code.toLowerCase());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order).toMatchObject({
      totalAmount: 1750,
      promotionDiscount: 300,
      promotions: [
        { code, kind: 'percentage', title: 'Welcome offer: 20% off your first order', saved: 300 },
      ],
    });
    expect((await place(850, 1, code)).json()).toEqual({
      success: false,
      message: 'This code has already been used.',
    });

    // Another subscriber's code, for a shopper whose phone has ordered before.
    const other = await subscribedAndConfirmed('second@example.in');
    const again = await place(850, 1, other, await signInNewUser(t), {
      ...address,
      email: 'second@example.in',
    });
    expect(again.json()).toEqual({ success: false, message: 'This code is for your first order only.' });
    // Below the cap: 20% of ₹1,000.
    const fresh = { ...address, email: 'second@example.in', phone: '9000022222' };
    const ok = await place(850, 1, other, await signInNewUser(t), fresh);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order.promotionDiscount).toBe(200);
  });

  it('the admin list shows the code and whether it was used', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/subscribers?q=first%40',
      headers: await ownerHeaders(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      subscribers: [{ email: 'first@example.in', status: 'confirmed', source: 'newsletter', codeUsed: true }],
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/subscribers.csv?status=confirmed&q=second',
      headers: await ownerHeaders(),
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,status,source,consented_at,confirmed_at,unsubscribed_at,code,code_used');
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(['yes']);
    const support = await signedInStaff(t, 'support');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/subscribers',
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('unsubscribing', () => {
  it('one click by POST (RFC 8058) and by GET, idempotent, and the confirmation link stops working', async () => {
    const email = 'leaving@example.in';
    await subscribe(email);
    await sendOutbox(t);
    const token = tokenIn(email, '/newsletter/unsubscribe');
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const done = {
      success: true,
      message: 'You have been unsubscribed. You will not get any more newsletter e-mails from us.',
    };
    expect([post.statusCode, post.json()]).toEqual([200, done]);
    expect(await subscriberRow(email)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: clock.now() });
    expect((await confirm(tokenIn(email, '/newsletter/confirm'))).statusCode).toBe(400);

    const get = await t.app.inject({ method: 'GET', url: `/api/v1/newsletter/unsubscribe?token=${token}` });
    expect([get.statusCode, get.headers.location]).toEqual([303, `/newsletter/unsubscribe?token=${token}`]);
    const asJson = await t.app.inject({
      method: 'GET',
      url: `/api/v1/newsletter/unsubscribe?token=${token}`,
      headers: { accept: 'application/json' },
    });
    expect([asJson.statusCode, asJson.json()]).toEqual([200, done]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletter/unsubscribe?token=${'y'.repeat(32)}`,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      { success: false, message: 'This unsubscribe link is invalid.' },
    ]);
  });

  it('a GET unsubscribes at once', async () => {
    const email = 'getout@example.in';
    await subscribe(email);
    await sendOutbox(t);
    const token = tokenIn(email, '/newsletter/unsubscribe');
    const get = await t.app.inject({ method: 'GET', url: `/api/v1/newsletter/unsubscribe?token=${token}` });
    expect(get.statusCode).toBe(303);
    expect((await subscriberRow(email))?.status).toBe('unsubscribed');
  });

  it('every newsletter e-mail carries List-Unsubscribe, List-Unsubscribe-Post and a visible link', async () => {
    const email = 'headers@example.in';
    await subscribedAndConfirmed(email);
    const token = (await subscriberRow(email))!.unsubscribeToken;
    const mails = mailsTo(email);
    expect(mails.map((m) => m.message.subject)).toEqual([
      'Confirm your Rangrez newsletter subscription',
      'Your Rangrez welcome code',
    ]);
    for (const { result, message } of mails) {
      // The file as written, its folded header lines unfolded (RFC 5322).
      const raw = (await readFile(result.file!, 'utf8')).replace(/\r\n[ \t]+/g, ' ');
      expect(raw).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
      expect(raw).toContain(
        `List-Unsubscribe: <http://shop.test/api/v1/newsletter/unsubscribe?token=${token}>, <mailto:`,
      );
      expect(message.text).toContain(`Unsubscribe: http://shop.test/newsletter/unsubscribe?token=${token}`);
      expect(message.html).toContain(`href="http://shop.test/newsletter/unsubscribe?token=${token}"`);
    }
  });
});

describe('the offer switched off', () => {
  it('GET /newsletter says so, subscribing is refused, and a pending confirmation mints no code', async () => {
    await subscribe('pending-when-off@example.in');
    await sendOutbox(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/newsletter' })).json()).toEqual({
      success: true,
      welcomeOffer: { enabled: true, percent: 20, cap: 300, minSubtotal: 0 },
    });
    expect((await putSettings({ welcomeOffer: 'off' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/newsletter' })).json().welcomeOffer.enabled,
    ).toBe(false);
    const refused = await subscribe('closed@example.in');
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { success: false, message: 'Stay Tuned. This feature is coming soon!' },
    ]);
    const res = await confirm(tokenIn('pending-when-off@example.in', '/newsletter/confirm'));
    expect(res.json()).toEqual({ success: true, message: 'You are subscribed. Thank you!' });
    expect((await subscriberRow('pending-when-off@example.in'))?.welcomeCodeId).toBeNull();
  });

  it('the owner sets percent, cap and minimum; the next code follows them', async () => {
    const res = await putSettings({
      welcomeOffer: 'on',
      welcomeOfferPercent: '15',
      welcomeOfferCap: '250',
      welcomeOfferMinSubtotal: '999',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await putSettings({ welcomeOfferPercent: '0' })).json()).toEqual({
      success: false,
      message: 'welcomeOfferPercent must be between 1 and 100',
    });
    await putSettings({
      welcomeOffer: 'on',
      welcomeOfferPercent: '15',
      welcomeOfferCap: '250',
      welcomeOfferMinSubtotal: '999',
    });
    await subscribedAndConfirmed('terms@example.in');
    const [welcome] = await t.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.systemKey, 'welcome'))
      .orderBy(asc(promotions.createdAt));
    expect(welcome).toMatchObject({
      percent: 15,
      maxDiscountPaise: 25_000,
      minSubtotalPaise: 99_900,
      firstOrderOnly: true,
    });
    const mail = mailsTo('terms@example.in').at(-1)!.message.text;
    expect(mail).toContain('15% off your first order, up to ₹250 on orders of ₹999 or more');
  });
});
