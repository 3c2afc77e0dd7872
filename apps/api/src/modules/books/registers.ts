// The invoice register (one row per document) and the sales register (one row per document line), for the
// accountant's books (docs/gst.md#exports). A credit note's figures are negative, so each column sums to the
// period's net.
import { sectionOf } from './gstr1.ts';
import type { PeriodDocument } from './repository.ts';
import { type Cell, money, type Table } from './table.ts';

const KIND_LABELS = { invoice: 'Invoice', credit_note: 'Credit note' } as const;
const SECTION_LABELS = { b2b: 'B2B', b2cl: 'B2CL', b2cs: 'B2CS' } as const;

const signOf = (doc: PeriodDocument) => (doc.kind === 'invoice' ? 1 : -1);

/** Where the document goes in GSTR-1: the invoice tables, or the credit note's (CDNR, CDNUR, or netted in B2CS). */
function gstr1Place(doc: PeriodDocument): string {
  const section = sectionOf(doc);
  if (doc.kind === 'invoice') return SECTION_LABELS[section];
  return { b2b: 'CDNR', b2cl: 'CDNUR', b2cs: 'B2CS' }[section];
}

export function invoiceRegister(docs: readonly PeriodDocument[]): Table {
  const rows = docs.map((entry): Cell[] => {
    const { document: doc } = entry;
    const sign = signOf(entry);
    return [
      KIND_LABELS[entry.kind],
      doc.number,
      doc.date,
      doc.orderNumber,
      doc.refersTo?.number ?? '',
      doc.refersTo?.date ?? '',
      doc.buyer.name,
      entry.buyerGstin ?? '',
      `${doc.placeOfSupply.stateCode} ${doc.placeOfSupply.stateName}`,
      gstr1Place(entry),
      money(sign * doc.totals.taxablePaise),
      money(sign * doc.totals.cgstPaise),
      money(sign * doc.totals.sgstPaise),
      money(sign * doc.totals.igstPaise),
      money(sign * doc.totals.amountPaise),
    ];
  });
  return {
    sheet: 'Invoice register',
    columns: [
      'Document',
      'Number',
      'Date',
      'Order',
      'Invoice referred to',
      'Invoice date',
      'Buyer',
      'Buyer GSTIN',
      'Place of supply',
      'GSTR-1 table',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
    rows,
  };
}

export function salesRegister(docs: readonly PeriodDocument[]): Table {
  const rows = docs.flatMap((entry) => {
    const { document: doc } = entry;
    const sign = signOf(entry);
    return doc.lines.map((line): Cell[] => [
      KIND_LABELS[entry.kind],
      doc.number,
      doc.date,
      doc.orderNumber,
      doc.buyer.name,
      entry.buyerGstin ?? '',
      `${doc.placeOfSupply.stateCode} ${doc.placeOfSupply.stateName}`,
      line.description,
      line.hsn,
      line.quantity === 0 ? 0 : sign * line.quantity,
      line.unit,
      line.rateBps / 100,
      money(sign * line.taxablePaise),
      money(sign * line.cgstPaise),
      money(sign * line.sgstPaise),
      money(sign * line.igstPaise),
      money(sign * line.amountPaise),
    ]);
  });
  return {
    sheet: 'Sales register',
    columns: [
      'Document',
      'Number',
      'Date',
      'Order',
      'Buyer',
      'Buyer GSTIN',
      'Place of supply',
      'Description',
      'HSN',
      'Quantity',
      'Unit',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Amount',
    ],
    rows,
  };
}
