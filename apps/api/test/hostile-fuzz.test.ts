// Property-based abuse of every endpoint (docs/decisions/009-abuse-limits.md): generated and mutated bodies, path
// parameters and query strings, signed in, as someone else and not at all. Every answer of the API must be a 2xx
// or a 4xx in the contract's error shape, never a 5xx, and a 4xx must change no row. The stand-ins mounted in the
// same app (/__google, /__razorpay, /__qikink) speak other services' protocols: for them only "never a 5xx".
//
// The endpoint list comes from the routes the app registers, so a new endpoint is fuzzed without editing this file.
// Runs are bounded and seeded: FUZZ_SEED and FUZZ_RUNS override them, and a failure prints the seed, the path and
// the request to replay it.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { createCartItem, createWishlistItem } from '@rangrez/db/factories/shopping';
import { createSlide } from '@rangrez/db/factories/slides';
import { createUser } from '@rangrez/db/factories/users';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const API_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const STANDIN_RUNS = Math.max(5, Math.round(API_RUNS / 3));
const KEY_ID = 'rzp_test_FuzzSuite';
const KEY_SECRET = 'fuzz_suite_key_secret';
const WEBHOOK_SECRET = 'fuzz_suite_webhook_secret';
const PASSWORD = 'Fuzz-Password-1';

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
let t: TestApp;
let dataDir: string;
let passwordHash: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-fuzz-'));
  passwordHash = await hashPassword(PASSWORD);
  t = await createTestApp(
    {
      DATA_DIR: dataDir,
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
      // A replayed refresh token within the run gets its successor instead of revoking the session: revocation
      // is a row change on a 401 by design (decision 004), not what this suite looks for.
      REFRESH_REUSE_GRACE_SECONDS: '300',
      // The other limits are out of reach in tests (testConfig); rate-limits.test.ts covers them all.
      SIGNUP_RATE_LIMIT_PER_HOUR: '1000000',
    },
    async (app) => {
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
            routes.push({ method, url: route.url });
        }
      });
    },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- the world each endpoint is fuzzed in

interface Shopper {
  userId: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

interface World {
  a: Shopper;
  b: Shopper;
  productId: string;
  slideId: string;
  /** A paid provider order of A's ({amount}-only checkout), for process-order. */
  paid?: { razorpayOrderId: string; paymentId: string; signature: string };
}

async function signIn(): Promise<Shopper> {
  const user = await createUser(t.database.db, { passwordHash });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const { accessToken, refreshToken } = res.json() as { accessToken: string; refreshToken: string };
  return { userId: user.id, email: user.email, accessToken, refreshToken };
}

async function newWorld(route: Route): Promise<World> {
  const db = t.database.db;
  const [a, b] = [await signIn(), await signIn()];
  const productId = (await createProduct(db, { stock: 30 })).id;
  const slideId = (await createSlide(db)).id;
  await createCartItem(db, { userId: a.userId, productId });
  await createWishlistItem(db, { userId: a.userId, productId });
  const world: World = { a, b, productId, slideId };
  if (route.url.endsWith('/process-order') || route.url.endsWith('/webhook')) {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: { authorization: `Bearer ${a.accessToken}` },
      payload: { amount: 799 },
    });
    expect(init.statusCode).toBe(200);
    const { razorpayOrderId } = init.json() as { razorpayOrderId: string };
    const paid = await t.app.integrations.razorpaySandbox!.pay(razorpayOrderId, 'success');
    world.paid = {
      razorpayOrderId,
      paymentId: paid.payment.id,
      signature: paid.handler!.razorpay_signature,
    };
  }
  return world;
}

const address = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phone: '98765 43210',
  doorNo: '12B',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

