// Sign-up, sign-in, the login lockout and the profile endpoints (docs/api.md#accounts, docs/product/rules.md).
import { loginThrottles, users } from '@rangrez/db/schema';
import { createUser } from '@rangrez/db/factories/users';
import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { recordLoginFailure } from '../src/modules/accounts/repository.ts';
import { ACCOUNT_THROTTLE } from '../src/modules/accounts/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Counts Argon2 verifications (the real function still runs).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

const clock = new ManualClock('2026-03-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix = 'shopper') => `${prefix}-${++seq}-${Date.now()}@example.in`;
// Each test signs in from its own address unless it is about addresses, so per-address counts stay apart.
const nextIp = () => `10.1.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`;

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: uniqueEmail(),
  password: 'Abcdef1!',
  phone: '+91 98765-43210',
  ...overrides,
});

function post(url: string, payload: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: ip,
    headers,
  });
}

async function signup(overrides: Record<string, unknown> = {}) {
  const res = await post('/signup', signupBody(overrides), nextIp());
  expect(res.statusCode).toBe(201);
  return res.json() as { accessToken: string; refreshToken: string; user: { _id: string; email: string } };
}

const login = (email: string, password: string, ip: string) => post('/login', { email, password }, ip);

describe('POST /signup', () => {
  it('creates the account and answers a session with the user (no hash, no internal columns)', async () => {
    const email = uniqueEmail('New.Shopper');
    const res = await post(
      '/signup',
      signupBody({ email: `  ${email.toUpperCase()} `, firstName: ' Ravi ' }),
      nextIp(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(body.user).toEqual({
      _id: expect.any(String),
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: email.toLowerCase(),
      // Typed '+91 98765-43210': kept as the national number (docs/accounts.md#phone-numbers).
      phone: '9876543210',
      avatar: '',
      address: { country: '', state: '', city: '', street: '', pincode: '', doorNo: '' },
    });
    expect(res.body).not.toMatch(/password|hash|argon|google/i);
    expect(res.headers['cache-control']).toBe('no-store');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.email).toBe(email.toLowerCase());
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('Abcdef1!');
  });

  it('refuses a second account for the same address in another case with 409 and a message naming email', async () => {
    const email = uniqueEmail('Dup');
    await signup({ email: email.replace('dup', 'DUP') });
    const res = await post('/signup', signupBody({ email: email.toLowerCase() }), nextIp());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'An account with this email already exists' });

    const again = await post('/signup', signupBody({ email: email.toUpperCase() }), nextIp());
    expect(again.statusCode).toBe(409);
  });

  it('refuses A@B.in after a@b.in', async () => {
    const local = `case${Date.now()}`;
    await signup({ email: `${local}@b.in` });
    const res = await post('/signup', signupBody({ email: `${local.toUpperCase()}@B.IN` }), nextIp());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('email');
  });

  it('lets only one of two simultaneous sign-ups with one address through', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      post('/signup', signupBody({ email }), nextIp()),
      post('/signup', signupBody({ email }), nextIp()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it.each([
    [{ password: 'abcdefgh' }, 'Password must be stronger'],
    [{ password: 'abc1' }, 'Password must be stronger'],
    [{ phone: '98765abc10' }, 'Please enter a valid phone number'],
    [{ phone: '+()' }, 'Please enter a valid phone number'],
    [{ firstName: '   ' }, 'All fields are required'],
    [{ lastName: '' }, 'All fields are required'],
    [{ phone: undefined }, 'All fields are required'],
    [{ email: null }, 'All fields are required'],
    [{ email: 'not-an-address' }, 'Invalid email format'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const res = await post('/signup', signupBody(overrides), nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('ignores unknown fields instead of storing or rejecting them', async () => {
    const session = await signup({
      role: 'admin',
      googleSub: 'x',
      passwordHash: 'y',
      avatar: 'https://evil.example/a.png',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.user._id));
    expect(row?.googleSub).toBeNull();
    expect(row?.avatar).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 4xx in the error shape for malformed, oversized and non-JSON bodies', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });

    const huge = await post('/signup', signupBody({ firstName: 'x'.repeat(20_000) }), nextIp());
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'Request body is too large' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      success: false,
      message: 'Invalid input: expected object, received string',
    });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);

    const array = await post('/signup', [1, 2], nextIp());
    expect(array.statusCode).toBe(400);
    expect(array.json().success).toBe(false);

    const wrongType = await post('/signup', signupBody({ password: 12345678 }), nextIp());
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ success: false, message: 'password must be text' });
  });
});

