// The real Qikink client. Qikink publishes no API reference; everything here follows docs/integrations.md and reads
// every answer defensively: errors arrive as HTTP 200 with an error body, in several shapes, or as HTML pages.
import { normaliseStateName } from '@rangrez/contract/rules';
import { sharedState } from '@rangrez/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import {
  type FulfilmentPartner,
  PartnerAuthError,
  type PartnerOrder,
  type PartnerOrderInput,
  PartnerRejectedError,
  PartnerUnavailableError,
} from './port.ts';

export const QIKINK_SANDBOX_URL = 'https://sandbox.qikink.com';
export const TOKEN_STATE_KEY = 'qikink.token';
/** Qikink answers 10 orders per page. */
const PAGE_SIZE = 10;

export interface QikinkClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where the shared token lives (shared_state) and whose advisory lock serialises minting. */
  db: Db;
  /** The simulated partner in the same process; the network otherwise. */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  timeoutMs?: number;
  /** Mint a new token this long before the current one expires (default 60 s). */
  refreshMarginMs?: number;
  /** How many pages of orders findOrderByNumber reads before giving up (default 10: the 100 newest orders). */
  maxLookupPages?: number;
}

interface StoredToken {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** A token belongs to one client on one host (sandbox and live are separate). */
  clientId: string;
  baseUrl: string;
}

interface Answer {
  status: number;
  json: unknown;
  /** Not JSON at all: an HTML error page, a proxy's message, an empty body. */
  unreadable: boolean;
}

type Problem =
  | { kind: 'unavailable'; message: string; status: number }
  | { kind: 'token'; message: string; status: number }
  | { kind: 'rejected'; message: string; status: number };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const TOKEN_WORDS = /\b(access ?token|token|unauthori[sz]ed|not authori[sz]ed|authentication)\b/i;
const BUSY_WORDS = /too many|rate limit|limit exceeded|try again|throttl|temporarily|maintenance/i;
const DUPLICATE_WORDS = /already exists|already been|duplicate/i;
const NOT_FOUND_WORDS = /not found|no orders?\b|does not exist|no records?/i;

/** The error message in any of Qikink's error shapes, or null when the body is not an error. */
export function qikinkErrorMessage(json: unknown): string | null {
  if (!isObject(json)) return null;
  const message = typeof json.message === 'string' ? json.message.trim() : '';
  if ('error' in json && json.error !== false && json.error !== null && json.error !== '') {
    if (typeof json.error === 'string') return json.error.trim() || message || 'Unknown error';
    if (isObject(json.error) && typeof json.error.message === 'string') return json.error.message;
    return message || 'Unknown error';
  }
  if ('status_code' in json && String(json.status_code) !== '200') {
    return message || `status_code ${String(json.status_code)}`;
  }
  if (json.success === false || json.status === false) return message || 'Request failed';
  // {"message":"Invalid SKU"}: a bare message without the fields of a success.
  if (message && !('order_id' in json) && !/success/i.test(message)) return message;
  return null;
}

function problemOf(answer: Answer): Problem | null {
  const { status } = answer;
  if (answer.unreadable) {
    return { kind: 'unavailable', message: `HTTP ${status} with a body that is not JSON`, status };
  }
  if (status === 429 || status >= 500) {
    return { kind: 'unavailable', message: qikinkErrorMessage(answer.json) ?? `HTTP ${status}`, status };
  }
  const message = qikinkErrorMessage(answer.json);
  if (status === 401 || status === 403)
    return { kind: 'token', message: message ?? `HTTP ${status}`, status };
  if (message) {
    if (BUSY_WORDS.test(message)) return { kind: 'unavailable', message, status };
    if (TOKEN_WORDS.test(message)) return { kind: 'token', message, status };
    return { kind: 'rejected', message, status };
  }
  if (status >= 400) return { kind: 'rejected', message: `HTTP ${status}`, status };
  return null;
}

