// The simulated Qikink: the same endpoints with the same quirks (form-encoded token endpoint, one live token per
// client, errors in HTTP 200 answers, 15-character order numbers, 'Invalid SKU', ids in one-element arrays), and
// orders that move through Qikink's statuses as time passes, on a clock tests can move. Like Qikink, its API cannot
// cancel or change an order: that is its dashboard's business, stood in for by the controls (orders.ts).
import { randomBytes } from 'node:crypto';
import { isStateOrUnionTerritory } from '@rangrez/contract/rules';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../lib/db.ts';
import {
  advance,
  cancel,
  changeOrder,
  DashboardRefusal,
  deliver,
  hold,
  orderIdOfAwb,
  returnToOrigin,
  type SimContext,
  type SimOrder,
  statusOf,
} from './orders.ts';
import {
  addRefusal,
  clearRefusals,
  listRefusals,
  REFUSAL_SHAPES,
  type RefusalRule,
  type RefusalShape,
  refusalFor,
} from './refusals.ts';
import { claimSim, nextSimNumber, pageOfOrders, readSim, simKeys, writeSim } from './state.ts';

/** SKUs of the demo catalogue (RGZ-OST-0001) and of test factories (TST-1-A3F09C), optionally with variant parts. */
export const DEMO_SKU_PATTERN = /^(RGZ|TST)-[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

export type DownMode = false | 'unavailable' | 'html';

export interface SimulatedPartnerOptions {
  db: Db;
  clientId: string;
  clientSecret: string;
  /** Public address of the simulated partner (…/__qikink): tracking links point at its tracking page. */
  publicBaseUrl: string;
  /** Time between two statuses (default 60 s). */
  stepMs?: number;
  tokenTtlSeconds?: number;
  skuPattern?: RegExp;
  /** SKUs refused with 'Invalid SKU' although they match the pattern. */
  unknownSkus?: Iterable<string>;
  /** Requests per minute before answering Qikink's rate-limit error (default: no limit). */
  rateLimitPerMinute?: number;
  now?: () => number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: { clientid?: string; accesstoken?: string; 'content-type'?: string };
  body: unknown;
}

interface SimToken {
  token: string;
  expiresAt: number;
}

const SHIPPING_KEYS = [
  'first_name',
  'last_name',
  'address1',
  'address2',
  'phone',
  'email',
  'city',
  'zip',
  'province',
  'country_code',
] as const;

const MONEY = /^\d{1,9}\.\d{2}$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Qikink shows creation times in IST without an offset: "2026-11-21 15:04:05". */
function istTimestamp(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** One simulator's settings and what tests change while it runs: its clock, outages, rate limit and SKUs. */
interface Sim {
  db: Db;
  clientId: string;
  clientSecret: string;
  publicBaseUrl: string;
  stepMs: number;
  tokenTtlSeconds: number;
  skuPattern: RegExp;
  unknownSkus: Set<string>;
  baseClock: () => number;
  offsetMs: number;
  down: DownMode;
  /** Requests per minute; 0 for no limit. */
  rateLimit: number;
  window: { minute: number; count: number };
  received: RecordedRequest[];
  stats: { tokenMints: number; ordersCreated: number };
}

const simNow = (sim: Sim) => sim.baseClock() + sim.offsetMs;

function contextOf(sim: Sim): SimContext {
  return {
    db: sim.db,
    clientId: sim.clientId,
    stepMs: sim.stepMs,
    publicBaseUrl: sim.publicBaseUrl,
    now: () => simNow(sim),
  };
}

export function createSimulatedPartner(options: SimulatedPartnerOptions) {
  const sim: Sim = {
    db: options.db,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    publicBaseUrl: options.publicBaseUrl,
    stepMs: options.stepMs ?? 60_000,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    skuPattern: options.skuPattern ?? DEMO_SKU_PATTERN,
    unknownSkus: new Set(options.unknownSkus ?? []),
    baseClock: options.now ?? Date.now,
    offsetMs: 0,
    down: false,
    rateLimit: options.rateLimitPerMinute ?? 0,
    window: { minute: -1, count: 0 },
    received: [],
    stats: { tokenMints: 0, ordersCreated: 0 },
  };

  const partner = {
    stats: sim.stats,
    /** The last 100 API requests as received (headers and parsed body), newest last. */
    received: sim.received,
    /** Outage: 503 with an HTML page, or an HTML maintenance page with HTTP 200. */
    setDown(mode: DownMode | true) {
      sim.down = mode === true ? 'unavailable' : mode;
    },
    setClock(clock: () => number) {
      sim.baseClock = clock;
      sim.offsetMs = 0;
    },
    advance(ms: number) {
      sim.offsetMs += ms;
    },
    setRateLimit(perMinute: number) {
      sim.rateLimit = perMinute;
      sim.window = { minute: -1, count: 0 };
    },
    addUnknownSku(sku: string) {
      sim.unknownSkus.add(sku);
    },
    /**
     * Puts an order in any status word, known or not (On Hold, Live OOS, Exception...), its progress paused until
     * the next change; null resumes it. `order` is Qikink's order id or our order number, here and below.
     */
    async setStatus(order: string | number, status: string | null) {
      return view(sim, await changeOrder(contextOf(sim), order, hold(contextOf(sim), status)));
    },
    // Qikink's dashboard: each refuses with a DashboardRefusal (409) what the dashboard would not do.
    /** Cancels an order, only while it is Live or Live OOS. */
    async cancelOrder(order: string | number) {
      return view(sim, await changeOrder(contextOf(sim), order, cancel(contextOf(sim))));
    },
    /** Sends a shipped order (Manifested, In-Transit) back: RTO Initiated, then Returned a step later. */
    async markRto(order: string | number) {
      return view(sim, await changeOrder(contextOf(sim), order, returnToOrigin(contextOf(sim))));
    },
    /** Moves an order on to the next status of its way now (the clock does it too, one step at a time). */
    async advanceOrder(order: string | number) {
      return view(sim, await changeOrder(contextOf(sim), order, advance(contextOf(sim))));
    },
    async markDelivered(order: string | number) {
      return view(sim, await changeOrder(contextOf(sim), order, deliver(contextOf(sim))));
    },
    /** Refuses the next create, or every create matching the rule, in Qikink's words (see refusals.ts). */
    async refuseOrders(rule: RefusalRule = {}) {
      return addRefusal(sim.db, rule);
    },
    async clearRefusals() {
      await clearRefusals(sim.db);
    },
    refusals: () => listRefusals(sim.db),

    routes: (async (app: FastifyInstance) => {
      app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
        const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
        if (status === 500) req.log.error({ err }, 'simulated Qikink failed');
        return reply.code(status).send({ error: status === 500 ? 'Internal Server Error' : err.message });
      });
      app.setNotFoundHandler((_req, reply) =>
        reply.code(404).type('text/html').send('<h1>404 Page Not Found</h1>'),
      );
      await app.register(async (api: FastifyInstance) => registerApi(api, sim), { prefix: '/api' });
      registerTrackingPage(app, sim);
      registerControls(app, sim, partner);
    }) satisfies FastifyPluginAsync,
  };
  return partner;
}

