// The per-test-file databases: what a test file gets from createTestDatabase() in beforeAll.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../src/testing/global-setup.ts';
import type { TestServer } from '../src/testing/global-setup.ts';
import { writeMigrations } from '../src/testing/migration-fixture.ts';
import { adminQuery, createTestDatabase, dropDatabase } from '../src/testing/test-db.ts';

let server: TestServer;
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-template-'));
  const folder = path.join(tmp, 'drizzle');
  await writeMigrations(folder, [
    { tag: '0000_items', sql: `CREATE TABLE item (id serial PRIMARY KEY, name text NOT NULL);` },
  ]);
  server = await startTestServer({ migrationsFolder: folder });
});

afterAll(async () => {
  await server?.teardown();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function databaseExists(name: string): Promise<boolean> {
  const res = await adminQuery(server.context.adminUrl, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
  );
  return res.rowCount === 1;
}

describe('createTestDatabase', () => {
  test('gives each caller its own migrated database, cloned in parallel, dropped by close()', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createTestDatabase({ context: server.context })));
    if (!a || !b || !c) throw new Error('unreachable');
    try {
      await a.db.execute(sql`INSERT INTO item (name) VALUES ('only in a')`);
      const inA = await a.db.execute<{ name: string }>(sql`SELECT name FROM item`);
      const inB = await b.db.execute<{ name: string }>(sql`SELECT name FROM item`);
      expect(inA.rows).toEqual([{ name: 'only in a' }]);
      expect(inB.rows).toEqual([]);
      expect(new Set([a.name, b.name, c.name]).size).toBe(3);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
    expect(await databaseExists(a.name)).toBe(false);
    await a.close(); // idempotent
  });

  test('close() names a leaked client instead of hanging', async () => {
    const t = await createTestDatabase({ context: server.context, closeTimeoutMs: 100 });
    const leaked = await t.pool.connect();
    await expect(t.close()).rejects.toThrow(/1 pooled connection\(s\) still checked out/);
    leaked.release(); // the pool, already ending, now closes it
    await dropDatabase(server.context.adminUrl, t.name);
  });

  test('the template refuses connections, so a stray client cannot block the clones', async () => {
    const res = await adminQuery(server.context.adminUrl, (c) =>
      c.query<{ datallowconn: boolean }>('SELECT datallowconn FROM pg_database WHERE datname = $1', [
        server.context.templateName,
      ]),
    );
    expect(res.rows).toEqual([{ datallowconn: false }]);
  });
});