/** Integer paise -> "1198.00", exactly (no float arithmetic on money). */
export function qikinkMoney(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

const ORDER_NUMBER = /^[A-Za-z0-9]{1,15}$/;

/** A mobile number as Qikink wants it: the bare 10 national digits. */
function nationalMobile(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

const safeCount = (n: unknown, min: number): n is number => Number.isSafeInteger(n) && (n as number) >= min;

/**
 * The create-order body exactly as Qikink takes it: quantity, price and total as strings with
 * two decimals for money, search_from_my_products as the number 1, every shipping_address key present.
 * Anything Qikink would refuse is refused here first, as a PartnerRejectedError in Qikink's words.
 */
export function buildCreateOrderBody(order: PartnerOrderInput) {
  const reject = (field: string) => new PartnerRejectedError(`Invalid parameter: ${field}`);
  if (!ORDER_NUMBER.test(order.orderNumber)) throw reject('order_number');
  if (order.paymentMethod !== 'COD' && order.paymentMethod !== 'Prepaid') throw reject('gateway');
  if (!safeCount(order.totalPaise, 0)) throw reject('total_order_value');
  if (order.lineItems.length === 0) throw reject('line_items');
  const lineItems = order.lineItems.map((item) => {
    if (!item.sku.trim()) throw reject('sku');
    if (!safeCount(item.quantity, 1)) throw reject('quantity');
    if (!safeCount(item.unitPricePaise, 0)) throw reject('price');
    return {
      search_from_my_products: 1,
      sku: item.sku.trim(),
      quantity: String(item.quantity),
      price: qikinkMoney(item.unitPricePaise),
    };
  });
  const a = order.shipping;
  const phone = nationalMobile(a.phone);
  if (!phone) throw reject('phone');
  const province = normaliseStateName(a.state);
  if (!province) throw reject('province');
  const zip = a.zip.trim();
  if (!/^[1-9]\d{5}$/.test(zip)) throw reject('zip');
  return {
    order_number: order.orderNumber,
    qikink_shipping: '1',
    gateway: order.paymentMethod,
    total_order_value: qikinkMoney(order.totalPaise),
    line_items: lineItems,
    shipping_address: {
      first_name: a.firstName.trim(),
      last_name: a.lastName.trim(),
      address1: a.address1.trim(),
      address2: a.address2.trim(),
      phone,
      email: a.email.trim(),
      city: a.city.trim(),
      zip,
      province,
      country_code: 'IN',
    },
  };
}

export type QikinkCreateOrderBody = ReturnType<typeof buildCreateOrderBody>;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** One order as Qikink lists it; null when it has no order id. */
export function toPartnerOrder(raw: unknown, clientId: string): PartnerOrder | null {
  if (!isObject(raw)) return null;
  const partnerOrderId = text(raw.order_id) ?? text(raw.id);
  if (!partnerOrderId) return null;
  // "number" is "<clientId>_<our number>".
  const number = text(raw.number) ?? text(raw.order_number) ?? '';
  const orderNumber = number.startsWith(`${clientId}_`)
    ? number.slice(clientId.length + 1)
    : (number.split('_').pop() ?? number);
  const shippingRaw = Array.isArray(raw.shipping) ? raw.shipping[0] : raw.shipping;
  const shipping = isObject(shippingRaw) ? shippingRaw : {};
  const order: PartnerOrder = {
    partnerOrderId,
    orderNumber,
    status: text(raw.status) ?? '',
  };
  const awb = text(shipping.awb) ?? text(shipping.awb_no) ?? text(shipping.awb_number);
  const trackingLink = text(shipping.tracking_link) ?? text(shipping.tracking_url);
  const courier = text(shipping.courier) ?? text(shipping.courier_name);
  const createdOn = text(raw.created_on);
  if (awb) order.awb = awb;
  if (trackingLink) order.trackingLink = trackingLink;
  if (courier) order.courier = courier;
  if (createdOn) order.createdOn = createdOn;
  return order;
}

/** The orders in a listing answer: a list, a single object, or a list under data/orders. */
function ordersIn(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (isObject(json)) {
    if (Array.isArray(json.data)) return json.data;
    if (Array.isArray(json.orders)) return json.orders;
    if ('order_id' in json) return [json];
  }
  return [];
}

/** A client's settings with their defaults filled in, and the one mint in flight that its calls share. */
interface Connection {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  db: Db;
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
  refreshMarginMs: number;
  maxLookupPages: number;
  minting: Promise<string> | undefined;
}

export function createQikinkClient(options: QikinkClientOptions): FulfilmentPartner {
  const conn: Connection = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    db: options.db,
    fetch: options.fetch ?? fetch,
    now: options.now ?? Date.now,
    timeoutMs: options.timeoutMs ?? 15_000,
    refreshMarginMs: options.refreshMarginMs ?? 60_000,
    maxLookupPages: options.maxLookupPages ?? 10,
    minting: undefined,
  };
  const partner: FulfilmentPartner = {
    // Qikink has no cancel call: only its dashboard cancels, while the order is Live or Live OOS.
    cancellation: 'dashboard',
    createOrder: (order) => createOrder(conn, order, (orderNumber) => partner.findOrderByNumber(orderNumber)),
    findOrderByNumber: (orderNumber) => findOrderByNumber(conn, orderNumber),
    getOrder: (partnerOrderId) => getOrder(conn, partnerOrderId),
  };
  return partner;
}

async function send(
  conn: Connection,
  method: 'GET' | 'POST',
  path: string,
  init: { headers: Record<string, string>; body?: string },
): Promise<Answer> {
  let res: Response;
  let body: string;
  try {
    res = await conn.fetch(`${conn.baseUrl}${path}`, {
      method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(conn.timeoutMs),
    });
    body = await res.text();
  } catch (err) {
    // The request may have arrived: a create that timed out may exist at Qikink.
    throw new PartnerUnavailableError(`Qikink could not be reached (${method} ${path.split('?')[0]})`, {
      outcomeUnknown: method === 'POST',
      cause: err,
    });
  }
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { status: res.status, json: JSON.parse(trimmed), unreadable: false };
    } catch {
      // fall through: half a JSON document is as unreadable as HTML
    }
  }
  return { status: res.status, json: undefined, unreadable: true };
}

