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

export function listenForChanges(connection: pg.ClientConfig, log?: Logger): ChangeFeed {
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_DELAY_MS.first;
  const listeners: Array<() => void> = [];
  const settling = new Map<string, () => void>();
  let settleCounter = 0;
  let waiting: Array<() => void> = [];
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const changed = () => {
    generation++;
    for (const listener of listeners) listener();
  };

  const lost = (err?: Error) => {
    if (!listening && !client) return;
    listening = false;
    client = undefined;
    // A settle() waiting on this connection will never hear its token; everything is stale now anyway.
    for (const resolve of settling.values()) resolve();
    settling.clear();
    // Whatever happened while we could not hear it is unknown: treat it as a change.
    changed();
    if (closed) return;
    log?.warn({ err }, 'catalogue change feed lost its connection; caching is off until it is back');
    schedule();
  };

  const schedule = () => {
    reconnectTimer = setTimeout(() => void connect(), delay);
    reconnectTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_DELAY_MS.max);
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ ...connection, application_name: 'rangrez-change-feed' });
    next.on('notification', (message) => {
      if (message.channel !== CATALOGUE_CHANNEL) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(SETTLE_PREFIX)) {
        settling.get(payload)?.();
        settling.delete(payload);
        return;
      }
      changed();
    });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      if (closed) return;
      log?.warn({ err }, 'catalogue change feed could not listen; retrying');
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_DELAY_MS.first;
    // Changes made before LISTEN took effect were not heard: anything cached before now is suspect.
    changed();
    listening = true;
    markReady();
    for (const resolve of waiting) resolve();
    waiting = [];
  }

  void connect();

  return {
    get generation() {
      return generation;
    },
    get listening() {
      return listening;
    },
    ready,
    untilListening() {
      if (listening || closed) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async settle() {
      await ready;
      const current = client;
      if (!current || !listening) return;
      const token = `${SETTLE_PREFIX}${process.pid}:${++settleCounter}`;
      const heard = new Promise<void>((resolve) => settling.set(token, resolve));
      await current.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, token]);
      await heard;
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      listening = false;
      const current = client;
      client = undefined;
      markReady();
      for (const resolve of waiting) resolve();
      waiting = [];
      for (const resolve of settling.values()) resolve();
      settling.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
