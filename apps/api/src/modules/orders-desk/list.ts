// The orders list of the desk (docs/admin.md#orders): filters on the machines, the gateway, India's calendar days
// and needs-action; a search by order number (exact or prefix), phone, e-mail or AWB, each through an index; keyset
// pages over (created_at desc, id desc) with an opaque cursor.
import { addDays, indiaDayStart, paiseToRupees } from '@rangrez/contract/rules';
import {
  type AdminOrderListQuery,
  type AdminOrderRow,
  ORDERS_DESK_MESSAGES,
} from '@rangrez/contract/schemas';
import { orders } from '@rangrez/db/schema';
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';
import { displayStatus } from '../orders/index.ts';
import { needsActionReason } from './needs-action-sql.ts';

interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, 'utf8').toString('base64url');
}

function decodeCursor(value: string): Cursor {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const valid =
    rest.length === 0 &&
    at !== undefined &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) &&
    id !== undefined &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
  if (!valid) throw badRequest(ORDERS_DESK_MESSAGES.cursor);
  return { at, id };
}

/**
 * What `q` finds, each kind through its own index: order number (exact, or as a prefix of at least 3 characters),
 * e-mail (case-insensitive, exact), phone (its last 10 digits) and AWB (exact). The ids of each kind are one
 * union, so the planner answers the search from the indexes and never scans the orders.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const parts: SQL[] = [];
  if (text.includes('@')) {
    parts.push(sql`select id from orders where lower(email) = ${text.toLowerCase()}`);
  } else {
    const upper = text.toUpperCase();
    if (/^[A-Z0-9]{1,15}$/.test(upper)) {
      parts.push(
        upper.length >= 3
          ? sql`select id from orders where order_number like ${`${upper}%`}`
          : sql`select id from orders where order_number = ${upper}`,
      );
    }
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 10 && /^[+\d\s()-]+$/.test(text)) {
      parts.push(sql`select id from orders where phone = ${digits.slice(-10)}`);
    }
    parts.push(sql`select order_id from fulfilments where awb_no = ${text}`);
  }
  return sql`${orders.id} in (${sql.join(parts, sql` union all `)})`;
}

/** The list's and the CSV's conditions, without the cursor. */
export function filterConditions(query: AdminOrderListQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.state, query.status));
  if (query.payment) where.push(eq(orders.paymentState, query.payment));
  if (query.fulfilment) where.push(eq(orders.fulfilmentState, query.fulfilment));
  if (query.refund) where.push(eq(orders.refundState, query.refund));
  if (query.gateway) where.push(eq(orders.paymentMethod, query.gateway));
  // The desk's days are the shop's calendar days.
  if (query.from) where.push(sql`${orders.createdAt} >= ${indiaDayStart(query.from)}`);
  if (query.to) where.push(sql`${orders.createdAt} < ${indiaDayStart(addDays(query.to, 1))}`);
  if (query.needsAction === 'true') where.push(sql`(${needsActionReason(now)}) is not null`);
  if (query.needsAction === 'false') where.push(sql`(${needsActionReason(now)}) is null`);
  const search = query.q ? searchCondition(query.q) : undefined;
  if (search) where.push(search);
  return where;
}

const rowColumns = (now: Date) => ({
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  // Microseconds, as stored: a cursor from a Date (milliseconds) would skip or repeat rows created in the same ms.
  cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  totalPaise: orders.totalPaise,
  paymentMethod: orders.paymentMethod,
  state: orders.state,
  paymentState: orders.paymentState,
  fulfilmentState: orders.fulfilmentState,
  refundState: orders.refundState,
  itemCount: orders.itemCount,
  needsAction: needsActionReason(now),
});

type ListRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Executor, where: SQL[], limit: number, now: Date) {
  return db
    .select(rowColumns(now))
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export function toAdminOrderRow(r: ListRow): AdminOrderRow {
  return {
    _id: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    customerName: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    phone: r.phone,
    total: paiseToRupees(r.totalPaise),
    gateway: r.paymentMethod,
    state: r.state,
    paymentState: r.paymentState,
    fulfilmentState: r.fulfilmentState,
    refundState: r.refundState,
    status: displayStatus(r),
    itemCount: r.itemCount,
    needsAction: r.needsAction,
  };
}

/** One page of the list, newest first, and the cursor of the next. */
export async function listOrders(db: Executor, query: AdminOrderListQuery, now: Date) {
  const where = filterConditions(query, now);
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(sql`(${orders.createdAt}, ${orders.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await selectRows(db, where, query.limit + 1, now);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(toAdminOrderRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** Every order the filters select, newest first, in pages of `batch` (for the CSV). */
export async function* allOrders(db: Executor, query: AdminOrderListQuery, now: Date, batch = 1000) {
  let cursor: string | undefined;
  for (;;) {
    const page = await listOrders(db, { ...query, limit: batch, ...(cursor ? { cursor } : {}) }, now);
    yield page.orders;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
