// Promise against reality (docs/delivery.md#the-report): per zone, the share of delivered orders that arrived on
// or before their promised day, and the median days from placement to the partner's delivered status.
import {
  DELIVERY_ZONES,
  type DeliveryZone,
  daysBetween,
  indiaDate,
  indiaDayRange,
  indiaInstant,
  addDays,
} from '@rangrez/contract/rules';
import { DELIVERY_MESSAGES, type DeliveryReport, type DeliveryReportQuery } from '@rangrez/contract/schemas';
import { orderEvents, orders } from '@rangrez/db/schema';
import { and, eq, gte, isNotNull, lt, min } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';

/** The goal the report checks: at least 90% delivered on or before the promise. */
export const ON_TIME_GOAL = 0.9;
const DEFAULT_DAYS = 90;
const MAX_DAYS = 366;

interface DeliveredOrder {
  zone: DeliveryZone;
  placedDay: string;
  deliveryBy: string;
  deliveredDay: string;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function rowOf(list: readonly DeliveredOrder[]) {
  const onTime = list.filter((o) => o.deliveredDay <= o.deliveryBy).length;
  return {
    delivered: list.length,
    onTime,
    onTimeShare: list.length ? onTime / list.length : null,
    medianDays: median(list.map((o) => daysBetween(o.placedDay, o.deliveredDay))),
  };
}

/** The figures of orders placed between two India days (both included) that the partner reported delivered. */
export function summarise(from: string, to: string, delivered: readonly DeliveredOrder[]): DeliveryReport {
  const overall = rowOf(delivered);
  return {
    from,
    to,
    zones: DELIVERY_ZONES.map((zone) => ({ zone, ...rowOf(delivered.filter((o) => o.zone === zone)) })),
    overall,
    goal: ON_TIME_GOAL,
    goalMet: overall.onTimeShare === null ? null : overall.onTimeShare >= ON_TIME_GOAL,
  };
}

const isZone = (z: string | null): z is DeliveryZone => (DELIVERY_ZONES as readonly string[]).includes(z ?? '');

/** Orders placed in the range with a promise and a delivered status, the first such status counting. */
async function deliveredOrders(db: Executor, from: string, to: string): Promise<DeliveredOrder[]> {
  const rows = await db
    .select({
      zone: orders.deliveryZone,
      createdAt: orders.createdAt,
      deliveryBy: orders.deliveryBy,
      deliveredAt: min(orderEvents.createdAt),
    })
    .from(orders)
    .innerJoin(
      orderEvents,
      and(
        eq(orderEvents.orderId, orders.id),
        eq(orderEvents.machine, 'fulfilment'),
        eq(orderEvents.toState, 'delivered'),
      ),
    )
    .where(
      and(
        isNotNull(orders.deliveryBy),
        gte(orders.createdAt, indiaInstant(from, '00:00')),
        lt(orders.createdAt, indiaInstant(addDays(to, 1), '00:00')),
      ),
    )
    .groupBy(orders.id);
  return rows.flatMap((r) =>
    isZone(r.zone) && r.deliveryBy && r.deliveredAt
      ? [
          {
            zone: r.zone,
            placedDay: indiaDate(r.createdAt),
            deliveryBy: r.deliveryBy,
            deliveredDay: indiaDate(new Date(r.deliveredAt)),
          },
        ]
      : [],
  );
}

export async function deliveryReport(db: Executor, now: Date, query: DeliveryReportQuery): Promise<DeliveryReport> {
  const range = indiaDayRange(query, now, DEFAULT_DAYS, MAX_DAYS);
  if ('problem' in range) {
    throw badRequest(
      range.problem === 'reversed' ? DELIVERY_MESSAGES.rangeReversed : 'The range may span at most 366 days',
    );
  }
  return summarise(range.from, range.to, await deliveredOrders(db, range.from, range.to));
}

const share = (s: number | null) => (s === null ? '-' : `${(s * 100).toFixed(1)}%`);

/** The report as `npm run report:delivery` prints it: a line per zone, the overall line, then the goal line. */
export function reportText(report: DeliveryReport): string {
  const line = (name: string, r: DeliveryReport['overall']) =>
    `${name.padEnd(8)} delivered ${String(r.delivered).padStart(5)}  on time ${String(r.onTime).padStart(5)}` +
    `  ${share(r.onTimeShare).padStart(6)}  median days ${r.medianDays ?? '-'}`;
  const verdict = report.goalMet === null ? 'no deliveries yet' : report.goalMet ? 'met' : 'not met';
  return [
    `Orders placed ${report.from} to ${report.to}, delivered by the partner:`,
    ...report.zones.map((z) => line(z.zone, z)),
    line('overall', report.overall),
    `>= ${Math.round(report.goal * 100)}% delivered on or before the promise: ${verdict}`,
  ].join('\n');
}
