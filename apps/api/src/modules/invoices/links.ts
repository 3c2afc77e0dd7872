// Signed links to a tax invoice (docs/gst.md#downloads): the shipped and delivered e-mails link the PDF itself, and
// the link works without a session, like a parcel's tracking link. It names one document and an expiry, signed
// with a key derived from the app's secret; it grants nothing else, and My Orders keeps the download for good.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { lazyKey, storeSecret } from '../../lib/jwt.ts';

/** How long an e-mailed link works. */
export const INVOICE_LINK_DAYS = 90;

export type InvoiceLinkCheck = { documentId: string } | { problem: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createInvoiceLinks({ db, clock, jwtSecret }: { db: Db; clock: Clock; jwtSecret?: string }) {
  const key = lazyKey(async () =>
    createHmac('sha256', await storeSecret(db, jwtSecret))
      .update('rangrez invoice-link key v1')
      .digest(),
  );
  const signature = async (payload: string) =>
    createHmac('sha256', await key())
      .update(payload)
      .digest('base64url');

  return {
    /** `{documentId}.{expiry in epoch seconds}.{signature}`, for the path /api/v1/invoices/{token}. */
    async tokenFor(documentId: string): Promise<string> {
      const expires = Math.floor(clock.now().getTime() / 1000) + INVOICE_LINK_DAYS * 86_400;
      const payload = `${documentId}.${expires}`;
      return `${payload}.${await signature(payload)}`;
    },
    async check(token: string): Promise<InvoiceLinkCheck> {
      const [documentId, expires, given] = token.split('.');
      if (!documentId || !UUID.test(documentId) || !expires || !/^\d{1,12}$/.test(expires) || !given) {
        return { problem: 'invalid' };
      }
      const expected = Buffer.from(await signature(`${documentId}.${expires}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        return { problem: 'invalid' };
      if (Number(expires) * 1000 <= clock.now().getTime()) return { problem: 'expired' };
      return { documentId };
    },
  };
}
export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
