// `npm run bench:admin -- --only dashboard`: the owner's dashboard over 100,000 orders (docs/admin.md#dashboard).
// Uses the orders desk's orders (bench/lib/admin-orders.ts), gives them the moves the rollups read (confirmed when
// placed, delivered or back to origin later), sizes and delivery states, times the job's first run (every day
// since the first order: the backfill) and one run after it, then GET /admin/dashboard for the last 7, 30 and
// 365 days, server time through inject. The target is p95 <= 50 ms.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signInStaff } from './staff.ts';
import type { buildApp } from '../../apps/api/src/app.ts';
import { refreshRollups } from '../../apps/api/src/modules/dashboard/index.ts';
import type { createDb } from '@rangrez/db/client';
import { fillOrders } from './admin-orders.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
type Db = ReturnType<typeof createDb>['db'];

const TARGET_P95_MS = 50;
const RANGES = [7, 30, 365];

/** The moves, sizes and states the orders desk's orders lack; a return asked for on every 50th delivered one. */
async function addDashboardFacts(db: Db): Promise<void> {
  await db.execute(sql`
    update order_items i set size = (array['S','M','L','XL','XXL'])[1 + abs(hashtext(i.order_id::text)) % 5]
    where i.order_id in (select id from orders where order_number like 'BN%')`);
  await db.execute(sql`
    update orders set address_state = (array['Maharashtra','Karnataka','Delhi','Tamil Nadu','West Bengal',
      'Gujarat','Telangana','Kerala'])[1 + abs(hashtext(id::text)) % 8]
    where order_number like 'BN%'`);
  await db.execute(sql`
    insert into order_events (order_id, machine, from_state, to_state, created_at)
    select id, 'order', null, 'confirmed', created_at from orders
    where order_number like 'BN%' and state <> 'payment_pending'
    union all
    select id, 'fulfilment', 'shipped', 'delivered', created_at + interval '4 days' from orders
    where order_number like 'BN%' and fulfilment_state = 'delivered'
    union all
    select id, 'payment', 'cod_pending', 'voided', created_at + interval '1 hour' from orders
    where order_number like 'BN%' and payment_state = 'voided'`);
  await db.execute(sql`
    insert into returns (order_id, user_id, reason, created_at)
    select id, user_id, (array['misprint','wrong_size','damaged'])[1 + abs(hashtext(id::text)) % 3],
           created_at + interval '5 days'
    from orders where order_number like 'BN%' and fulfilment_state = 'delivered' and abs(hashtext(id::text)) % 50 = 0`);
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(app: App, token: string, requests: number) {
  const rows: string[] = [];
  let worst = 0;
  for (const days of RANGES) {
    const to = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const times: number[] = [];
    let orders = 0;
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      const res = await app.inject({
        url: `/api/v1/admin/dashboard?from=${from}&to=${to}`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`dashboard answered ${res.statusCode}: ${res.body}`);
      orders = (res.json() as { tiles: { orders: { value: number } } }).tiles.orders.value;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    rows.push(
      `  last ${String(days).padStart(3)} days ${String(orders).padStart(7)} orders   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
    );
  }
  return { rows, worst };
}

export async function benchDashboard(
  app: App,
  db: Db,
  options: { count: number; requests: number; filled: boolean },
): Promise<void> {
  if (!options.filled) {
    process.stdout.write(`Filling ${options.count.toLocaleString('en-IN')} orders...`);
    await fillOrders(db, options.count);
    process.stdout.write(' done\n');
  }
  await addDashboardFacts(db);
  let started = performance.now();
  const days = await refreshRollups(db, new Date());
  const backfill = performance.now() - started;
  started = performance.now();
  await refreshRollups(db, new Date());
  const tick = performance.now() - started;
  const token = await signInStaff(app, db, 'owner');
  await measure(app, token, Math.min(20, options.requests)); // warm-up: plans, caches, JIT
  const { rows, worst } = await measure(app, token, options.requests);
  console.log(
    `\nDashboard, ${options.count.toLocaleString('en-IN')} orders, ${options.requests} requests each (server time, in-process):`,
  );
  console.log(
    `  rollups: first run ${days.length} days in ${(backfill / 1000).toFixed(1)} s, next run ${tick.toFixed(0)} ms`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `\n  worst p95 ${worst.toFixed(1)} ms (target <= ${TARGET_P95_MS} ms) ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
}
