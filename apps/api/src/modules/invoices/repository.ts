// The tax documents and their number counters (docs/gst.md#numbering). Documents are inserted once and never
// updated, except for where their rendered PDF is stored.
import {
  documentCounters,
  orderItems,
  orders,
  productCategories,
  products,
  refunds,
  returnItems,
  returns,
  taxDocuments,
} from '@rangrez/db/schema';
import { isUuid } from '@rangrez/contract/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type TaxDocumentInsert = typeof taxDocuments.$inferInsert;
export type InvoicedOrder = typeof orders.$inferSelect;

/**
 * The next number of a series in a financial year. The upsert leaves the counter row locked until the caller's
 * transaction ends, so a second issuer waits and takes the following number; a rolled-back issue gives its number
 * back with it, so the series has no gap.
 */
export async function takeNumber(tx: Executor, series: string, fyStartYear: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, fyStartYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.fyStartYear],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  if (!row) throw new Error(`no number taken in ${series}`);
  return row.lastNumber;
}

export async function insertTaxDocument(tx: Executor, values: TaxDocumentInsert): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  if (!row) throw new Error('tax document not inserted');
  return row;
}

export async function lockOrderRow(tx: Executor, orderId: string): Promise<InvoicedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function invoiceOfOrder(db: Executor, orderId: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row;
}

export async function creditNotesOfOrder(db: Executor, orderId: string): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
}

export async function findTaxDocument(db: Executor, id: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

export async function setPdfKey(db: Executor, id: string, pdfKey: string, at: Date): Promise<void> {
  await db.update(taxDocuments).set({ pdfKey, renderedAt: at }).where(eq(taxDocuments.id, id));
}

/** An order's lines as invoiced: what was paid for each after its promotions, with its product's HSN and type. */
export async function invoiceLinesOf(db: Executor, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      promotionDiscountPaise: orderItems.promotionDiscountPaise,
      hsn: products.hsnCode,
      type: productCategories.name,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** Money the order keeps: what came in less the refunds that went out. */
export async function processedRefundsPaise(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'processed')));
  return row?.sum ?? 0;
}

export async function findRefundRow(db: Executor, refundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

/** The pieces of the return a refund paid for, if it was a return's refund. */
export async function returnedPiecesOfRefund(db: Executor, refundId: string) {
  return db
    .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(eq(returns.refundId, refundId));
}

/** The order a shopper's reference names (its `_id` or order number), with its owner. */
export async function orderOfReference(db: Executor, reference: string) {
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(isUuid(reference) ? eq(orders.id, reference) : eq(orders.orderNumber, reference.toUpperCase()));
  return row;
}
