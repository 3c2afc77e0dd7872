// GST on the store's garments (docs/gst.md): the dated rate table, the rate of a piece, the tax inside a
// tax-inclusive amount, and an invoice's lines and totals. Amounts are integer paise; rates are basis points
// (500 = 5%). Every figure here is one a chartered accountant should be able to recompute by hand.

/** One period of the apparel rates (HSN chapters 61 and 62): pieces up to the threshold pay the low rate. */
export interface ApparelGstSlab {
  /** First India date the slab applies, YYYY-MM-DD. */
  from: string;
  /** Taxable value per piece (after discounts, without GST) up to which the low rate applies. */
  thresholdPaise: number;
  lowBps: number;
  highBps: number;
}

/** Oldest first. A later change of rates is a new row here, not new code. */
export const APPAREL_GST_SLABS: readonly ApparelGstSlab[] = [
  { from: '2017-07-01', thresholdPaise: 1_000_00, lowBps: 500, highBps: 1200 },
  { from: '2025-09-22', thresholdPaise: 2_500_00, lowBps: 500, highBps: 1800 },
];

/** The India date the slabs are read on (india-days.ts), kept here for the callers that price GST. */
export { indiaDate } from './india-days.ts';

/** The slab in force on an India date. */
export function apparelSlabOn(
  date: string,
  slabs: readonly ApparelGstSlab[] = APPAREL_GST_SLABS,
): ApparelGstSlab {
  let found: ApparelGstSlab | undefined;
  for (const slab of slabs) if (slab.from <= date) found = slab;
  if (!found) throw new RangeError(`no GST slab in force on ${date}`);
  return found;
}

/**
 * Where a tax-inclusive price per piece falls: `low` when the low rate is self-consistent (the taxable value at
 * that rate is within the threshold), `high` when the high rate is, `between` when neither is. A price between the
 * two limits (₹2,625 and ₹2,950 under the 2025 slab) is taxed at the high rate, the choice that never under-pays;
 * the back office warns about such prices (docs/gst.md#between-the-slabs).
 */
export type PriceBand = 'low' | 'high' | 'between';

/** The band of `quantity` pieces costing `amountPaise` together, tax included (a line after its discounts). */
export function priceBand(amountPaise: number, quantity: number, slab: ApparelGstSlab): PriceBand {
  assertPaise(amountPaise);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`bad quantity ${quantity}`);
  // Compared in integers: amount / q / (1 + rate) <= threshold  <=>  amount * 10000 <= q * threshold * (10000 + rate).
  const scaled = amountPaise * 10_000;
  if (scaled <= quantity * slab.thresholdPaise * (10_000 + slab.lowBps)) return 'low';
  if (scaled > quantity * slab.thresholdPaise * (10_000 + slab.highBps)) return 'high';
  return 'between';
}

/** The rate of pieces costing `amountPaise` together, tax included. */
export function apparelRateBps(amountPaise: number, quantity: number, slab: ApparelGstSlab): number {
  return priceBand(amountPaise, quantity, slab) === 'low' ? slab.lowBps : slab.highBps;
}

/** The tax inside an inclusive amount. Exactly one of CGST + SGST (equal halves) or IGST is non-zero. */
export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

function assertPaise(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`paise must be a safe integer, got ${amount}`);
}

/** n / d rounded half up, for n >= 0 and d > 0 in integers. */
function divideRounded(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * Splits an inclusive amount into taxable value and tax, rounded to the paisa per line. Within the seller's state
 * CGST and SGST are each rounded once and equal, and the taxable value takes the remainder, so the three always add
 * up to the amount. A negative amount (a credit) is split as its opposite.
 */
export function splitInclusive(amountPaise: number, rateBps: number, intraState: boolean): TaxSplit {
  assertPaise(amountPaise);
  if (amountPaise < 0) {
    const s = splitInclusive(-amountPaise, rateBps, intraState);
    return {
      taxablePaise: -s.taxablePaise,
      cgstPaise: -s.cgstPaise,
      sgstPaise: -s.sgstPaise,
      igstPaise: -s.igstPaise,
    };
  }
  if (intraState) {
    const half = divideRounded(amountPaise * rateBps, 2 * (10_000 + rateBps));
    return { taxablePaise: amountPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = divideRounded(amountPaise * rateBps, 10_000 + rateBps);
  return { taxablePaise: amountPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

/** An invoice line as sold: what the shopper paid for it, tax included, after the promotions allocated to it. */
export interface GstLineInput {
  description: string;
  hsn: string;
  quantity: number;
  amountPaise: number;
}

/** A fee charged with the goods (shipping, cash on delivery), tax included. */
export interface GstFeeInput {
  description: string;
  amountPaise: number;
}

export interface GstLine extends TaxSplit {
  description: string;
  hsn: string;
  quantity: number;
  amountPaise: number;
  rateBps: number;
  band: PriceBand | 'fee';
}

export interface GstInvoiceTax {
  intraState: boolean;
  lines: GstLine[];
  totals: TaxSplit & { amountPaise: number };
}

export interface GstInvoiceInput {
  /** The India date of the supply: it picks the slab. */
  date: string;
  /** Two-digit state codes: the seller's registration and the place of supply (the delivery state). */
  sellerStateCode: string;
  placeOfSupplyCode: string;
  lines: readonly GstLineInput[];
  fees: readonly GstFeeInput[];
  slabs?: readonly ApparelGstSlab[];
}

/**
 * The tax of an order. Each line gets its garments' rate; fees are part of the same supply and take the rate and
 * HSN of the principal garment, the line with the largest amount (the first of equals). Totals are the sums of the
 * rounded lines, so they add up to the paisa.
 */
export function computeGstInvoice(input: GstInvoiceInput): GstInvoiceTax {
  const slab = apparelSlabOn(input.date, input.slabs);
  const intraState = input.sellerStateCode === input.placeOfSupplyCode;
  const lines: GstLine[] = input.lines.map((line) => {
    const band = priceBand(line.amountPaise, line.quantity, slab);
    const rateBps = band === 'low' ? slab.lowBps : slab.highBps;
    return { ...line, rateBps, band, ...splitInclusive(line.amountPaise, rateBps, intraState) };
  });
  const principal = lines.reduce<GstLine | undefined>(
    (best, line) => (best === undefined || line.amountPaise > best.amountPaise ? line : best),
    undefined,
  );
  for (const fee of input.fees) {
    if (fee.amountPaise === 0) continue;
    if (!principal) throw new RangeError('a fee needs at least one garment line');
    lines.push({
      description: fee.description,
      hsn: principal.hsn,
      quantity: 1,
      amountPaise: fee.amountPaise,
      rateBps: principal.rateBps,
      band: 'fee',
      ...splitInclusive(fee.amountPaise, principal.rateBps, intraState),
    });
  }
  const totals = { amountPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const line of lines) {
    totals.amountPaise += line.amountPaise;
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
  }
  return { intraState, lines, totals };
}

/** Default HSN codes by garment type; each product's own code wins (docs/gst.md#hsn-codes). */
export function defaultHsnForType(type: string): string {
  if (/jacket/i.test(type)) return '6201';
  if (/hoodie|sweatshirt/i.test(type)) return '6110';
  return '6109';
}

/** HSN codes on the store's invoices: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
