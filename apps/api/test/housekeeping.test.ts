// Housekeeping (docs/decisions/011-housekeeping.md): the hourly job deletes refresh tokens, sessions and login
// throttles once they can no longer change an answer, a day after that, and back-in-stock requests served 90 days
// ago, and nothing else. Each case asks the API the same question before and after the run and expects the same
// answer.
import { createHash } from 'node:crypto';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { backInStockRequests, loginThrottles, refreshTokens, sessions } from '@rangrez/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { QUEUES } from '../src/jobs/queues.ts';
import { type Clock, ManualClock } from '../src/lib/clock.ts';
import { deadAccountRowCutoffs } from '../src/modules/accounts/service.ts';
import { createHousekeeping } from '../src/modules/housekeeping/service.ts';
import { SIGNUP_PASSWORD, type SignedUp, type TestApp, createTestApp, signUpThroughApi } from './helpers.ts';

const DAY = 86_400;
const GRACE = DAY;
const SESSION_EXPIRED = { success: false, message: 'Session expired. Please login again.' };
const INVALID_PASSWORD = { success: false, message: 'Invalid password' };
const TOO_MANY = { success: false, message: 'Too many login attempts. Please try again later.' };

const clock = new ManualClock('2026-05-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

let seq = 0;
const nextIp = () => `10.9.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`;
const PASSWORD = SIGNUP_PASSWORD;

const signup = (app = t.app) =>
  signUpThroughApi(app, {
    prefix: 'housekeeping',
    firstName: 'Kavya',
    lastName: 'Rao',
    remoteAddress: nextIp(),
  });

const refresh = (refreshToken: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken } });

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: ip, payload: { email, password } });

const answer = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  body: res.json(),
});

const sessionIdOf = (session: SignedUp) => decodeJwt(session.accessToken).sid as string;

async function tokenRow(token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  return row;
}

