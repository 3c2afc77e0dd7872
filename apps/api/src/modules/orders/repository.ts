// SQL of the orders module: stock, orders, their items and their history, and the shopper's cart lines.
// Time comes from the caller's clock (never PostgreSQL's now()), so tests move it instead of sleeping.
import {
  cartCoupons,
  cartItems,
  fulfilments,
  media,
  orderEvents,
  orderItems,
  orders,
  payments,
  productVariants,
  products,
  refunds,
  taxDocuments,
} from '@rangrez/db/schema';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { isUuid } from '@rangrez/contract/rules';
import type { Executor } from '../../lib/db.ts';
import { lineImageId } from '../../lib/product-image.ts';
import type { ProductRow } from '../../lib/product-row.ts';
import { sellableStockOf } from '../../lib/variant-stock.ts';
import { type HistoryMachine, type Machine, STATE_FIELD } from './state-machine.ts';

/** The tax invoices of orders, joined by kind (a credit note is never an order's invoice). */
const invoices = taxDocuments;

/** The database or an open transaction. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderItemInsert = typeof orderItems.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export type CatalogueProduct = Pick<
  ProductRow,
  'id' | 'name' | 'sku' | 'pricePaise' | 'sizes' | 'colors' | 'isActive' | 'categoryId' | 'productCategoryId'
>;

export async function findProducts(db: Executor, ids: readonly string[]): Promise<CatalogueProduct[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      pricePaise: products.pricePaise,
      sizes: products.sizes,
      colors: products.colors,
      isActive: products.isActive,
      // What promotions target besides the product (docs/promotions.md#kinds).
      categoryId: products.categoryId,
      productCategoryId: products.productCategoryId,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export interface StockLine {
  productId: string;
  color: string;
  size: string;
  quantity: number;
}

export type TakenProduct = Pick<
  ProductRow,
  'id' | 'name' | 'sku' | 'pricePaise' | 'mrpRule' | 'mrpValuePaise'
>;

/** The variant a line took its stock from: its explicit fulfilment SKU ('' when derived from the product's). */
export const variantKey = (line: Pick<StockLine, 'productId' | 'color' | 'size'>) =>
  `${line.productId}|${line.color}|${line.size}`;

export type TakeStockResult =
  | { ok: true; products: Map<string, TakenProduct>; fulfilmentSkus: Map<string, string> }
  | {
      ok: false;
      productId: string;
      name: string;
      color: string;
      size: string;
      available: number;
      active: boolean;
    };

/** One line per variant, in (product, colour, size) order: concurrent orders lock rows in the same order. */
function perVariant(lines: readonly StockLine[]): StockLine[] {
  const totals = new Map<string, StockLine>();
  for (const line of lines) {
    const key = variantKey(line);
    const seen = totals.get(key);
    totals.set(key, { ...line, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...totals.values()].sort(
    (a, b) => order(a.productId, b.productId) || order(a.color, b.color) || order(a.size, b.size),
  );
}

/**
 * Locks the lines' products in id order, before any variant: the stock triggers update the product row after each
 * variant change, so every writer takes the product first and no two can wait on each other's rows.
 */
async function lockProducts(
  tx: Executor,
  lines: readonly StockLine[],
): Promise<Map<string, TakenProduct & { isActive: boolean }>> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      pricePaise: products.pricePaise,
      mrpRule: products.mrpRule,
      mrpValuePaise: products.mrpValuePaise,
      isActive: products.isActive,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

const variantWhere = (line: Pick<StockLine, 'productId' | 'color' | 'size'>) =>
  and(
    eq(productVariants.productId, line.productId),
    eq(productVariants.color, line.color),
    eq(productVariants.size, line.size),
  );

/**
 * Takes stock for every line from its variant with conditional updates (`stock >= quantity`, sellable), so two
 * buyers of the last unit of a size cannot both get it: the second update waits for the first's row lock, then
 * re-checks the condition; the other sizes stay buyable. Returns the products as locked (their current price) and
 * each variant's fulfilment SKU. When a line cannot be served, what was already taken is put back and the failing
 * variant is reported; the caller's transaction stays usable.
 */
export async function takeStock(
  tx: Executor,
  lines: readonly StockLine[],
  now: Date,
): Promise<TakeStockResult> {
  const locked = await lockProducts(tx, lines);
  const taken: StockLine[] = [];
  const fulfilmentSkus = new Map<string, string>();
  for (const line of perVariant(lines)) {
    const product = locked.get(line.productId);
    const [row] = product?.isActive
      ? await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: now })
          .where(
            and(
              variantWhere(line),
              eq(productVariants.sellable, true),
              gte(productVariants.stock, line.quantity),
            ),
          )
          .returning({ fulfilmentSku: productVariants.fulfilmentSku })
      : [];
    if (!row) {
      await returnStock(tx, taken, now);
      return {
        ok: false,
        productId: line.productId,
        name: product?.name ?? line.productId,
        color: line.color,
        size: line.size,
        available: product ? await sellableStockOf(tx, line) : 0,
        active: product?.isActive ?? false,
      };
    }
    taken.push(line);
    fulfilmentSkus.set(variantKey(line), row.fulfilmentSku);
  }
  return {
    ok: true,
    products: new Map([...locked].map(([id, { isActive: _, ...p }]) => [id, p])),
    fulfilmentSkus,
  };
}

