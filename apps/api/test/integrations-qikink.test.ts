// The real Qikink client against the simulated partner (over real HTTP on 127.0.0.1 and in-process): token
// handling shared through the database, the create body's exact types, every error shape, status progression.
import { sharedState } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FulfilmentPartner,
  mapPartnerStatus,
  PartnerAuthError,
  type PartnerOrderInput,
  PartnerRejectedError,
  PartnerUnavailableError,
} from '../src/integrations/qikink/port.ts';
import {
  buildCreateOrderBody,
  createQikinkClient,
  type QikinkClientOptions,
  TOKEN_STATE_KEY,
} from '../src/integrations/qikink/qikink-client.ts';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import { createInjectFetch } from '../src/lib/inject-fetch.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const CLIENT_ID = '512345';
const CLIENT_SECRET = 'qikink-test-secret';
const STEP_SECONDS = 600;

const clock = new ManualClock('2026-11-21T06:30:00.000Z');
let t: TestApp;
let partner: SimulatedPartner;
let httpBase: string;
let counter = 0;

/** The real client as another app instance would build it: same database, its own process memory. */
function client(overrides: Partial<QikinkClientOptions> = {}): FulfilmentPartner {
  return createQikinkClient({
    baseUrl: httpBase,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    db: t.database.db,
    now: () => clock.now().getTime(),
    ...overrides,
  });
}

function order(overrides: Partial<PartnerOrderInput> = {}): PartnerOrderInput {
  counter += 1;
  return {
    orderNumber: `RGZ${String(counter).padStart(6, '0')}`,
    paymentMethod: 'Prepaid',
    totalPaise: 119_800,
    lineItems: [{ sku: 'RGZ-OST-0001-Bk-L', quantity: 2, unitPricePaise: 59_900 }],
    shipping: {
      firstName: 'Asha',
      lastName: 'Rao',
      address1: '14 Hill Road',
      address2: 'Bandra West',
      phone: '+91 98765 43210',
      email: 'asha@example.in',
      city: 'Mumbai',
      zip: '400050',
      state: 'Maharashtra',
    },
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
}

async function storedToken() {
  const [row] = await t.database.db.select().from(sharedState).where(eq(sharedState.key, TOKEN_STATE_KEY));
  return row;
}

async function forgetToken() {
  await t.database.db.delete(sharedState).where(eq(sharedState.key, TOKEN_STATE_KEY));
}

beforeAll(async () => {
  t = await createTestApp(
    {
      QIKINK_CLIENT_ID: CLIENT_ID,
      QIKINK_CLIENT_SECRET: CLIENT_SECRET,
      QIKINK_SIMULATED_STEP_SECONDS: String(STEP_SECONDS),
    },
    undefined,
    { clock },
  );
  httpBase = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/__qikink`;
  partner = t.app.integrations.simulatedPartner!;
});
afterAll(() => t.close());
beforeEach(() => {
  partner.setDown(false);
  partner.setRateLimit(0);
});

describe('access token', () => {
  it('is minted with a form-encoded request and cached in shared_state for every instance', async () => {
    await forgetToken();
    const before = partner.stats.tokenMints;
    const first = client();
    expect(await first.getOrder('1')).toBeNull();
    expect(partner.stats.tokenMints).toBe(before + 1);
    const tokenRequest = partner.received.findLast((r) => r.path === '/__qikink/api/token')!;
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenRequest.body).toEqual({ ClientId: CLIENT_ID, client_secret: CLIENT_SECRET });

    const row = await storedToken();
    expect(row?.expiresAt?.getTime()).toBe(clock.now().getTime() + 3600 * 1000);
    const lookup = partner.received.findLast((r) => r.path === '/__qikink/api/order?id=1')!;
    expect(lookup.headers).toMatchObject({
      clientid: CLIENT_ID,
      accesstoken: (row?.value as { token: string }).token,
    });

    // Another instance reads the same token instead of minting (which would invalidate the first one's).
    expect(await client().getOrder('2')).toBeNull();
    expect(partner.stats.tokenMints).toBe(before + 1);
  });

  it('is minted once for 10 parallel calls across two instances', async () => {
    await forgetToken();
    const before = partner.stats.tokenMints;
    const instances = [client(), client()];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => instances[i % 2]!.getOrder(String(900 + i))),
    );
    expect(results).toEqual(Array(10).fill(null));
    expect(partner.stats.tokenMints).toBe(before + 1);
  });

  it('is renewed a minute before it expires', async () => {
    const c = client();
    await c.getOrder('1');
    const before = partner.stats.tokenMints;
    clock.advanceSeconds(3600 - 90);
    await c.getOrder('1');
    expect(partner.stats.tokenMints).toBe(before);
    clock.advanceSeconds(31);
    await c.getOrder('1');
    expect(partner.stats.tokenMints).toBe(before + 1);
  });

  it('is renewed and the GET retried once when Qikink no longer accepts it', async () => {
    const c = client();
    await c.getOrder('1');
    // Someone else mints a token for our ClientId: ours is dead, and shared_state does not know it.
    const outside = await fetch(`${httpBase}/api/token`, {
      method: 'POST',
      body: new URLSearchParams({ ClientId: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(outside.status).toBe(200);
    const before = partner.stats.tokenMints;
    const created = await c.createOrder(order()).catch((e: unknown) => e);
    // A create is never retried blindly: it fails as retryable, and the token is renewed for the next attempt.
    expect(created).toBeInstanceOf(PartnerUnavailableError);
    expect(created).toMatchObject({ outcomeUnknown: false, status: 401 });
    expect(partner.stats.tokenMints).toBe(before + 1);

    await fetch(`${httpBase}/api/token`, {
      method: 'POST',
      body: new URLSearchParams({ ClientId: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(await c.getOrder('1')).toBeNull();
    expect(partner.stats.tokenMints).toBe(before + 3);
  });

  it('reports wrong credentials as PartnerAuthError with Qikink’s message', async () => {
    await forgetToken();
    const err = await rejection(client({ clientSecret: 'wrong' }).getOrder('1'));
    expect(err).toBeInstanceOf(PartnerAuthError);
    expect(err).toBeInstanceOf(PartnerUnavailableError);
    expect((err as Error).message).toBe('Qikink refused our credentials: Invalid client_id or client_secret');
    expect(await storedToken()).toBeUndefined();
  });

  it('is refused by the simulated partner when sent as JSON (the real endpoint wants a form)', async () => {
    const res = await fetch(`${httpBase}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientId: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid client_id or client_secret' });
  });
});

