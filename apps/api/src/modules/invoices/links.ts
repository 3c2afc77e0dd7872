// Signed links to a tax invoice (docs/gst.md#downloads): the shipped and delivered e-mails link the PDF itself, and
// the link works without a session, like a parcel's tracking link. It names one document and an expiry, with a
// key of its own (lib/signed-links.ts); it grants nothing else, and My Orders keeps the download for good.
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { createSignedLinks } from '../../lib/signed-links.ts';

/** How long an e-mailed link works. */
export const INVOICE_LINK_DAYS = 90;

export type InvoiceLinkCheck = { documentId: string } | { problem: 'invalid' | 'expired' };

export function createInvoiceLinks(options: { db: Db; clock: Clock; jwtSecret?: string }) {
  const links = createSignedLinks({ ...options, purpose: 'invoice-link' });
  return {
    /** The token of the path /api/v1/invoices/{token}. */
    tokenFor: (documentId: string): Promise<string> =>
      links.tokenFor(documentId, new Date(options.clock.now().getTime() + INVOICE_LINK_DAYS * 86_400_000)),
    async check(token: string): Promise<InvoiceLinkCheck> {
      const checked = await links.check(token);
      return 'id' in checked ? { documentId: checked.id } : checked;
    },
  };
}
export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