describe('POST /signup rate limit', () => {
  it('refuses the 11th sign-up from one address within an hour with 429', async () => {
    const limited = await createTestApp({}, undefined, { clock });
    try {
      const ip = '10.9.9.9';
      for (let i = 0; i < 10; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/signup',
          payload: signupBody({ email: uniqueEmail('limit') }),
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(201);
      }
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: signupBody({ email: uniqueEmail('limit') }),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        message: 'Too many sign-up attempts. Please try again later.',
      });
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: signupBody({ email: uniqueEmail('limit') }),
        remoteAddress: '10.9.9.10',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /login', () => {
  it('signs in with the e-mail in any case and answers the same session shape', async () => {
    const { user } = await signup({ password: 'Str0ng!pass' });
    const res = await login(`  ${user.email.toUpperCase()}  `, 'Str0ng!pass', nextIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(body.user._id).toBe(user._id);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it("answers 'User not found' for an unknown address (the client shows 'No account found with this email.')", async () => {
    const res = await login(uniqueEmail('nobody'), 'Whatever1!', nextIp());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'User not found' });
  });

  it("answers 'Invalid password' for a wrong password (the client shows 'Incorrect password.')", async () => {
    const { user } = await signup();
    const res = await login(user.email, 'Wrong-pass1', nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Invalid password' });
  });

  it.each([
    {},
    { email: 'a@b.in' },
    { email: ' ', password: 'x' },
    { email: 'a@b.in', password: '' },
    { password: 'x' },
  ])("answers 'Email and password are required' for %j", async (body) => {
    const res = await post('/login', body, nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Email and password are required' });
  });

  it('tells a Google-only account to use Google instead of failing oddly', async () => {
    const row = await createUser(t.database.db, {
      email: uniqueEmail('google-only'),
      googleSub: `sub-${Date.now()}`,
    });
    const res = await login(row.email, 'Anything1!', nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'This account uses Google sign-in. Please sign in with Google.',
    });
  });

  it('refuses a stored hash it cannot read as a wrong password, not a 500', async () => {
    const row = await createUser(t.database.db, {
      email: uniqueEmail('broken-hash'),
      passwordHash: 'not-a-hash',
    });
    const res = await login(row.email, 'Anything1!', nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid password');
  });
});

describe('login lockout (5 failures lock for 300 s)', () => {
  async function throttle(key: string) {
    const [row] = await t.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    return row;
  }

  it('locks the account after 5 consecutive failures, for 300 s, then resets the count', async () => {
    const { user } = await signup({ password: 'Right-pass1' });
    const ip = nextIp();
    for (let i = 1; i <= 5; i++) {
      const res = await login(user.email, `Wrong-${i}`, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid password');
    }
    expect((await throttle(`account:${user.email}`))?.failures).toBe(5);

    // Even the right password is refused while locked, from any address.
    const locked = await login(user.email, 'Right-pass1', nextIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
    });
    expect(locked.json().message).toContain('Too many');
    expect(locked.headers['retry-after']).toBe('300');

    clock.advanceSeconds(299);
    const stillLocked = await login(user.email, 'Right-pass1', nextIp());
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.headers['retry-after']).toBe('1');

    clock.advanceSeconds(1);
    // At 300 s the lock lifts and the count starts again: one more failure is failure number 1.
    const wrong = await login(user.email, 'Wrong-again', ip);
    expect(wrong.json().message).toBe('Invalid password');
    expect((await throttle(`account:${user.email}`))?.failures).toBe(1);
    const ok = await login(user.email, 'Right-pass1', ip);
    expect(ok.statusCode).toBe(200);
  });

  it('resets the count on a success', async () => {
    const { user } = await signup({ password: 'Right-pass1' });
    const ip = nextIp();
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass', ip)).statusCode).toBe(400);
    expect((await login(user.email, 'Right-pass1', ip)).statusCode).toBe(200);
    expect(await throttle(`account:${user.email}`)).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass', ip)).statusCode).toBe(400);
    // 4 + 4 failures with a success between: not locked.
    expect((await login(user.email, 'Right-pass1', ip)).statusCode).toBe(200);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const { user } = await signup({ password: 'Right-pass1' });
    const ip = nextIp();
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong-pass', ip);
    clock.advanceSeconds(15 * 60);
    await login(user.email, 'Wrong-pass', ip);
    expect((await throttle(`account:${user.email}`))?.failures).toBe(1);
  });

  it('counts unknown addresses too, so guessing which accounts exist is throttled as well', async () => {
    const email = uniqueEmail('ghost');
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'Whatever1', ip)).json().message).toBe('User not found');
    expect((await login(email, 'Whatever1', ip)).statusCode).toBe(429);
  });

  it('counts 10 simultaneous wrong passwords as 10 (atomic upserts)', async () => {
    const { user } = await signup({ password: 'Right-pass1' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(user.email, `Wrong-${i}`, `10.77.0.${i + 1}`)),
    );
    // Requests that passed the lock check before the 5th failure was written all count; none is lost.
    const failed = results.filter((res) => res.json().message === 'Invalid password').length;
    expect(failed).toBeGreaterThanOrEqual(5);
    const row = await throttle(`account:${user.email}`);
    expect(row?.failures).toBe(failed);
    expect(row?.lockedUntil?.toISOString()).toBe(new Date(clock.now().getTime() + 300_000).toISOString());
    expect((await login(user.email, 'Right-pass1', nextIp())).statusCode).toBe(429);
  });

  it('loses no count when 10 failures are recorded at once (single-statement upsert)', async () => {
    const key = `account:${uniqueEmail('parallel')}`;
    const now = clock.now();
    await Promise.all(
      Array.from({ length: 10 }, () => recordLoginFailure(t.database.db, key, ACCOUNT_THROTTLE, now)),
    );
    const row = await throttle(key);
    expect(row?.failures).toBe(10);
    expect(row?.lockedUntil?.getTime()).toBe(now.getTime() + 300_000);
  });

  it('locks one client address after 20 failures across accounts within 15 minutes', async () => {
    const ip = '10.200.0.1';
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signup({ password: 'Right-pass1' })));
    // 4 failures on each of 5 accounts: no account reaches 5, the address reaches 20.
    for (const { user } of accounts) {
      for (let i = 0; i < 4; i++) expect((await login(user.email, 'Wrong-pass', ip)).statusCode).toBe(400);
    }
    expect((await throttle(`ip:${ip}`))?.failures).toBe(20);
    const [first] = accounts;
    const blocked = await login(first!.user.email, 'Right-pass1', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Too many');
    // The same account from another address is fine (its own count is 4).
    expect((await login(first!.user.email, 'Right-pass1', nextIp())).statusCode).toBe(200);
    clock.advanceSeconds(300);
    expect((await login(first!.user.email, 'Right-pass1', ip)).statusCode).toBe(200);
  });

  it('checks a (dummy) hash for an unknown address, so timing does not reveal which accounts exist', async () => {
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    await login(uniqueEmail('nobody'), 'Right-pass1', nextIp());
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    const { user } = await signup({ password: 'Right-pass1' });
    await login(user.email, 'Wrong-pass1', nextIp());
    expect(verify).toHaveBeenCalledTimes(1);
  });
});

