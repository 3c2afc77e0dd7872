// What the shopper and the back office are told about GST numbers and invoices (docs/gst.md#settings).
import { gstinProblem, normaliseGstin } from './gstin.ts';

export const GST_MESSAGES = {
  /** The checkout's GSTIN field, whatever is wrong with it. */
  buyerGstin: 'Enter a valid GSTIN.',
  sellerGstinFormat:
    'sellerGstin must be 15 characters: the state code, the PAN, the entity number, Z and the check character',
  sellerGstinState: 'sellerGstin must start with the code of an Indian state',
  sellerGstinCheck: 'sellerGstin has a typo: its last character does not match the rest',
  documentPrefix: (field: string) => `${field} must be 1 to 3 letters or digits`,
  codInvoiceMoment: 'codInvoiceMoment must be handover or delivery',
  invoiceNotIssued: 'This order has no invoice yet',
  creditNoteNotFound: 'No such credit note for this order',
  notYourOrder: 'This order is not yours',
  invoiceLinkInvalid: 'This invoice link is not valid. Download the invoice from My Orders.',
  invoiceLinkExpired: 'This invoice link has expired. Download the invoice from My Orders.',
} as const;

/** The message for a seller GSTIN, or null when it is valid (or empty: not set). */
export function sellerGstinMessage(value: string): string | null {
  const gstin = normaliseGstin(value);
  if (gstin === '') return null;
  switch (gstinProblem(gstin)) {
    case 'format':
      return GST_MESSAGES.sellerGstinFormat;
    case 'state':
      return GST_MESSAGES.sellerGstinState;
    case 'check':
      return GST_MESSAGES.sellerGstinCheck;
    default:
      return null;
  }
}

/** When a cash-on-delivery order is invoiced: handed to the delivery partner (the default) or delivered. */
export const COD_INVOICE_MOMENTS = ['handover', 'delivery'] as const;
export type CodInvoiceMoment = (typeof COD_INVOICE_MOMENTS)[number];
