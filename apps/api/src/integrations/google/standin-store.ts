// What the Google stand-in remembers: the access tokens it minted and its ID-token signing key. Both live in
// shared_state (with an expiry for tokens), so a token minted by one app instance is known to every other.
import { createHash, randomBytes } from 'node:crypto';
import { sharedState } from '@rangrez/db/schema';
import { and, eq, gt, like, lt } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';

/** The account a tester chose on the consent page. */
export interface StandinGrant {
  clientId: string;
  scope: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  picture: string;
}

export interface StandinSigningKey {
  kid: string;
  privateJwk: JWK;
}

/** Google's access tokens live an hour; the implicit flow reports expires_in=3599. */
export const STANDIN_TOKEN_SECONDS = 3599;
const TOKEN_PREFIX = 'google.standin.token:';
const SIGNING_KEY = 'google.standin.signing_key';

const tokenKey = (token: string) => TOKEN_PREFIX + createHash('sha256').update(token).digest('hex');

export function createStandinStore(db: Db, clock: Clock) {
  let signingKey: Promise<StandinSigningKey> | undefined;

  async function loadSigningKey(): Promise<StandinSigningKey> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const candidate: StandinSigningKey = {
      kid: randomBytes(8).toString('hex'),
      privateJwk: await exportJWK(privateKey),
    };
    // First instance to get here wins; everyone reads the winner's key.
    await db.insert(sharedState).values({ key: SIGNING_KEY, value: candidate }).onConflictDoNothing();
    const [row] = await db
      .select({ value: sharedState.value })
      .from(sharedState)
      .where(eq(sharedState.key, SIGNING_KEY));
    if (!row) throw new Error('stand-in signing key vanished');
    return row.value as StandinSigningKey;
  }

  return {
    /** Mints an opaque access token for the grant, valid for STANDIN_TOKEN_SECONDS. */
    async mintAccessToken(grant: StandinGrant): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const token = `ya29.standin.${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + STANDIN_TOKEN_SECONDS * 1000);
      await db
        .delete(sharedState)
        .where(and(like(sharedState.key, `${TOKEN_PREFIX}%`), lt(sharedState.expiresAt, now)));
      await db.insert(sharedState).values({ key: tokenKey(token), value: grant, expiresAt, updatedAt: now });
      return { token, expiresAt };
    },

    /** The grant behind a live token, or null (unknown or expired). */
    async lookupAccessToken(token: string): Promise<{ grant: StandinGrant; expiresAt: Date } | null> {
      const [row] = await db
        .select({ value: sharedState.value, expiresAt: sharedState.expiresAt })
        .from(sharedState)
        .where(and(eq(sharedState.key, tokenKey(token)), gt(sharedState.expiresAt, clock.now())));
      if (!row?.expiresAt) return null;
      return { grant: row.value as StandinGrant, expiresAt: row.expiresAt };
    },

    signingKey(): Promise<StandinSigningKey> {
      signingKey ??= loadSigningKey().catch((err: unknown) => {
        signingKey = undefined;
        throw err;
      });
      return signingKey;
    },
  };
}
export type StandinStore = ReturnType<typeof createStandinStore>;