export type SimulatedPartner = ReturnType<typeof createSimulatedPartner>;

/** What the HTTP test controls can change: the same as the methods tests call in the same process. */
type SimControls = Pick<
  SimulatedPartner,
  | 'setDown'
  | 'advance'
  | 'addUnknownSku'
  | 'setStatus'
  | 'cancelOrder'
  | 'markRto'
  | 'advanceOrder'
  | 'markDelivered'
  | 'refuseOrders'
  | 'clearRefusals'
  | 'refusals'
>;

function view(sim: Sim, order: SimOrder) {
  const { status, shipping } = statusOf(contextOf(sim), order);
  return {
    order_id: order.order_id,
    number: `${order.client_id}_${order.order_number}`,
    status,
    payment_type: order.gateway,
    total_order_value: order.total_order_value,
    created_on: istTimestamp(order.created_at),
    line_items: order.line_items,
    shipping,
  };
}

/** Qikink's answer to a create body it does not like, or null when it would accept it. */
function createProblem(sim: Sim, body: Record<string, unknown>): object | null {
  const invalid = (field: string) => ({ error: true, message: `Invalid parameter: ${field}` });
  if (typeof body.order_number !== 'string' || !/^[A-Za-z0-9]{1,15}$/.test(body.order_number)) {
    return invalid('order_number');
  }
  if (body.qikink_shipping !== '1' && body.qikink_shipping !== '0') return invalid('qikink_shipping');
  if (body.gateway !== 'Prepaid' && body.gateway !== 'COD') return invalid('gateway');
  if (typeof body.total_order_value !== 'string' || !MONEY.test(body.total_order_value)) {
    return invalid('total_order_value');
  }
  if (!Array.isArray(body.line_items) || body.line_items.length === 0) return invalid('line_items');
  for (const item of body.line_items as unknown[]) {
    if (!isObject(item)) return invalid('line_items');
    if (item.search_from_my_products !== 1) {
      if (item.search_from_my_products === 0 && (!item.print_type_id || !Array.isArray(item.designs))) {
        return invalid('print_type_id');
      }
      if (item.search_from_my_products !== 0) return invalid('search_from_my_products');
    }
    if (typeof item.sku !== 'string' || !item.sku) return invalid('sku');
    if (typeof item.quantity !== 'string' || !/^[1-9]\d{0,3}$/.test(item.quantity))
      return invalid('quantity');
    if (typeof item.price !== 'string' || !MONEY.test(item.price)) return invalid('price');
  }
  const address = body.shipping_address;
  if (!isObject(address)) return invalid('shipping_address');
  for (const key of SHIPPING_KEYS) {
    if (typeof address[key] !== 'string') return invalid(`shipping_address.${key}`);
  }
  if (!/^\d{10}$/.test(address.phone as string)) return invalid('phone');
  if (!/^\d{6}$/.test(address.zip as string)) return invalid('zip');
  if (!isStateOrUnionTerritory(address.province)) return invalid('province');
  if (address.country_code !== 'IN') return invalid('country_code');
  for (const item of body.line_items as Record<string, unknown>[]) {
    const sku = item.sku as string;
    if (!sim.skuPattern.test(sku) || sim.unknownSkus.has(sku)) return { message: 'Invalid SKU' };
  }
  return null;
}