export async function returnStock(tx: Executor, lines: readonly StockLine[], now: Date): Promise<void> {
  await lockProducts(tx, lines);
  for (const line of perVariant(lines)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: now })
      .where(variantWhere(line));
  }
}

/** Inserts the order; undefined when its number is taken (the caller draws another). */
export async function insertOrder(tx: Executor, values: OrderInsert): Promise<OrderRow | undefined> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.orderNumber })
    .returning();
  return row;
}

export async function insertOrderItems(tx: Executor, values: OrderItemInsert[]): Promise<OrderItemRow[]> {
  if (values.length === 0) return [];
  return tx.insert(orderItems).values(values).returning();
}

export interface EventInsert {
  orderId: string;
  machine: HistoryMachine;
  fromState: string | null;
  toState: string;
  note?: string;
  createdAt: Date;
}

export async function insertEvents(tx: Executor, events: EventInsert[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(orderEvents).values(events.map((e) => ({ ...e, note: e.note ?? '' })));
}

const STATE_COLUMN = {
  order: orders.state,
  payment: orders.paymentState,
  fulfilment: orders.fulfilmentState,
  refund: orders.refundState,
} as const;

/** Moves one machine from `from` to `to`; false when the row was not in `from` (the caller's view was stale). */
export async function updateState(
  tx: Executor,
  orderId: string,
  machine: Machine,
  from: string,
  to: string,
  now: Date,
  extra: Partial<Pick<OrderInsert, 'reservedUntil'>> = {},
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ [STATE_FIELD[machine]]: to, updatedAt: now, ...extra })
    .where(and(eq(orders.id, orderId), eq(STATE_COLUMN[machine], from as never)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Columns beside the states (the payment method, the reservation, the stock mark); `order` is updated in place. */
export async function setOrderFields(
  tx: Executor,
  order: OrderRow,
  fields: Partial<
    Pick<
      OrderInsert,
      | 'paymentMethod'
      | 'reservedUntil'
      | 'stockReturnedAt'
      | 'paidPaise'
      | 'shippingPaise'
      | 'totalPaise'
      | 'codConfirmation'
      | 'codConfirmDeadline'
      | 'codConfirmedAt'
      | 'codConfirmedBy'
      | 'codReminderSentAt'
    >
  >,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...fields, updatedAt: now })
    .where(eq(orders.id, order.id));
  Object.assign(order, fields, { updatedAt: now });
}

export async function findOrderByIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/** An order's id from our order number or its id; undefined when neither names one. */
export async function resolveOrderId(db: Executor, reference: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isUuid(reference) ? eq(orders.id, reference) : eq(orders.orderNumber, reference.toUpperCase()));
  return row?.id;
}

/** Online orders of a shopper still waiting for their money (each holds its stock). */
export async function countUnpaidOrders(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.state, 'payment_pending')));
  return row?.n ?? 0;
}

