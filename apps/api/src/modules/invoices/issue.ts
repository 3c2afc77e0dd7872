// Issuing tax invoices and credit notes (docs/gst.md#issuing, #credit-notes), inside the transaction that holds the
// order's row lock: the number is taken from its counter in that same transaction, so a document and its number
// exist together or not at all.
import {
  buildCreditNote,
  buildTaxDocument,
  type CodInvoiceMoment,
  creditedSoFar,
  creditShares,
  defaultHsnForType,
  documentNumber,
  financialYear,
  gstStateCode,
  HSN_PATTERN,
  indiaDate,
  normaliseGstin,
  stateOfGstCode,
  type TaxDocument,
  type TaxParty,
  variantLabel,
} from '@rangrez/contract/rules';
import type { StoreSettingsValues } from '@rangrez/contract/schemas';
import type { Executor, Tx } from '../../lib/db.ts';
import {
  creditNotesOfOrder,
  findRefundRow,
  insertTaxDocument,
  type InvoicedOrder,
  invoiceLinesOf,
  invoiceOfOrder,
  processedRefundsPaise,
  returnedPiecesOfRefund,
  takeNumber,
  type TaxDocumentRow,
} from './repository.ts';

export interface IssueDeps {
  settings: (executor: Executor) => Promise<StoreSettingsValues>;
  /** Queues the PDF's rendering, in the issuing transaction. */
  queueRender: (tx: Tx, documentId: string) => Promise<void>;
}

/** The seller as the settings say, or null while no valid GSTIN is set: then nothing is issued. */
export function sellerOf(settings: StoreSettingsValues): (TaxParty & { gstin: string }) | null {
  const gstin = normaliseGstin(settings.sellerGstin);
  const stateName = stateOfGstCode(gstin.slice(0, 2));
  if (gstin === '' || !stateName) return null;
  return {
    name: settings.legalName,
    address: settings.address
      .split(/\n|,(?=\s)/)
      .map((line) => line.trim())
      .filter(Boolean),
    stateCode: gstin.slice(0, 2),
    stateName,
    gstin,
  };
}

function buyerOf(order: InvoicedOrder): TaxParty {
  const stateCode = gstStateCode(order.addressState);
  const stateName = stateCode ? stateOfGstCode(stateCode) : undefined;
  if (!stateCode || !stateName)
    throw new Error(`order ${order.orderNumber}: no GST state for ${order.addressState}`);
  return {
    name: `${order.firstName} ${order.lastName}`.trim(),
    address: [order.doorNo, order.street, `${order.city} ${order.pincode}`].filter((l) => l.trim() !== ''),
    stateCode,
    stateName,
    ...(order.buyerGstin ? { gstin: order.buyerGstin } : {}),
  };
}

/** The columns the GSTR-1 tables read, copied from the document. */
function columnsOf(doc: TaxDocument) {
  return {
    taxablePaise: doc.totals.taxablePaise,
    cgstPaise: doc.totals.cgstPaise,
    sgstPaise: doc.totals.sgstPaise,
    igstPaise: doc.totals.igstPaise,
    amountPaise: doc.totals.amountPaise,
    placeOfSupplyCode: doc.placeOfSupply.stateCode,
    buyerGstin: doc.buyer.gstin ?? null,
  };
}

async function numberFor(tx: Tx, prefix: string, date: string) {
  const fy = financialYear(date);
  const sequence = await takeNumber(tx, prefix, fy.startYear);
  return { number: documentNumber(prefix, fy.label, sequence), fyStartYear: fy.startYear };
}

/**
 * Issues the order's invoice unless it has one, the seller has no GSTIN, or nothing was charged. The order is
 * locked by the caller. Answers the invoice issued now, if any.
 */
