// A tax invoice or credit note as issued (docs/gst.md#documents): every figure and word it prints, fixed at issue
// and never recomputed, so the stored document, its PDF and the accountant's exports always agree.
import { computeGstInvoice, type ApparelGstSlab, type GstFeeInput, type GstLineInput } from './gst.ts';
import { rupeesInWords } from './gst-documents.ts';
import { stateOfGstCode } from './gstin.ts';

export interface TaxParty {
  name: string;
  /** Address lines as printed. */
  address: readonly string[];
  stateCode: string;
  stateName: string;
  gstin?: string;
}

export interface TaxDocumentLine {
  description: string;
  hsn: string;
  quantity: number;
  /** 'PCS' for garments, 'OTH' for fees (the GST portal's unit quantity codes). */
  unit: 'PCS' | 'OTH';
  taxablePaise: number;
  rateBps: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  amountPaise: number;
  /** A credit note's line: the index of the invoice line it gives back. */
  invoiceLine?: number;
}

export interface TaxDocumentTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  amountPaise: number;
}

export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** India date of issue, YYYY-MM-DD. */
  date: string;
  orderNumber: string;
  /** A credit note's invoice. */
  refersTo?: { number: string; date: string };
  seller: TaxParty;
  buyer: TaxParty;
  placeOfSupply: { stateCode: string; stateName: string };
  intraState: boolean;
  lines: readonly TaxDocumentLine[];
  totals: TaxDocumentTotals;
  amountInWords: string;
  reverseCharge: false;
}

export interface TaxDocumentInput {
  kind: TaxDocument['kind'];
  number: string;
  date: string;
  orderNumber: string;
  refersTo?: TaxDocument['refersTo'];
  seller: TaxParty;
  buyer: TaxParty;
  lines: readonly GstLineInput[];
  fees: readonly GstFeeInput[];
  slabs?: readonly ApparelGstSlab[];
}

/** The document of a sale or a credit: the buyer's state is the place of supply. */
export function buildTaxDocument(input: TaxDocumentInput): TaxDocument {
  const stateName = stateOfGstCode(input.buyer.stateCode);
  if (!stateName) throw new RangeError(`unknown state code ${input.buyer.stateCode}`);
  const tax = computeGstInvoice({
    date: input.date,
    sellerStateCode: input.seller.stateCode,
    placeOfSupplyCode: input.buyer.stateCode,
    lines: input.lines,
    fees: input.fees,
    slabs: input.slabs,
  });
  const lines: TaxDocumentLine[] = tax.lines.map((line) => ({
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.band === 'fee' ? 'OTH' : 'PCS',
    taxablePaise: line.taxablePaise,
    rateBps: line.rateBps,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    amountPaise: line.amountPaise,
  }));
  return {
    kind: input.kind,
    number: input.number,
    date: input.date,
    orderNumber: input.orderNumber,
    ...(input.refersTo ? { refersTo: input.refersTo } : {}),
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: { stateCode: input.buyer.stateCode, stateName },
    intraState: tax.intraState,
    lines,
    totals: tax.totals,
    amountInWords: rupeesInWords(tax.totals.amountPaise),
    reverseCharge: false,
  };
}
