// Several instances on one database: one PostgreSQL server (an embedded one started here, shared through
// DATABASE_URL) and two store processes started at the same moment on their own ports, both running the background
// workers, talked to over real HTTP. Each test proves one thing the instances must share through the database;
// the store is started once for all of them, and each test makes its own shoppers and products. This spec does not
// use the suite's own server.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { type Db, createDb } from '@rangrez/db/client';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '@rangrez/db/launcher';
import { products } from '@rangrez/db/schema';
import { freePort } from '@rangrez/db/testing/free-port';
import { eq, sql } from 'drizzle-orm';
import { type Product, PASSWORD, bearer, expect, placeCodOrder, signUp, test } from './fixtures.ts';

const root = path.join(import.meta.dirname, '..');
const QIKINK_BASIC = `Basic ${Buffer.from('900001:simulated_client_secret').toString('base64')}`;
const DEMO_PRODUCTS = 8;

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
  /** API calls to this instance. */
  api: APIRequestContext;
}

function startInstance(name: string, port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { name, base: `http://127.0.0.1:${port}`, child, output: () => text };
}

/** SIGINT (graceful: in-flight requests finish, workers stop), then the exit, bounded. */
async function stopInstance({ child }: Pick<Instance, 'child'>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

let tmp: string | undefined;
let server: EmbeddedPostgres | undefined;
let database: Db | undefined;
const instances: Instance[] = [];
let a: Instance;
let b: Instance;

// One store for the file: its tests run in order in one worker, each independent of the others.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'rangrez-multi-'));
  // The embedded server runs as an unprivileged user when we are root: it must be able to enter the folder.
  chmodSync(tmp, 0o755);
  const quiet = { info: () => undefined, debug: () => undefined, warn: () => undefined };
  server = await startEmbeddedPostgres({
    dataDir: path.join(tmp, 'postgres'),
    port: await freePort(),
    log: quiet,
    settings: { fsync: 'off', synchronous_commit: 'off' },
  });
  await ensureDatabase(server.adminUrl, 'rangrez_multi');
  const databaseUrl = server.urlFor('rangrez_multi');
  const shared = {
    DATABASE_URL: databaseUrl,
    // One media folder for both, as a deployment shares it (docs/decisions/003); each seeds only an empty
    // database, under an advisory lock.
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: 'true',
    SEED_PRODUCTS: String(DEMO_PRODUCTS),
    WARM_MEDIA: 'false',
    LOG_LEVEL: 'warn',
    // A rotated refresh token presented again is reuse at once (no grace window for parallel refreshes).
    REFRESH_REUSE_GRACE_SECONDS: '0',
    GOOGLE_AUTH: 'off',
    EMBEDDED_PG_PORT: '',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  // Started in the same tick: both migrate, seed and set up their job queues at once.
  const started = [startInstance('A', portA, shared), startInstance('B', portB, shared)];
  for (const instance of started) {
    instances.push({ ...instance, api: await playwright.request.newContext({ baseURL: instance.base }) });
  }
  for (const instance of instances) {
    // server.ts prints this line once it listens and its workers run.
    const up = () => /is running at/.test(instance.output());
    await expect
      .poll(() => up() || instance.child.exitCode !== null, {
        timeout: 150_000,
        message: `${instance.name} started:\n${instance.output()}`,
      })
      .toBe(true);
    expect(instance.output(), `${instance.name} started`).toMatch(/is running at/);
    expect((await instance.api.get('/api/v1/health')).status()).toBe(200);
  }
  [a, b] = instances as [Instance, Instance];
  database = createDb(databaseUrl, { max: 2, applicationName: 'rangrez-e2e' });
});

test.afterAll(async () => {
  await database?.close();
  for (const instance of instances) {
    await instance.api.dispose();
    await stopInstance(instance);
    await test
      .info()
      .attach(`instance ${instance.name} output`, { body: instance.output(), contentType: 'text/plain' });
  }
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  for (const instance of instances) {
    expect(instance.child.exitCode, `${instance.name} stopped cleanly on SIGINT:\n${instance.output()}`).toBe(
      0,
    );
  }
});

const db = () => database!.db;

/** A product with room for the test's units, made in the shared database and read back through `instance`. */
async function productVia(instance: Instance): Promise<Product> {
  const row = await createProduct(db());
  const res = await instance.api.get(`/api/v1/product/${row.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Product;
}

test('started together on an empty database, the instances migrate it once and seed it once', async () => {
  const journal = JSON.parse(
    readFileSync(path.join(root, 'packages/db/drizzle/meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const migrations = await db().execute<{ hash: string }>(sql`SELECT hash FROM drizzle.__drizzle_migrations`);
  expect(migrations.rows).toHaveLength(journal.entries.length);
  expect(new Set(migrations.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
  const appliedBy = instances.filter((i) => /applied \d+ migration\(s\)/.test(i.output()));
  expect(
    appliedBy.map((i) => i.name),
    'exactly one instance applied the migrations',
  ).toHaveLength(1);
  // Other tests of this file add products of their own; the demo ones carry the seed's SKUs.
  const seeded = await db().execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM products WHERE sku NOT LIKE 'TST-%'`,
  );
  expect(seeded.rows[0]?.n, 'the demo catalogue was seeded once').toBe(DEMO_PRODUCTS);
});