export async function issueInvoiceInTx(
  deps: IssueDeps,
  tx: Tx,
  order: InvoicedOrder,
  now: Date,
  settings?: StoreSettingsValues,
): Promise<TaxDocumentRow | undefined> {
  if (order.reprintOfOrderId !== null || order.totalPaise === 0) return undefined;
  const store = settings ?? (await deps.settings(tx));
  const seller = sellerOf(store);
  if (!seller || (await invoiceOfOrder(tx, order.id))) return undefined;
  const items = await invoiceLinesOf(tx, order.id);
  const date = indiaDate(now);
  const { number, fyStartYear } = await numberFor(tx, store.invoicePrefix, date);
  const document = buildTaxDocument({
    kind: 'invoice',
    number,
    date,
    orderNumber: order.orderNumber,
    seller,
    buyer: buyerOf(order),
    lines: items.map((item) => ({
      description: variantLabel(item.productName, item.color, item.size),
      hsn: HSN_PATTERN.test(item.hsn) ? item.hsn : defaultHsnForType(item.type ?? item.productName),
      quantity: item.quantity,
      amountPaise: item.unitPricePaise * item.quantity - item.promotionDiscountPaise,
    })),
    fees: [{ description: 'Shipping and handling', amountPaise: order.shippingPaise }],
  });
  const row = await insertTaxDocument(tx, {
    kind: 'invoice',
    number,
    orderId: order.id,
    fyStartYear,
    issuedAt: now,
    documentDate: date,
    document,
    orderItemIds: items.map((item) => item.id),
    ...columnsOf(document),
  });
  await deps.queueRender(tx, row.id);
  return row;
}

/** The invoice moment for cash on delivery, as the settings say. */
export const codMomentOf = (settings: StoreSettingsValues): CodInvoiceMoment =>
  settings.codInvoiceMoment === 'delivery' ? 'delivery' : 'handover';

/**
 * What the invoice should have credited back by now: its amount less the money the order keeps (paid, less the
 * refunds that went out, plus cash still to be collected). A surplus payment refunded gives nothing back.
 */
async function creditTarget(tx: Tx, order: InvoicedOrder, invoice: TaxDocumentRow): Promise<number> {
  const toCollect = order.paymentState === 'cod_pending' ? order.totalPaise : 0;
  const kept = order.paidPaise - (await processedRefundsPaise(tx, order.id)) + toCollect;
  return Math.max(0, invoice.amountPaise - kept);
}

/** The returned pieces a refund paid for, as invoice lines. */
async function returnedLines(tx: Tx, invoice: TaxDocumentRow, refundId: string | null) {
  if (!refundId) return [];
  const pieces = await returnedPiecesOfRefund(tx, refundId);
  return pieces.flatMap((piece) => {
    const line = invoice.orderItemIds.indexOf(piece.orderItemId);
    return line < 0 ? [] : [{ line, quantity: piece.quantity }];
  });
}

/**
 * Issues the credit note an order is owed, if any: after a refund went out (`refundId`) or cash on delivery was
 * given up. The order is locked by the caller; running it again issues nothing more, as the target is met.
 */
export async function issueCreditNoteInTx(
  deps: IssueDeps,
  tx: Tx,
  order: InvoicedOrder,
  refundId: string | null,
  now: Date,
): Promise<TaxDocumentRow | undefined> {
  const invoice = await invoiceOfOrder(tx, order.id);
  if (!invoice) return undefined;
  const notes = await creditNotesOfOrder(tx, order.id);
  if (refundId && notes.some((note) => note.refundId === refundId)) return undefined;
  const credited = notes.reduce((sum, note) => sum + note.amountPaise, 0);
  const amountPaise = (await creditTarget(tx, order, invoice)) - credited;
  if (amountPaise <= 0) return undefined;
  const refund = refundId ? await findRefundRow(tx, refundId) : undefined;
  const store = await deps.settings(tx);
  const so = creditedSoFar(
    invoice.document,
    notes.map((note) => note.document),
  );
  const shares = creditShares({
    invoice: invoice.document,
    credited: so,
    amountPaise,
    items: await returnedLines(tx, invoice, refund ? refund.id : null),
  });
  const date = indiaDate(now);
  const { number, fyStartYear } = await numberFor(tx, store.creditNotePrefix, date);
  const document = buildCreditNote({ invoice: invoice.document, credited: so, shares, number, date });
  const row = await insertTaxDocument(tx, {
    kind: 'credit_note',
    number,
    orderId: order.id,
    invoiceId: invoice.id,
    refundId: refund ? refund.id : null,
    fyStartYear,
    issuedAt: now,
    documentDate: date,
    document,
    orderItemIds: [],
    ...columnsOf(document),
  });
  await deps.queueRender(tx, row.id);
  return row;
}