const orderBody = (w: World, gateway: 'COD' | 'Prepaid') => ({
  orderItems: [{ productId: w.productId, size: 'M', color: 'Bk', quantity: '1' }],
  deliveryAddress: address,
  customerId: w.a.userId,
  customerName: 'Asha Verma',
  totalAmount: gateway === 'COD' ? 849 : 799,
  gateway,
  gift_wrap: 0,
  rush_order: 0,
  orderType: 'BUY_NOW',
});

/** A valid body per endpoint: the starting point of the mutations. Endpoints without one get generated values. */
const SAMPLES: Record<string, (w: World) => unknown> = {
  'POST /api/v1/signup': () => ({
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: `fuzz-${randomUUID()}@example.in`,
    password: 'Abcdef1!',
    phone: '+91 98765-43210',
  }),
  'POST /api/v1/login': (w) => ({ email: w.a.email, password: PASSWORD }),
  'POST /api/v1/google-login': () => ({ access_token: 'ya29.not-a-real-token' }),
  'POST /api/v1/refresh-token': (w) => ({ refreshToken: w.a.refreshToken }),
  'POST /api/v1/logout': (w) => ({ refreshToken: w.a.refreshToken }),
  'PUT /api/v1/user/update/:userId': () => ({
    firstName: 'Asha',
    lastName: 'Verma',
    phone: '9876543210',
    avatar: 'https://example.in/a.png',
    address: {
      doorNo: '1',
      street: 'MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      country: 'India',
    },
  }),
  'POST /api/v1/cart/items': (w) => ({ productId: w.productId, size: 'M', color: 'Bk' }),
  'PUT /api/v1/cart/items': (w) => ({ productId: w.productId, size: 'M', color: 'Bk', quantity: 2 }),
  'DELETE /api/v1/cart/items': (w) => ({ productId: w.productId, size: 'M', color: 'Bk' }),
  'POST /api/v1/cart/merge': (w) => ({
    mergeId: `merge-${randomUUID()}`,
    items: [{ productId: w.productId, size: 'L', color: 'Wh', quantity: 2, price: 799 }],
  }),
  'POST /api/v1/wishlist': (w) => ({ userId: w.a.userId }),
  'POST /api/v1/wishlist/add': (w) => ({ productId: w.productId, userId: w.a.userId }),
  'DELETE /api/v1/wishlist/remove/:productId': (w) => ({ userId: w.a.userId }),
  'DELETE /api/v1/wishlist/clear': (w) => ({ userId: w.a.userId }),
  'POST /api/v1/qikink/order': (w) => orderBody(w, 'COD'),
  'POST /api/v1/razorpay/initiate-payment': (w) => orderBody(w, 'Prepaid'),
  'POST /api/v1/razorpay/process-order': (w) => ({
    ...orderBody(w, 'Prepaid'),
    paymentId: w.paid!.paymentId,
    razorpayOrderId: w.paid!.razorpayOrderId,
    razorpaySignature: w.paid!.signature,
  }),
  'POST /api/v1/razorpay/webhook': (w) => ({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: w.paid!.paymentId,
          order_id: w.paid!.razorpayOrderId,
          amount: 79_900,
          status: 'captured',
        },
      },
    },
    created_at: 1_700_000_000,
  }),
  'POST /__razorpay/pay': () => ({ key_id: KEY_ID, order_id: 'order_Unknown', outcome: 'success' }),
  'POST /__razorpay/v1/orders': () => ({ amount: 50_000, currency: 'INR', receipt: 'fuzz-1' }),
  'POST /__razorpay/v1/payments/:id/refund': () => ({ amount: 100, speed: 'normal' }),
  'POST /__qikink/api/order/create': () => ({ order_number: 'FUZZ1', gateway: 'COD', line_items: [] }),
};