async function readToken(conn: Connection, executor: Pick<Db, 'select'>): Promise<StoredToken | undefined> {
  const [row] = await executor
    .select({ value: sharedState.value })
    .from(sharedState)
    .where(eq(sharedState.key, TOKEN_STATE_KEY));
  const stored = row?.value as StoredToken | undefined;
  const matches =
    !!stored &&
    stored.clientId === conn.clientId &&
    stored.baseUrl === conn.baseUrl &&
    typeof stored.token === 'string';
  return matches ? stored : undefined;
}

const isFresh = (conn: Connection, t: StoredToken | undefined): t is StoredToken =>
  !!t && t.expiresAt - conn.now() > conn.refreshMarginMs;

async function requestToken(conn: Connection): Promise<StoredToken> {
  const { clientId, baseUrl } = conn;
  // Form-encoded, not JSON: Qikink's token endpoint ignores a JSON body.
  const answer = await send(conn, 'POST', '/api/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ClientId: clientId, client_secret: conn.clientSecret }).toString(),
  });
  const problem = problemOf(answer);
  if (problem?.kind === 'unavailable') {
    throw new PartnerUnavailableError(`Qikink token: ${problem.message}`, { status: problem.status });
  }
  if (problem) throw new PartnerAuthError(`Qikink refused our credentials: ${problem.message}`, problem);
  const json = isObject(answer.json) ? answer.json : {};
  // Note the spelling: Accesstoken.
  const token = text(json.Accesstoken) ?? text(json.AccessToken) ?? text(json.access_token);
  if (!token) throw new PartnerUnavailableError('Qikink token: no Accesstoken in the answer');
  const seconds = Number(json.expires_in);
  const ttl = Number.isFinite(seconds) && seconds > 0 ? seconds : 3600;
  return { token, expiresAt: conn.now() + ttl * 1000, clientId, baseUrl };
}

/**
 * A new token, minted once however many callers and instances need one: Qikink keeps one live token per client
 * and a new one invalidates the old, so two instances minting together would keep knocking each other out.
 * In-process callers share one promise; across instances an advisory lock serialises minting, and whoever gets
 * the lock second re-reads and uses the token just minted. `stale` is a token Qikink refused: never reuse it.
 */
async function mint(conn: Connection, stale?: string): Promise<string> {
  const token = await mintOnce(conn, stale);
  // Joined a mint started by a caller that did not know this token was refused: mint once more.
  return token === stale ? mintOnce(conn, stale) : token;
}

function mintOnce(conn: Connection, stale?: string): Promise<string> {
  conn.minting ??= conn.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rangrez:${TOKEN_STATE_KEY}`}))`);
      const current = await readToken(conn, tx);
      if (isFresh(conn, current) && current.token !== stale) return current.token;
      const minted = await requestToken(conn);
      await tx
        .insert(sharedState)
        .values({ key: TOKEN_STATE_KEY, value: minted, expiresAt: new Date(minted.expiresAt) })
        .onConflictDoUpdate({
          target: sharedState.key,
          set: { value: minted, expiresAt: new Date(minted.expiresAt), updatedAt: sql`now()` },
        });
      return minted.token;
    })
    .finally(() => {
      conn.minting = undefined;
    });
  return conn.minting;
}

