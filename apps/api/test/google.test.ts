// Google sign-in: the local stand-in's protocol, the real client code running against it, account linking
// rules, and GOOGLE_AUTH modes (docs/integrations.md#google-sign-in).
import { sharedState, users } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env.ts';
import { createGoogleClient, type FetchLike } from '../src/integrations/google/client.ts';
import { createInjectFetch } from '../src/lib/inject-fetch.ts';
import {
  GOOGLE_ENDPOINTS,
  GoogleTokenRejectedError,
  GoogleUnavailableError,
} from '../src/integrations/google/port.ts';
import { standinEndpoints, standinSub } from '../src/integrations/google/standin.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const CLIENT_ID = 'rangrez-standin.apps.googleusercontent.com';
const CALLBACK = 'http://shop.test/auth/google/callback';
const AUTH_PATH = '/__google/o/oauth2/v2/auth';

const clock = new ManualClock('2026-05-10T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++seq}-${Date.now()}@example.in`;

function authQuery(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: CALLBACK,
    response_type: 'token',
    scope: 'openid email profile',
    state: 'state-123',
    prompt: 'select_account',
    ...overrides,
  });
}

/** Submits the consent form as a browser would and returns the redirect's fragment. */
async function consent(fields: Record<string, string>, query: Record<string, string> = {}) {
  const form = authQuery(query);
  form.delete('prompt');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await t.app.inject({
    method: 'POST',
    url: AUTH_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function standinToken(fields: Record<string, string>): Promise<string> {
  const { fragment } = await consent({ action: 'allow', email_verified: 'true', ...fields });
  const token = fragment.get('access_token');
  expect(token).toBeTruthy();
  return token!;
}

const googleLogin = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/google-login', payload });

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('GET /api/v1/auth/google/config', () => {
  it('points the web app at the stand-in by default', async () => {
    const res = await t.app.inject('/api/v1/auth/google/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, clientId: CLIENT_ID, authUrl: AUTH_PATH });
  });
});

describe('stand-in consent page', () => {
  it('is a plain HTML form that works under the CSP (no scripts) with demo accounts and "Email verified" on', async () => {
    const res = await t.app.inject(`${AUTH_PATH}?${authQuery()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain(`<form method="post" action="${AUTH_PATH}">`);
    expect(res.body).toContain('asha.verma@gmail.com');
    expect(res.body).toMatch(
      /<input type="checkbox" name="email_verified" value="true" checked>Email verified/,
    );
    expect(res.body).toContain(`name="redirect_uri" value="${CALLBACK}"`);
    expect(res.body).toContain('name="state" value="state-123"');
    expect(res.body).toMatch(/<label class="field" for="email">/);
  });

  it('escapes what it echoes', async () => {
    const res = await t.app.inject(`${AUTH_PATH}?${authQuery({ state: '"><script>alert(1)</script>' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it.each([
    [{ client_id: 'someone-else.apps.googleusercontent.com' }, 'invalid_client'],
    [{ client_id: '' }, 'invalid_client'],
    [{ redirect_uri: 'https://evil.example/auth/google/callback' }, 'redirect_uri_mismatch'],
    [{ redirect_uri: 'http://shop.test.evil.example/cb' }, 'redirect_uri_mismatch'],
    [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri_mismatch'],
    [{ redirect_uri: '/auth/google/callback' }, 'invalid_request'],
    [{ response_type: 'code' }, 'unsupported_response_type'],
  ])('refuses %j with an error page and never redirects', async (overrides, error) => {
    for (const res of [
      await t.app.inject(`${AUTH_PATH}?${authQuery(overrides)}`),
      await t.app.inject({
        method: 'POST',
        url: AUTH_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: authQuery({ ...overrides, account: 'asha', action: 'allow' }).toString(),
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(error);
    }
  });

  it("accepts the request's own origin as redirect target (a dev server on another port)", async () => {
    const res = await t.app.inject({
      url: `${AUTH_PATH}?${authQuery({ redirect_uri: 'http://localhost:5173/auth/google/callback' })}`,
      headers: { host: 'localhost:5173' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('redirects with the implicit-flow fragment Google uses', async () => {
    const { location, fragment } = await consent({
      account: 'kabir',
      action: 'allow',
      email_verified: 'true',
    });
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(fragment.get('access_token')).toMatch(/^ya29\.standin\.[A-Za-z0-9_-]{43}$/);
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('expires_in')).toBe('3599');
    expect(fragment.get('state')).toBe('state-123');
  });

  it('answers access_denied with the state when the tester cancels', async () => {
    const { fragment } = await consent({ account: 'asha', action: 'deny' });
    expect(Object.fromEntries(fragment)).toEqual({ error: 'access_denied', state: 'state-123' });
  });

  it('asks again for another account without an e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: authQuery({ account: 'other', email: 'nope', action: 'allow' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Enter an e-mail address for the other account.');
    // The tester left "Email verified" unticked: the re-shown form keeps it unticked.
    expect(res.body).toMatch(/<input type="checkbox" name="email_verified" value="true">Email verified/);
  });
});

describe('stand-in tokeninfo and userinfo (Google shapes)', () => {
  it('describe a live token, and refuse unknown ones like Google', async () => {
    const token = await standinToken({ account: 'meera' });
    const info = await t.app.inject(`/__google/tokeninfo?access_token=${encodeURIComponent(token)}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      azp: CLIENT_ID,
      aud: CLIENT_ID,
      sub: standinSub('meera.iyer@gmail.com'),
      scope: 'openid email profile',
      exp: String(Math.floor(clock.now().getTime() / 1000) + 3599),
      expires_in: '3599',
      email: 'meera.iyer@gmail.com',
      email_verified: 'true',
      access_type: 'online',
    });
    const user = await t.app.inject({
      url: '/__google/oauth2/v3/userinfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.json()).toEqual({
      sub: standinSub('meera.iyer@gmail.com'),
      name: 'Meera Iyer',
      given_name: 'Meera',
      family_name: 'Iyer',
      picture: 'http://shop.test/__google/avatar/MI.svg',
      email: 'meera.iyer@gmail.com',
      email_verified: true,
    });

    const bad = await t.app.inject('/__google/tokeninfo?access_token=ya29.nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' });
    const none = await t.app.inject('/__google/oauth2/v3/userinfo');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid Credentials' });
    const avatar = await t.app.inject('/__google/avatar/MI.svg');
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
  });

  it('forget tokens after 3599 s', async () => {
    const token = await standinToken({ account: 'meera' });
    clock.advanceSeconds(3599);
    const res = await t.app.inject(`/__google/tokeninfo?access_token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(400);
    expect((await googleLogin({ access_token: token })).statusCode).toBe(401);
  });
});

describe('POST /google-login', () => {
  it('creates a user from the Google profile (no password), then signs the same user in again', async () => {
    const email = uniqueEmail('new.google');
    const token = await standinToken({ account: 'other', email, name: 'Zoya Akhtar Khan' });
    const res = await googleLogin({ access_token: token });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(session.user).toMatchObject({
      firstName: 'Zoya',
      lastName: 'Akhtar Khan',
      email,
      phone: '',
      avatar: 'http://shop.test/__google/avatar/ZA.svg',
    });
    const row = await userRow(email);
    expect(row?.googleSub).toBe(standinSub(email));
    expect(row?.passwordHash).toBeNull();
    const profile = await t.app.inject({
      url: `/api/v1/user/${session.user._id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(profile.statusCode).toBe(200);

    const again = await googleLogin({
      access_token: await standinToken({ account: 'other', email, name: 'Z A' }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user._id).toBe(session.user._id);
    // A password login on a Google-only account says so instead of failing oddly.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password: 'Abcdef1!' },
    });
    expect(pw.json().message).toBe('This account uses Google sign-in. Please sign in with Google.');
  });

  it('signs a demo account in from a fresh token each time, as one user', async () => {
    const a = await googleLogin({ access_token: await standinToken({ account: 'asha' }) });
    const b = await googleLogin({ access_token: await standinToken({ account: 'asha' }) });
    expect(a.statusCode).toBe(200);
    expect(b.json().user._id).toBe(a.json().user._id);
    expect(a.json().user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha.verma@gmail.com',
    });
  });

  it('creates one user when the same new account signs in twice at once', async () => {
    const email = uniqueEmail('parallel.google');
    const [x, y] = await Promise.all([
      googleLogin({ access_token: await standinToken({ account: 'other', email }) }),
      googleLogin({ access_token: await standinToken({ account: 'other', email }) }),
    ]);
    expect(x.statusCode).toBe(200);
    expect(y.statusCode).toBe(200);
    expect(y.json().user._id).toBe(x.json().user._id);
  });

  it('links a verified Google e-mail to the existing password account', async () => {
    const email = uniqueEmail('linked');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: { firstName: 'Dev', lastName: 'Rao', email, password: 'Abcdef1!', phone: '9876543210' },
    });
    const existing = signup.json().user;
    const res = await googleLogin({
      access_token: await standinToken({ account: 'other', email, name: 'Devendra R' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(existing._id);
    // The shopper's own names stay; the Google picture fills the empty avatar.
    expect(res.json().user).toMatchObject({
      firstName: 'Dev',
      lastName: 'Rao',
      avatar: 'http://shop.test/__google/avatar/DR.svg',
    });
    expect((await userRow(email))?.googleSub).toBe(standinSub(email));
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password: 'Abcdef1!' },
    });
    expect(pw.statusCode).toBe(200);
  });

  it('does not link an unverified Google e-mail to an existing account', async () => {
    const email = uniqueEmail('unverified');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: { firstName: 'Ira', lastName: 'Sen', email, password: 'Abcdef1!', phone: '9876543210' },
    });
    const { fragment } = await consent({ action: 'allow', account: 'other', email }); // box unticked
    const res = await googleLogin({ access_token: fragment.get('access_token') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'An account with this email already exists. Sign in with your password: your Google email address is not verified.',
    });
    expect((await userRow(email))?.googleSub).toBeNull();
  });

  it('refuses unknown, empty and forged tokens', async () => {
    const unknown = await googleLogin({ access_token: 'ya29.standin.unknown' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, message: 'Failed to authenticate with Google' });
    const empty = await googleLogin({ access_token: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, message: 'access_token or credential is required' });
    const credential = await googleLogin({ credential: 'not.a.jwt' });
    expect(credential.statusCode).toBe(401);
    expect(credential.json().message).toBe('Failed to authenticate with Google');
  });

  describe('with an ID token ({ credential })', () => {
    async function idToken(fields: Record<string, string>) {
      const { fragment } = await consent(
        { action: 'allow', email_verified: 'true', ...fields },
        { response_type: 'id_token', nonce: 'n-1' },
      );
      const token = fragment.get('id_token');
      expect(token).toBeTruthy();
      expect(fragment.get('access_token')).toBeNull();
      return token!;
    }

    async function signWithStandinKey(claims: Record<string, unknown>) {
      const [row] = await t.database.db
        .select({ value: sharedState.value })
        .from(sharedState)
        .where(eq(sharedState.key, 'google.standin.signing_key'));
      const { kid, privateJwk } = row?.value as { kid: string; privateJwk: JWK };
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ email: 'x@example.in', email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer('https://accounts.google.com')
        .setSubject('1234567890')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .setAudience((claims.aud as string | undefined) ?? CLIENT_ID)
        .sign(await importJWK(privateJwk, 'RS256'));
    }

    it('verifies the signature against the JWKS and signs in the same user as the access-token flow', async () => {
      const email = uniqueEmail('idtoken');
      const viaToken = await googleLogin({ access_token: await standinToken({ account: 'other', email }) });
      const viaCredential = await googleLogin({ credential: await idToken({ account: 'other', email }) });
      expect(viaCredential.statusCode).toBe(200);
      expect(viaCredential.json().user._id).toBe(viaToken.json().user._id);
    });

    it('refuses a tampered, expired or foreign-audience ID token', async () => {
      const token = await idToken({ account: 'asha' });
      const [h, p, s] = token.split('.') as [string, string, string];
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, email: 'victim@example.in' })).toString('base64url')}.${s}`;
      expect((await googleLogin({ credential: tampered })).statusCode).toBe(401);

      const foreign = await signWithStandinKey({ aud: 'someone-else.apps.googleusercontent.com' });
      expect((await googleLogin({ credential: foreign })).statusCode).toBe(401);
      const wrongIssuer = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32));
      expect((await googleLogin({ credential: wrongIssuer })).statusCode).toBe(401);
      // The control: the same key and claims with our audience pass.
      expect(
        (await googleLogin({ credential: await signWithStandinKey({ email: uniqueEmail('ctl') }) }))
          .statusCode,
      ).toBe(200);

      clock.advanceSeconds(3601);
      const expired = await googleLogin({ credential: token });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Failed to authenticate with Google');
    });
  });
});

describe('the real Google client', () => {
  it('runs against the stand-in, and refuses a token issued to another client id (aud)', async () => {
    const token = await standinToken({ account: 'kabir' });
    const ours = createGoogleClient({
      clientId: CLIENT_ID,
      endpoints: standinEndpoints(),
      fetch: createInjectFetch(() => t.app),
      clock,
    });
    await expect(ours.verifyAccessToken(token)).resolves.toMatchObject({
      sub: standinSub('kabir.singh@gmail.com'),
      email: 'kabir.singh@gmail.com',
      emailVerified: true,
      givenName: 'Kabir',
    });
    const theirs = createGoogleClient({
      clientId: 'another-shop.apps.googleusercontent.com',
      endpoints: standinEndpoints(),
      fetch: createInjectFetch(() => t.app),
      clock,
    });
    await expect(theirs.verifyAccessToken(token)).rejects.toBeInstanceOf(GoogleTokenRejectedError);
  });

  it("calls Google's endpoints as documented and checks aud and azp", async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    const answers: Record<string, { status: number; body: unknown }> = {
      tokeninfo: { status: 200, body: { aud: CLIENT_ID, azp: CLIENT_ID, sub: '42', expires_in: '3000' } },
      userinfo: {
        status: 200,
        body: { sub: '42', email: 'A@Example.in', email_verified: true, given_name: 'A' },
      },
    };
    const fakeFetch: FetchLike = async (url, init) => {
      calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      const answer = url.includes('tokeninfo') ? answers.tokeninfo! : answers.userinfo!;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createGoogleClient({
      clientId: CLIENT_ID,
      endpoints: GOOGLE_ENDPOINTS,
      fetch: fakeFetch,
      clock,
    });
    await expect(client.verifyAccessToken('tok/+=')).resolves.toMatchObject({
      sub: '42',
      email: 'a@example.in',
    });
    expect(calls).toEqual([
      { url: 'https://oauth2.googleapis.com/tokeninfo?access_token=tok%2F%2B%3D', authorization: null },
      { url: 'https://www.googleapis.com/oauth2/v3/userinfo', authorization: 'Bearer tok/+=' },
    ]);

    answers.tokeninfo = { status: 200, body: { aud: CLIENT_ID, azp: 'other', sub: '42' } };
    await expect(client.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleTokenRejectedError);
    answers.tokeninfo = { status: 200, body: { aud: 'other', sub: '42' } };
    await expect(client.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleTokenRejectedError);
    answers.tokeninfo = { status: 200, body: { aud: CLIENT_ID, sub: '43' } };
    await expect(client.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleTokenRejectedError);
    answers.tokeninfo = { status: 400, body: { error: 'invalid_token' } };
    await expect(client.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleTokenRejectedError);
    answers.tokeninfo = { status: 503, body: {} };
    await expect(client.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleUnavailableError);
    const offline = createGoogleClient({
      clientId: CLIENT_ID,
      endpoints: GOOGLE_ENDPOINTS,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      clock,
    });
    await expect(offline.verifyAccessToken('tok')).rejects.toBeInstanceOf(GoogleUnavailableError);
    await expect(offline.verifyIdToken('a.b.c')).rejects.toBeInstanceOf(GoogleTokenRejectedError);
  });
});

describe('GOOGLE_AUTH modes', () => {
  it('off: config says disabled, google-login is refused, the stand-in is not mounted', async () => {
    const off = await createTestApp({ GOOGLE_AUTH: 'off' });
    try {
      expect((await off.app.inject('/api/v1/auth/google/config')).json()).toEqual({
        enabled: false,
        clientId: null,
        authUrl: null,
      });
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/google-login',
        payload: { access_token: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Google sign-in is not available' });
      expect((await off.app.inject(`${AUTH_PATH}?${authQuery()}`)).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('google: points at Google with the configured client id and mounts no stand-in', async () => {
    const real = await createTestApp({
      GOOGLE_AUTH: 'google',
      GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com',
    });
    try {
      expect((await real.app.inject('/api/v1/auth/google/config')).json()).toEqual({
        enabled: true,
        clientId: 'shop.apps.googleusercontent.com',
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      });
      expect((await real.app.inject('/__google/oauth2/v3/certs')).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('google without GOOGLE_CLIENT_ID stops start-up naming the variable', () => {
    expect(() => loadConfig({ GOOGLE_AUTH: 'google' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_AUTH: 'google' })).toThrow(
      'GOOGLE_CLIENT_ID: is required when GOOGLE_AUTH=google',
    );
    expect(() => loadConfig({ GOOGLE_AUTH: 'maybe' })).toThrow('GOOGLE_AUTH: must be standin, google or off');
  });
});
