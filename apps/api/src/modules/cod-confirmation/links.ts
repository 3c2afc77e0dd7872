// The signed link in a cash-on-delivery order's e-mails (docs/cod-confirmation.md#the-e-mailed-link): it names one
// order and expires with the order's window to confirm, signed with a key derived from the app's secret for this
// purpose alone (the invoice links have their own). Opening it shows a page; only its form's POST acts, since mail
// scanners open links.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { lazyKey, storeSecret } from '../../lib/jwt.ts';

export type CodLinkCheck = { orderId: string } | { problem: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createCodLinks({ db, clock, jwtSecret }: { db: Db; clock: Clock; jwtSecret?: string }) {
  const key = lazyKey(async () =>
    createHmac('sha256', await storeSecret(db, jwtSecret))
      .update('rangrez cod-confirmation-link key v1')
      .digest(),
  );
  const signature = async (payload: string) =>
    createHmac('sha256', await key())
      .update(payload)
      .digest('base64url');

  return {
    /** `{orderId}.{expiry in epoch seconds}.{signature}`, for the page /cod-confirmation/{token}. */
    async tokenFor(orderId: string, expires: Date): Promise<string> {
      const payload = `${orderId}.${Math.floor(expires.getTime() / 1000)}`;
      return `${payload}.${await signature(payload)}`;
    },
    async check(token: string): Promise<CodLinkCheck> {
      const [orderId, expires, given] = token.split('.');
      if (!orderId || !UUID.test(orderId) || !expires || !/^\d{1,12}$/.test(expires) || !given) {
        return { problem: 'invalid' };
      }
      const expected = Buffer.from(await signature(`${orderId}.${expires}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        return { problem: 'invalid' };
      if (Number(expires) * 1000 <= clock.now().getTime()) return { problem: 'expired' };
      return { orderId };
    },
  };
}
export type CodLinks = ReturnType<typeof createCodLinks>;
