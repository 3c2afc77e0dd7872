// Security headers: a Content-Security-Policy the store works under (nonce scripts, the sandbox's
// checkout script from our own origin, Razorpay's hosts only with PAYMENTS=razorpay), HSTS when served over TLS,
// no X-Powered-By, and no cookies (the API uses bearer tokens; any cookie would have to be HttpOnly, Secure and
// SameSite). The browser side (no CSP violation while shopping) is checked by the end-to-end suite, whose fixture
// fails a test on any console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInNewUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp, 'content-security-policy header').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** JSON answers, errors included: the API's own short set of headers. */
const API_URLS = ['/api/v1/health', '/api/v1/products', '/api/v1/nope', '/api/v1/product/%ZZ'];

/** Everything else a browser may load: the document set, with a nonce policy. */
const SAMPLE_URLS = [
  '/api/docs',
  '/media/placeholder.svg',
  '/robots.txt',
  '/__razorpay/checkout.js',
  '/__qikink/track/1',
  '/__google/o/oauth2/v2/auth',
  '/anything-else',
];

describe('Content-Security-Policy', () => {
  it('is strict on every kind of answer: nonce scripts only, nothing inline or evaluated, no plugins, no framing', async () => {
    const nonces = new Set<string>();
    for (const url of SAMPLE_URLS) {
      const res = await t.app.inject(url);
      const d = directives(res.headers['content-security-policy'] as string);
      expect(d.get('default-src'), url).toEqual(["'self'"]);
      const scripts = d.get('script-src') ?? [];
      expect(scripts[0], url).toBe("'self'");
      expect(scripts.filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
      expect(scripts.join(' '), url).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:|data:/);
      expect(d.get('object-src'), url).toEqual(["'none'"]);
      expect(d.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(d.get('base-uri'), url).toEqual(["'self'"]);
      expect(d.get('form-action'), url).toEqual(["'self'"]);
      expect(d.get('connect-src'), url).toEqual(["'self'"]);
      nonces.add(scripts.find((s) => s.startsWith("'nonce-"))!);
    }
    // A fresh nonce per answer: one seen in a page cannot be reused to run an injected script in another.
    expect(nonces.size).toBe(SAMPLE_URLS.length);
  });

  it('allows nothing on JSON answers: not rendered, not framed, not embedded by another origin', async () => {
    for (const url of API_URLS) {
      const res = await t.app.inject(url);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Headers about documents only: a JSON answer is never one.
      for (const name of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it("serves the payment sandbox's checkout script from the store's own origin, so the policy needs no exception", async () => {
    const config = await t.app.inject('/api/v1/razorpay/config');
    expect(config.json().checkoutScriptUrl).toMatch(/^(\/|http:\/\/shop\.test\/)__razorpay\/checkout\.js$/);
    const script = await t.app.inject('/__razorpay/checkout.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it("admits Razorpay's own hosts only when the real Razorpay is configured", async () => {
    const real = await createTestApp({
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_Real0000000000',
      RAZORPAY_KEY_SECRET: 'real-secret',
      RAZORPAY_WEBHOOK_SECRET: 'real-webhook-secret',
    });
    try {
      const d = directives(
        (await real.app.inject('/anything-else')).headers['content-security-policy'] as string,
      );
      expect(d.get('script-src')).toContain('https://checkout.razorpay.com');
      expect(d.get('connect-src')).toEqual(["'self'", 'https://api.razorpay.com']);
      expect(d.get('frame-src')).toEqual(["'self'", 'https://api.razorpay.com']);
      const sandbox = directives(
        (await t.app.inject('/anything-else')).headers['content-security-policy'] as string,
      );
      expect(sandbox.get('frame-src')).toEqual(["'self'"]);
    } finally {
      await real.close();
    }
  });
});

describe('transport and fingerprinting headers', () => {
  it('sends HSTS for a year with subdomains on answers served over TLS (behind a trusted proxy)', async () => {
    const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    const hsts = res.headers['strict-transport-security'] as string;
    expect(hsts).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('never names the server software, and keeps the other protective headers on errors too', async () => {
    for (const url of [...SAMPLE_URLS, ...API_URLS]) {
      const res = await t.app.inject(url);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers.server, url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const url of SAMPLE_URLS) {
      const res = await t.app.inject(url);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(bad.headers['x-powered-by']).toBeUndefined();
  });
});

describe('cookies', () => {
  it('are never set by the API: sessions are bearer tokens (and any cookie would be HttpOnly, Secure, SameSite)', async () => {
    const shopper = await signInNewUser(t);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: `c-${Date.now()}@example.in`,
        password: 'Abcdef1!',
        phone: '9876543210',
      },
    });
    expect(signup.statusCode).toBe(201);
    const answers = [
      signup,
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { refreshToken: signup.json().refreshToken },
      }),
      await t.app.inject({ url: `/api/v1/user/${shopper.userId}`, headers: shopper.headers }),
      await t.app.inject({ url: '/api/v1/cart', headers: shopper.headers }),
      await t.app.inject({ method: 'POST', url: '/api/v1/google-login', payload: { access_token: 'x' } }),
      ...(await Promise.all(SAMPLE_URLS.map((url) => t.app.inject(url)))),
    ];
    for (const res of answers) {
      const cookies = [res.headers['set-cookie'] ?? []].flat();
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      }
      expect(cookies).toEqual([]);
    }
  });
});
