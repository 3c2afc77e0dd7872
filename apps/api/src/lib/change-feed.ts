// Hears about catalogue changes from PostgreSQL (docs/decisions/010-catalogue-cache.md): triggers on every table
// the catalogue answers are made of call pg_notify(CATALOGUE_CHANNEL) in the writing transaction, and PostgreSQL
// delivers the notification to every listening instance once that transaction commits, whoever wrote it (an
// order taking stock on another instance, a seed, an operator's SQL).
//
// Caches may only keep what they read while the feed is listening: a connection that drops may have missed
// notifications, so `generation` moves (everything cached is stale) and `listening` stays false until LISTEN is
// re-established.
import pg from 'pg';
import type { Db } from './db.ts';

export const CATALOGUE_CHANNEL = 'rangrez_catalogue';
/** Sent by settle() through the same queue as the changes: every change committed before it is delivered first. */
const SETTLE_PREFIX = 'settle:';
const RECONNECT_DELAY_MS = { first: 100, max: 5_000 };

export interface ChangeFeed {
  /** Moves on every change and every lost connection; a value read under one generation is stale under another. */
  readonly generation: number;
  /** True while changes are heard; a cache must bypass itself otherwise. */
  readonly listening: boolean;
  /** Resolves once listening for the first time (or when closed). */
  readonly ready: Promise<void>;
  /** Resolves when the feed listens (at once if it does): after a lost connection, once it is back. */
  untilListening(): Promise<void>;
  /** Called on every change, after `generation` moved. */
  onChange(listener: () => void): void;
  /**
   * Resolves once every change committed before the call has been heard: tests and scripts that write the
   * catalogue and read it right after through the API need this; requests from people are never this close.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** How the app's pool connects (drizzle keeps the pg pool at `$client`): the feed needs a connection of its own. */
export function connectionOf(db: Db): pg.ClientConfig {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool?.options) throw new Error('change feed: the database handle has no pg pool at $client');
  return pool.options;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** What the feed holds between calls; connecting, losing the connection and the feed's methods all move it. */
interface FeedState {
  readonly connection: pg.ClientConfig;
  readonly log: Logger | undefined;
  generation: number;
  listening: boolean;
  closed: boolean;
  client: pg.Client | undefined;
  reconnectTimer: NodeJS.Timeout | undefined;
  delay: number;
  readonly listeners: Array<() => void>;
  /** settle() tokens not heard back yet. */
  readonly settling: Map<string, () => void>;
  settleCounter: number;
  /** untilListening() calls waiting for the feed to listen. */
  waiting: Array<() => void>;
  readonly ready: Promise<void>;
  readonly markReady: () => void;
}

function changed(state: FeedState) {
  state.generation++;
  for (const listener of state.listeners) listener();
}

function lost(state: FeedState, err?: Error) {
  if (!state.listening && !state.client) return;
  state.listening = false;
  state.client = undefined;
  // A settle() waiting on this connection will never hear its token; everything is stale now anyway.
  for (const resolve of state.settling.values()) resolve();
  state.settling.clear();
  // Whatever happened while we could not hear it is unknown: treat it as a change.
  changed(state);
  if (state.closed) return;
  state.log?.warn({ err }, 'catalogue change feed lost its connection; caching is off until it is back');
  schedule(state);
}

function schedule(state: FeedState) {
  state.reconnectTimer = setTimeout(() => void connect(state), state.delay);
  state.reconnectTimer.unref();
  state.delay = Math.min(state.delay * 2, RECONNECT_DELAY_MS.max);
}

/** A client that reports notifications, settle tokens and its own loss; it only counts once it is `state.client`. */
function newClient(state: FeedState): pg.Client {
  const next = new pg.Client({ ...state.connection, application_name: 'rangrez-change-feed' });
  next.on('notification', (message) => {
    if (message.channel !== CATALOGUE_CHANNEL) return;
    const payload = message.payload ?? '';
    if (payload.startsWith(SETTLE_PREFIX)) {
      state.settling.get(payload)?.();
      state.settling.delete(payload);
      return;
    }
    changed(state);
  });
  next.on('error', (err) => {
    if (state.client === next) lost(state, err);
  });
  next.on('end', () => {
    if (state.client === next) lost(state);
  });
  return next;
}

async function connect(state: FeedState) {
  if (state.closed) return;
  const next = newClient(state);
  try {
    await next.connect();
    await next.query(`listen ${CATALOGUE_CHANNEL}`);
  } catch (err) {
    await next.end().catch(() => undefined);
    if (state.closed) return;
    state.log?.warn({ err }, 'catalogue change feed could not listen; retrying');
    schedule(state);
    return;
  }
  if (state.closed) {
    await next.end().catch(() => undefined);
    return;
  }
  state.client = next;
  state.delay = RECONNECT_DELAY_MS.first;
  // Changes made before LISTEN took effect were not heard: anything cached before now is suspect.
  changed(state);
  state.listening = true;
  state.markReady();
  for (const resolve of state.waiting) resolve();
  state.waiting = [];
}

async function settle(state: FeedState) {
  await state.ready;
  const current = state.client;
  if (!current || !state.listening) return;
  const token = `${SETTLE_PREFIX}${process.pid}:${++state.settleCounter}`;
  const heard = new Promise<void>((resolve) => state.settling.set(token, resolve));
  await current.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, token]);
  await heard;
}

async function close(state: FeedState) {
  state.closed = true;
  clearTimeout(state.reconnectTimer);
  state.listening = false;
  const current = state.client;
  state.client = undefined;
  state.markReady();
  for (const resolve of state.waiting) resolve();
  state.waiting = [];
  for (const resolve of state.settling.values()) resolve();
  state.settling.clear();
  await current?.end().catch(() => undefined);
}

export function listenForChanges(connection: pg.ClientConfig, log?: Logger): ChangeFeed {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const state: FeedState = {
    connection,
    log,
    generation: 0,
    listening: false,
    closed: false,
    client: undefined,
    reconnectTimer: undefined,
    delay: RECONNECT_DELAY_MS.first,
    listeners: [],
    settling: new Map(),
    settleCounter: 0,
    waiting: [],
    ready,
    markReady,
  };

  void connect(state);

  return {
    get generation() {
      return state.generation;
    },
    get listening() {
      return state.listening;
    },
    ready,
    untilListening() {
      if (state.listening || state.closed) return Promise.resolve();
      return new Promise<void>((resolve) => state.waiting.push(resolve));
    },
    onChange(listener) {
      state.listeners.push(listener);
    },
    settle: () => settle(state),
    close: () => close(state),
  };
}
