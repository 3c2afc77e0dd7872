import { createTestDatabase, type TestDatabase } from '@rangrez/db/testing/test-db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The API (no web pages) on this test file's own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ PUBLIC_URL: 'http://shop.test', ...env }),
    db: database.db,
    configure,
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