function record(sim: Sim, req: FastifyRequest) {
  const h = req.headers;
  const pick = (name: string) => (typeof h[name] === 'string' ? (h[name] as string) : undefined);
  sim.received.push({
    method: req.method,
    path: req.url,
    headers: {
      clientid: pick('clientid'),
      accesstoken: pick('accesstoken'),
      'content-type': pick('content-type'),
    },
    body: req.body,
  });
  if (sim.received.length > 100) sim.received.shift();
}

async function authorised(sim: Sim, req: FastifyRequest): Promise<boolean> {
  const given = req.headers.accesstoken;
  if (req.headers.clientid !== sim.clientId || typeof given !== 'string') return false;
  const current = await readSim<SimToken>(sim.db, simKeys.token(sim.clientId));
  return !!current && current.token === given && current.expiresAt > simNow(sim);
}

async function outage(sim: Sim, reply: FastifyReply) {
  if (sim.down === 'unavailable') {
    return reply
      .code(503)
      .type('text/html')
      .send(
        '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>',
      );
  }
  if (sim.down === 'html') {
    // Maintenance pages answered with 200: only the body shows that nothing worked.
    return reply
      .code(200)
      .type('text/html')
      .send(
        '<!DOCTYPE html><html><body><h1>We are under maintenance</h1><p>Please check back soon.</p></body></html>',
      );
  }
  if (sim.rateLimit > 0) {
    const minute = Math.floor(simNow(sim) / 60_000);
    if (sim.window.minute !== minute) sim.window = { minute, count: 0 };
    sim.window.count += 1;
    if (sim.window.count > sim.rateLimit)
      return reply.code(200).send({ error: 'Too many requests. Please try again later.' });
  }
}

