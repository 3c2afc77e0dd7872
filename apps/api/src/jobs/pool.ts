// The pg pool under the app's drizzle database: pg-boss shares it, and session-level advisory locks need a
// connection of their own for as long as they are held.
import type { Db } from '../lib/db.ts';

export interface PooledClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(err?: Error | boolean): void;
}

export interface Pool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PooledClient>;
}

/** drizzle's node-postgres database keeps its pool at `$client` (drizzle-orm 0.45). */
export function poolOf(db: Db): Pool {
  const pool = (db as unknown as { $client?: Pool }).$client;
  if (!pool || typeof pool.connect !== 'function' || typeof pool.query !== 'function') {
    throw new Error(
      'jobs: the database handle has no pg pool at $client; update jobs/pool.ts for this drizzle',
    );
  }
  return pool;
}

/**
 * Runs `work` while holding a session advisory lock on `key`, on a dedicated connection, so the lock can outlive
 * the slow outside calls inside `work` without keeping a transaction open. Returns undefined (without running
 * `work`) when someone else holds the lock.
 */
export async function withSessionLock<T>(
  pool: Pool,
  key: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [
      key,
    ]);
    if (!(rows[0] as { locked?: boolean } | undefined)?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
        .catch((err: unknown) => {
          // A connection that cannot unlock is thrown away: closing it releases the lock.
          broken = err instanceof Error ? err : new Error(String(err));
        });
    }
  } finally {
    client.release(broken);
  }
}