async function sessionRow(sessionId: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

async function tokensOfSession(sessionId: string) {
  return t.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
}

async function throttleKeys(keys: string[]) {
  const rows = await t.database.db
    .select({ key: loginThrottles.key })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  return rows.map((row) => row.key).sort();
}

/** One tick of the periodic jobs, as the workers would run it. */
async function housekeep() {
  const run = await t.app.jobs.runDueJobs({ periodic: true });
  expect(run.ran[QUEUES.housekeeping]).toBe(1);
  expect(run.failed).toEqual({});
}

describe('refresh tokens', () => {
  it('keeps a rotated token of a live session, so presenting it late still revokes the session', async () => {
    const session = await signup();
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const successor = rotated.json().refreshToken as string;
    // Long past the 30 s reuse grace, well before the 30-day expiry.
    clock.advanceSeconds(10 * DAY);

    await housekeep();
    expect(await tokenRow(session.refreshToken)).toBeDefined();

    const replay = await refresh(session.refreshToken);
    expect(answer(replay)).toEqual({ status: 401, body: SESSION_EXPIRED });
    // The replay ended the session for whoever holds its newest token.
    expect(answer(await refresh(successor))).toEqual({ status: 401, body: SESSION_EXPIRED });
    expect((await sessionRow(sessionIdOf(session)))?.revokedReason).toBe('refresh_token_reuse');

    // A day after the revocation the session goes, with every token of it; the tokens are refused as before.
    clock.advanceSeconds(GRACE - 1);
    await housekeep();
    expect(await tokensOfSession(sessionIdOf(session))).toHaveLength(2);
    clock.advanceSeconds(2);
    await housekeep();
    expect(await sessionRow(sessionIdOf(session))).toBeUndefined();
    expect(await tokensOfSession(sessionIdOf(session))).toEqual([]);
    expect(answer(await refresh(session.refreshToken))).toEqual({ status: 401, body: SESSION_EXPIRED });
    expect(answer(await refresh(successor))).toEqual({ status: 401, body: SESSION_EXPIRED });
  });

  it('deletes a token a day after it expired; replaying it is refused the same way and revokes nothing', async () => {
    const session = await signup();
    clock.advanceSeconds(29 * DAY);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const successor = rotated.json().refreshToken as string;
    // The first token expired (30 days) a day ago, less one second.
    clock.advanceSeconds(DAY + GRACE - 1);

    await housekeep();
    expect(await tokenRow(session.refreshToken)).toBeDefined();
    const before = answer(await refresh(session.refreshToken));
    expect(before).toEqual({ status: 401, body: SESSION_EXPIRED });
    expect((await sessionRow(sessionIdOf(session)))?.revokedAt).toBeNull();

    clock.advanceSeconds(2);
    await housekeep();
    expect(await tokenRow(session.refreshToken)).toBeUndefined();
    expect(await tokenRow(successor)).toBeDefined();
    expect(answer(await refresh(session.refreshToken))).toEqual(before);
    // Neither replay touched the session: its current token still refreshes.
    expect((await refresh(successor)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('deletes a logged-out session a day after the logout, with its tokens', async () => {
    const session = await signup();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    const sessionId = sessionIdOf(session);

    clock.advanceSeconds(GRACE - 1);
    await housekeep();
    expect((await sessionRow(sessionId))?.revokedReason).toBe('logout');
    expect(await tokensOfSession(sessionId)).toHaveLength(1);
    const before = answer(await refresh(session.refreshToken));
    expect(before).toEqual({ status: 401, body: SESSION_EXPIRED });

    clock.advanceSeconds(2);
    await housekeep();
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect(await tokensOfSession(sessionId)).toEqual([]);
    expect(answer(await refresh(session.refreshToken))).toEqual(before);
  });

  it('deletes a session idle past the refresh-token lifetime, not before, and keeps one in use', async () => {
    const idle = await signup();
    const active = await signup();
    // The active shopper comes back after 20 days; the idle one never does (its token expires on day 30).
    clock.advanceSeconds(20 * DAY);
    const renewed = await refresh(active.refreshToken);
    expect(renewed.statusCode).toBe(200);

    clock.advanceSeconds(10 * DAY + GRACE - 1);
    await housekeep();
    expect(await sessionRow(sessionIdOf(idle))).toBeDefined();
    expect(await tokensOfSession(sessionIdOf(idle))).toHaveLength(1);
    const before = answer(await refresh(idle.refreshToken));
    expect(before).toEqual({ status: 401, body: SESSION_EXPIRED });

    clock.advanceSeconds(2);
    await housekeep();
    expect(await sessionRow(sessionIdOf(idle))).toBeUndefined();
    expect(await tokensOfSession(sessionIdOf(idle))).toEqual([]);
    expect(answer(await refresh(idle.refreshToken))).toEqual(before);
    // The active session lost only its expired first token.
    expect(await sessionRow(sessionIdOf(active))).toBeDefined();
    expect(await tokenRow(active.refreshToken)).toBeUndefined();
    expect((await refresh(renewed.json().refreshToken)).statusCode).toBe(200);
  });

  it('keeps a session whose token was issued under a longer REFRESH_TOKEN_TTL_DAYS and is still valid', async () => {
    // Another instance (or the previous release) issuing 60-day tokens on the same database.
    const longer = await buildApp({
      config: testConfig({
        PUBLIC_URL: 'http://shop.test',
        SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
        REFRESH_TOKEN_TTL_DAYS: '60',
      }),
      db: t.database.db,
      clock,
    });
    try {
      const session = await signup(longer);
      // Unused for 45 days: idle by this app's 30-day lifetime, yet its token is good until day 60.
      clock.advanceSeconds(45 * DAY);
      await housekeep();
      expect(await sessionRow(sessionIdOf(session))).toBeDefined();
      expect(await tokenRow(session.refreshToken)).toBeDefined();
      expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    } finally {
      await longer.close();
    }
  });
  it('waits for the last access token when it outlives the refresh token (extreme settings)', () => {
    const now = new Date('2026-05-01T08:00:00.000Z');
    const { sessions: cutoffs } = deadAccountRowCutoffs(
      testConfig({ ACCESS_TOKEN_TTL_SECONDS: '86400', REFRESH_TOKEN_TTL_DAYS: '1' }).accounts,
      now,
    );
    // Access token: a day, signed up to the 30 s reuse grace after last use; then the day of grace.
    expect(cutoffs.idleBefore.toISOString()).toBe('2026-04-29T07:59:30.000Z');
    expect(cutoffs.revokedBefore.toISOString()).toBe('2026-04-30T08:00:00.000Z');
  });
});

describe('login throttles', () => {
  it('keeps a lock and a count in progress: a locked-out login stays locked, the count goes on', async () => {
    const locked = await signup();
    const lockedIp = nextIp();
    for (let i = 0; i < 5; i++) {
      expect(answer(await login(locked.user.email, 'Wrong-pass1', lockedIp))).toEqual({
        status: 400,
        body: INVALID_PASSWORD,
      });
    }
    const counting = await signup();
    const countingIp = nextIp();
    for (let i = 0; i < 3; i++) await login(counting.user.email, 'Wrong-pass1', countingIp);
    clock.advanceSeconds(120);

    const lockedAnswer = async () => {
      const res = await login(locked.user.email, PASSWORD, nextIp());
      return { ...answer(res), retryAfter: res.headers['retry-after'] };
    };
    const before = await lockedAnswer();
    expect(before).toEqual({ status: 429, body: TOO_MANY, retryAfter: '180' });
    await housekeep();
    expect(await throttleKeys([`account:${locked.user.email}`, `account:${counting.user.email}`])).toEqual(
      [`account:${counting.user.email}`, `account:${locked.user.email}`].sort(),
    );
    expect(await lockedAnswer()).toEqual(before);
    // Failures 4 and 5 of the counting account: the 5th locks it, as if no job had run.
    for (let i = 0; i < 2; i++) await login(counting.user.email, 'Wrong-pass1', countingIp);
    expect(answer(await login(counting.user.email, PASSWORD, nextIp()))).toEqual({
      status: 429,
      body: TOO_MANY,
    });
  });

  it('deletes account and address rows a day after their window, and the next failure counts from 1', async () => {
    const shopper = await signup();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await login(shopper.user.email, 'Wrong-pass1', ip);
    const keys = [`account:${shopper.user.email}`, `ip:${ip}`].sort();
    // The lock (300 s) and the 15-minute window both ended; a day more, less a second.
    clock.advanceSeconds(15 * 60 + GRACE - 1);
    await housekeep();
    expect(await throttleKeys(keys)).toEqual(keys);

    clock.advanceSeconds(2);
    await housekeep();
    expect(await throttleKeys(keys)).toEqual([]);
    // A fresh count, exactly what the expired rows would have given: 4 failures do not lock, the 5th does.
    for (let i = 0; i < 4; i++) {
      expect(answer(await login(shopper.user.email, 'Wrong-pass1', ip))).toEqual({
        status: 400,
        body: INVALID_PASSWORD,
      });
    }
    const failures = await t.database.db
      .select({ key: loginThrottles.key, failures: loginThrottles.failures })
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, keys));
    expect(failures.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      keys.map((key) => ({ key, failures: 4 })),
    );
    await login(shopper.user.email, 'Wrong-pass1', ip);
    expect(answer(await login(shopper.user.email, PASSWORD, nextIp()))).toEqual({
      status: 429,
      body: TOO_MANY,
    });
  });
});

describe('batches and time budget', () => {
  const stale = new Date('2026-01-01T00:00:00.000Z');
  const staleThrottles = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      key: `account:${prefix}-${i}@example.in`,
      failures: 3,
      lockedUntil: null,
      updatedAt: stale,
    }));
  const deps = () => ({
    db: t.database.db,
    accounts: testConfig().accounts,
    batchSize: 2,
  });
  const leftWith = async (prefix: string) =>
    (await t.database.db.select({ key: loginThrottles.key }).from(loginThrottles)).filter((row) =>
      row.key.startsWith(`account:${prefix}-`),
    ).length;

  it('deletes in batches until a batch comes back short', async () => {
    // Clears what earlier tests left behind, so the counts below are this test's rows only.
    await createHousekeeping({ ...deps(), clock, batchSize: 10_000 }).run();
    await t.database.db.insert(loginThrottles).values(staleThrottles('batch', 5));
    const result = await createHousekeeping({ ...deps(), clock }).run();
    expect(result).toEqual({
      deleted: { refreshTokens: 0, sessions: 0, loginThrottles: 5, backInStockRequests: 0 },
      finished: true,
    });
    expect(await leftWith('batch')).toBe(0);
  });

  it('starts no batch after its time budget and leaves the rest to the next run', async () => {
    await createHousekeeping({ ...deps(), clock, batchSize: 10_000 }).run();
    await t.database.db.insert(loginThrottles).values(staleThrottles('budget', 9));
    // Each reading of this clock is a minute later: the budget allows two readings after the start.
    let readings = 0;
    const slow: Clock = { now: () => new Date(clock.now().getTime() + readings++ * 60_000) };
    const first = await createHousekeeping({ ...deps(), clock: slow, budgetMs: 150_000 }).run();
    expect(first.finished).toBe(false);
    // Budget checks at +1 and +2 minutes ran one batch each (tokens, then sessions); +3 stopped before throttles.
    expect(first.deleted).toEqual({
      refreshTokens: 0,
      sessions: 0,
      loginThrottles: 0,
      backInStockRequests: 0,
    });
    expect(await leftWith('budget')).toBe(9);

    readings = 0;
    const second = await createHousekeeping({ ...deps(), clock: slow, budgetMs: 5 * 60_000 }).run();
    // +1 tokens, +2 sessions, +3 and +4 throttles (2 rows each), +5 stops.
    expect(second).toEqual({
      deleted: { refreshTokens: 0, sessions: 0, loginThrottles: 4, backInStockRequests: 0 },
      finished: false,
    });
    expect(await leftWith('budget')).toBe(5);

    const last = await createHousekeeping({ ...deps(), clock }).run();
    expect(last).toEqual({
      deleted: { refreshTokens: 0, sessions: 0, loginThrottles: 5, backInStockRequests: 0 },
      finished: true,
    });
    expect(await leftWith('budget')).toBe(0);
  });
});

describe('back-in-stock requests', () => {
  it('deletes requests served more than 90 days ago, and keeps later ones and those still waiting', async () => {
    const db = t.database.db;
    const product = await createProduct(db, { stock: 0 });
    const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY * 1000);
    const request = (email: string, notifiedAt: Date | null) => ({
      productId: product.id,
      email,
      createdAt: daysAgo(200),
      notifiedAt,
    });
    await db
      .insert(backInStockRequests)
      .values([
        request('old@example.in', daysAgo(91)),
        request('recent@example.in', daysAgo(89)),
        request('waiting@example.in', null),
      ]);
    const result = await createHousekeeping({ db, clock, accounts: testConfig().accounts }).run();
    expect(result.deleted.backInStockRequests).toBe(1);
    const left = await db
      .select({ email: backInStockRequests.email })
      .from(backInStockRequests)
      .where(eq(backInStockRequests.productId, product.id));
    expect(left.map((r) => r.email).sort()).toEqual(['recent@example.in', 'waiting@example.in']);
  });
});
