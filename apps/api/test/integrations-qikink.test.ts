// The real Qikink client against the simulated partner (over real HTTP on 127.0.0.1 and in-process): token
// handling shared through the database, the create body's exact types, every error shape, status progression.
import { sharedState } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancellableAtPartner,
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
import { DashboardRefusal } from '../src/integrations/qikink/simulated/orders.ts';
import {
  createSimulatedPartner,
  type SimulatedPartner,
} from '../src/integrations/qikink/simulated/partner.ts';
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
beforeEach(async () => {
  partner.setDown(false);
  partner.setRateLimit(0);
  await partner.clearRefusals();
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
      status: 'Live',
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(partner.received.some((r) => r.path === '/__qikink/api/order?page_no=2')).toBe(true);
    expect(await c.getOrder(partnerOrderId)).toEqual(found);
    expect(await c.findOrderByNumber('RGZNEVER1')).toBeNull();
    expect(await c.getOrder('99999999')).toBeNull();
    expect(await c.getOrder('not-a-number')).toBeNull();
  });

  it('follows the status over time from Live to Manifested with AWB, courier and tracking link, then Delivered', async () => {
    // The app's own port: the same client, in-process.
    const fulfilment = t.app.integrations.fulfilment;
    const { partnerOrderId } = await fulfilment.createOrder(order());
    const fresh = await fulfilment.getOrder(partnerOrderId);
    expect(fresh).toMatchObject({ status: 'Live' });
    expect(fresh?.awb).toBeUndefined();
    expect(mapPartnerStatus(fresh?.status)).toBe('submitted');

    clock.advanceSeconds(STEP_SECONDS);
    const queued = await fulfilment.getOrder(partnerOrderId);
    expect(queued?.status).toBe('To be Printed');
    expect(mapPartnerStatus(queued?.status)).toBe('processing');
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

describe('cancelling: only in Qikink’s dashboard, only while Live or Live OOS', () => {
  it('is a capability of the port, not an API call, in both modes', () => {
    expect(client().cancellation).toBe('dashboard');
    expect(t.app.integrations.fulfilment.cancellation).toBe('dashboard');
    expect(Object.keys(client()).sort()).toEqual([
      'cancellation',
      'createOrder',
      'findOrderByNumber',
      'getOrder',
    ]);
  });

  it.each([
    ['Live', true],
    ['Live OOS', true],
    ['live_oos', true],
    ['  LIVE ', true],
    ['On Hold', false],
    ['To be Printed', false],
    ['Printed', false],
    ['In-Transit', false],
    ['Cancelled', false],
    [null, false],
  ])('cancellableAtPartner(%j) is %s', (word, yes) => {
    expect(cancellableAtPartner(word)).toBe(yes);
  });

  it('cancels a Live order; polling then reports Cancelled, for good', async () => {
    const c = client();
    const { partnerOrderId } = await c.createOrder(order());
    expect((await c.getOrder(partnerOrderId))?.status).toBe('Live');
    const shown = await partner.cancelOrder(partnerOrderId);
    expect(shown).toMatchObject({ order_id: Number(partnerOrderId), status: 'Cancelled' });
    clock.advanceSeconds(STEP_SECONDS * 10);
    const polled = await c.getOrder(partnerOrderId);
    expect(polled).toMatchObject({ partnerOrderId, status: 'Cancelled' });
    expect(polled?.awb).toBeUndefined();
    expect(mapPartnerStatus(polled?.status)).toBe('cancelled');
  });

  it('cancels a Live OOS order, named by our order number', async () => {
    const input = order();
    const { partnerOrderId } = await client().createOrder(input);
    await partner.setStatus(partnerOrderId, 'Live OOS');
    expect((await client().getOrder(partnerOrderId))?.status).toBe('Live OOS');
    expect((await partner.cancelOrder(input.orderNumber)).status).toBe('Cancelled');
    expect((await client().findOrderByNumber(input.orderNumber))?.status).toBe('Cancelled');
  });

  it('refuses once the order has gone to print, as the dashboard does, and changes nothing', async () => {
    const { partnerOrderId } = await client().createOrder(order());
    clock.advanceSeconds(STEP_SECONDS);
    const err = await rejection(partner.cancelOrder(partnerOrderId));
    expect(err).toBeInstanceOf(DashboardRefusal);
    expect(err).toMatchObject({
      statusCode: 409,
      message: `Order ${partnerOrderId} cannot be cancelled: it is To be Printed. Only Live and Live OOS orders can be cancelled.`,
    });
    expect((await client().getOrder(partnerOrderId))?.status).toBe('To be Printed');
    clock.advanceSeconds(STEP_SECONDS);
    expect((await client().getOrder(partnerOrderId))?.status).toBe('Printed');
  });

  it('cancels one order once, whoever asks at the same time', async () => {
    const { partnerOrderId } = await client().createOrder(order());
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => partner.cancelOrder(partnerOrderId)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(new Set(refused)).toEqual(
      new Set([
        `Order ${partnerOrderId} cannot be cancelled: it is Cancelled. Only Live and Live OOS orders can be cancelled.`,
      ]),
    );
  });
});

describe('the dashboard stand-in: RTO, delivered, moving on, holding', () => {
  it('sends a shipped order back to origin: RTO Initiated, then Returned a step later, keeping its AWB', async () => {
    const c = client();
    const { partnerOrderId } = await c.createOrder(order());
    const early = await rejection(partner.markRto(partnerOrderId));
    expect(early).toMatchObject({
      statusCode: 409,
      message: `Order ${partnerOrderId} cannot be marked RTO: it is Live. Only Manifested and In-Transit orders can return to origin.`,
    });
    clock.advanceSeconds(STEP_SECONDS * 4);
    const inTransit = await c.getOrder(partnerOrderId);
    expect(inTransit?.status).toBe('In-Transit');
    expect((await partner.markRto(partnerOrderId)).status).toBe('RTO Initiated');
    const rto = await c.getOrder(partnerOrderId);
    expect(rto).toMatchObject({ status: 'RTO Initiated', awb: inTransit?.awb, courier: 'Delhivery' });
    expect(mapPartnerStatus(rto?.status)).toBe('returned');
    clock.advanceSeconds(STEP_SECONDS);
    expect((await c.getOrder(partnerOrderId))?.status).toBe('Returned');
    clock.advanceSeconds(STEP_SECONDS * 5);
    expect((await c.getOrder(partnerOrderId))?.status).toBe('Returned');
    expect(await rejection(partner.advanceOrder(partnerOrderId))).toMatchObject({
      statusCode: 409,
      message: `Order ${partnerOrderId} is Returned: it has no next status.`,
    });
  });

  it('moves an order on one status at a time, and marks it delivered at once', async () => {
    const { partnerOrderId } = await client().createOrder(order());
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push((await partner.advanceOrder(partnerOrderId)).status);
    expect(steps).toEqual(['To be Printed', 'Printed', 'Manifested']);
    // The clock counts from the last move.
    clock.advanceSeconds(STEP_SECONDS - 1);
    expect((await client().getOrder(partnerOrderId))?.status).toBe('Manifested');
    await partner.markRto(partnerOrderId);
    expect((await partner.advanceOrder(partnerOrderId)).status).toBe('Returned');

    const other = await client().createOrder(order());
    const delivered = await partner.markDelivered(other.partnerOrderId);
    expect(delivered).toMatchObject({ status: 'Delivered', shipping: { courier: 'Delhivery' } });
    expect(mapPartnerStatus((await client().getOrder(other.partnerOrderId))?.status)).toBe('delivered');
    expect(await rejection(partner.markRto(other.partnerOrderId))).toMatchObject({ statusCode: 409 });
    expect(await rejection(partner.markDelivered(partnerOrderId))).toMatchObject({
      statusCode: 409,
      message: `Order ${partnerOrderId} cannot be marked delivered: it is Returned.`,
    });
  });

  it('holds an order in any word with its progress paused, and resumes it where it stood', async () => {
    const { partnerOrderId } = await client().createOrder(order());
    clock.advanceSeconds(STEP_SECONDS);
    await partner.setStatus(partnerOrderId, 'On Hold');
    clock.advanceSeconds(STEP_SECONDS * 5);
    expect((await client().getOrder(partnerOrderId))?.status).toBe('On Hold');
    expect((await partner.setStatus(partnerOrderId, null)).status).toBe('To be Printed');
    clock.advanceSeconds(STEP_SECONDS);
    expect((await client().getOrder(partnerOrderId))?.status).toBe('Printed');

    // Out of stock, then the stock arrives: on to print.
    const oos = await client().createOrder(order());
    await partner.setStatus(oos.partnerOrderId, 'Live OOS');
    expect((await partner.advanceOrder(oos.partnerOrderId)).status).toBe('To be Printed');
  });

  it('does not know orders of nobody', async () => {
    expect(await rejection(partner.cancelOrder('99999999'))).toMatchObject({
      statusCode: 404,
      message: 'Order 99999999 not found',
    });
    expect(await rejection(partner.markDelivered('RGZNOSUCH1'))).toMatchObject({
      statusCode: 404,
      message: 'Order RGZNOSUCH1 not found',
    });
  });
});

describe('refusing orders', () => {
  it('refuses the next order only, in Qikink’s error shape, and keeps no order for it', async () => {
    await partner.refuseOrders();
    const refused = order();
    const err = await rejection(client().createOrder(refused));
    expect(err).toBeInstanceOf(PartnerRejectedError);
    expect(err).toMatchObject({ partnerMessage: 'Invalid parameter: zip', retryable: false });
    expect(await partner.refusals()).toEqual([]);
    // Nothing was created: the same number goes through now.
    const { partnerOrderId } = await client().createOrder(refused);
    expect((await client().getOrder(partnerOrderId))?.orderNumber).toBe(refused.orderNumber);
  });

  it('refuses every order matching a rule until the rules are cleared, in the shape asked for', async () => {
    await partner.refuseOrders({ sku: 'RGZ-OST-0002-Wh-M', message: 'Invalid SKU', shape: 'message' });
    await partner.refuseOrders({ zip: '744101', message: 'Pincode not serviceable', shape: 'string' });
    const badSku = () =>
      order({ lineItems: [{ sku: 'RGZ-OST-0002-Wh-M', quantity: 1, unitPricePaise: 59_900 }] });
    for (let i = 0; i < 2; i++) {
      expect(await rejection(client().createOrder(badSku()))).toMatchObject({
        partnerMessage: 'Invalid SKU',
      });
    }
    const island = order();
    island.shipping = {
      ...island.shipping,
      zip: '744101',
      city: 'Port Blair',
      state: 'Andaman and Nicobar Islands',
    };
    expect(await rejection(client().createOrder(island))).toMatchObject({
      partnerMessage: 'Pincode not serviceable',
    });
    const sent = partner.received.findLast((r) => r.path === '/__qikink/api/order/create');
    expect(sent?.body).toMatchObject({ shipping_address: { zip: '744101' } });
    expect(await client().createOrder(order())).toEqual({ partnerOrderId: expect.stringMatching(/^\d+$/) });

    await partner.clearRefusals();
    expect(await client().createOrder(badSku())).toEqual({ partnerOrderId: expect.stringMatching(/^\d+$/) });
  });

  it('follows a rule set through another instance (the rules are shared)', async () => {
    const elsewhere = createSimulatedPartner({
      db: t.database.db,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      publicBaseUrl: 'http://other.test/__qikink',
      now: () => clock.now().getTime(),
    });
    const input = order();
    await elsewhere.refuseOrders({ orderNumber: input.orderNumber, message: 'Order blocked', once: true });
    expect(await rejection(client().createOrder(input))).toMatchObject({ partnerMessage: 'Order blocked' });
    expect(await elsewhere.refusals()).toEqual([]);
  });
});

describe('the dashboard stand-in over HTTP', () => {
  const auth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
  const control = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/__qikink/control${url}`,
      headers: { authorization: auth },
      ...(payload ? { payload } : {}),
    });

  it('cancels, refuses to cancel, moves and holds orders, behind the client credentials', async () => {
    const { partnerOrderId } = await client().createOrder(order());
    const denied = await t.app.inject({
      method: 'POST',
      url: `/__qikink/control/orders/${partnerOrderId}/cancel`,
    });
    expect(denied.statusCode).toBe(401);

    const advanced = await control('POST', `/orders/${partnerOrderId}/advance`);
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().order).toMatchObject({
      order_id: Number(partnerOrderId),
      status: 'To be Printed',
    });
    const late = await control('POST', `/orders/${partnerOrderId}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: `Order ${partnerOrderId} cannot be cancelled: it is To be Printed. Only Live and Live OOS orders can be cancelled.`,
    });
    expect((await control('POST', `/orders/${partnerOrderId}/deliver`)).json().order.status).toBe(
      'Delivered',
    );
    expect((await control('POST', `/orders/${partnerOrderId}/rto`)).statusCode).toBe(409);
    const held = await control('POST', `/orders/${partnerOrderId}/status`, { status: 'Exception' });
    expect(held.json().order.status).toBe('Exception');
    expect((await control('POST', `/orders/${partnerOrderId}/status`, { status: 42 })).json()).toEqual({
      error: 'status must be a status word or null',
    });

    const live = await client().createOrder(order());
    const cancelled = await control('POST', `/orders/${live.partnerOrderId}/cancel`);
    expect(cancelled.json().order.status).toBe('Cancelled');
    const unknown = await control('POST', '/orders/123/cancel');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Order 123 not found' }]);
  });

  it('sets and clears refusals, refusing a malformed rule', async () => {
    const bad = await control('POST', '/refusals', { shape: 'html' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: 'shape must be one of flag, string, message' },
    ]);
    const set = await control('POST', '/refusals', { zip: '110001' });
    expect(set.json()).toEqual({
      refusals: [{ zip: '110001', message: 'Invalid parameter: zip', shape: 'flag', once: false }],
    });
    expect((await control('GET', '/refusals')).json().refusals).toHaveLength(1);
    expect((await control('DELETE', '/refusals')).json()).toEqual({ refusals: [] });
    expect(await partner.refusals()).toEqual([]);
  });
});