/** A valid value per path parameter, by route. */
function validParam(route: Route, name: string, w: World): string {
  if (name === 'userId' || (name === 'id' && route.url.includes('/user/'))) return w.a.userId;
  if (name === 'id' && route.url.includes('/slider/')) return w.slideId;
  if (name === 'id' && route.url.includes('/__razorpay/')) return w.paid?.razorpayOrderId ?? 'order_x';
  if (name === 'id' || name === 'productId') return w.productId;
  if (name === 'color') return 'Bk';
  if (name === 'category') return 'men';
  if (name === 'subCategory') return 'oversized-t-shirt';
  if (name === 'pincode') return '400050';
  if (name === 'file') return 'placeholder.svg';
  if (name === 'awb') return '14900000000001';
  return 'x';
}

/** Another shopper's value for the same parameter (IDOR attempts). */
function othersParam(name: string, w: World): string | undefined {
  return name === 'userId' || name === 'id' ? w.b.userId : undefined;
}

// ---------------------------------------------------------------- generators

const sqlMeta = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "'; SELECT pg_sleep(10); --",
  "' UNION SELECT password_hash FROM users --",
  "O'Brien",
  '%',
  '_',
  '\\',
  '$$',
  "E'\\x00'",
  '1) OR (1=1',
);
const pathish = fc.constantFrom(
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '/',
  '//',
  'a/../../b',
  '.',
);
const oddities = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '٣',
  '１２３',
  '🙂',
  '\u202E',
  '\uFEFF',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'toString',
);
const longText = fc
  .tuple(fc.integer({ min: 101, max: 40_000 }), fc.constantFrom('x', 'é', "'", '9', '🙂'))
  .map(([n, c]) => c.repeat(n));
const hostileString = fc.oneof(
  sqlMeta,
  pathish,
  oddities,
  longText,
  // Any UTF-16 code units, lone surrogates and NUL included.
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.uuid(),
  fc.stringMatching(/^-?\d{1,25}$/),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1, 0.5, -0.5, 1e21, -1e21, 2 ** 53 + 2, 1e308, -1e308, 101, 10_000),
);
const { value: nested } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 3,
    }),
  ),
}));
// As values inside a body: deep enough to pass any sane limit, shallow enough for structuredClone (recursive).
const deep = fc.tuple(fc.integer({ min: 10, max: 400 }), fc.boolean()).map(([n, arrays]) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = arrays ? [v] : { a: v };
  return v;
});
// As raw text: up to 100,000 levels, which only the parser ever sees.
const deepText = fc
  .tuple(fc.integer({ min: 500, max: 100_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 2, arbitrary: nested },
  { weight: 1, arbitrary: deep },
);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

type Mutation = { op: 'replace' | 'delete' | 'wrap' | 'stringify'; path: string[]; value: unknown };

function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const own = Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    pathsOf(v, [...prefix, k]),
  );
  return [prefix, ...own];
}

function applyMutation(root: unknown, m: Mutation): unknown {
  const copy = structuredClone(root);
  if (m.path.length === 0) return m.op === 'wrap' ? [copy] : m.value;
  // An earlier mutation may have replaced a branch (or the whole body): then there is nothing left to mutate.
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!isObject(copy)) return copy;
  let parent = copy;
  for (const key of m.path.slice(0, -1)) {
    const next = parent[key];
    if (!isObject(next)) return copy;
    parent = next;
  }
  const last = m.path[m.path.length - 1]!;
  if (m.op === 'delete') delete parent[last];
  else if (m.op === 'wrap') parent[last] = [parent[last]];
  else if (m.op === 'stringify') parent[last] = JSON.stringify(parent[last]) ?? 'undefined';
  else parent[last] = m.value;
  return copy;
}

function bodyArb(sample: unknown): fc.Arbitrary<Body> {
  const paths = sample === undefined ? [[]] : pathsOf(sample);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    op: fc.constantFrom('replace', 'replace', 'replace', 'delete', 'wrap', 'stringify'),
    path: fc.constantFrom(...paths),
    value: hostileValue,
  });
  const mutated = fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((ms): Body => ({ kind: 'json', value: ms.reduce(applyMutation, sample ?? {}) }));
  const raw = fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '1',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '\u0000',
      '{"a":1}{"b":2}',
      '\uFEFF{}',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
    deepText,
  );
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): Body => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: raw.map((text): Body => ({ kind: 'raw', text })) },
    {
      weight: sample === undefined ? 4 : 1,
      arbitrary: fc.constant<Body>({ kind: 'none' }),
    },
    { weight: sample === undefined ? 0 : 2, arbitrary: fc.constant<Body>({ kind: 'json', value: sample }) },
  );
}

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed is ES2024). */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

