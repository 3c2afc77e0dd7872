// The report of parcels returned to origin (docs/cod.md#report): of the orders placed in a range of India days
// that reached the courier, how many came back, by PIN code, by state and by week, and the list of them.
import { SHOP_TIME_ZONE, indiaDayRange, paiseToRupees } from '@rangrez/contract/rules';
import type { AdminRtoQuery, AdminRtoReport } from '@rangrez/contract/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';

const DEFAULT_DAYS = 84;
const MAX_DAYS = 366;
/** Rows per breakdown and in the list: the worst PINs first, the newest returns first. */
const ROW_LIMIT = 200;

export const RTO_MESSAGES = {
  rangeReversed: 'The start date must not be after the end date.',
  rangeTooLong: 'Choose a range of at most 366 days.',
} as const;

type Figures = { key: string; shipped: number | string; rto: number | string };

/** Percent with one decimal; 0 when nothing shipped. */
const rateOf = (shipped: number, rto: number) =>
  shipped === 0 ? 0 : Math.round((rto / shipped) * 1000) / 10;

function figures(row: Figures) {
  const shipped = Number(row.shipped);
  const rto = Number(row.rto);
  return { shipped, rto, rate: rateOf(shipped, rto) };
}

/** Orders of the range that reached the courier (shipped, delivered or back), with whether they came back. */
function handedOver(from: string, to: string): SQL {
  return sql`
    select o.id, o.pincode, o.address_state, o.created_at, r.order_id is not null as came_back
    from orders o
    left join order_rtos r on r.order_id = o.id
    where o.fulfilment_state in ('shipped', 'delivered', 'returned')
      and o.created_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
      and o.created_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
}

async function grouped(db: Db, from: string, to: string, key: SQL, order: SQL) {
  const result = await db.execute<Figures>(sql`
    select ${key} as key, count(*) as shipped, count(*) filter (where h.came_back) as rto
    from (${handedOver(from, to)}) h
    group by 1
    order by ${order}
    limit ${ROW_LIMIT}`);
  return result.rows;
}

type ListRow = {
  order_id: string;
  order_number: string;
  payment_method: string;
  pincode: string;
  address_state: string;
  total_paise: number;
  reason: string;
  created_at: Date | string;
};

async function returnedOrders(db: Db, from: string, to: string) {
  const result = await db.execute<ListRow>(sql`
    select r.order_id, o.order_number, r.payment_method, o.pincode, o.address_state, o.total_paise, r.reason,
           r.created_at
    from order_rtos r
    join orders o on o.id = r.order_id
    where o.created_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
      and o.created_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}
    order by r.created_at desc, o.order_number
    limit ${ROW_LIMIT}`);
  return result.rows.map((r) => ({
    orderId: r.order_id,
    orderNumber: r.order_number,
    paymentMethod: r.payment_method,
    pincode: r.pincode,
    state: r.address_state,
    total: paiseToRupees(Number(r.total_paise)),
    reason: r.reason,
    returnedAt: new Date(r.created_at).toISOString(),
  }));
}

export async function rtoReport(db: Db, clock: Clock, query: AdminRtoQuery): Promise<AdminRtoReport> {
  const range = indiaDayRange(query, clock.now(), DEFAULT_DAYS, MAX_DAYS);
  if ('problem' in range) {
    throw badRequest(range.problem === 'reversed' ? RTO_MESSAGES.rangeReversed : RTO_MESSAGES.rangeTooLong);
  }
  const { from, to } = range;
  const worstFirst = sql`count(*) filter (where h.came_back) desc, count(*) desc, 1`;
  const byPincode = await grouped(db, from, to, sql`h.pincode`, worstFirst);
  const byState = await grouped(db, from, to, sql`h.address_state`, worstFirst);
  const week = sql`to_char(date_trunc('week', h.created_at at time zone ${SHOP_TIME_ZONE}), 'YYYY-MM-DD')`;
  const byWeek = await grouped(db, from, to, week, sql`1`);
  // From the weeks: at most 53 rows, never cut by the limit.
  const all = byWeek.reduce(
    (sum, r) => ({ shipped: sum.shipped + Number(r.shipped), rto: sum.rto + Number(r.rto) }),
    { shipped: 0, rto: 0 },
  );
  return {
    from,
    to,
    total: { ...all, rate: rateOf(all.shipped, all.rto) },
    byPincode: byPincode.map((r) => ({ pincode: r.key, ...figures(r) })),
    byState: byState.map((r) => ({ state: r.key, ...figures(r) })),
    byWeek: byWeek.map((r) => ({ week: r.key, ...figures(r) })),
    orders: await returnedOrders(db, from, to),
  };
}
