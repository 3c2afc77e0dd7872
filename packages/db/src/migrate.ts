import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export interface MigrateLog {
  info(msg: string): void;
}

export interface MigrateOptions {
  /** Folder written by drizzle-kit (`<tag>.sql` files and `meta/_journal.json`). */
  migrationsFolder?: string;
  log: MigrateLog;
  /** How long to wait for another instance's migration run before giving up (default 5 minutes). */
  lockTimeoutMs?: number;
}

export const defaultMigrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

// Every instance must agree on the key, and it must not collide with pg-boss or other advisory-lock users:
// derive it from a name rather than picking a small number.
export const MIGRATIONS_LOCK_KEY: bigint = createHash('sha256')
  .update('rangrez:migrations')
  .digest()
  .readBigInt64BE(0);

/**
 * Applies pending migrations. Instances starting together serialise on a session-level advisory lock: the
 * second waits, then finds everything applied. A session lock (not a transaction lock) because drizzle's
 * migrator runs its own statements outside and inside its transaction on the same connection.
 */
export async function runMigrations(url: string, options: MigrateOptions): Promise<void> {
  const folder = path.resolve(options.migrationsFolder ?? defaultMigrationsFolder);
  const { log } = options;
  if (!existsSync(path.join(folder, 'meta', '_journal.json'))) {
    throw new Error(
      `No migrations in ${folder} (meta/_journal.json is missing); generate them with drizzle-kit.`,
    );
  }
  // A dedicated client, not a pool: the lock belongs to the session, so every statement must use this connection.
  // It is always closed at the end, which template databases rely on (they cannot be cloned while in use).
  const client = new pg.Client({ connectionString: url, application_name: 'rangrez:migrate' });
  client.on('error', () => undefined); // surfaces through the pending query instead
  const lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60_000;
  const started = Date.now();
  try {
    await client.connect();
    // Migrations may build indexes on big tables: no statement_timeout from the role or the server's defaults.
    await client.query(`SET statement_timeout = 0`);
    const key = MIGRATIONS_LOCK_KEY.toString();
    const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
    if (!got.rows[0]?.ok) {
      log.info(`waiting for another instance to finish migrating (${await lockHolder(client)})`);
      await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
      try {
        await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
      } catch (err) {
        if ((err as { code?: string }).code === '55P03') {
          throw new Error(
            `Gave up after ${lockTimeoutMs} ms waiting for the migrations lock, held by ${await lockHolder(client)}`,
            { cause: err },
          );
        }
        throw err;
      }
      await client.query('SET lock_timeout = 0');
    }
    const before = await appliedCount(client);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    const applied = (await appliedCount(client)) - before;
    log.info(
      applied > 0
        ? `applied ${applied} migration(s) from ${folder} in ${Date.now() - started} ms`
        : 'database schema is up to date',
    );
    // Closing the session would release the lock too; unlocking explicitly keeps the intent visible.
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
  } catch (err) {
    throw new Error(`Migrating ${redact(url)} failed: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function appliedCount(client: pg.Client): Promise<number> {
  // Checked first: a query naming a missing table fails at parse time, even in a branch that would not run.
  const table = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`);
  if (!table.rows[0]?.ok) return 0;
  const res = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return res.rows[0]?.n ?? 0;
}

async function lockHolder(client: pg.Client): Promise<string> {
  // A bigint advisory key is stored as classid = high 32 bits, objid = low 32 bits, objsubid = 1.
  const res = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
    `SELECT a.pid, a.application_name, a.client_addr::text AS client_addr
       FROM pg_locks l JOIN pg_stat_activity a USING (pid)
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.classid = (($1::bigint >> 32) & 4294967295)::oid AND l.objid = ($1::bigint & 4294967295)::oid`,
    [MIGRATIONS_LOCK_KEY.toString()],
  );
  const h = res.rows[0];
  return h
    ? `backend pid ${h.pid}, application "${h.application_name}", from ${h.client_addr ?? 'local socket'}`
    : 'unknown holder';
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the database';
  }
}