test('a cart changed through one instance is seen through the other', async () => {
  const product = await productVia(b);
  const session = await signUp(a.api, 'multi.cart');
  const line = { productId: product._id, size: product.size[0], color: product.color[0] };
  expect((await a.api.post('/api/v1/cart/items', { headers: bearer(session), data: line })).status()).toBe(
    200,
  );

  const onB = await b.api.get('/api/v1/cart', { headers: bearer(session) });
  type Cart = { data: { items: { product: { _id: string }; quantity: number }[] } };
  expect(((await onB.json()) as Cart).data.items.map((l) => [l.product._id, l.quantity])).toEqual([
    [product._id, 1],
  ]);
  const changed = await b.api.put('/api/v1/cart/items', {
    headers: bearer(session),
    data: { ...line, quantity: 2 },
  });
  expect(changed.status()).toBe(200);
  const onA = await a.api.get('/api/v1/cart', { headers: bearer(session) });
  expect(((await onA.json()) as Cart).data.items.map((l) => l.quantity)).toEqual([2]);
});

test('the sign-in lockout counts the failures made on both instances', async () => {
  const victim = await signUp(b.api, 'multi.locked');
  for (const [instance, n] of [
    [a, 3],
    [b, 2],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const wrong = await instance.api.post('/api/v1/login', {
        data: { email: victim.user.email, password: 'Wrong-pass-1' },
      });
      expect(await wrong.json()).toEqual({ success: false, message: 'Invalid password' });
    }
  }
  for (const instance of instances) {
    const locked = await instance.api.post('/api/v1/login', {
      data: { email: victim.user.email, password: PASSWORD },
    });
    expect(locked.status(), `locked on ${instance.name}`).toBe(429);
    expect(await locked.json()).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
    });
  }
});

test('a refresh token rotated on one instance is refused on the other, and the session ends on both', async () => {
  const session = await signUp(a.api, 'multi.session');
  const rotated = await a.api.post('/api/v1/refresh-token', { data: { refreshToken: session.refreshToken } });
  expect(rotated.status()).toBe(200);
  const successor = (await rotated.json()) as { accessToken: string; refreshToken: string };

  const replay = await b.api.post('/api/v1/refresh-token', { data: { refreshToken: session.refreshToken } });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
  // Reuse ended the whole session, on every instance: the successor is dead too.
  expect(
    (await a.api.post('/api/v1/refresh-token', { data: { refreshToken: successor.refreshToken } })).status(),
  ).toBe(401);
  expect((await b.api.get(`/api/v1/user/${session.user._id}`, { headers: bearer(successor) })).status()).toBe(
    401,
  );
});

test('a catalogue change is seen at once through both instances, whichever cached the old answer', async () => {
  const product = await productVia(a);
  const url = `/api/v1/product/${product._id}`;
  // Both instances now hold the answer in their caches.
  for (const instance of instances) {
    expect(((await (await instance.api.get(url)).json()) as Product).price).toBe(product.price);
  }
  // Written past both instances, as an operator's SQL would be: PostgreSQL tells each of them.
  await db()
    .update(products)
    .set({ pricePaise: (product.price + 100) * 100 })
    .where(eq(products.id, product._id));
  for (const instance of instances) {
    await expect
      .poll(async () => ((await (await instance.api.get(url)).json()) as Product).price, {
        message: `the new price through ${instance.name}`,
      })
      .toBe(product.price + 100);
  }
});

test('an order placed on one instance is handed to the partner exactly once', async () => {
  const product = await productVia(a);
  const session = await signUp(a.api, 'multi.order');
  const orderNumber = await placeCodOrder(a.api, session, product);
  // Both instances' workers poll the same queue; the order reaches the partner once.
  await expect
    .poll(
      async () => {
        const res = await db().execute<{ state: string }>(
          sql`SELECT fulfilment_state AS state FROM orders WHERE order_number = ${orderNumber}`,
        );
        return res.rows[0]?.state;
      },
      { timeout: 90_000, message: 'the order was submitted to the partner' },
    )
    .toMatch(/^(submitted|processing)$/);
  const fulfilment = await db().execute<{ attempts: number }>(
    sql`SELECT f.attempts FROM fulfilments f JOIN orders o ON o.id = f.order_id WHERE o.order_number = ${orderNumber}`,
  );
  expect(fulfilment.rows[0]?.attempts, 'one hand-over attempt').toBe(1);
  const atPartner = await db().execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM shared_state
        WHERE key LIKE 'qikink.simulated.order.%' AND value ->> 'order_number' = ${orderNumber}`,
  );
  expect(atPartner.rows[0]?.n, 'one order at the partner').toBe(1);
  // Each instance's simulated partner counts the creates it served since it started; this test is the only one
  // of the file that orders, so one in all.
  let creates = 0;
  for (const instance of instances) {
    const res = await instance.api.post('/__qikink/control', {
      headers: { authorization: QIKINK_BASIC },
      data: {},
    });
    expect(res.status(), `${instance.name}:\n${instance.output()}`).toBe(200);
    creates += ((await res.json()) as { stats: { ordersCreated: number } }).stats.ordersCreated;
  }
  expect(creates, 'create calls served by the two partners').toBe(1);
  // Both report the order the same way.
  for (const instance of instances) {
    const list = await instance.api.get(`/api/v1/orders/${session.user._id}`, { headers: bearer(session) });
    expect(
      ((await list.json()) as { orders: { orderId: string; status: string }[] }).orders.map((o) => [
        o.orderId,
        o.status,
      ]),
    ).toEqual([[orderNumber, 'processing']]);
  }
});
