// One database per test file, cloned from the template that global-setup.ts migrated once per run: a clone takes
// tens of milliseconds, replaying the migrations per file would take seconds.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb } from '../client.ts';
import type { Db } from '../client.ts';
import { withDatabase } from '../launcher.ts';

export interface TestDatabaseContext {
  /** Connection string of a database on the test server through which databases are created and dropped. */
  adminUrl: string;
  /** Migrated database that each test database is cloned from. */
  templateName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    rangrezDb: TestDatabaseContext;
  }
}

export interface TestDatabase extends Db {
  name: string;
  url: string;
}

export interface TestDatabaseOptions {
  /** Defaults to what global-setup.ts provided to this test run. */
  context?: TestDatabaseContext;
  /** Pool size (default 5: test files run in parallel and share one server's max_connections). */
  max?: number;
  /** How long close() waits for checked-out clients to be released (default 5 s). */
  closeTimeoutMs?: number;
}

/**
 * Creates a fresh migrated database for the calling test file. Call in beforeAll and `await close()` in afterAll;
 * close() drops the database.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const context = options.context ?? inject('rangrezDb');
  if (!context) {
    throw new Error(
      'createTestDatabase(): no test server was provided. List packages/db/src/testing/global-setup.ts in ' +
        'the Vitest config as globalSetup, or pass { context }.',
    );
  }
  const { adminUrl, templateName } = context;
  const name = `rangrez_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, async (client) => {
    const sql = `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(templateName)}`;
    // PostgreSQL refuses to clone a template while any session is connected to it (55006 object_in_use). The
    // template disallows connections, so this is only a guard against a slow backend exit; back off and retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 8) throw err;
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  });
  const url = withDatabase(adminUrl, name);
  const handle = createDb(url, { max: options.max ?? 5, applicationName: `rangrez:test:${name}` });
  const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // pool.end() waits for every checked-out client; a test that never released one would otherwise hang
      // afterAll until the hook timeout with no hint. The database is then left for the server's teardown:
      // dropping it would kill the leaked connection and crash the worker with an unhandled 'error' event.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), closeTimeoutMs);
      });
      const outcome = await Promise.race([handle.close(), timedOut]).finally(() => clearTimeout(timer));
      if (outcome === 'timeout') {
        const out = handle.pool.totalCount - handle.pool.idleCount;
        throw new Error(
          `Test database ${name}: ${out} pooled connection(s) still checked out after ${closeTimeoutMs} ms; ` +
            `release every client taken with pool.connect().`,
        );
      }
      await dropDatabase(adminUrl, name);
    })());
  return { ...handle, name, url, close };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends sessions a test leaked instead of failing the drop.
  await adminQuery(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

export async function adminQuery<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'rangrez:test-admin' });
  client.on('error', () => undefined); // surfaces through the pending query instead
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
