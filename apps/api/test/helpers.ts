import { createTestDatabase, type TestDatabase } from '@rangrez/db/testing/test-db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import type { Clock } from '../src/lib/clock.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Time for sessions, lockouts and token expiry (a ManualClock from src/lib/clock.ts): no sleeps in tests. */
  clock?: Clock;
}

/** The API (no web pages) on this test file's own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => Promise<void>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ PUBLIC_URL: 'http://shop.test', ...env }),
    db: database.db,
    configure,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
