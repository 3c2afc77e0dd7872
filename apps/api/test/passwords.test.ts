// Forgotten and changed passwords (docs/accounts.md#passwords): one answer whatever the address, an e-mail with a
// single-use link valid 30 minutes whose token is stored only as a hash, sign-up's password rule, every session
// ended by a reset, the current password required for a change, Google-only accounts, and the limits.
import { createHash } from 'node:crypto';
import { createUser } from '@rangrez/db/factories/users';
import { passwordResets, sessions, users } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/integrations/mail/port.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { SIGNUP_PASSWORD, type TestApp, createTestApp, sendOutbox, signUpThroughApi } from './helpers.ts';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let t: TestApp;
const sent: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
  const mailer = t.app.integrations.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    sent.push(message);
    return send(message);
  };
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-Start-9';
const SENT = { success: true, message: 'If an account exists for this e-mail, we have sent a link.' };
const INVALID_LINK = {
  success: false,
  message: 'This password reset link is invalid or has expired. Please ask for a new one.',
};

let ip = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers,
    remoteAddress: `10.77.0.${(ip++ % 200) + 1}`,
  });
const forgot = (email: string) => post('/password/forgot', { email });
const reset = (token: string, password = NEW_PASSWORD) => post('/password/reset', { token, password });
const login = (email: string, password: string) => post('/login', { email, password });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token of the latest reset link e-mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  await sendOutbox(t);
  const mail = sent.filter((m) => m.to === email).at(-1);
  const token = mail && /\/reset-password#([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${email}`);
  return token;
}

describe('POST /password/forgot', () => {
  it('answers the same for an account and for an unknown address, and e-mails only the account', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'forgot' });
    const known = await forgot(account.user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.in');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(SENT);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(SENT);
    await sendOutbox(t);
    expect(sent.filter((m) => m.to === 'nobody-here@example.in')).toEqual([]);
    const [mail] = sent.filter((m) => m.to === account.user.email);
    expect(mail?.subject).toBe('Reset your Rangrez password');
    expect(mail?.text).toContain('it works once, for 30 minutes');
    const token = /http:\/\/shop\.test\/reset-password#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // Only the token's hash is kept, and the link expires 30 minutes from now.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.user._id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
  });

  it('refuses a malformed address with the sign-in form messages', async () => {
    expect((await forgot('not-an-email')).json()).toEqual({
      success: false,
      message: 'Invalid email format',
    });
    const blank = await post('/password/forgot', {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ success: false, message: 'Email is required' });
  });

  it('sends one account at most 3 links an hour, answering the same meanwhile', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'flood' });
    for (let i = 0; i < 5; i++) expect((await forgot(account.user.email)).json()).toEqual(SENT);
    await sendOutbox(t);
    expect(sent.filter((m) => m.to === account.user.email)).toHaveLength(3);
    clock.advanceSeconds(3601);
    await forgot(account.user.email);
    await sendOutbox(t);
    expect(sent.filter((m) => m.to === account.user.email)).toHaveLength(4);
  });
});

describe('POST /password/reset', () => {
  it('sets the password once, ends every session, and the new password signs in', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'reset' });
    const other = (await login(account.user.email, SIGNUP_PASSWORD)).json();
    await forgot(account.user.email);
    const token = await linkTokenFor(account.user.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been set. Please sign in with your new password.',
    });
    // Every session is over, on this instance at once.
    for (const session of [account, other]) {
      const me = await t.app.inject({
        url: `/api/v1/user/${account.user._id}`,
        headers: bearer(session.accessToken),
      });
      expect(me.statusCode).toBe(401);
      expect((await post('/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    }
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user._id));
    expect(rows.map((r) => r.revokedReason)).toEqual(['password_reset', 'password_reset']);

    expect((await login(account.user.email, SIGNUP_PASSWORD)).json()).toEqual({
      success: false,
      message: 'Invalid password',
    });
    expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, 'Another-Pass-7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it('refuses a link after 30 minutes, an unknown one, and one replaced by a newer link', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'expiry' });
    await forgot(account.user.email);
    const first = await linkTokenFor(account.user.email);
    await forgot(account.user.email);
    const second = await linkTokenFor(account.user.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).json()).toEqual(INVALID_LINK);
    clock.advanceSeconds(30 * 60);
    const expired = await reset(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    expect((await reset('A'.repeat(43))).json()).toEqual(INVALID_LINK);
    expect((await post('/password/reset', { password: NEW_PASSWORD })).json()).toEqual(INVALID_LINK);
  });

  it("checks the new password with sign-up's rule and messages, keeping the link", async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'rule' });
    await forgot(account.user.email);
    const token = await linkTokenFor(account.user.email);
    const weak = await reset(token, 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ success: false, message: 'Password must be stronger' });
    expect((await post('/password/reset', { token })).json()).toEqual({
      success: false,
      message: 'Password is required',
    });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets a Google-only account set a first password', async () => {
    const user = await createUser(t.database.db, { passwordHash: null, googleSub: 'google-sub-reset-1' });
    expect((await login(user.email, NEW_PASSWORD)).json().message).toBe(
      'This account uses Google sign-in. Please sign in with Google.',
    );
    await forgot(user.email);
    expect((await reset(await linkTokenFor(user.email))).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the login lockout of the account', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'locked' });
    for (let i = 0; i < 5; i++) await login(account.user.email, 'Wrong-Pass-1');
    expect((await login(account.user.email, SIGNUP_PASSWORD)).statusCode).toBe(429);
    await forgot(account.user.email);
    await reset(await linkTokenFor(account.user.email));
    expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /password/change', () => {
  const change = (token: string, body: object) => post('/password/change', body, bearer(token));

  it('needs the current password, then keeps this session and ends the others', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'change' });
    const other = (await login(account.user.email, SIGNUP_PASSWORD)).json();
    const wrong = await change(account.accessToken, {
      currentPassword: 'Not-It-123',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'Current password is incorrect' });
    expect((await change(account.accessToken, { password: NEW_PASSWORD })).json()).toEqual({
      success: false,
      message: 'Current password is required',
    });
    expect(
      (await change(account.accessToken, { currentPassword: SIGNUP_PASSWORD, password: 'weakpass' })).json(),
    ).toEqual({ success: false, message: 'Password must be stronger' });

    const res = await change(account.accessToken, {
      currentPassword: SIGNUP_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    const me = (token: string) =>
      t.app.inject({ url: `/api/v1/user/${account.user._id}`, headers: bearer(token) });
    expect((await me(account.accessToken)).statusCode).toBe(200);
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords toward the account lockout', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'guess' });
    for (let i = 0; i < 5; i++) {
      await change(account.accessToken, { currentPassword: `Guess-${i}-Abc`, password: NEW_PASSWORD });
    }
    const locked = await change(account.accessToken, {
      currentPassword: SIGNUP_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
    });
    expect(Number(locked.headers['retry-after'])).toBe(300);
  });

  it('tells a Google-only account how to set a first password', async () => {
    const account = await signUpThroughApi(t.app, { prefix: 'google-only' });
    // As an account made by Google sign-in is: no password.
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user._id));
    const res = await change(account.accessToken, {
      currentPassword: SIGNUP_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message:
        'This account signs in with Google and has no password yet. Use Forgot password? on the sign-in page to set one.',
    });
  });

  it('needs a signed-in shopper', async () => {
    const res = await post('/password/change', { currentPassword: 'x', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});
