// What the back office's promotion pages read besides the promotion (docs/admin.md#promotions): its redemptions,
// the revenue of those orders and the discount it gave per day in India, the orders that used it, and the garment
// types the form may target. The first two read promotion_redemptions through its (promotion_id, created_at)
// index, so a promotion's page costs the same on a shop of a hundred thousand orders.
import { SHOP_TIME_ZONE, indiaDayRange, paiseToRupees } from '@rangrez/contract/rules';
import {
  ADMIN_PROMOTION_ORDERS_PAGE_SIZE,
  type AdminPromotionOrdersResponse,
  type AdminPromotionReportQuery,
  type AdminPromotionReportResponse,
} from '@rangrez/contract/schemas';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findPromotionRecord } from './repository.ts';

export const PROMOTION_REPORT_MESSAGES = {
  notFound: 'Promotion not found',
  rangeReversed: 'from must not be after to',
  rangeTooLong: 'The range may span at most 366 days',
} as const;

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

type DayRow = {
  day: string;
  redemptions: string;
  revenue: string;
  discount: string;
};

/**
 * Each India day from `from` to `to`: the live redemptions made that day (released ones left out), their orders'
 * totals and the promotion's share of them, in paise. The range is bounded by instants so the index serves it.
 */
async function dailyRows(db: Db, promotionId: string, from: string, to: string) {
  const result = await db.execute<DayRow>(sql`
    with counted as (
      select (r.created_at at time zone ${SHOP_TIME_ZONE})::date as day,
             count(*) as redemptions,
             sum(o.total_paise) as revenue,
             sum(r.discount_paise + r.shipping_discount_paise) as discount
      from promotion_redemptions r
      join orders o on o.id = r.order_id
      where r.promotion_id = ${promotionId}
        and r.released_at is null
        and r.created_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
        and r.created_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}
      group by 1
    )
    select to_char(${from}::date + n, 'YYYY-MM-DD') as day,
           coalesce(c.redemptions, 0) as redemptions,
           coalesce(c.revenue, 0) as revenue,
           coalesce(c.discount, 0) as discount
    from generate_series(0, ${to}::date - ${from}::date) as n
    left join counted c on c.day = ${from}::date + n
    order by n`);
  return result.rows.map((r) => ({
    day: r.day,
    redemptions: Number(r.redemptions),
    revenuePaise: Number(r.revenue),
    discountPaise: Number(r.discount),
  }));
}

async function report(
  db: Db,
  clock: Clock,
  id: string,
  query: AdminPromotionReportQuery,
): Promise<AdminPromotionReportResponse> {
  if (!(await findPromotionRecord(db, id))) throw notFound(PROMOTION_REPORT_MESSAGES.notFound);
  const range = indiaDayRange(query, clock.now(), DEFAULT_DAYS, MAX_DAYS);
  if ('problem' in range) {
    throw badRequest(
      range.problem === 'reversed'
        ? PROMOTION_REPORT_MESSAGES.rangeReversed
        : PROMOTION_REPORT_MESSAGES.rangeTooLong,
    );
  }
  const { from, to } = range;
  const rows = await dailyRows(db, id, from, to);
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return {
    success: true,
    promotionId: id,
    from,
    to,
    days: rows.map((r) => ({
      day: r.day,
      redemptions: r.redemptions,
      revenue: paiseToRupees(r.revenuePaise),
      discount: paiseToRupees(r.discountPaise),
    })),
    totals: {
      redemptions: sum((r) => r.redemptions),
      revenue: paiseToRupees(sum((r) => r.revenuePaise)),
      discount: paiseToRupees(sum((r) => r.discountPaise)),
    },
  };
}

type OrderRow = {
  order_number: string;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  code: string | null;
  total_paise: number;
  discount_paise: number;
  state: string;
  released_at: Date | string | null;
};

const iso = (at: Date | string) => new Date(at).toISOString();

/** The orders that used the promotion, newest redemption first, released ones included and marked. */
async function usedBy(db: Db, id: string, page: number): Promise<AdminPromotionOrdersResponse> {
  const record = await findPromotionRecord(db, id);
  if (!record) throw notFound(PROMOTION_REPORT_MESSAGES.notFound);
  const result = await db.execute<OrderRow>(sql`
    select o.order_number, o.created_at, o.first_name, o.last_name, r.code, o.total_paise,
           r.discount_paise + r.shipping_discount_paise as discount_paise, o.state, r.released_at
    from promotion_redemptions r
    join orders o on o.id = r.order_id
    where r.promotion_id = ${id}
    order by r.created_at desc, r.id desc
    limit ${ADMIN_PROMOTION_ORDERS_PAGE_SIZE} offset ${(page - 1) * ADMIN_PROMOTION_ORDERS_PAGE_SIZE}`);
  return {
    success: true,
    page,
    pageSize: ADMIN_PROMOTION_ORDERS_PAGE_SIZE,
    total: record.redemptions,
    orders: result.rows.map((r) => ({
      orderId: r.order_number,
      placedAt: iso(r.created_at),
      customer: `${r.first_name} ${r.last_name}`.trim(),
      code: r.code,
      total: paiseToRupees(Number(r.total_paise)),
      discount: paiseToRupees(Number(r.discount_paise)),
      state: r.state,
      releasedAt: r.released_at === null ? null : iso(r.released_at),
    })),
  };
}

/** The garment types a promotion may target, by id (the catalogue's product categories). */
async function garmentTypes(db: Db) {
  const result = await db.execute<{ id: string; name: string }>(
    sql`select id::text as id, name from product_categories order by name, id`,
  );
  return { success: true as const, types: result.rows.map((r) => ({ id: r.id, name: r.name })) };
}

export function createPromotionReports(opts: { db: Db; clock: Clock }) {
  return {
    garmentTypes: () => garmentTypes(opts.db),
    report: (id: string, query: AdminPromotionReportQuery) => report(opts.db, opts.clock, id, query),
    orders: (id: string, page: number) => usedBy(opts.db, id, page),
  };
}
export type PromotionReports = ReturnType<typeof createPromotionReports>;
