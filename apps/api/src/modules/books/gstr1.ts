// The GSTR-1 tables of a period, in the columns, order and formats of the GST offline tool's CSV import
// (docs/gst.md#exports). Built from the documents as issued: each line's own rate, taxable value and tax, never
// recomputed. Where each document goes:
//
// - an invoice to a buyer with a GSTIN: B2B, one row per invoice and rate; its credit notes: CDNR;
// - an invoice to a buyer without one, across states, above ₹1,00,000: B2CL, one row per invoice and rate; its
//   credit notes: CDNUR (type B2CL);
// - every other invoice: B2CS, summed by place of supply and rate, less the credit notes of such invoices;
// - every line of every document: the HSN summary, B2B or B2C by the buyer, credit notes subtracted.
import type { TaxDocument, TaxDocumentLine } from '@rangrez/contract/rules';
import type { PeriodDocument } from './repository.ts';
import { type Cell, money, type Table } from './table.ts';

/** An unregistered buyer's invoice across states above this value goes to B2CL (CA: the limit since August 2024). */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs';

/** The table a document's supply belongs to: decided by its invoice (a credit note follows its invoice). */
export function sectionOf(doc: PeriodDocument): Gstr1Section {
  if (doc.buyerGstin) return 'b2b';
  if (!doc.document.intraState && doc.invoiceAmountPaise > B2CL_ABOVE_PAISE) return 'b2cl';
  return 'b2cs';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The tool's date: `2026-11-05` -> `05-Nov-2026`. */
export function toolDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** The tool's place of supply: `29-Karnataka`, `26-Dadra & Nagar Haveli & Daman & Diu`. */
export function toolPlaceOfSupply(doc: TaxDocument): string {
  return `${doc.placeOfSupply.stateCode}-${doc.placeOfSupply.stateName.replaceAll(' and ', ' & ')}`;
}

/** A rate in basis points as the tool writes it, in percent: 500 -> 5, 25 -> 0.25. */
const toolRate = (rateBps: number) => rateBps / 100;

interface Sums {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  amountPaise: number;
}

const zero = (): Sums => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, amountPaise: 0 });

function add(into: Sums, line: Sums, sign: 1 | -1): void {
  into.taxablePaise += sign * line.taxablePaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
  into.igstPaise += sign * line.igstPaise;
  into.amountPaise += sign * line.amountPaise;
}

/** A document's lines summed per rate, lowest rate first. */
export function byRate(doc: TaxDocument): [number, Sums][] {
  const rates = new Map<number, Sums>();
  for (const line of doc.lines) {
    const sums = rates.get(line.rateBps) ?? zero();
    add(sums, line, 1);
    rates.set(line.rateBps, sums);
  }
  return [...rates].sort(([a], [b]) => a - b);
}

const invoicesIn = (docs: readonly PeriodDocument[], section: Gstr1Section) =>
  docs.filter((d) => d.kind === 'invoice' && sectionOf(d) === section);
const notesIn = (docs: readonly PeriodDocument[], section: Gstr1Section) =>
  docs.filter((d) => d.kind === 'credit_note' && sectionOf(d) === section);

export function b2bTable(docs: readonly PeriodDocument[]): Table {
  const rows = invoicesIn(docs, 'b2b').flatMap(({ document: doc, buyerGstin }) =>
    byRate(doc).map(([rate, sums]): Cell[] => [
      buyerGstin ?? '',
      doc.buyer.name,
      doc.number,
      toolDate(doc.date),
      money(doc.totals.amountPaise),
      toolPlaceOfSupply(doc),
      'N',
      '',
      'Regular B2B',
      '',
      toolRate(rate),
      money(sums.taxablePaise),
      money(0),
    ]),
  );
  return {
    sheet: 'b2b',
    columns: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows,
  };
}

