// Abuse limits (plugins/limits.ts, docs/decisions/009-abuse-limits.md): per-route rate limits answering
// 429 in the contract's error shape with Retry-After, the JSON nesting limit, and body size limits. Sign-up's own
// limit is tested in accounts.test.ts; the login lockout (per account, in PostgreSQL) there too.
import { createHmac } from 'node:crypto';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { createSlide } from '@rangrez/db/factories/slides';
import { cartItems, orders, slides, wishlistItems } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { LIMIT_MESSAGES, nestingDepthExceeds } from '../src/plugins/limits.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
/** Every route as it was added, with the limit it declares (read from its options, as the limits plugin does). */
const routeTable: Array<{ method: string; url: string; limit: string | undefined }> = [];
let productId: string;
let slideId: string;

beforeAll(async () => {
  t = await createTestApp(
    {
      LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      ORDER_RATE_LIMIT_PER_MINUTE: '2',
      SLIDER_EVENT_RATE_LIMIT_PER_MINUTE: '3',
      PINCODE_RATE_LIMIT_PER_MINUTE: '2',
      REVIEW_RATE_LIMIT_PER_MINUTE: '2',
      PROMOTION_CODE_RATE_LIMIT_PER_MINUTE: '3',
      JSON_MAX_DEPTH: '6',
    },
    async (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        // Sign-up keeps its own hourly limit (@fastify/rate-limit's per-route option).
        const limit = route.config?.rateLimitGroup ?? (route.config?.rateLimit ? 'signup' : undefined);
        for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, limit });
      });
    },
    { clock },
  );
  productId = (await createProduct(t.database.db, { stock: 50 })).id;
  slideId = (await createSlide(t.database.db)).id;
});
afterAll(() => t.close());

