// Readiness (GET /api/v1/ready) and Prometheus metrics (GET /metrics behind METRICS_TOKEN).
import { createDb } from '@rangrez/db/client';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { codOrderBody, createTestApp, signInNewUser, type TestApp } from './helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series in the text exposition, or undefined when the series is absent. */
function valueOf(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/v1/ready', () => {
  it('is ready when the database and the job queue answer', async () => {
    const res = await t.app.inject('/api/v1/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok' } });
  });

  it('names the job queue when pg-boss no longer answers, while liveness stays ok', async () => {
    await t.database.db.execute(sql`alter schema pgboss rename to pgboss_away`);
    try {
      const res = await t.app.inject('/api/v1/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        message: 'Not ready: jobs',
        checks: { database: 'ok', jobs: 'failed' },
      });
      expect((await t.app.inject('/api/v1/health')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`alter schema pgboss_away rename to pgboss`);
    }
    expect((await t.app.inject('/api/v1/ready')).statusCode).toBe(200);
  });

  it('names both when the database cannot be reached', async () => {
    const handle = createDb('postgres://nobody:none@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({ config: testConfig(), db: handle.db });
    try {
      const res = await app.inject('/api/v1/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        message: 'Not ready: database, jobs',
        checks: { database: 'failed', jobs: 'failed' },
      });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('GET /metrics', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    const none = await t.app.inject('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    const product = await createProduct(t.database.db, { name: 'Metrics Tee' });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject(`/api/v1/product/${product.id}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/v1/no-such-thing')).statusCode).toBe(404);
    const body = await scrape();
    const labels = 'method="GET",route="/api/v1/product/:id",status="200"';
    expect(valueOf(body, `http_requests_total{${labels}}`)).toBe(3);
    expect(valueOf(body, `http_request_duration_seconds_count{${labels}}`)).toBe(3);
    expect(valueOf(body, `http_requests_total{method="GET",route="/api/v1/*",status="404"}`)).toBe(1);
    expect(body).not.toContain(product.id);
    expect(body).not.toContain('no-such-thing');
  });

  it('reports checkouts, payment outcomes and the job queue from the database', async () => {
    const before = await scrape();
    const buyer = await signInNewUser(t);
    const tee = await createProduct(t.database.db, { name: 'Metrics Hoodie', pricePaise: 99_900, stock: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }], 1049),
    });
    expect(res.statusCode).toBe(201);
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: buyer.headers,
      payload: { amount: 999 },
    });
    expect(online.statusCode).toBe(200);

    const after = await scrape();
    const cod = 'rangrez_orders{payment_method="COD",state="confirmed"}';
    expect(valueOf(after, cod)).toBe((valueOf(before, cod) ?? 0) + 1);
    const created = 'rangrez_payments{status="created"}';
    expect(valueOf(after, created)).toBe((valueOf(before, created) ?? 0) + 1);
    // The order's request to confirm it waits to be sent (no workers run in tests; docs/cod-confirmation.md).
    expect(
      valueOf(after, 'rangrez_jobs{queue="cod.confirm-message",state="created"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
