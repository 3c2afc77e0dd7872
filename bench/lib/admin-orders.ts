// `npm run bench:admin -- --only orders`: the orders desk over 100,000 orders (docs/admin.md#orders). Fills the
// orders with set-based inserts (a mix of gateways and of every machine's states, one line and a fulfilment row
// each, AWBs on the shipped ones), signs an ops member in and times the list's first page, a deep page, each
// filter and each kind of search, server time through inject. The target is p95 <= 150 ms.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signInStaff } from './staff.ts';
import type { buildApp } from '../../apps/api/src/app.ts';
import type { createDb } from '@rangrez/db/client';

type App = Awaited<ReturnType<typeof buildApp>>;
type Db = ReturnType<typeof createDb>['db'];

const TARGET_P95_MS = 150;

/** `count` orders over 20,000 shoppers, one every 5 minutes back from now; every 20th of a kind per row below. */
export async function fillOrders(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (first_name, last_name, email, phone)
    select 'Buyer', 'No ' || g, 'buyer' || g || '@example.in', (9000000000 + g)::text
      from generate_series(1, 20000) g`);
  await db.execute(sql`
    with u as (select array_agg(id order by email) ids from users where email like 'buyer%@example.in'),
    k as (
      select g, g % 20 as k, case when g % 3 = 0 then 'Prepaid' else 'COD' end as method from generate_series(1, ${count}) g
    )
    insert into orders (order_number, user_id, payment_method, order_type, state, payment_state, fulfilment_state,
                        refund_state, paid_paise, item_count, subtotal_paise, discount_paise, shipping_paise,
                        total_paise, first_name, last_name, email, phone, door_no, street, city, address_state,
                        pincode, created_at, updated_at)
    select 'BN' || lpad(g::text, 10, '0'), u.ids[1 + g % 20000], method, 'BUY_NOW',
           case when k = 0 then (case when method = 'Prepaid' then 'payment_pending' else 'confirmed' end)
                when k in (1, 2) then 'cancelled' when k = 5 then 'cancel_requested' else 'confirmed' end,
           case when method = 'Prepaid' then (case when k = 0 then 'pending' else 'captured' end)
                when k in (1, 2) then 'voided' when k >= 10 then 'collected' else 'cod_pending' end,
           case when k = 0 then (case when method = 'Prepaid' then 'not_started' else 'queued' end)
                when k in (1, 2) then 'cancelled' when k = 3 then 'exception' when k = 4 then 'processing'
                when k = 5 then 'submitted' when k < 10 then 'shipped' else 'delivered' end,
           case when method = 'Prepaid' and k in (1, 2) then 'refunded' when method = 'Prepaid' and k = 6 then 'pending'
                else 'none' end,
           case when method = 'Prepaid' and k <> 0 then 84900 when k >= 10 then 84900 else 0 end,
           1, 79900, 0, 5000, 84900, 'Buyer', 'No ' || (1 + g % 20000), 'buyer' || (1 + g % 20000) || '@example.in',
           (9000000000 + 1 + g % 20000)::text, '12B', 'Linking Road', 'Mumbai', 'Maharashtra', '400050',
           now() - g * interval '5 minutes', now() - g * interval '5 minutes'
      from k, u`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, sku, size, color, quantity, unit_price_paise,
                             unit_mrp_paise)
    select o.id, (select id from products order by sku limit 1), 'Bench Tee', 'BENCH-1', 'M', 'Bk', 1, 79900, 109900
      from orders o where o.order_number like 'BN%'`);
  await db.execute(sql`
    insert into fulfilments (order_id, provider, partner_order_id, awb_no, attempts)
    select o.id, 'qikink', case when o.fulfilment_state in ('queued', 'not_started', 'exception') then null
                                else 'Q' || substr(o.order_number, 3) end,
           case when o.fulfilment_state in ('shipped', 'delivered') then 'AWB' || substr(o.order_number, 3) end, 1
      from orders o where o.order_number like 'BN%' and o.fulfilment_state <> 'not_started'`);
  await db.execute(sql`analyze`);
}

const QUERIES: [string, string][] = [
  ['first page', '/orders'],
  ['page 2 (cursor)', 'cursor'],
  ['gateway Prepaid', '/orders?gateway=Prepaid'],
  ['status cancel_requested', '/orders?status=cancel_requested'],
  ['payment collected', '/orders?payment=collected'],
  ['fulfilment exception', '/orders?fulfilment=exception'],
  ['refund pending', '/orders?refund=pending'],
  ['needs action', '/orders?needsAction=true'],
  ['last 7 days, COD', `/orders?gateway=COD&from=${isoDay(-7)}`],
  ['a day 300 days ago', `/orders?from=${isoDay(-300)}&to=${isoDay(-300)}`],
  ['search order number', '/orders?q=BN0000054321'],
  ['search number prefix', '/orders?q=BN000005432'],
  ['search e-mail', '/orders?q=Buyer4242%40Example.in'],
  ['search phone', '/orders?q=%2B91%209000004242'],
  ['search AWB', '/orders?q=AWB0000054328'],
  ['needs-action queue', 'queue'],
];

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function urlOf(app: App, token: string, label: string): Promise<string> {
  if (label === 'queue') return '/orders/needs-action';
  if (label !== 'cursor') return label;
  const first = await app.inject({
    url: '/api/v1/admin/orders',
    headers: { authorization: `Bearer ${token}` },
  });
  return `/orders?cursor=${(first.json() as { nextCursor: string }).nextCursor}`;
}

async function measure(app: App, token: string, requests: number) {
  const rows: string[] = [];
  let worst = 0;
  for (const [label, target] of QUERIES) {
    const url = await urlOf(app, token, target);
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      const res = await app.inject({
        url: `/api/v1/admin${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { orders?: unknown[]; entries?: unknown[] };
      found = (body.orders ?? body.entries ?? []).length;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    rows.push(
      `  ${label.padEnd(24)} ${String(found).padStart(4)} rows   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
    );
  }
  return { rows, worst };
}

export async function benchOrders(app: App, db: Db, count: number, requests: number): Promise<void> {
  process.stdout.write(`Filling ${count.toLocaleString('en-IN')} orders...`);
  await fillOrders(db, count);
  process.stdout.write(' done\n');
  const token = await signInStaff(app, db, 'ops');
  await measure(app, token, Math.min(20, requests)); // warm-up: plans, caches, JIT
  const { rows, worst } = await measure(app, token, requests);
  console.log(
    `\nOrders desk, ${count.toLocaleString('en-IN')} orders, ${requests} requests each (server time, in-process):`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `\n  worst p95 ${worst.toFixed(1)} ms (target <= ${TARGET_P95_MS} ms) ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
}
