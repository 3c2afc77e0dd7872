import { createDb } from '@rangrez/db/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';

// A pool pointing at a port where nothing listens: the health check must say so instead of answering ok.
const handle = createDb('postgres://nobody:none@127.0.0.1:1/none', { max: 1 });
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp({ config: testConfig(), db: handle.db });
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

it('answers 503 in the error shape when the database cannot be reached', async () => {
  const res = await app.inject('/api/v1/health');
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ success: false, message: 'Database unavailable' });
});
