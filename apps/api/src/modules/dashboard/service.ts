// The owner's dashboard (docs/admin.md#dashboard): the tiles, the daily series and the breakdowns of a range of
// India days, read from the rollups alone (rollup.ts) so the answer costs the same however many orders the shop
// has. The range before it, of the same length, gives each tile its comparison.
import { addDays, daysBetween, indiaDayRange, paiseToRupees } from '@rangrez/contract/rules';
import {
  type AdminDashboardQuery,
  type AdminDashboardResponse,
  DASHBOARD_MESSAGES,
  type DashboardRanked,
} from '@rangrez/contract/schemas';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
/** How many products, sizes and reasons the charts rank. */
const TOP = 10;

interface Range {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/** The asked range, or the last 30 days up to today; 400 when reversed or longer than 366 days. */
export function rangeOf(query: AdminDashboardQuery, now: Date): Range {
  const range = indiaDayRange(query, now, DEFAULT_DAYS, MAX_DAYS);
  if ('problem' in range) {
    throw badRequest(
      range.problem === 'reversed' ? DASHBOARD_MESSAGES.rangeReversed : DASHBOARD_MESSAGES.rangeTooLong,
    );
  }
  const { from, to } = range;
  const span = daysBetween(from, to);
  return { from, to, previousFrom: addDays(from, -(span + 1)), previousTo: addDays(from, -1) };
}

const SUMMED = [
  'orders',
  'sales_paise',
  'cod_orders',
  'cod_paise',
  'prepaid_orders',
  'prepaid_paise',
  'new_shoppers',
  'refunds',
  'refunds_paise',
  'uncollected_paise',
  'returns_requested',
  'delivered',
  'rto',
  'slide_clicks',
] as const;
type Sums = Record<(typeof SUMMED)[number], number>;

async function sums(db: Db, range: Range): Promise<{ current: Sums; previous: Sums }> {
  const columns = (alias: string, lo: string, hi: string) =>
    sql.join(
      SUMMED.map(
        (c) =>
          sql`coalesce(sum(${sql.identifier(c)}) filter (where day between ${lo}::date and ${hi}::date), 0) as ${sql.identifier(`${alias}${c}`)}`,
      ),
      sql`, `,
    );
  const result = await db.execute<Record<string, string>>(sql`
    select ${columns('c_', range.from, range.to)}, ${columns('p_', range.previousFrom, range.previousTo)}
    from dashboard_days where day between ${range.previousFrom}::date and ${range.to}::date`);
  const row = result.rows[0] ?? {};
  const pick = (alias: string) =>
    Object.fromEntries(SUMMED.map((c) => [c, Number(row[`${alias}${c}`] ?? 0)])) as Sums;
  return { current: pick('c_'), previous: pick('p_') };
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function tilesOf(s: Sums) {
  return {
    netSales: paiseToRupees(s.sales_paise - s.refunds_paise - s.uncollected_paise),
    orders: s.orders,
    averageOrderValue: s.orders === 0 ? null : paiseToRupees(Math.round(s.sales_paise / s.orders)),
    codShare: ratio(s.cod_orders, s.orders),
    refunds: paiseToRupees(s.refunds_paise),
    returnRate: ratio(s.returns_requested, s.delivered),
    rtoRate: ratio(s.rto, s.delivered + s.rto),
    newShoppers: s.new_shoppers,
    returningShoppers: s.orders - s.new_shoppers,
    slideClickConversion: ratio(s.orders, s.slide_clicks),
  };
}

async function series(db: Db, range: Range) {
  const result = await db.execute<{ day: string; sales: string; orders: string }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day, coalesce(k.sales_paise, 0) as sales, coalesce(k.orders, 0) as orders
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
    left join dashboard_days k on k.day = d::date
    order by d`);
  return result.rows.map((r) => ({
    day: r.day,
    sales: paiseToRupees(Number(r.sales)),
    orders: Number(r.orders),
  }));
}

type BreakdownRow = { dimension: string; key: string; label: string; count: string; paise: string };

async function breakdowns(db: Db, range: Range) {
  const result = await db.execute<BreakdownRow>(sql`
    select dimension, key, max(label) as label, sum(count) as count, sum(paise) as paise
    from dashboard_day_breakdowns
    where dimension in ('product', 'size', 'state', 'refund_reason', 'return_reason')
      and day between ${range.from}::date and ${range.to}::date
    group by dimension, key`);
  const of = (dimension: string, limit: number): DashboardRanked[] =>
    result.rows
      .filter((r) => r.dimension === dimension)
      .map((r) => ({
        key: r.key,
        label: r.label,
        count: Number(r.count),
        amount: paiseToRupees(Number(r.paise)),
      }))
      .sort((a, b) => b.amount - a.amount || b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, limit);
  return {
    topProducts: of('product', TOP),
    topSizes: of('size', TOP),
    states: of('state', Number.MAX_SAFE_INTEGER),
    refundReasons: of('refund_reason', TOP),
    returnReasons: of('return_reason', TOP),
  };
}

export async function dashboard(
  db: Db,
  clock: Clock,
  query: AdminDashboardQuery,
): Promise<AdminDashboardResponse> {
  const range = rangeOf(query, clock.now());
  const [{ current, previous }, days, ranked] = await Promise.all([
    sums(db, range),
    series(db, range),
    breakdowns(db, range),
  ]);
  const now = tilesOf(current);
  const before = tilesOf(previous);
  const tiles = Object.fromEntries(
    (Object.keys(now) as (keyof typeof now)[]).map((name) => [
      name,
      { value: now[name], previous: before[name] },
    ]),
  ) as AdminDashboardResponse['tiles'];
  const paymentMethods: DashboardRanked[] = [
    {
      key: 'COD',
      label: 'Cash on delivery',
      count: current.cod_orders,
      amount: paiseToRupees(current.cod_paise),
    },
    {
      key: 'Prepaid',
      label: 'Prepaid',
      count: current.prepaid_orders,
      amount: paiseToRupees(current.prepaid_paise),
    },
  ];
  return { success: true, ...range, tiles, days, paymentMethods, ...ranked };
}
