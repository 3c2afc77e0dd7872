// Sessions: access tokens, rotating refresh tokens with the reuse grace window, logout, and the auth plugin's
// answers to bad tokens (docs/api.md#authentication, docs/product/rules.md#sessions).
import { createHash } from 'node:crypto';
import { refreshTokens, sessions, sharedState } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { SIGNUP_PASSWORD, type SignedUp, type TestApp, createTestApp, signUpThroughApi } from './helpers.ts';

const clock = new ManualClock('2026-04-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

const signup = (app = t.app) =>
  signUpThroughApi(app, { prefix: 'session', firstName: 'Meera', lastName: 'Iyer' });

const refresh = (refreshToken: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken } });

const getUser = (session: SignedUp, token = session.accessToken, app = t.app) =>
  app.inject({ url: `/api/v1/user/${session.user._id}`, headers: { authorization: `Bearer ${token}` } });

async function sessionRow(sessionId: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

describe('access tokens', () => {
  it('are HS256 JWTs with sub, sid and typ, living 60 minutes', async () => {
    const session = await signup();
    const claims = decodeJwt(session.accessToken);
    expect(claims.sub).toBe(session.user._id);
    expect(claims.typ).toBe('access');
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(JSON.parse(Buffer.from(session.accessToken.split('.')[0]!, 'base64url').toString())).toMatchObject(
      {
        alg: 'HS256',
      },
    );
    expect((await sessionRow(claims.sid as string))?.userId).toBe(session.user._id);
  });

  it('still work at 59 minutes (a long checkout), expire with 401 by 61, and a refresh gives a working one', async () => {
    const session = await signup();
    clock.advanceSeconds(59 * 60);
    expect((await getUser(session)).statusCode).toBe(200);
    clock.advanceSeconds(2 * 60);
    const expired = await getUser(session);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await getUser(session, refreshed.json().accessToken)).statusCode).toBe(200);
  });

  it('refuses tampered, alg:none, wrong-key, wrong-type and malformed tokens with 401', async () => {
    const session = await signup();
    const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
    const otherUser = await signup();
    const claims = decodeJwt(session.accessToken);

    // Same signature, payload claiming to be someone else.
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: otherUser.user._id })).toString(
      'base64url',
    );
    const tampered = `${header}.${forgedPayload}.${signature}`;
    // A flipped signature character.
    const badSignature = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const unsigned = new UnsecuredJWT({ sid: claims.sid, typ: 'access' })
      .setSubject(session.user._id)
      .setIssuer('rangrez')
      .setAudience('rangrez-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const sign = (secret: string, extra: Record<string, unknown> = {}) =>
      new SignJWT({ sid: claims.sid, typ: 'access', ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user._id)
        .setIssuer('rangrez')
        .setAudience('rangrez-api')
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(secret));
    const wrongKey = await sign('x'.repeat(48));

    const [stored] = await t.database.db
      .select({ value: sharedState.value })
      .from(sharedState)
      .where(eq(sharedState.key, 'auth.jwt_secret'));
    const realSecret = stored?.value as string;
    expect(realSecret.length).toBeGreaterThanOrEqual(32);
    // Signed with the real key but not an access token: still refused.
    const wrongType = await sign(realSecret, { typ: 'refresh' });
    // The real key and the right claims work (so the refusals above are about what they change).
    const control = await sign(realSecret);
    expect((await getUser(session, control)).statusCode).toBe(200);

    for (const token of [tampered, badSignature, unsigned, wrongKey, wrongType, 'abc.def.ghi', 'not-a-jwt']) {
      const res = await getUser(session, token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    }
    // The forged token does not reach the other user's profile either.
    expect((await getUser(otherUser, tampered)).statusCode).toBe(401);

    for (const authorization of ['', 'Basic abc', 'Bearer', 'Bearer a b', `Token ${session.accessToken}`]) {
      const res = await t.app.inject({ url: `/api/v1/user/${session.user._id}`, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it('work on a second app instance on the same database (the signing key is shared, not per process)', async () => {
    const session = await signup();
    const second = await buildApp({
      config: testConfig({ PUBLIC_URL: 'http://shop.test' }),
      db: t.database.db,
      clock,
    });
    try {
      expect((await getUser(session, session.accessToken, second)).statusCode).toBe(200);
      const refreshed = await refresh(session.refreshToken, second);
      expect(refreshed.statusCode).toBe(200);
      expect((await getUser(session, refreshed.json().accessToken)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('are refused on every instance within 5 s of a sign-out on another', async () => {
    const session = await signup();
    const second = await buildApp({
      config: testConfig({ PUBLIC_URL: 'http://shop.test' }),
      db: t.database.db,
      clock,
    });
    try {
      // The second instance has seen the session alive: it trusts that for at most 5 s.
      expect((await getUser(session, session.accessToken, second)).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(out.statusCode).toBe(200);
      // The instance that signed out refuses at once.
      expect((await getUser(session)).statusCode).toBe(401);
      clock.advanceSeconds(4.9);
      expect((await getUser(session, session.accessToken, second)).statusCode).toBe(200);
      clock.advanceSeconds(0.1);
      const refused = await getUser(session, session.accessToken, second);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    } finally {
      await second.close();
    }
  });

  it('of a session never seen on an instance are checked there at once', async () => {
    const session = await signup();
    const second = await buildApp({
      config: testConfig({ PUBLIC_URL: 'http://shop.test' }),
      db: t.database.db,
      clock,
    });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect((await getUser(session, session.accessToken, second)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('use JWT_SECRET when it is configured', async () => {
    const secret = 'configured-secret-that-is-long-enough-1234';
    const configured = await buildApp({
      config: testConfig({
        PUBLIC_URL: 'http://shop.test',
        JWT_SECRET: secret,
        SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
      }),
      db: t.database.db,
      clock,
    });
    try {
      const session = await signup(configured);
      const token = await new SignJWT({ sid: decodeJwt(session.accessToken).sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user._id)
        .setIssuer('rangrez')
        .setAudience('rangrez-api')
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(secret));
      expect((await getUser(session, token, configured)).statusCode).toBe(200);
      // The default app uses the shared_state key, not this one.
      expect((await getUser(session, session.accessToken)).statusCode).toBe(401);
    } finally {
      await configured.close();
    }
  });
});

describe('POST /refresh-token', () => {
  it('rotates: a new pair each time, the refresh token stored only as its SHA-256', async () => {
    const session = await signup();
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refreshToken).not.toBe(session.refreshToken);
    expect((await getUser(session, body.accessToken)).statusCode).toBe(200);

    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const [old] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(session.refreshToken)));
    const [next] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(body.refreshToken)));
    expect(old?.rotatedAt?.getTime()).toBe(clock.now().getTime());
    expect(old?.successorId).toBe(next?.id);
    expect(next?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 86_400_000);
    const all = await t.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(all.some((r) => r.hash === session.refreshToken || r.hash === body.refreshToken)).toBe(false);

    const second = await refresh(body.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(body.refreshToken);
  });

  it('answers parallel refreshes with one token with the same successor', async () => {
    const session = await signup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refreshToken)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const successors = new Set(answers.map((res) => res.json().refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];
    expect(successor).not.toBe(session.refreshToken);
    // Exactly one successor row was created.
    const sid = decodeJwt(session.accessToken).sid as string;
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sid));
    expect(rows).toHaveLength(2);
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('answers the same successor again within the 30 s grace window', async () => {
    const session = await signup();
    const first = (await refresh(session.refreshToken)).json();
    clock.advanceSeconds(30);
    const again = await refresh(session.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().refreshToken).toBe(first.refreshToken);
    expect((await getUser(session, again.json().accessToken)).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token comes back after the window', async () => {
    const session = await signup();
    const first = (await refresh(session.refreshToken)).json();
    clock.advanceSeconds(31);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });

    const sid = decodeJwt(session.accessToken).sid as string;
    const row = await sessionRow(sid);
    expect(row?.revokedAt?.getTime()).toBe(clock.now().getTime());
    expect(row?.revokedReason).toBe('refresh_token_reuse');
    // The successor and every access token of the session stop working too.
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await getUser(session, first.accessToken)).statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: session.user.email, password: SIGNUP_PASSWORD },
    });
    expect((await getUser(session, other.json().accessToken)).statusCode).toBe(200);
  });

  it('refuses unknown, expired and malformed refresh tokens with 401 or 400', async () => {
    const unknown = await refresh('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });

    const session = await signup();
    clock.advanceSeconds(30 * 86_400);
    const expired = await refresh(session.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Session expired. Please login again.');

    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'refreshToken is required' });
    const huge = await refresh('x'.repeat(20_000));
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /logout', () => {
  it('revokes the session: its access and refresh tokens stop working, other sessions do not', async () => {
    const session = await signup();
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: session.user.email, password: SIGNUP_PASSWORD },
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await getUser(session)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await getUser(session, other.accessToken)).statusCode).toBe(200);
    const row = await sessionRow(decodeJwt(session.accessToken).sid as string);
    expect(row?.revokedReason).toBe('logout');
  });

  it("also ends the session of a refresh token in the body, only if it is the caller's", async () => {
    const session = await signup();
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: session.user.email, password: SIGNUP_PASSWORD },
      });
    const second = (await login()).json();
    const stranger = await signup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { refreshToken: second.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);

    const third = (await login()).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${third.accessToken}` },
      payload: { refreshToken: stranger.refreshToken },
    });
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
  });

  it('needs a valid access token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});