export function b2clTable(docs: readonly PeriodDocument[]): Table {
  const rows = invoicesIn(docs, 'b2cl').flatMap(({ document: doc }) =>
    byRate(doc).map(([rate, sums]): Cell[] => [
      doc.number,
      toolDate(doc.date),
      money(doc.totals.amountPaise),
      toolPlaceOfSupply(doc),
      '',
      toolRate(rate),
      money(sums.taxablePaise),
      money(0),
      '',
    ]),
  );
  return {
    sheet: 'b2cl',
    columns: [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    rows,
  };
}

/** Small B2C supplies by place of supply and rate, net of their credit notes; a group that nets to nothing is left out. */
export function b2csTable(docs: readonly PeriodDocument[]): Table {
  const groups = new Map<string, { pos: string; code: string; rate: number; sums: Sums }>();
  const take = (list: readonly PeriodDocument[], sign: 1 | -1) => {
    for (const { document: doc } of list) {
      for (const [rate, sums] of byRate(doc)) {
        const key = `${doc.placeOfSupply.stateCode}|${rate}`;
        const group = groups.get(key) ?? {
          pos: toolPlaceOfSupply(doc),
          code: doc.placeOfSupply.stateCode,
          rate,
          sums: zero(),
        };
        add(group.sums, sums, sign);
        groups.set(key, group);
      }
    }
  };
  take(invoicesIn(docs, 'b2cs'), 1);
  take(notesIn(docs, 'b2cs'), -1);
  const rows = [...groups.values()]
    .filter((g) => g.sums.taxablePaise !== 0 || g.sums.amountPaise !== 0)
    .sort((a, b) => a.code.localeCompare(b.code) || a.rate - b.rate)
    .map((g): Cell[] => ['OE', g.pos, '', toolRate(g.rate), money(g.sums.taxablePaise), money(0), '']);
  return {
    sheet: 'b2cs',
    columns: [
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    rows,
  };
}

export function cdnrTable(docs: readonly PeriodDocument[]): Table {
  const rows = notesIn(docs, 'b2b').flatMap(({ document: doc, buyerGstin }) =>
    byRate(doc).map(([rate, sums]): Cell[] => [
      buyerGstin ?? '',
      doc.buyer.name,
      doc.number,
      toolDate(doc.date),
      'C',
      toolPlaceOfSupply(doc),
      'N',
      'Regular B2B',
      money(doc.totals.amountPaise),
      '',
      toolRate(rate),
      money(sums.taxablePaise),
      money(0),
    ]),
  );
  return {
    sheet: 'cdnr',
    columns: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows,
  };
}

export function cdnurTable(docs: readonly PeriodDocument[]): Table {
  const rows = notesIn(docs, 'b2cl').flatMap(({ document: doc }) =>
    byRate(doc).map(([rate, sums]): Cell[] => [
      'B2CL',
      doc.number,
      toolDate(doc.date),
      'C',
      toolPlaceOfSupply(doc),
      money(doc.totals.amountPaise),
      '',
      toolRate(rate),
      money(sums.taxablePaise),
      money(0),
    ]),
  );
  return {
    sheet: 'cdnur',
    columns: [
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    rows,
  };
}

/** The unit quantity codes of the tool for the documents' units. */
const UQC: Record<TaxDocumentLine['unit'], string> = { PCS: 'PCS-PIECES', OTH: 'OTH-OTHERS' };

/** The tool's description of the store's default HSN codes; others are left for the tool to fill from its list. */
const HSN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '6109': 'T-shirts, singlets and other vests, knitted or crocheted',
  '6110': 'Jerseys, pullovers, cardigans, waistcoats and similar articles, knitted or crocheted',
  '6201': "Men's or boys' overcoats, anoraks, wind-cheaters and similar articles, not knitted",
};

interface HsnGroup {
  hsn: string;
  unit: TaxDocumentLine['unit'];
  rate: number;
  quantity: number;
  sums: Sums;
}

/**
 * The HSN summary of B2B (`registered`) or B2C documents: per HSN, unit and rate, credit notes subtracted; a group
 * they cancel out entirely is left out.
 */
export function hsnTable(docs: readonly PeriodDocument[], registered: boolean): Table {
  const groups = new Map<string, HsnGroup>();
  for (const doc of docs) {
    if ((doc.buyerGstin !== null) !== registered) continue;
    const sign = doc.kind === 'invoice' ? 1 : -1;
    for (const line of doc.document.lines) {
      const key = `${line.hsn}|${line.unit}|${line.rateBps}`;
      const group = groups.get(key) ?? {
        hsn: line.hsn,
        unit: line.unit,
        rate: line.rateBps,
        quantity: 0,
        sums: zero(),
      };
      group.quantity += sign * line.quantity;
      add(group.sums, line, sign);
      groups.set(key, group);
    }
  }
  const rows = [...groups.values()]
    .filter((g) => g.quantity !== 0 || g.sums.amountPaise !== 0 || g.sums.taxablePaise !== 0)
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.unit.localeCompare(b.unit) || a.rate - b.rate)
    .map((g): Cell[] => [
      g.hsn,
      HSN_DESCRIPTIONS[g.hsn] ?? '',
      UQC[g.unit],
      g.quantity,
      money(g.sums.amountPaise),
      toolRate(g.rate),
      money(g.sums.taxablePaise),
      money(g.sums.igstPaise),
      money(g.sums.cgstPaise),
      money(g.sums.sgstPaise),
      money(0),
    ]);
  return {
    sheet: registered ? 'hsn(b2b)' : 'hsn(b2c)',
    columns: [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    rows,
  };
}