/** Qikink's API (under /api): the token endpoint and orders, behind the outage switch and the request log. */
function registerApi(app: FastifyInstance, sim: Sim): void {
  const { db, clientId } = sim;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('preHandler', async (req) => record(sim, req));
  app.addHook('onRequest', async (_req, reply) => outage(sim, reply));

  app.post('/token', async (req, reply) => {
    const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? req.body : {};
    const fields = isObject(form) ? form : {};
    if (fields.ClientId !== clientId || fields.client_secret !== sim.clientSecret) {
      return reply.code(401).send({ error: 'Invalid client_id or client_secret' });
    }
    // One live token per client: this one replaces (and invalidates) the previous one.
    const token: SimToken = {
      token: randomBytes(24).toString('hex'),
      expiresAt: simNow(sim) + sim.tokenTtlSeconds * 1000,
    };
    await writeSim(db, simKeys.token(clientId), token);
    sim.stats.tokenMints += 1;
    return { ClientId: clientId, Accesstoken: token.token, expires_in: sim.tokenTtlSeconds };
  });

  app.post('/order/create', async (req, reply) => {
    if (!(await authorised(sim, req))) return reply.code(401).send({ error: 'Invalid Access Token' });
    return createOrder(sim, isObject(req.body) ? req.body : {});
  });

  app.get<{ Querystring: { id?: string; page_no?: string } }>('/order', async (req, reply) => {
    if (!(await authorised(sim, req))) return reply.code(401).send({ error: 'Invalid Access Token' });
    const { id, page_no: pageNo } = req.query;
    if (id !== undefined) {
      const order = /^\d{1,15}$/.test(id)
        ? await readSim<SimOrder>(db, simKeys.order(Number(id)))
        : undefined;
      // By id Qikink answers a list of one (or none).
      return order && order.client_id === clientId ? [view(sim, order)] : [];
    }
    if (pageNo !== undefined && /^[1-9]\d{0,5}$/.test(pageNo)) {
      return (await pageOfOrders<SimOrder>(db, clientId, Number(pageNo), 10)).map((order) =>
        view(sim, order),
      );
    }
    return { error: true, message: 'Invalid parameter: id or page_no' };
  });
}

/** Qikink's answer to a create: the new order's id, or its complaint (in an HTTP 200, as Qikink sends it). */
async function createOrder(sim: Sim, body: Record<string, unknown>) {
  const { db, clientId } = sim;
  const problem = createProblem(sim, body) ?? (await refusalFor(db, body));
  if (problem) return problem;
  const orderNumber = body.order_number as string;
  const orderId = await nextSimNumber(db, 41_000_001);
  if (!(await claimSim(db, simKeys.number(clientId, orderNumber), { order_id: orderId }))) {
    return { error: true, message: 'Order number already exists' };
  }
  const order: SimOrder = {
    order_id: orderId,
    client_id: clientId,
    order_number: orderNumber,
    gateway: body.gateway as string,
    total_order_value: body.total_order_value as string,
    line_items: (body.line_items as Record<string, unknown>[]).map(({ sku, quantity, price }) => ({
      sku,
      quantity,
      price,
    })),
    shipping_address: body.shipping_address as Record<string, string>,
    created_at: simNow(sim),
  };
  await writeSim(db, simKeys.order(orderId), order);
  sim.stats.ordersCreated += 1;
  return { message: 'Order created successfully', order_id: orderId, status_code: '200' };
}

/** A tracking page for the links in manifested orders. */
function registerTrackingPage(app: FastifyInstance, sim: Sim): void {
  app.get<{ Params: { awb: string } }>('/track/:awb', async (req, reply) => {
    const orderId = orderIdOfAwb(req.params.awb);
    const order = orderId === null ? undefined : await readSim<SimOrder>(sim.db, simKeys.order(orderId));
    const current = order && statusOf(contextOf(sim), order);
    const shown = current?.shipping.awb ? current : undefined;
    reply.type('text/html; charset=utf-8');
    if (!shown)
      return reply
        .code(404)
        .send(page('Shipment not found', `<p>No shipment with AWB ${escapeHtml(req.params.awb)}.</p>`));
    return page(
      `Shipment ${shown.shipping.awb}`,
      `<p>Courier: ${shown.shipping.courier} (simulated)</p><p>Status: <strong>${escapeHtml(shown.status)}</strong></p>`,
    );
  });
}

