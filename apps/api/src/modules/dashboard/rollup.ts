// The dashboard's rollups (docs/decisions/032-dashboard-rollups.md): one India day's figures recomputed from the
// orders, their moves, refunds, returns and slide counters, and written in place of the day's rows in one
// transaction. A recompute reads only that day's rows through their time indexes, so it costs the same on a shop
// of a hundred thousand orders; the job recomputes every day that is not final yet, which also fills in the days
// before the rollups existed.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../lib/db.ts';

import { SHOP_TIME_ZONE } from '@rangrez/contract/rules';
/** A day is final once it was recomputed this long after it ended: later commits of that day's moves are in. */
export const DAY_GRACE_MINUTES = 10;

/** The confirmed orders of the day (their first confirmation), reprints left out, each marked new or not. */
const confirmedCte = (day: string): SQL => sql`
  bounds as (
    select (${day}::date)::timestamp at time zone ${SHOP_TIME_ZONE} as lo,
           (${day}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE} as hi
  ),
  firsts as (
    select e.order_id, min(e.created_at) as at
    from order_events e, bounds b
    where e.machine = 'order' and e.to_state = 'confirmed' and e.created_at >= b.lo and e.created_at < b.hi
    group by e.order_id
  ),
  confirmed as (
    select o.id, o.payment_method, o.total_paise, o.address_state, f.at,
           not exists (
             select 1 from orders p
             join order_events pe on pe.order_id = p.id and pe.machine = 'order' and pe.to_state = 'confirmed'
             where p.id <> o.id and p.reprint_of_order_id is null
               and (lower(p.email) = lower(o.email) or p.phone = o.phone)
               and (pe.created_at < f.at or (pe.created_at = f.at and p.id < o.id))
           ) as is_new
    from firsts f
    join orders o on o.id = f.order_id
    where o.reprint_of_order_id is null
      and not exists (
        select 1 from order_events e2, bounds b
        where e2.order_id = f.order_id and e2.machine = 'order' and e2.to_state = 'confirmed' and e2.created_at < b.lo
      )
  )`;

async function writeDayRow(tx: Tx, day: string, now: Date) {
  await tx.execute(sql`
    with ${confirmedCte(day)},
    c as (
      select count(*)::int as orders, coalesce(sum(total_paise), 0) as sales,
             count(*) filter (where payment_method = 'COD')::int as cod_orders,
             coalesce(sum(total_paise) filter (where payment_method = 'COD'), 0) as cod_paise,
             count(*) filter (where payment_method <> 'COD')::int as prepaid_orders,
             coalesce(sum(total_paise) filter (where payment_method <> 'COD'), 0) as prepaid_paise,
             count(*) filter (where is_new)::int as new_shoppers
      from confirmed
    ),
    r as (
      select count(*)::int as n, coalesce(sum(amount_paise), 0) as paise
      from refunds, bounds b
      where status = 'processed' and order_id is not null and processed_at >= b.lo and processed_at < b.hi
    ),
    u as (
      select count(*)::int as n, coalesce(sum(o.total_paise), 0) as paise
      from orders o
      where o.payment_method = 'COD' and o.reprint_of_order_id is null and o.id in (
        select e.order_id from order_events e, bounds b
        where e.machine = 'payment' and e.to_state in ('voided', 'failed') and e.created_at >= b.lo and e.created_at < b.hi
      )
    ),
    rt as (
      select count(*)::int as n from returns, bounds b where created_at >= b.lo and created_at < b.hi
    ),
    f as (
      select count(distinct e.order_id) filter (where e.to_state = 'delivered')::int as delivered,
             count(distinct e.order_id) filter (where e.to_state = 'returned')::int as rto
      from order_events e, bounds b
      where e.machine = 'fulfilment' and e.to_state in ('delivered', 'returned')
        and e.created_at >= b.lo and e.created_at < b.hi
    ),
    s as (select coalesce(sum(clicks), 0)::int as clicks from slide_daily_stats where day = ${day}::date)
    insert into dashboard_days (day, orders, sales_paise, cod_orders, cod_paise, prepaid_orders, prepaid_paise,
      new_shoppers, refunds, refunds_paise, uncollected, uncollected_paise, returns_requested, delivered, rto,
      slide_clicks, computed_at)
    select ${day}::date, c.orders, c.sales, c.cod_orders, c.cod_paise, c.prepaid_orders, c.prepaid_paise,
      c.new_shoppers, r.n, r.paise, u.n, u.paise, rt.n, f.delivered, f.rto, s.clicks, ${now}
    from c, r, u, rt, f, s`);
}

async function writeBreakdowns(tx: Tx, day: string) {
  await tx.execute(sql`
    with ${confirmedCte(day)},
    lines as (
      select i.product_id::text as product, i.product_name, i.size, i.quantity,
             i.unit_price_paise * i.quantity - i.promotion_discount_paise as value
      from confirmed c join order_items i on i.order_id = c.id
    ),
    rows as (
      select 'product' as dimension, product as key, max(product_name) as label,
             sum(quantity)::int as count, sum(value) as paise
      from lines group by product
      union all
      select 'size', size, size, sum(quantity)::int, sum(value) from lines group by size
      union all
      select 'state', address_state, address_state, count(*)::int, sum(total_paise)
      from confirmed group by address_state
      union all
      select 'refund_reason', reason, reason, count(*)::int, sum(amount_paise)
      from refunds, bounds b
      where status = 'processed' and order_id is not null and processed_at >= b.lo and processed_at < b.hi
      group by reason
      union all
      select 'return_reason', reason, reason, count(*)::int, 0
      from returns, bounds b where created_at >= b.lo and created_at < b.hi
      group by reason
    )
    insert into dashboard_day_breakdowns (day, dimension, key, label, count, paise)
    select ${day}::date, dimension, key, label, count, paise from rows`);
}

/**
 * Recomputes one India day ('YYYY-MM-DD') in place. Two recomputes of the same day (two instances, a job and a
 * test) take turns on the day's advisory lock, so the day never ends up with rows of both.
 */
export async function recomputeDay(db: Db, day: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('dashboard-day'), (${day}::date - date '2000-01-01')::int)`,
    );
    await tx.execute(sql`delete from dashboard_day_breakdowns where day = ${day}::date`);
    await tx.execute(sql`delete from dashboard_days where day = ${day}::date`);
    await writeDayRow(tx, day, now);
    await writeBreakdowns(tx, day);
  });
}

/**
 * The days to recompute at `now`: from the first order's day to today, every day not recomputed since it ended
 * (plus the grace), which is today, yesterday until shortly after midnight, and any day never computed.
 */
export async function daysToRecompute(db: Db, now: Date): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    with span as (
      select (min(created_at) at time zone ${SHOP_TIME_ZONE})::date as first,
             (${now}::timestamptz at time zone ${SHOP_TIME_ZONE})::date as today
      from orders
    )
    select to_char(d, 'YYYY-MM-DD') as day
    from span, generate_series(coalesce(span.first, span.today), span.today, interval '1 day') as d
    where not exists (
      select 1 from dashboard_days k
      where k.day = d::date
        and k.computed_at >= ((d::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})
          + make_interval(mins => ${DAY_GRACE_MINUTES})
    )
    order by d`);
  return result.rows.map((r) => r.day);
}

/** The job's run: every day that is not final, oldest first. Returns the days recomputed. */
export async function refreshRollups(db: Db, now: Date): Promise<string[]> {
  const days = await daysToRecompute(db, now);
  for (const day of days) await recomputeDay(db, day, now);
  return days;
}
