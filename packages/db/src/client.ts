import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

// Type parsing is left at pg's defaults on purpose: int8 and numeric arrive as strings (exact). Drizzle columns
// convert them by their declared mode (bigint({ mode: 'number' }) etc.), and aggregates use drizzle's count()
// or .mapWith(Number). Installing parsers would mean pg's process-wide registry — drizzle's node-postgres session
// falls back to it and ignores per-pool `types` — and would silently change what pg-boss and every other pg user
// in the process receives.

export type Database = NodePgDatabase<typeof schema>;

export interface DbOptions {
  /** Connections in the pool (default 10). PostgreSQL's default max_connections is 100 for every process together. */
  max?: number;
  /** Shown in pg_stat_activity, so a stuck query can be traced to its process. */
  applicationName?: string;
  /** Server-side cap on any one statement (default 30 s); 0 disables it. */
  statementTimeoutMs?: number;
  /** Receives errors of idle pooled connections (e.g. the server restarted); without a listener they crash Node. */
  onError?: (err: Error) => void;
}

export interface Db {
  db: Database;
  pool: pg.Pool;
  /** Waits for checked-out clients to be released, then closes every connection. Idempotent. */
  close(): Promise<void>;
}

export function createDb(url: string, options: DbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    // Fail fast when the server is unreachable instead of queueing requests forever.
    connectionTimeoutMillis: 10_000,
    application_name: options.applicationName ?? 'rangrez',
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    // A transaction left open by a bug holds row locks (stock, orders) and blocks vacuum; end it.
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on(
    'error',
    options.onError ?? ((err) => process.emitWarning(`idle PostgreSQL connection failed: ${err.message}`)),
  );
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => (closing ??= pool.end()),
  };
}