/**
 * Test controls over HTTP (end-to-end tests drive the server from outside), with the client credentials: the
 * simulator's knobs (POST /control) and the dashboard stand-in, per order (POST /control/orders/:order/...) and
 * for refusing orders (/control/refusals). `:order` is Qikink's order id or our order number.
 */
function registerControls(app: FastifyInstance, sim: Sim, controls: SimControls): void {
  void app.register(
    async (control: FastifyInstance) => {
      control.addHook('onRequest', async (req, reply) => {
        const header = req.headers.authorization ?? '';
        const given = header.startsWith('Basic ')
          ? Buffer.from(header.slice(6), 'base64').toString('utf8')
          : '';
        if (given !== `${sim.clientId}:${sim.clientSecret}`)
          return reply.code(401).send({ error: 'Unauthorized' });
      });
      control.post('/', async (req) => {
        const body = isObject(req.body) ? req.body : {};
        if (body.down === false || body.down === 'unavailable' || body.down === 'html')
          controls.setDown(body.down);
        if (typeof body.advanceSeconds === 'number' && Number.isFinite(body.advanceSeconds)) {
          controls.advance(body.advanceSeconds * 1000);
        }
        if (typeof body.unknownSku === 'string') controls.addUnknownSku(body.unknownSku);
        if (isObject(body.setStatus) && typeof body.setStatus.status === 'string') {
          await controls.setStatus(String(body.setStatus.orderId), body.setStatus.status);
        }
        return { down: sim.down, clockOffsetSeconds: sim.offsetMs / 1000, stats: sim.stats };
      });
      registerDashboardControls(control, controls);
    },
    { prefix: '/control' },
  );
}

const ORDER_ACTIONS = {
  cancel: 'cancelOrder',
  rto: 'markRto',
  advance: 'advanceOrder',
  deliver: 'markDelivered',
} as const satisfies Record<string, keyof SimControls>;

function refusalRule(body: Record<string, unknown>): RefusalRule {
  const rule: RefusalRule = {};
  for (const field of ['orderNumber', 'sku', 'zip', 'message'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !value || value.length > 200) {
      throw new DashboardRefusal(400, `${field} must be a text of 1 to 200 characters`);
    }
    rule[field] = value;
  }
  if (body.shape !== undefined) {
    if (!(REFUSAL_SHAPES as readonly unknown[]).includes(body.shape)) {
      throw new DashboardRefusal(400, `shape must be one of ${REFUSAL_SHAPES.join(', ')}`);
    }
    rule.shape = body.shape as RefusalShape;
  }
  if (body.once !== undefined) {
    if (typeof body.once !== 'boolean') throw new DashboardRefusal(400, 'once must be true or false');
    rule.once = body.once;
  }
  return rule;
}

/** The dashboard stand-in: what a person at Qikink could do to an order, and orders it refuses. */
function registerDashboardControls(control: FastifyInstance, controls: SimControls): void {
  for (const [action, method] of Object.entries(ORDER_ACTIONS)) {
    control.post<{ Params: { order: string } }>(`/orders/:order/${action}`, async (req) => ({
      order: await controls[method](req.params.order),
    }));
  }
  control.post<{ Params: { order: string } }>('/orders/:order/status', async (req) => {
    const body = isObject(req.body) ? req.body : {};
    const word = body.status;
    if (word !== null && (typeof word !== 'string' || !word.trim() || word.length > 100)) {
      throw new DashboardRefusal(400, 'status must be a status word or null');
    }
    return { order: await controls.setStatus(req.params.order, word) };
  });
  control.get('/refusals', async () => ({ refusals: await controls.refusals() }));
  control.post('/refusals', async (req) => ({
    refusals: await controls.refuseOrders(refusalRule(isObject(req.body) ? req.body : {})),
  }));
  control.delete('/refusals', async () => {
    await controls.clearRefusals();
    return { refusals: [] };
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
