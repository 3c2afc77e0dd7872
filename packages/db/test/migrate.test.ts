import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureDatabase, withDatabase } from '../src/launcher.ts';
import { MIGRATIONS_LOCK_KEY, runMigrations } from '../src/migrate.ts';
import { startTestServer } from '../src/testing/global-setup.ts';
import type { TestServer } from '../src/testing/global-setup.ts';
import { writeMigrations } from '../src/testing/migration-fixture.ts';
import { dropDatabase } from '../src/testing/test-db.ts';

// Not the real schema: the migration machinery is tested with throw-away migrations whose effects are countable.
const first = {
  tag: '0000_first',
  sql: `CREATE TABLE counter (id int PRIMARY KEY);
--> statement-breakpoint
INSERT INTO counter VALUES (1);`,
};
const second = { tag: '0001_second', sql: `INSERT INTO counter VALUES (2);` };

let server: TestServer;
let tmp: string;
const databases: string[] = [];

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-migrate-'));
  await writeMigrations(path.join(tmp, 'template'), [first]);
  server = await startTestServer({ migrationsFolder: path.join(tmp, 'template') });
});

afterAll(async () => {
  if (server) {
    await Promise.all(databases.map((name) => dropDatabase(server.context.adminUrl, name)));
    await server.teardown();
  }
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function freshDatabase(): Promise<string> {
  const name = `rangrez_migrate_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(server.context.adminUrl, name);
  databases.push(name);
  return withDatabase(server.context.adminUrl, name);
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (msg: string) => lines.push(msg) };
}

describe('runMigrations', () => {
  test('two instances migrating one database at once apply each migration once', async () => {
    const url = await freshDatabase();
    const folder = path.join(tmp, 'parallel');
    await writeMigrations(folder, [first, second]);
    const logA = recordingLog();
    const logB = recordingLog();

    // Hold the lock first so that both instances are provably queued behind it at the same time, rather than
    // relying on the luck of the scheduler.
    const gate = new pg.Client({ connectionString: url });
    await gate.connect();
    const key = MIGRATIONS_LOCK_KEY.toString();
    await gate.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    const both = Promise.all([
      runMigrations(url, { migrationsFolder: folder, log: logA }),
      runMigrations(url, { migrationsFolder: folder, log: logB }),
    ]);
    try {
      await waitUntil(async () => {
        const [row] = await gate
          .query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          )
          .then((r) => r.rows);
        return row?.n === 2;
      }, 'both instances wait for the migrations lock');
    } finally {
      await gate.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
      await gate.end();
    }
    await both;

    // A second application would have failed on CREATE TABLE or on the primary key.
    expect(await query(url, 'SELECT id FROM counter ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await query(url, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([
      { n: 2 },
    ]);
    const messages = [...logA.lines, ...logB.lines].join('\n');
    expect(messages).toMatch(/applied 2 migration\(s\)/);
    expect(messages).toMatch(/up to date/);
    expect(logA.lines[0]).toMatch(/waiting for another instance/);
    expect(logB.lines[0]).toMatch(/waiting for another instance/);
    // The lock is a session lock on a connection that is closed afterwards: nobody holds it any more.
    expect(
      await query(url, `SELECT pg_try_advisory_lock($1::bigint) AS ok`, [MIGRATIONS_LOCK_KEY.toString()]),
    ).toEqual([{ ok: true }]);
  });

  test('applies only the migrations added since the last run', async () => {
    const url = await freshDatabase();
    const folder = path.join(tmp, 'incremental');
    await writeMigrations(folder, [first]);
    await runMigrations(url, { migrationsFolder: folder, log: recordingLog() });
    await writeMigrations(folder, [first, second]);
    const log = recordingLog();
    await runMigrations(url, { migrationsFolder: folder, log });
    expect(log.lines.join('\n')).toMatch(/applied 1 migration\(s\)/);
    expect(await query(url, 'SELECT id FROM counter ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('gives up after lockTimeoutMs and names the holder of the lock', async () => {
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url, application_name: 'stuck-deploy' });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK_KEY.toString()]);
      const folder = path.join(tmp, 'timeout');
      await writeMigrations(folder, [first]);
      const log = recordingLog();
      await expect(runMigrations(url, { migrationsFolder: folder, log, lockTimeoutMs: 200 })).rejects.toThrow(
        /Gave up after 200 ms .*application "stuck-deploy"/,
      );
      expect(log.lines.join('\n')).toMatch(/waiting for another instance/);
    } finally {
      await holder.end();
    }
  });

  test('reports a missing migrations folder clearly', async () => {
    const url = await freshDatabase();
    const missing = path.join(tmp, 'nowhere');
    await expect(runMigrations(url, { migrationsFolder: missing, log: recordingLog() })).rejects.toThrow(
      `No migrations in ${missing}`,
    );
  });
});