// Includes escapes the router cannot decode ('%ZZ', '%E0%A4%A'): app.ts's frameworkErrors answers them.
const rawParam = fc.constantFrom(
  '..',
  '%00',
  '..%2F..%2F',
  '%2e%2e',
  'a%2Fb',
  '+',
  ';',
  '%20',
  '%F0%9F%99%82',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AE',
);
/** find-my-way's maxParamLength is 100: longer parameters (414) are generated too, up to 300 characters. */
const MAX_PARAM = 300;

function paramArb(route: Route, name: string, w: World): fc.Arbitrary<string> {
  const other = othersParam(name, w);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(encodeURIComponent(validParam(route, name, w))) },
    { weight: other ? 1 : 0, arbitrary: fc.constant(encodeURIComponent(other ?? 'x')) },
    {
      weight: 4,
      arbitrary: hostileString.map((raw) => {
        // A lone surrogate cannot be percent-encoded (URIError): it travels as U+FFFD.
        const s = wellFormed(raw);
        const encoded = encodeURIComponent(wellFormed(s.slice(0, MAX_PARAM)));
        // Never cut inside an escape: %E0%A4 must stay whole.
        return encoded.length <= MAX_PARAM
          ? encoded || 'x'
          : encodeURIComponent(wellFormed(s.slice(0, 11))) || 'x';
      }),
    },
    { weight: 1, arbitrary: rawParam },
  );
}