describe('GET /user/{id} and PUT /user/update/{userId}', () => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it('answers the own user', async () => {
    const session = await signup();
    const res = await t.app.inject({
      url: `/api/v1/user/${session.user._id}`,
      headers: auth(session.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: session.user });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token and 403 for someone else (never 401: the client would loop refreshing)', async () => {
    const me = await signup();
    const other = await signup();
    const missing = await t.app.inject({ url: `/api/v1/user/${me.user._id}` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: 'Authentication required' });

    for (const id of [other.user._id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({ url: `/api/v1/user/${id}`, headers: auth(me.accessToken) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'You do not have access to this resource' });
    }
  });

  it("refuses to update another user's profile with 403 and changes nothing", async () => {
    const me = await signup();
    const victim = await signup({ firstName: 'Victim' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${victim.user._id}`,
      headers: auth(me.accessToken),
      payload: { firstName: 'Hacked', address: { city: 'Pune' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this resource');
    // Checked before the body: an invalid body for someone else is still a 403.
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${victim.user._id}`,
      headers: auth(me.accessToken),
      payload: {},
    });
    expect(invalid.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.user._id));
    expect(row?.firstName).toBe('Victim');
    expect(row?.addressCity).toBe('');
  });

  it('updates only the fields sent, drops nulls, and answers the user', async () => {
    const me = await signup({ phone: '9876543210' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${me.user._id}`,
      headers: auth(me.accessToken),
      payload: {
        firstName: ' Asha ',
        lastName: null,
        phone: null,
        avatar: 'https://cdn.example.com/a.png',
        address: { city: 'Mysuru', state: 'karnataka', pincode: '570001', doorNo: '4', street: null },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Profile updated successfully!',
      user: {
        ...me.user,
        firstName: 'Asha',
        avatar: 'https://cdn.example.com/a.png',
        address: {
          country: '',
          state: 'Karnataka',
          city: 'Mysuru',
          street: '',
          pincode: '570001',
          doorNo: '4',
        },
      },
    });
    const again = await t.app.inject({ url: `/api/v1/user/${me.user._id}`, headers: auth(me.accessToken) });
    expect(again.json().user.lastName).toBe('Kumar');
    expect(again.json().user.phone).toBe('9876543210');
  });

  it.each([
    [{}, 'No valid updates provided'],
    [{ email: 'new@example.in' }, 'No valid updates provided'],
    [{ email: 'new@example.in', password: 'Secret1!x' }, 'No valid updates provided'],
    [{ firstName: null, address: {} }, 'No valid updates provided'],
    [{ avatar: 'not a url' }, 'Please enter a valid avatar URL'],
    [{ avatar: 'javascript:alert(1)' }, 'Please enter a valid avatar URL'],
    [{ firstName: '  ' }, 'First name and last name are required'],
    [{ lastName: '' }, 'First name and last name are required'],
    [{ address: { pincode: '012345' } }, 'Please enter a valid 6-digit PIN code'],
    [{ phone: 'call me' }, 'Please enter a valid phone number'],
  ])('refuses %j with "%s" and changes nothing', async (payload, message) => {
    const me = await signup();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${me.user._id}`,
      headers: auth(me.accessToken),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.user._id));
    expect(row?.email).toBe(me.user.email);
    expect(row?.firstName).toBe('Ravi');
  });

  it('never changes e-mail or password through an update', async () => {
    const me = await signup({ password: 'Right-pass1' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/update/${me.user._id}`,
      headers: auth(me.accessToken),
      payload: { email: 'taken@example.in', password: 'New-pass1!', firstName: 'Ravi K' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(me.user.email);
    expect((await login(me.user.email, 'Right-pass1', nextIp())).statusCode).toBe(200);
  });

  it('clears the avatar with an empty string', async () => {
    const me = await signup();
    const put = (avatar: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/user/update/${me.user._id}`,
        headers: auth(me.accessToken),
        payload: { avatar },
      });
    expect((await put('https://cdn.example.com/me.png')).json().user.avatar).toBe(
      'https://cdn.example.com/me.png',
    );
    expect((await put('')).json().user.avatar).toBe('');
  });
});
