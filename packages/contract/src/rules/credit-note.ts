// Credit notes (docs/gst.md#credit-notes): which lines of an invoice a refund gives back, and the credit note as
// issued. The tax of a credit is taken at the invoice's own rates, never from today's rate table, and a line
// credited to its end gets exactly the tax the invoice charged on it.
import { splitInclusive, type TaxSplit } from './gst.ts';
import { allocatePaise } from './promotion-allocation.ts';
import { rupeesInWords } from './gst-documents.ts';
import type { TaxDocument, TaxDocumentLine } from './tax-document.ts';

/** What earlier credit notes already gave back of one invoice line. */
export type CreditedSoFar = TaxSplit & { amountPaise: number };

export interface CreditRequest {
  invoice: TaxDocument;
  /** Per invoice line, in the invoice's order. */
  credited: readonly CreditedSoFar[];
  amountPaise: number;
  /** A return: invoice line index and pieces sent back. Their value is credited first. */
  items?: readonly { line: number; quantity: number }[];
}

/** One credited line: the invoice line it refers to, the pieces (0 for a credit of value only) and the amount. */
export interface CreditShare {
  line: number;
  quantity: number;
  amountPaise: number;
}

const remainingOf = (invoice: TaxDocument, credited: readonly CreditedSoFar[]) =>
  invoice.lines.map((line, i) => line.amountPaise - (credited[i]?.amountPaise ?? 0));

/** The value of returned pieces of each line, within what is left of it. */
function returnedValues(request: CreditRequest, remaining: readonly number[]): number[] {
  const values = remaining.map(() => 0);
  for (const item of request.items ?? []) {
    const line = request.invoice.lines[item.line];
    if (!line) throw new RangeError(`no invoice line ${item.line}`);
    const value = Math.round((line.amountPaise * item.quantity) / line.quantity);
    values[item.line] = Math.min(remaining[item.line]!, values[item.line]! + value);
  }
  return values;
}

/**
 * Spreads a refund over the invoice's lines. A return's pieces are credited first, at their share of what the line
 * cost; whatever the refund holds beyond them (or the whole of a refund tied to no pieces) is spread over what is
 * left of every line, fees included, in proportion, by the largest remainder (the promotions' allocation). The
 * amount is capped at what is left of the invoice.
 */
export function creditShares(request: CreditRequest): CreditShare[] {
  const remaining = remainingOf(request.invoice, request.credited);
  const left = remaining.reduce((sum, r) => sum + r, 0);
  const amount = Math.min(Math.max(request.amountPaise, 0), left);
  const values = returnedValues(request, remaining);
  const first = allocatePaise(
    Math.min(
      amount,
      values.reduce((sum, v) => sum + v, 0),
    ),
    values,
  );
  const firstTotal = first.reduce((sum, v) => sum + v, 0);
  const second = allocatePaise(
    amount - firstTotal,
    remaining.map((r, i) => r - first[i]!),
  );
  const pieces = new Map((request.items ?? []).map((item) => [item.line, item.quantity]));
  const shares: CreditShare[] = [];
  request.invoice.lines.forEach((line, i) => {
    const amountPaise = first[i]! + second[i]!;
    if (amountPaise === 0) return;
    const whole = amountPaise === line.amountPaise;
    shares.push({ line: i, quantity: pieces.get(i) ?? (whole ? line.quantity : 0), amountPaise });
  });
  return shares;
}

/** The tax of one credited line: the invoice's rate, and the rest of the line's tax when this credit ends it. */
function creditSplit(line: TaxDocumentLine, so: CreditedSoFar, amountPaise: number, intra: boolean) {
  if (so.amountPaise + amountPaise === line.amountPaise) {
    return {
      taxablePaise: line.taxablePaise - so.taxablePaise,
      cgstPaise: line.cgstPaise - so.cgstPaise,
      sgstPaise: line.sgstPaise - so.sgstPaise,
      igstPaise: line.igstPaise - so.igstPaise,
    };
  }
  return splitInclusive(amountPaise, line.rateBps, intra);
}

export interface CreditNoteInput {
  invoice: TaxDocument;
  credited: readonly CreditedSoFar[];
  shares: readonly CreditShare[];
  number: string;
  /** India date of issue. */
  date: string;
}

/** The credit note for `shares` of `invoice`: the same parties and place of supply, the invoice's rates. */
export function buildCreditNote(input: CreditNoteInput): TaxDocument {
  const { invoice } = input;
  const lines: TaxDocumentLine[] = input.shares.map((share) => {
    const line = invoice.lines[share.line];
    if (!line) throw new RangeError(`no invoice line ${share.line}`);
    const so = input.credited[share.line] ?? {
      amountPaise: 0,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    return {
      description: line.description,
      hsn: line.hsn,
      invoiceLine: share.line,
      quantity: share.quantity,
      unit: line.unit,
      rateBps: line.rateBps,
      amountPaise: share.amountPaise,
      ...creditSplit(line, so, share.amountPaise, invoice.intraState),
    };
  });
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, amountPaise: 0 };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.amountPaise += line.amountPaise;
  }
  return {
    kind: 'credit_note',
    number: input.number,
    date: input.date,
    orderNumber: invoice.orderNumber,
    refersTo: { number: invoice.number, date: invoice.date },
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.amountPaise),
    reverseCharge: false,
  };
}

/** What the credit notes `notes` of an invoice gave back, per invoice line (by the line each refers to). */
export function creditedSoFar(invoice: TaxDocument, notes: readonly TaxDocument[]): CreditedSoFar[] {
  const sums = invoice.lines.map(() => ({
    amountPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  }));
  for (const line of notes.flatMap((note) => note.lines)) {
    const sum = line.invoiceLine === undefined ? undefined : sums[line.invoiceLine];
    if (!sum) continue;
    sum.amountPaise += line.amountPaise;
    sum.taxablePaise += line.taxablePaise;
    sum.cgstPaise += line.cgstPaise;
    sum.sgstPaise += line.sgstPaise;
    sum.igstPaise += line.igstPaise;
  }
  return sums;
}