/** A derived key that ran out is given up, so the same body can place a new order. */
export async function releaseIdempotencyKey(tx: Executor, orderId: string): Promise<void> {
  await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, orderId));
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: every state change of an order goes through this lock. */
export async function lockOrder(tx: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function itemsOf(db: Executor, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** A line's picture as stored: the media row's key and rendered widths. */
export interface ItemImage {
  key: string;
  widths: number[];
}

/**
 * Each line's picture in the colour bought: the colour's first image, else the product's main one (as cart lines
 * show, docs/product/rules.md#cart). Lines whose product has no image at all are left out.
 */
export async function itemImagesOf(
  db: Executor,
  itemIds: readonly string[],
): Promise<Map<string, ItemImage>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderItems.id, key: media.key, widths: media.widths })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(media, eq(media.id, lineImageId(orderItems.productId, orderItems.color, products.imageId)))
    .where(inArray(orderItems.id, [...itemIds]));
  return new Map(rows.map((r) => [r.id, { key: r.key, widths: r.widths }]));
}

export interface OrderListRow {
  order: OrderRow;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  awbNo: string | null;
  trackingLink: string | null;
  invoiceNumber: string | null;
}

/** A shopper's orders, newest first, with the payment and fulfilment references clients show. */
export async function listOrdersOfUser(db: Executor, userId: string, limit: number): Promise<OrderListRow[]> {
  return (
    db
      .select({
        order: orders,
        providerOrderId: payments.providerOrderId,
        providerPaymentId: payments.providerPaymentId,
        awbNo: fulfilments.awbNo,
        trackingLink: fulfilments.trackingLink,
        invoiceNumber: invoices.number,
      })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .leftJoin(fulfilments, eq(fulfilments.orderId, orders.id))
      .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
      // Expired online attempts are not the shopper's orders (staff still see them): My Orders never fills with junk.
      .where(and(eq(orders.userId, userId), ne(orders.state, 'expired')))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(limit)
  );
}

export async function orderReferences(db: Executor, orderId: string): Promise<Omit<OrderListRow, 'order'>> {
  const [row] = await db
    .select({
      providerOrderId: payments.providerOrderId,
      providerPaymentId: payments.providerPaymentId,
      awbNo: fulfilments.awbNo,
      trackingLink: fulfilments.trackingLink,
      invoiceNumber: invoices.number,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(fulfilments, eq(fulfilments.orderId, orders.id))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
    .where(eq(orders.id, orderId));
  return (
    row ?? {
      providerOrderId: null,
      providerPaymentId: null,
      awbNo: null,
      trackingLink: null,
      invoiceNumber: null,
    }
  );
}

/** The order's payment row status, the row locked (before the order's, as money arriving locks them). */
export async function paymentStatusLocked(tx: Executor, orderId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .for('update');
  return row?.status;
}

/** What the shopper sees of an order's refunds. */
export type OrderRefundRow = Pick<
  typeof refunds.$inferSelect,
  'id' | 'orderId' | 'amountPaise' | 'status' | 'createdAt'
>;

/** The refunds of these orders, oldest first (the shopper follows their money in the order's answer). */
export async function refundsOfOrders(db: Executor, orderIds: readonly string[]): Promise<OrderRefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      status: refunds.status,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * The code kept with the shopper's cart goes with the order that used it (docs/promotions.md#the-shoppers-side): a
 * next cart does not start with a spent code.
 */
export async function removeUsedCartCode(
  tx: Executor,
  userId: string,
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .delete(cartCoupons)
    .where(and(eq(cartCoupons.userId, userId), inArray(cartCoupons.code, [...codes])));
}

/** Removes the ordered lines from the shopper's cart (a cart checkout empties what was bought, nothing else). */
export async function removeCartLines(
  tx: Executor,
  userId: string,
  lines: readonly { productId: string; size: string; color: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        or(
          ...lines.map((l) =>
            and(
              eq(cartItems.productId, l.productId),
              eq(cartItems.size, l.size),
              eq(cartItems.color, l.color),
            ),
          ),
        ),
      ),
    );
}

/** Unpaid online orders whose stock reservation has run out. */
export async function expiredReservations(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.state, 'payment_pending'), lte(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function eventsOf(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** Serialises work on one key until the transaction ends (e.g. one shopper's retried submission). */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** What the shopper sees of an order's credit notes: number and amount, oldest first. */
export async function creditNotesOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: taxDocuments.orderId,
      number: taxDocuments.number,
      amountPaise: taxDocuments.amountPaise,
    })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.orderId, [...orderIds]), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
}
export type OrderCreditNoteRow = Awaited<ReturnType<typeof creditNotesOfOrders>>[number];