async function accessToken(conn: Connection): Promise<string> {
  const current = await readToken(conn, conn.db);
  return isFresh(conn, current) ? current.token : mint(conn);
}

const authHeaders = (conn: Connection, token: string) => ({ ClientId: conn.clientId, Accesstoken: token });

/** A GET, retried once with a new token when Qikink says the token is no longer valid. */
async function get(conn: Connection, path: string): Promise<Answer> {
  let token = await accessToken(conn);
  let answer = await send(conn, 'GET', path, { headers: authHeaders(conn, token) });
  if (problemOf(answer)?.kind === 'token') {
    token = await mint(conn, token);
    answer = await send(conn, 'GET', path, { headers: authHeaders(conn, token) });
  }
  const problem = problemOf(answer);
  if (problem?.kind === 'token')
    throw new PartnerAuthError(`Qikink refused a new token: ${problem.message}`, problem);
  if (problem?.kind === 'unavailable')
    throw new PartnerUnavailableError(`Qikink: ${problem.message}`, problem);
  return answer;
}

async function listOrders(conn: Connection, page: number): Promise<unknown[]> {
  const answer = await get(conn, `/api/order?page_no=${page}`);
  const problem = problemOf(answer);
  if (problem) {
    if (NOT_FOUND_WORDS.test(problem.message)) return [];
    throw new PartnerRejectedError(problem.message);
  }
  return ordersIn(answer.json);
}

/** `findExisting` looks our number up when Qikink says it already has it. */
async function createOrder(
  conn: Connection,
  order: PartnerOrderInput,
  findExisting: (orderNumber: string) => Promise<PartnerOrder | null>,
): Promise<{ partnerOrderId: string }> {
  const body = buildCreateOrderBody(order);
  const token = await accessToken(conn);
  const answer = await send(conn, 'POST', '/api/order/create', {
    headers: { ...authHeaders(conn, token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const problem = problemOf(answer);
  if (problem?.kind === 'token') {
    // Not retried here (a create is never repeated blindly): renew the token for the caller's next attempt.
    await mint(conn, token).catch(() => undefined);
    throw new PartnerUnavailableError(`Qikink refused the access token: ${problem.message}`, problem);
  }
  if (problem?.kind === 'unavailable') {
    throw new PartnerUnavailableError(`Qikink: ${problem.message}`, {
      status: problem.status,
      // A 5xx or an HTML page may come after the order was stored; a rate-limit answer comes before.
      outcomeUnknown: answer.unreadable || problem.status >= 500,
    });
  }
  if (problem) {
    if (DUPLICATE_WORDS.test(problem.message)) {
      // Our number is already there (an earlier attempt got through): that order is the answer.
      const existing = await findExisting(order.orderNumber);
      if (existing) return { partnerOrderId: existing.partnerOrderId };
    }
    throw new PartnerRejectedError(problem.message);
  }
  const id = isObject(answer.json) ? text(answer.json.order_id) : undefined;
  if (!id || !/^\d+$/.test(id)) {
    throw new PartnerUnavailableError('Qikink answered without an order id', {
      status: answer.status,
      outcomeUnknown: true,
    });
  }
  return { partnerOrderId: id };
}

async function findOrderByNumber(conn: Connection, orderNumber: string): Promise<PartnerOrder | null> {
  const { clientId } = conn;
  const fullNumber = `${clientId}_${orderNumber}`;
  for (let page = 1; page <= conn.maxLookupPages; page++) {
    const orders = await listOrders(conn, page);
    for (const raw of orders) {
      const found = toPartnerOrder(raw, clientId);
      const number = isObject(raw) ? text(raw.number) : undefined;
      if (found && (number === fullNumber || found.orderNumber === orderNumber)) return found;
    }
    if (orders.length < PAGE_SIZE) break;
  }
  return null;
}

async function getOrder(conn: Connection, partnerOrderId: string): Promise<PartnerOrder | null> {
  // Qikink's ids are numbers; anything else cannot be one of its orders.
  if (!/^\d{1,20}$/.test(partnerOrderId)) return null;
  const answer = await get(conn, `/api/order?id=${partnerOrderId}`);
  const problem = problemOf(answer);
  if (problem) {
    if (NOT_FOUND_WORDS.test(problem.message)) return null;
    throw new PartnerRejectedError(problem.message);
  }
  const match = ordersIn(answer.json)
    .map((raw) => toPartnerOrder(raw, conn.clientId))
    .find((o) => o?.partnerOrderId === partnerOrderId);
  return match ?? null;
}