let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(ipSeq / 200)}.${(ipSeq++ % 200) + 1}`;

// A new address each time: the per-account lockout (5 failures) must not be what answers 429 here.
const login = (ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: `nobody-${ipSeq++}@example.in`, password: 'whatever-1' },
    remoteAddress: ip,
    headers,
  });

function expectLimited(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  message: string,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ success: false, message });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('configuration', () => {
  it('has production defaults generous for people and tight for scripts, and refuses nonsense', () => {
    expect(loadConfig({}).limits).toEqual({
      loginPerMinute: 30,
      ordersPerMinute: 10,
      sliderEventsPerMinute: 120,
      pincodePerMinute: 60,
      reviewsPerMinute: 20,
      promotionCodesPerMinute: 30,
      newsletterPerMinute: 5,
      jsonMaxDepth: 16,
    });
    expect(() => loadConfig({ ORDER_RATE_LIMIT_PER_MINUTE: '0' })).toThrow('ORDER_RATE_LIMIT_PER_MINUTE');
    expect(() => loadConfig({ JSON_MAX_DEPTH: 'deep' })).toThrow('JSON_MAX_DEPTH');
  });
});

describe('route table', () => {
  it('has a rate limit declared on every route a script would hammer, and on no other', () => {
    // A renamed or moved route shows up here under its new address with the limit it carries.
    const limited = Object.fromEntries(
      routeTable.filter((r) => r.limit !== undefined).map((r) => [`${r.method} ${r.url}`, r.limit]),
    );
    expect(limited).toEqual({
      'POST /api/v1/login': 'sign-in',
      'POST /api/v1/google-login': 'sign-in',
      'POST /api/v1/admin/session': 'sign-in',
      'POST /api/v1/admin/invitations/lookup': 'sign-in',
      'POST /api/v1/admin/invitations/accept': 'sign-in',
      'POST /api/v1/signup': 'signup',
      'POST /api/v1/qikink/order': 'orders',
      'POST /api/v1/orders/:orderId/cancel': 'orders',
      'POST /api/v1/orders/:orderId/returns': 'orders',
      'POST /api/v1/orders/:orderId/returns/photos': 'reviews',
      'POST /api/v1/orders/:orderId/returns/video': 'reviews',
      'POST /api/v1/orders/:orderId/pay': 'orders',
      'POST /api/v1/orders/:orderId/cod': 'orders',
      'POST /api/v1/orders/:orderId/cod-confirmation': 'orders',
      'POST /api/v1/razorpay/initiate-payment': 'orders',
      'POST /api/v1/slider/:id/impression': 'slider-events',
      'POST /api/v1/slider/:id/click': 'slider-events',
      'GET /api/v1/pincode/:pincode': 'pincode',
      'HEAD /api/v1/pincode/:pincode': 'pincode',
      'GET /api/v1/delivery/:pincode': 'pincode',
      'HEAD /api/v1/delivery/:pincode': 'pincode',
      'GET /api/v1/checkout/cod': 'cod-checks',
      'HEAD /api/v1/checkout/cod': 'cod-checks',
      'PUT /api/v1/product/:id/review': 'reviews',
      'POST /api/v1/product/:id/review/photos': 'reviews',
      'POST /api/v1/products/:id/notify': 'back-in-stock',
      'POST /api/v1/cart/coupon': 'promotion-codes',
      'POST /api/v1/promotions/preview': 'promotion-codes',
      'POST /api/v1/newsletter/subscribe': 'newsletter',
      'POST /api/v1/newsletter/confirm': 'newsletter',
      'POST /api/v1/password/forgot': 'passwords',
      'POST /api/v1/password/reset': 'passwords',
      'POST /api/v1/password/change': 'passwords',
    });
  });
});

describe('sign-in', () => {
  it('refuses the 4th attempt a minute from one address with the lockout message, for that address only', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(ip)).statusCode).toBe(404);
    const limited = await login(ip);
    expectLimited(limited, 'Too many login attempts. Please try again later.');
    // The login form shows its lock banner for any message containing 'Too many' (docs/product/texts.md#sign-in).
    expect(limited.json()).toMatchObject({ message: expect.stringContaining('Too many') });
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Google sign-in is counted with it.
    const google = await t.app.inject({
      method: 'POST',
      url: '/api/v1/google-login',
      payload: { access_token: 'x' },
      remoteAddress: ip,
    });
    expect(google.statusCode).toBe(429);

    expect((await login(nextIp())).statusCode).toBe(404);

    // The window is one minute on the app's clock.
    clock.advanceSeconds(59);
    expect((await login(ip)).statusCode).toBe(429);
    clock.advanceSeconds(1);
    expect((await login(ip)).statusCode).toBe(404);
  });

  it('is not escaped by rotating X-Forwarded-For when the proxy is not trusted (TRUST_PROXY=false)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await login(ip, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode).toBe(404);
    }
    expect((await login(ip, { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(429);
  });

  it('counts clients behind a trusted proxy by their forwarded address (TRUST_PROXY=true)', async () => {
    const proxied = await createTestApp(
      { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '2' },
      undefined,
      { clock },
    );
    try {
      const via = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: `nobody-${ipSeq++}@example.in`, password: 'whatever-1' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await via('198.51.100.1')).statusCode).toBe(404);
      expect((await via('198.51.100.1')).statusCode).toBe(404);
      expect((await via('198.51.100.1')).statusCode).toBe(429);
      expect((await via('198.51.100.2')).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('order placement', () => {
  const address = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    doorNo: '12B',
    address: 'Linking Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
  };
  const codBody = (buyer: SignedInUser) => ({
    orderItems: [{ productId, size: 'M', color: 'Bk', quantity: '1' }],
    deliveryAddress: address,
    customerId: buyer.userId,
    totalAmount: 799 + 50,
    gateway: 'COD',
    orderType: 'BUY_NOW',
  });
  const place = (buyer: SignedInUser, ip: string, body: object = codBody(buyer)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: body,
      remoteAddress: ip,
    });

  it('allows 2 a minute per shopper (COD and online together), from any address, and stores nothing for the 3rd', async () => {
    const buyer = await signInNewUser(t);
    expect((await place(buyer, nextIp())).statusCode).toBe(201);
    const initiate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: buyer.headers,
      payload: { amount: 799 },
      remoteAddress: nextIp(),
    });
    expect(initiate.statusCode).toBe(200);

    const third = await place(buyer, nextIp());
    expectLimited(third, LIMIT_MESSAGES.orders);
    expect(third.json().message).toBe('Too many orders in a short time. Please wait a minute and try again.');
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toHaveLength(1);

    // Another shopper on the same address is not affected.
    const other = await signInNewUser(t);
    expect((await place(other, nextIp())).statusCode).toBe(201);

    clock.advanceSeconds(60);
    expect((await place(buyer, nextIp())).statusCode).toBe(201);
  });

  it('answers 401, not 429, without a token (the token is checked first)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('reviews', () => {
  const review = (who: SignedInUser) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/product/${productId}/review`,
      headers: who.headers,
      payload: { rating: 5, comment: 'Lovely fabric and print.' },
      remoteAddress: nextIp(),
    });
  const photo = (who: SignedInUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/product/${productId}/review/photos`,
      headers: { ...who.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
      remoteAddress: nextIp(),
    });

  it('allows 2 writes a minute per shopper (reviews and photo uploads together), from any address', async () => {
    // Not eligible (no delivered order): each attempt is still counted before the handler answers 403.
    const shopper = await signInNewUser(t);
    expect((await review(shopper)).statusCode).toBe(403);
    expect((await photo(shopper)).statusCode).toBe(403);
    expectLimited(await photo(shopper), LIMIT_MESSAGES.generic);
    expectLimited(await review(shopper), 'Too many requests. Please try again later.');
    const other = await signInNewUser(t);
    expect((await review(other)).statusCode).toBe(403);
    clock.advanceSeconds(60);
    expect((await review(shopper)).statusCode).toBe(403);
  });
});

describe('promotion codes', () => {
  it('allows 3 code calls a minute per address, the cart and the preview together, signed in or not', async () => {
    const ip = nextIp();
    const shopper = await signInNewUser(t);
    const preview = (code: string, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/promotions/preview',
        payload: { items: [{ productId, quantity: 1 }], code },
        remoteAddress: from,
      });
    const cartCode = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/coupon',
        headers: shopper.headers,
        payload: { code },
        remoteAddress: ip,
      });
    expect((await preview('GUESS-0001')).json().data.couponMessage).toBe('Invalid code.');
    expect((await cartCode('GUESS-0002')).json()).toEqual({ success: false, message: 'Invalid code.' });
    expect((await preview('GUESS-0003')).statusCode).toBe(200);
    expectLimited(await preview('GUESS-0004'), LIMIT_MESSAGES.generic);
    expectLimited(await cartCode('GUESS-0005'), 'Too many requests. Please try again later.');
    expect((await preview('GUESS-0006', nextIp())).statusCode).toBe(200);
    clock.advanceSeconds(60);
    expect((await preview('GUESS-0007')).statusCode).toBe(200);
  });

  it('does not count previews without a code: checkout prices the cart on every change', async () => {
    const ip = nextIp();
    const preview = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/promotions/preview', payload: body, remoteAddress: ip });
    for (let i = 0; i < 5; i += 1) {
      expect((await preview({ items: [{ productId, quantity: 1 + i }] })).statusCode).toBe(200);
    }
    expect((await preview({ items: [{ productId, quantity: 1 }], code: '' })).statusCode).not.toBe(429);
    for (const code of ['GUESS-1', 'GUESS-2', 'GUESS-3']) {
      expect((await preview({ items: [{ productId, quantity: 1 }], code })).statusCode).toBe(200);
    }
    expectLimited(
      await preview({ items: [{ productId, quantity: 1 }], code: 'GUESS-4' }),
      LIMIT_MESSAGES.generic,
    );
  });
});

describe('slider counters and PIN look-ups', () => {
  it('allows 3 slider events a minute per address, impressions and clicks together, and counts nothing beyond', async () => {
    const ip = nextIp();
    const event = (kind: 'impression' | 'click', from = ip) =>
      t.app.inject({ method: 'POST', url: `/api/v1/slider/${slideId}/${kind}`, remoteAddress: from });
    expect((await event('impression')).statusCode).toBe(200);
    expect((await event('click')).statusCode).toBe(200);
    expect((await event('click')).statusCode).toBe(200);
    const [before] = await t.database.db.select().from(slides).where(eq(slides.id, slideId));
    expectLimited(await event('impression'), LIMIT_MESSAGES.generic);
    expectLimited(await event('click'), 'Too many requests. Please try again later.');
    const [after] = await t.database.db.select().from(slides).where(eq(slides.id, slideId));
    expect(after).toEqual(before);
    expect((await event('click', nextIp())).statusCode).toBe(200);
  });

  it('allows 2 PIN look-ups a minute per address', async () => {
    const ip = nextIp();
    const lookup = (pin: string) => t.app.inject({ url: `/api/v1/pincode/${pin}`, remoteAddress: ip });
    expect((await lookup('400050')).statusCode).toBe(200);
    expect((await lookup('999999')).statusCode).toBe(200);
    expectLimited(await lookup('110001'), 'Too many requests. Please try again later.');
    expect((await t.app.inject({ url: '/api/v1/pincode/110001', remoteAddress: nextIp() })).statusCode).toBe(
      200,
    );
  });

  it('allows 2 checkout cash-on-delivery checks a minute per shopper, whatever the phone, from any address', async () => {
    const shopper = await signInNewUser(t);
    const check = (phone: string) =>
      t.app.inject({
        url: `/api/v1/checkout/cod?pincode=400050&value=799&phone=${phone}`,
        headers: shopper.headers,
        remoteAddress: nextIp(),
      });
    expect((await check('9876500001')).statusCode).toBe(200);
    expect((await check('9876500002')).statusCode).toBe(200);
    expectLimited(await check('9876500003'), 'Too many requests. Please try again later.');
    const other = await signInNewUser(t);
    const theirs = await t.app.inject({
      url: '/api/v1/checkout/cod?pincode=400050&value=799&phone=9876500003',
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(200);
    // The sign-ins above used this minute's logins from the default address.
    clock.advanceSeconds(60);
  });

  it('leaves other catalogue reads unlimited', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.app.inject({ url: `/api/v1/product/${productId}`, remoteAddress: ip })).statusCode,
      ).toBe(200);
    }
  });
});

describe('JSON nesting limit', () => {
  const nested = (depth: number): unknown => (depth <= 1 ? {} : { a: nested(depth - 1) });
  const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('measures objects and arrays alike', () => {
    expect(nestingDepthExceeds({ a: 1 }, 1)).toBe(false);
    expect(nestingDepthExceeds({ a: [1] }, 1)).toBe(true);
    expect(nestingDepthExceeds(nested(6), 6)).toBe(false);
    expect(nestingDepthExceeds(nested(7), 6)).toBe(true);
    expect(nestingDepthExceeds(JSON.parse(nestedArray(100_000)), 6)).toBe(true);
    expect(nestingDepthExceeds('text', 0)).toBe(false);
    // Raw JSON bytes (the webhook's body): brackets inside strings do not count.
    expect(nestingDepthExceeds(Buffer.from('{"a":[{"b":"[[[[[[[[\\"{{{{"}]}'), 3)).toBe(false);
    expect(nestingDepthExceeds(Buffer.from('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(nestingDepthExceeds(Buffer.from(nestedArray(100_000)), 16)).toBe(true);
  });

  it('refuses bodies nested deeper than JSON_MAX_DEPTH on every parser (auth, cart, wishlist, orders) and changes nothing', async () => {
    const shopper = await signInNewUser(t);
    const deep = { productId, size: 'M', color: 'Bk', extra: nested(7) };
    const calls = [
      { method: 'POST', url: '/api/v1/login', payload: { email: 'a@b.in', password: nested(7) } },
      { method: 'POST', url: '/api/v1/cart/items', payload: deep },
      { method: 'DELETE', url: '/api/v1/cart', payload: { x: nested(7) } },
      {
        method: 'POST',
        url: '/api/v1/wishlist/add',
        payload: { productId, userId: shopper.userId, x: nested(7) },
      },
      { method: 'POST', url: '/api/v1/qikink/order', payload: { orderItems: [nested(7)] } },
      {
        method: 'PUT',
        url: `/api/v1/user/update/${shopper.userId}`,
        payload: { firstName: 'Deep', x: nested(7) },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: shopper.headers, remoteAddress: nextIp() });
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Request body is nested too deeply' });
    }
    // The Razorpay webhook keeps its body as bytes; a signed body nested 10,000 deep overflowed the stack (500).
    const raw = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', 'sandbox_webhook_secret').update(raw).digest('hex'),
      },
      payload: raw,
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toEqual({ success: false, message: LIMIT_MESSAGES.tooDeep });
    // Half a megabyte of nested brackets is refused the same way, not with a 500 or a stack overflow.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: nestedArray(250_000),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ success: false, message: LIMIT_MESSAGES.tooDeep });
    // A flat megabyte is walked too, without a stack overflow (the route answers it, not a 500).
    const wide = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/process-order',
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: `[${'0,'.repeat(500_000)}0]`,
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().success).toBe(false);

    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.userId)),
    ).toEqual([]);

    // Nesting up to the limit is left to the route's own validation (the unknown field is stripped).
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: shopper.headers,
      payload: { productId, size: 'M', color: 'Bk', extra: nested(5) },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('body size limits', () => {
  it('answers 413 in the error shape above each route group’s limit', async () => {
    const shopper = await signInNewUser(t);
    const big = (n: number) => 'x'.repeat(n);
    const calls = [
      // Credentials: 16 KB.
      { method: 'POST', url: '/api/v1/signup', payload: { firstName: big(17 * 1024) } },
      { method: 'POST', url: '/api/v1/refresh-token', payload: { refreshToken: big(17 * 1024) } },
      { method: 'PUT', url: `/api/v1/user/update/${shopper.userId}`, payload: { firstName: big(17 * 1024) } },
      // Everything else: 1 MB at most.
      { method: 'POST', url: '/api/v1/cart/items', payload: { productId: big(1024 * 1024) } },
      { method: 'POST', url: '/api/v1/wishlist/add', payload: { productId: big(1024 * 1024) } },
      { method: 'POST', url: '/api/v1/qikink/order', payload: { customerName: big(1024 * 1024 + 10) } },
      { method: 'POST', url: '/api/v1/razorpay/webhook', payload: { event: big(1024 * 1024 + 10) } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: shopper.headers, remoteAddress: nextIp() });
      expect(res.statusCode, call.url).toBe(413);
      expect(res.json()).toEqual({ success: false, message: 'Request body is too large' });
    }
  });
});
