// The orders list as a CSV file (GET /admin/orders/export.csv): the filtered set, newest first, streamed a page at a
// time so that a large export never sits in memory whole. RFC 4180 with a byte order mark, as the product export;
// a cell a spreadsheet would run as a formula gets a leading quote.
import { Readable } from 'node:stream';
import type { AdminOrderListQuery, AdminOrderRow } from '@rangrez/contract/schemas';
import type { Executor } from '../../lib/db.ts';
import { allOrders } from './list.ts';

const COLUMNS: readonly [string, (r: AdminOrderRow) => string | number][] = [
  ['order_number', (r) => r.orderNumber],
  ['created_at', (r) => r.createdAt],
  ['customer', (r) => r.customerName],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['total', (r) => r.total],
  ['gateway', (r) => r.gateway],
  ['status', (r) => r.status],
  ['order_state', (r) => r.state],
  ['payment_state', (r) => r.paymentState],
  ['fulfilment_state', (r) => r.fulfilmentState],
  ['refund_state', (r) => r.refundState],
  ['items', (r) => r.itemCount],
  ['needs_action', (r) => r.needsAction ?? ''],
];

export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function ordersCsv(db: Executor, query: AdminOrderListQuery, now: Date): Readable {
  async function* chunks() {
    yield `\uFEFF${line(COLUMNS.map(([name]) => name))}`;
    for await (const page of allOrders(db, query, now)) {
      yield page.map((r) => line(COLUMNS.map(([, cell]) => cell(r)))).join('');
    }
  }
  return Readable.from(chunks());
}