describe('creating orders', () => {
  it('sends every field with Qikink’s types: money and quantity as strings, search_from_my_products as 1', async () => {
    const input = order({ paymentMethod: 'COD', totalPaise: 124_805 });
    input.lineItems = [
      { sku: 'RGZ-OST-0001-Bk-L', quantity: 2, unitPricePaise: 59_900 },
      { sku: 'TST-7-ABC123', quantity: 1, unitPricePaise: 5 },
    ];
    input.shipping = {
      ...input.shipping,
      address2: '',
      lastName: '',
      state: 'orissa',
      phone: '098765 43210',
    };
    const { partnerOrderId } = await client().createOrder(input);
    expect(partnerOrderId).toMatch(/^\d+$/);

    const sent = partner.received.findLast((r) => r.path === '/__qikink/api/order/create')!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toStrictEqual({
      order_number: input.orderNumber,
      qikink_shipping: '1',
      gateway: 'COD',
      total_order_value: '1248.05',
      line_items: [
        { search_from_my_products: 1, sku: 'RGZ-OST-0001-Bk-L', quantity: '2', price: '599.00' },
        { search_from_my_products: 1, sku: 'TST-7-ABC123', quantity: '1', price: '0.05' },
      ],
      shipping_address: {
        first_name: 'Asha',
        last_name: '',
        address1: '14 Hill Road',
        address2: '',
        phone: '9876543210',
        email: 'asha@example.in',
        city: 'Mumbai',
        zip: '400050',
        province: 'Odisha',
        country_code: 'IN',
      },
    });
  });

  it('refuses an order number Qikink would refuse before sending anything', async () => {
    const sentBefore = partner.received.length;
    for (const orderNumber of ['RGZ-10023', 'RGZ1234567890123', '']) {
      const err = await rejection(client().createOrder(order({ orderNumber })));
      expect(err).toBeInstanceOf(PartnerRejectedError);
      expect((err as PartnerRejectedError).partnerMessage).toBe('Invalid parameter: order_number');
    }
    expect(partner.received.length).toBe(sentBefore);
  });

  it('detects Qikink’s error answered with HTTP 200 (an order number that got past us)', async () => {
    // A fetch that breaks the order number on the way, so the partner's own check answers.
    const local = createInjectFetch(() => t.app);
    const tampering: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('order_number')) {
        init = { ...init, body: init.body.replace(/"order_number":"[^"]+"/, '"order_number":"SW-10023"') };
      }
      return local(input, init);
    };
    const raw = await local(`${httpBase}/api/order/create`, { method: 'POST' });
    expect(raw.status).toBe(401);
    const err = await rejection(client({ fetch: tampering }).createOrder(order()));
    expect(err).toBeInstanceOf(PartnerRejectedError);
    expect((err as PartnerRejectedError).partnerMessage).toBe('Invalid parameter: order_number');
    const answer = await tampering(`${httpBase}/api/order/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ClientId: CLIENT_ID,
        Accesstoken: ((await storedToken())?.value as { token: string }).token,
      },
      body: JSON.stringify(buildCreateOrderBody(order())),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ error: true, message: 'Invalid parameter: order_number' });
  });

  it('turns Invalid SKU into PartnerRejectedError (not retryable)', async () => {
    for (const sku of ['NOT-A-DEMO-SKU', 'RGZ-OST-9999']) {
      if (sku === 'RGZ-OST-9999') partner.addUnknownSku(sku);
      const err = await rejection(
        client().createOrder(order({ lineItems: [{ sku, quantity: 1, unitPricePaise: 79_900 }] })),
      );
      expect(err).toBeInstanceOf(PartnerRejectedError);
      expect(err).toMatchObject({ partnerMessage: 'Invalid SKU', retryable: false });
    }
  });

  it('returns the existing order when the number was already created (never two orders)', async () => {
    const input = order();
    const first = await client().createOrder(input);
    const again = await client().createOrder(input);
    expect(again.partnerOrderId).toBe(first.partnerOrderId);
    expect(partner.received.findLast((r) => r.path.startsWith('/__qikink/api/order?page_no='))).toBeDefined();
  });

  it('reports an outage (503 page, HTML with 200, rate limit) as PartnerUnavailableError', async () => {
    const c = client();
    await c.getOrder('1'); // a valid token first, so the failures below are the outage's
    partner.setDown('unavailable');
    const down = await rejection(c.createOrder(order()));
    expect(down).toBeInstanceOf(PartnerUnavailableError);
    expect(down).toMatchObject({ status: 503, outcomeUnknown: true, retryable: true });
    expect(await rejection(c.getOrder('1'))).toBeInstanceOf(PartnerUnavailableError);

    partner.setDown('html');
    const maintenance = await rejection(c.findOrderByNumber('RGZ000001'));
    expect(maintenance).toBeInstanceOf(PartnerUnavailableError);
    expect(maintenance).toMatchObject({
      status: 200,
      message: 'Qikink: HTTP 200 with a body that is not JSON',
    });

    partner.setDown(false);
    partner.setRateLimit(1);
    await c.getOrder('1');
    const limited = await rejection(c.createOrder(order()));
    expect(limited).toBeInstanceOf(PartnerUnavailableError);
    expect(limited).toMatchObject({
      outcomeUnknown: false,
      message: 'Qikink: Too many requests. Please try again later.',
    });
  });

  it('reports an unreachable partner as PartnerUnavailableError; a create as possibly done', async () => {
    const c = client({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const err = await rejection(c.createOrder(order()));
    expect(err).toBeInstanceOf(PartnerUnavailableError);
    // The token is in shared_state already, so this is the create itself failing.
    expect(err).toMatchObject({
      outcomeUnknown: true,
      message: 'Qikink could not be reached (POST /api/order/create)',
    });
  });
});

describe('reading orders', () => {
  it('finds an order by our number across pages, and by id', async () => {
    const c = client();
    const wanted = order();
    const { partnerOrderId } = await c.createOrder(wanted);
    for (let i = 0; i < 11; i++) await c.createOrder(order());
    const found = await c.findOrderByNumber(wanted.orderNumber);
    expect(found).toEqual({
      partnerOrderId,
      orderNumber: wanted.orderNumber,
      status: 'To be Printed',
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(partner.received.some((r) => r.path === '/__qikink/api/order?page_no=2')).toBe(true);
    expect(await c.getOrder(partnerOrderId)).toEqual(found);
    expect(await c.findOrderByNumber('RGZNEVER1')).toBeNull();
    expect(await c.getOrder('99999999')).toBeNull();
    expect(await c.getOrder('not-a-number')).toBeNull();
  });

  it('follows the status over time to Manifested with AWB, courier and tracking link, then Delivered', async () => {
    // The app's own port: the same client, in-process.
    const fulfilment = t.app.integrations.fulfilment;
    const { partnerOrderId } = await fulfilment.createOrder(order());
    const fresh = await fulfilment.getOrder(partnerOrderId);
    expect(fresh).toMatchObject({ status: 'To be Printed' });
    expect(fresh?.awb).toBeUndefined();
    expect(mapPartnerStatus(fresh?.status)).toBe('processing');

    clock.advanceSeconds(STEP_SECONDS);
    expect((await fulfilment.getOrder(partnerOrderId))?.status).toBe('Printed');

    clock.advanceSeconds(STEP_SECONDS);
    const manifested = await fulfilment.getOrder(partnerOrderId);
    expect(manifested).toMatchObject({
      status: 'Manifested',
      awb: expect.stringMatching(/^1490\d{10}$/),
      courier: 'Delhivery',
      trackingLink: expect.stringMatching(/^http:\/\/shop\.test\/__qikink\/track\/1490\d{10}$/),
    });
    expect(mapPartnerStatus(manifested?.status)).toBe('shipped');
    const tracking = await t.app.inject(new URL(manifested!.trackingLink!).pathname);
    expect(tracking.statusCode).toBe(200);
    expect(tracking.body).toContain('Status: <strong>Manifested</strong>');

    clock.advanceSeconds(STEP_SECONDS * 2);
    const delivered = await fulfilment.getOrder(partnerOrderId);
    expect(delivered).toMatchObject({ status: 'Delivered', awb: manifested?.awb });
    expect(mapPartnerStatus(delivered?.status)).toBe('delivered');
  });

  it('keeps a status word it does not know, as given, and maps it to unknown', async () => {
    const fulfilment = t.app.integrations.fulfilment;
    const { partnerOrderId } = await fulfilment.createOrder(order());
    await partner.setStatus(partnerOrderId, 'Awaiting Pickup Slot');
    const odd = await fulfilment.getOrder(partnerOrderId);
    expect(odd?.status).toBe('Awaiting Pickup Slot');
    expect(mapPartnerStatus(odd?.status)).toBe('unknown');
  });

  it('reads the answer shapes Qikink is known to use: a bare object, shipping as a list, errors in 200s', async () => {
    const answers: [number, string][] = [];
    const stub: typeof fetch = async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/token')) {
        return Response.json({ ClientId: 'C1', Accesstoken: 'tok', expires_in: '3600' });
      }
      const [status, body] = answers.shift()!;
      return new Response(body, { status, headers: { 'content-type': 'text/html' } });
    };
    await t.database.db.delete(sharedState).where(eq(sharedState.key, TOKEN_STATE_KEY));
    const c = client({ baseUrl: 'http://qikink.invalid', clientId: 'C1', fetch: stub });

    answers.push([
      200,
      '{"order_id":"77","number":"C1_RGZ7","status":"In-Transit","shipping":[{"awb":123,"tracking_link":"https://t.example/123","courier":"Bluedart"}]}',
    ]);
    expect(await c.getOrder('77')).toEqual({
      partnerOrderId: '77',
      orderNumber: 'RGZ7',
      status: 'In-Transit',
      awb: '123',
      trackingLink: 'https://t.example/123',
      courier: 'Bluedart',
    });
    answers.push([200, '{"error":"Order not found"}']);
    expect(await c.getOrder('78')).toBeNull();
    answers.push([200, '{"status_code":"400","message":"Invalid SKU"}']);
    expect(await rejection(c.createOrder(order()))).toMatchObject({ partnerMessage: 'Invalid SKU' });
    answers.push([200, '{"message":"Order created successfully","order_id":12345678,"status_code":"200"}']);
    expect(await c.createOrder(order())).toEqual({ partnerOrderId: '12345678' });
    answers.push([200, '{"message":"Order created successfully"}']);
    expect(await rejection(c.createOrder(order()))).toMatchObject({
      message: 'Qikink answered without an order id',
      outcomeUnknown: true,
    });
    answers.push([502, '<html><body>Bad Gateway</body></html>']);
    expect(await rejection(c.createOrder(order()))).toMatchObject({ status: 502, outcomeUnknown: true });
    answers.push([200, '{"error":"Rate limit exceeded"}']);
    expect(await rejection(c.getOrder('1'))).toBeInstanceOf(PartnerUnavailableError);
  });
});

describe('mapPartnerStatus', () => {
  it.each([
    ['On Hold', 'exception'],
    ['Live OOS', 'exception'],
    ['Live', 'submitted'],
    ['To be Printed', 'processing'],
    ['Partially Picklisted', 'processing'],
    ['Printed', 'processing'],
    ['Manifested', 'shipped'],
    ['In-Transit', 'shipped'],
    ['in transit', 'shipped'],
    ['Exception', 'exception'],
    ['DELIVERED', 'delivered'],
    ['RTO Initiated', 'returned'],
    ['Returned', 'returned'],
    ['Cancelled', 'cancelled'],
    ['Action Required', 'exception'],
    ['  to BE printed ', 'processing'],
    ['Lost in Space', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
  ])('%s -> %s', (word, state) => {
    expect(mapPartnerStatus(word)).toBe(state);
  });
});

describe('the simulated partner’s controls', () => {
  it('moves its clock and goes down over HTTP, behind the client credentials', async () => {
    const auth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const denied = await t.app.inject({
      method: 'POST',
      url: '/__qikink/control',
      payload: { down: 'html' },
    });
    expect(denied.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/__qikink/control',
      headers: { authorization: auth },
      payload: { down: 'unavailable', advanceSeconds: 30 },
    });
    expect(res.json()).toMatchObject({ down: 'unavailable', clockOffsetSeconds: 30 });
    const token = await t.app.inject({ method: 'POST', url: '/__qikink/api/token' });
    expect(token.statusCode).toBe(503);
    expect(token.headers['content-type']).toContain('text/html');
  });
});
