// Links that work without a session (an invoice in an e-mail, a cash-on-delivery order to confirm): a token
// `{id}.{expiry in epoch seconds}.{signature}` naming one row and when it stops working, signed with a key derived
// from the app's secret for one purpose alone, so a token made for one kind of link is worth nothing as another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@rangrez/contract/rules';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { lazyKey, storeSecret } from './jwt.ts';

export type SignedLinkCheck = { id: string } | { problem: 'invalid' | 'expired' };

export interface SignedLinkOptions {
  db: Db;
  clock: Clock;
  jwtSecret?: string | undefined;
  /** What the links are for, e.g. 'invoice-link': the key is derived from the app's secret with it. */
  purpose: string;
}

export function createSignedLinks({ db, clock, jwtSecret, purpose }: SignedLinkOptions) {
  const key = lazyKey(async () =>
    createHmac('sha256', await storeSecret(db, jwtSecret))
      .update(`rangrez ${purpose} key v1`)
      .digest(),
  );
  const signature = async (payload: string) =>
    createHmac('sha256', await key())
      .update(payload)
      .digest('base64url');

  return {
    /** A token for the row `id` (a uuid) that works until `expires`. */
    async tokenFor(id: string, expires: Date): Promise<string> {
      const payload = `${id}.${Math.floor(expires.getTime() / 1000)}`;
      return `${payload}.${await signature(payload)}`;
    },
    /** The row a token names, or why it does not work. */
    async check(token: string): Promise<SignedLinkCheck> {
      const [id, expires, given] = token.split('.');
      if (!id || !isUuid(id) || !expires || !/^\d{1,12}$/.test(expires) || !given)
        return { problem: 'invalid' };
      const expected = Buffer.from(await signature(`${id}.${expires}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        return { problem: 'invalid' };
      if (Number(expires) * 1000 <= clock.now().getTime()) return { problem: 'expired' };
      return { id };
    },
  };
}
