// The simulated partner's orders and what its dashboard can do to them. An order follows a path of Qikink's
// status words, one step every `stepMs` on the simulator's clock: forward (Live ... Delivered), back to origin
// (RTO Initiated, Returned) or cancelled. The dashboard stand-in (cancel, RTO, advance, deliver, hold in any word)
// moves it between paths with Qikink's rules; every change holds the order's row lock, so two instances (or two
// tests) acting at once cannot both win.
import type { Db } from '../../../lib/db.ts';
import { readSim, simKeys, type Tx, writeSim } from './state.ts';

/** The statuses a new order passes through, one step apart. AWB, tracking link and courier come with Manifested. */
export const SIMULATED_TIMELINE = [
  'Live',
  'To be Printed',
  'Printed',
  'Manifested',
  'In-Transit',
  'Delivered',
] as const;
const MANIFESTED_STEP = SIMULATED_TIMELINE.indexOf('Manifested');
const IN_TRANSIT_STEP = SIMULATED_TIMELINE.indexOf('In-Transit');

const PATHS = {
  forward: SIMULATED_TIMELINE,
  rto: ['RTO Initiated', 'Returned'],
  cancelled: ['Cancelled'],
} as const satisfies Record<string, readonly string[]>;
type PathName = keyof typeof PATHS;

/** Where an order is on its path, as of `since` (milliseconds on the simulator's clock). */
interface Progress {
  path: PathName;
  index: number;
  since: number;
}

export interface SimOrder {
  order_id: number;
  client_id: string;
  order_number: string;
  gateway: string;
  total_order_value: string;
  line_items: unknown[];
  shipping_address: Record<string, string>;
  /** Milliseconds since the epoch, on the simulator's clock. */
  created_at: number;
  /** Absent: forward from created_at. */
  progress?: Progress;
  /** A word set by a test (On Hold, Live OOS, Exception, or any other): shown as is, the path paused under it. */
  status_override?: string;
}

/** What the order functions need of the simulator: its storage, client and clock. */
export interface SimContext {
  db: Db;
  clientId: string;
  stepMs: number;
  now: () => number;
  publicBaseUrl: string;
}

/** A dashboard action refused (409), an order the dashboard does not show (404), or a bad control (400). */
export class DashboardRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'DashboardRefusal';
  }
}

function position(ctx: SimContext, order: SimOrder): Progress {
  const p = order.progress ?? { path: 'forward', index: 0, since: order.created_at };
  if (order.status_override !== undefined) return p;
  const steps = Math.max(0, Math.floor((ctx.now() - p.since) / ctx.stepMs));
  return { ...p, index: Math.min(p.index + steps, PATHS[p.path].length - 1) };
}

const awbFor = (orderId: number) => `1490${String(orderId).padStart(10, '0')}`;

/** The order's status word now, and its shipping details once a courier has it. */
export function statusOf(ctx: SimContext, order: SimOrder) {
  const { path, index } = position(ctx, order);
  const shipped = path === 'rto' || (path === 'forward' && index >= MANIFESTED_STEP);
  const awb = awbFor(order.order_id);
  return {
    status: order.status_override ?? PATHS[path][index] ?? 'Live',
    shipping: shipped
      ? { awb, tracking_link: `${ctx.publicBaseUrl}/track/${awb}`, courier: 'Delhivery' }
      : { awb: '', tracking_link: '', courier: '' },
  };
}

/** The order id in an AWB of ours (the tracking page's address), or null. */
export function orderIdOfAwb(awb: string): number | null {
  const match = /^1490(\d{10})$/.exec(awb);
  return match ? Number(match[1]) : null;
}

const key = (word: string) => word.trim().toLowerCase();

/** The order `ref` names (Qikink's order id, or our order number), locked for the change. */
async function lockedOrder(ctx: SimContext, tx: Tx, ref: string | number): Promise<SimOrder> {
  let orderId = /^\d{1,15}$/.test(String(ref)) ? Number(ref) : undefined;
  if (orderId === undefined) {
    const claimed = await readSim<{ order_id: number }>(tx, simKeys.number(ctx.clientId, String(ref)));
    orderId = claimed?.order_id;
  }
  const order = orderId === undefined ? undefined : await readSim<SimOrder>(tx, simKeys.order(orderId), true);
  if (!order || order.client_id !== ctx.clientId) throw new DashboardRefusal(404, `Order ${ref} not found`);
  return order;
}

type Change = (order: SimOrder, at: Progress, status: string) => SimOrder;

/** Applies one dashboard action to one order, atomically; answers the order as the API will now show it. */
export async function changeOrder(ctx: SimContext, ref: string | number, change: Change): Promise<SimOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(ctx, tx, ref);
    const changed = change(order, position(ctx, order), statusOf(ctx, order).status);
    await writeSim(tx, simKeys.order(order.order_id), changed);
    return changed;
  });
}

/** The order on `path` at `index` from now on, without a held word. */
function moved(ctx: SimContext, order: SimOrder, path: PathName, index: number): SimOrder {
  const { status_override: _held, ...rest } = order;
  return { ...rest, progress: { path, index, since: ctx.now() } };
}

/** Qikink's dashboard cancels an order only while it waits to be printed: Live or Live OOS. */
export const cancel =
  (ctx: SimContext): Change =>
  (order, _at, status) => {
    if (key(status) !== 'live' && key(status) !== 'live oos') {
      throw new DashboardRefusal(
        409,
        `Order ${order.order_id} cannot be cancelled: it is ${status}. Only Live and Live OOS orders can be cancelled.`,
      );
    }
    return moved(ctx, order, 'cancelled', 0);
  };

/** The courier brings the parcel back: RTO Initiated, then Returned a step later. Only a parcel on its way. */
export const returnToOrigin =
  (ctx: SimContext): Change =>
  (order, at, status) => {
    if (at.path !== 'forward' || at.index < MANIFESTED_STEP || at.index > IN_TRANSIT_STEP) {
      throw new DashboardRefusal(
        409,
        `Order ${order.order_id} cannot be marked RTO: it is ${status}. Only Manifested and In-Transit orders can return to origin.`,
      );
    }
    return moved(ctx, order, 'rto', 0);
  };

/** The next status of the order's path now (a held word is released onto the step after it). */
export const advance =
  (ctx: SimContext): Change =>
  (order, at, status) => {
    const last = PATHS[at.path].length - 1;
    if (order.status_override === undefined && at.index >= last) {
      throw new DashboardRefusal(409, `Order ${order.order_id} is ${status}: it has no next status.`);
    }
    return moved(ctx, order, at.path, Math.min(at.index + 1, last));
  };

/** Delivered now, from anywhere on the forward path. */
export const deliver =
  (ctx: SimContext): Change =>
  (order, at, status) => {
    if (at.path !== 'forward') {
      throw new DashboardRefusal(409, `Order ${order.order_id} cannot be marked delivered: it is ${status}.`);
    }
    return moved(ctx, order, 'forward', SIMULATED_TIMELINE.length - 1);
  };

/** Shows `word` (any word, known or not) until the next change, the path paused; null resumes the path. */
export const hold =
  (ctx: SimContext, word: string | null): Change =>
  (order, at) => {
    const resumed = moved(ctx, order, at.path, at.index);
    return word === null ? resumed : { ...resumed, status_override: word };
  };