const QUERY_KEYS = [
  'page',
  'limit',
  'offset',
  'isActive',
  'q',
  'includeRecommendations',
  'id',
  'page_no',
  'returnTo',
];
const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), hostileString), {
        maxLength: 4,
      })
      .map((pairs) =>
        pairs
          .map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`)
          .join('&'),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', 'a=%ZZ', '&&&', 'a[b]=1', '__proto__[x]=1', 'page=1&page=2', 'q'),
  },
);

const headerText = fc.stringMatching(/^[\x21-\x7e]{0,300}$/);

interface Generated {
  params: string[];
  query: string;
  body: Body;
  auth: 'none' | 'self' | 'other' | 'garbage' | 'basic';
  contentType: string | undefined;
  ip: string;
  idempotencyKey: string | null;
  garbage: string;
  signWebhook: boolean;
}

function requestArb(route: Route, names: string[], w: World, sample: unknown): fc.Arbitrary<Generated> {
  return fc.record({
    params: names.length ? fc.tuple(...names.map((n) => paramArb(route, n, w))) : fc.constant([]),
    query: queryArb,
    body: bodyArb(sample),
    auth: fc.constantFrom('none', 'self', 'self', 'self', 'other', 'garbage', 'basic'),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ),
    ip: fc.ipV4(),
    idempotencyKey: fc.option(headerText),
    garbage: headerText,
    signWebhook: fc.boolean(),
  });
}

// ---------------------------------------------------------------- what must hold

/**
 * A fingerprint of every row a request could change. Left out: login_throttles (a wrong password is a 4xx that
 * is counted on purpose, decision 004), sessions.last_used_at (touched by any authenticated request) and the
 * deployment secrets created once, on first use, whatever that first request is (LAZY_SECRETS).
 */
const FINGERPRINTED = [
  'users',
  'cart_items',
  'wishlist_items',
  'orders',
  'order_items',
  'order_events',
  'payments',
  'webhook_inbox',
  'outbox',
  'returns',
  'return_items',
  'return_evidence',
  'store_credit',
  'order_notes',
  'refunds',
  'fulfilments',
  'products',
  'slides',
  'slide_event_dedup',
  'slide_daily_stats',
  'reviews',
  'media',
  'shopper_uploads',
  'categories',
  'refresh_tokens',
  'shared_state',
  'user_addresses',
  'back_in_stock_requests',
] as const;
const LAZY_SECRETS = ['slide-counter-salt', 'auth.jwt_secret'];

// The row count and the sum of the rows' 64-bit hashes: independent of row order, so no sort of every table after
// every request (the tables grow through the run, and a sorted aggregate made the run quadratic).
const ROWS_HASH = (row: string) => `count(*) || ':' || coalesce(sum(hashtextextended((${row})::text, 0)::numeric), 0)`;

async function fingerprint(): Promise<Record<string, string>> {
  const parts = [
    ...FINGERPRINTED.map(
      (table) =>
        `SELECT '${table}' AS t, ${ROWS_HASH('to_jsonb(x)')} AS h FROM ${table} x` +
        (table === 'shared_state'
          ? ` WHERE x.key NOT IN (${LAZY_SECRETS.map((k) => `'${k}'`).join(', ')})`
          : ''),
    ),
    `SELECT 'sessions' AS t, ${ROWS_HASH("to_jsonb(x) - 'last_used_at'")} AS h FROM sessions x`,
  ];
  const res = await t.database.db.execute<{ t: string; h: string }>(sql.raw(parts.join(' UNION ALL ')));
  return Object.fromEntries(res.rows.map((r) => [r.t, r.h]));
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]);
}

const paramNames = (url: string) =>
  url
    .split('/')
    .filter((s) => s.startsWith(':') || s === '*')
    .map((s) => (s === '*' ? '*' : s.slice(1)));

function buildUrl(url: string, params: string[]): string {
  let i = 0;
  return url
    .split('/')
    .map((s) => (s.startsWith(':') || s === '*' ? (params[i++] ?? 'x') : s))
    .join('/');
}

const isApi = (route: Route) => route.url.startsWith('/api/');
// Test controls of the stand-ins (not endpoints of the store, and able to take the stand-ins down on purpose), and
// Swagger UI's redirect from its old index.html address to the API reference (a page, not an endpoint).
const SKIPPED = [/^\/__razorpay\/control/, /^\/__qikink\/control/, /^\/api\/docs\/static\/index\.html$/];

describe('every endpoint under generated and mutated input', () => {
  it('answers 2xx or a 4xx in the error shape, never a 5xx, and changes no row on a 4xx', async () => {
    const failures: string[] = [];
    const targets = routes.filter((r) => !SKIPPED.some((re) => re.test(r.url)));
    // The list really is the app's: the main areas are all there.
    for (const expected of ['POST /api/v1/qikink/order', 'PUT /api/v1/cart/items', 'POST /api/v1/signup']) {
      expect(targets.map((r) => `${r.method} ${r.url}`)).toContain(expected);
    }
    // The fingerprint sees a changed row (so "unchanged" below means something).
    const control = await newWorld({ method: 'GET', url: '/' });
    const beforeControl = await fingerprint();
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/items',
      headers: { authorization: `Bearer ${control.a.accessToken}` },
      payload: { productId: control.productId, size: 'M', color: 'Bk', quantity: 3 },
    });
    expect(changedTables(beforeControl, await fingerprint())).toEqual(['cart_items']);

    let requests = 0;
    // FUZZ_STATS=1 prints the statuses seen per endpoint, to check the generators reach past validation.
    const statusCounts: Record<string, Record<number, number>> = {};
    for (const route of targets) {
      const key = `${route.method} ${route.url}`;
      const world = await newWorld(route);
      const sample = SAMPLES[key]?.(world);
      const names = paramNames(route.url);
      let baseline = await fingerprint();
      const result = await fc.check(
        fc.asyncProperty(requestArb(route, names, world, sample), async (g) => {
          requests++;
          const headers: Record<string, string> = {};
          if (g.auth === 'self') headers.authorization = `Bearer ${world.a.accessToken}`;
          if (g.auth === 'other') headers.authorization = `Bearer ${world.b.accessToken}`;
          if (g.auth === 'garbage') headers.authorization = `Bearer ${g.garbage}`;
          if (g.auth === 'basic') {
            headers.authorization = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
          }
          if (g.idempotencyKey !== null) headers['idempotency-key'] = g.idempotencyKey;
          let payload: string | undefined;
          if (g.body.kind === 'json') payload = JSON.stringify(g.body.value) ?? 'null';
          if (g.body.kind === 'raw') payload = g.body.text;
          if (payload !== undefined && g.contentType) headers['content-type'] = g.contentType;
          if (payload !== undefined && route.url.endsWith('/webhook') && g.signWebhook) {
            headers['x-razorpay-signature'] = createHmac('sha256', WEBHOOK_SECRET)
              .update(payload)
              .digest('hex');
            headers['x-razorpay-event-id'] = `evt_${g.garbage.slice(0, 40)}`;
          }
          const url = buildUrl(route.url, g.params) + (g.query ? `?${g.query}` : '');
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(payload !== undefined ? { payload } : {}),
            remoteAddress: g.ip,
          });
          const seen = (statusCounts[key] ??= {});
          seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
          const after = await fingerprint();
          const changed = changedTables(baseline, after);
          baseline = after;
          const where =
            `${route.method} ${url.slice(0, 300)} [auth ${g.auth}, content-type ${headers['content-type'] ?? '-'}` +
            `${headers['x-razorpay-signature'] ? ', signed' : ''}] body ${(payload ?? '-').slice(0, 400)}` +
            ` -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
          if (!isApi(route)) return;
          if (res.statusCode >= 300 && res.statusCode < 400) throw new Error(`3xx from the API: ${where}`);
          if (res.statusCode >= 400) {
            let body: unknown;
            try {
              body = res.json();
            } catch {
              throw new Error(`4xx without a JSON body: ${where}`);
            }
            const shaped =
              typeof body === 'object' &&
              body !== null &&
              (body as { success?: unknown }).success === false &&
              typeof (body as { message?: unknown }).message === 'string' &&
              (body as { message: string }).message.length > 0;
            if (!shaped) throw new Error(`4xx not in the error shape: ${where}`);
            if (/node_modules|\/src\/|\n\s+at /.test((body as { message: string }).message)) {
              throw new Error(`4xx message shows internals: ${where}`);
            }
            if (changed.length > 0) throw new Error(`4xx changed ${changed.join(', ')}: ${where}`);
          }
        }),
        {
          seed: SEED,
          numRuns: isApi(route) ? API_RUNS : STANDIN_RUNS,
          // Stateful requests: shrinking would replay them against a changed database; report the first case.
          endOnFailure: true,
        },
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${key} (seed ${result.seed}, path ${result.counterexamplePath}): ${error}`);
      }
    }
    if (process.env.FUZZ_STATS) console.log(JSON.stringify(statusCounts, null, 1));
    expect(requests).toBeGreaterThan(targets.length * STANDIN_RUNS);
    expect(failures, `failing endpoints (replay with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`).toEqual(
      [],
    );
  }, 600_000);
});

describe('URLs the router cannot read', () => {
  // Fastify answers these before any hook runs; app.ts's frameworkErrors gives them our shape and headers.
  it('answers malformed escapes and over-long path parameters in the error shape', async () => {
    for (const url of [
      '/api/v1/product/%ZZ',
      '/api/v1/user/%',
      '/api/v1/products/men/%E0%A4%A',
      `/api/v1/product/${'a'.repeat(101)}`,
      `/api/v1/orders/${'1'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ success: false, message: expect.any(String) });
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });
});
