// The signed link in a cash-on-delivery order's e-mails (docs/cod-confirmation.md#the-e-mailed-link): it names one
// order and expires with the order's window to confirm, with a key of its own (lib/signed-links.ts). Opening it
// shows a page; only its form's POST acts, since mail scanners open links.
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { createSignedLinks } from '../../lib/signed-links.ts';

export type CodLinkCheck = { orderId: string } | { problem: 'invalid' | 'expired' };

export function createCodLinks(options: { db: Db; clock: Clock; jwtSecret?: string }) {
  const links = createSignedLinks({ ...options, purpose: 'cod-confirmation-link' });
  return {
    /** The token of the page /cod-confirmation/{token}. */
    tokenFor: (orderId: string, expires: Date): Promise<string> => links.tokenFor(orderId, expires),
    async check(token: string): Promise<CodLinkCheck> {
      const checked = await links.check(token);
      return 'id' in checked ? { orderId: checked.id } : checked;
    },
  };
}
export type CodLinks = ReturnType<typeof createCodLinks>;
