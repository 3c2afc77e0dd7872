// Staff access tokens: JWT HS256 with their own audience and type, signed with a key derived from the store's
// secret under a label of its own. A shopper's token therefore never verifies as a staff token, nor the other way
// round. The session id inside is checked against staff_sessions on every request, so a revoked session or a
// changed role ends the token at once on every instance (docs/admin.md#sessions).
import { createHmac } from 'node:crypto';
import { isUuid } from '@rangrez/contract/rules';
import { STAFF_SESSION_IDLE_SECONDS } from '@rangrez/contract/rules/staff-roles';
import { SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { lazyKey, storeSecret, verifyHs256 } from '../../lib/jwt.ts';

const ISSUER = 'rangrez';
const AUDIENCE = 'rangrez-admin';

export interface StaffClaims {
  staffId: string;
  sessionId: string;
}

export function createStaffTokens({ db, clock, jwtSecret }: { db: Db; clock: Clock; jwtSecret?: string }) {
  const getKey = lazyKey(async () => {
    const secret = await storeSecret(db, jwtSecret);
    return new Uint8Array(createHmac('sha256', secret).update('rangrez staff-token key v1').digest());
  });

  return {
    async sign({ staffId, sessionId }: StaffClaims): Promise<string> {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return (
        new SignJWT({ sid: sessionId, typ: 'staff' })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setSubject(staffId)
          .setIssuedAt(iat)
          // The idle limit is enforced on the session; the token cannot outlive a full idle period either.
          .setExpirationTime(iat + STAFF_SESSION_IDLE_SECONDS)
          .sign(await getKey())
      );
    },

    /** The claims of a valid staff token, or null for anything else. */
    async verify(token: string): Promise<StaffClaims | null> {
      const payload = await verifyHs256(token, await getKey(), {
        issuer: ISSUER,
        audience: AUDIENCE,
        now: clock.now(),
      });
      if (!payload) return null;
      const { sub, sid, typ } = payload;
      if (typ !== 'staff' || typeof sid !== 'string' || !isUuid(sid) || !sub || !isUuid(sub)) return null;
      return { staffId: sub, sessionId: sid };
    },
  };
}
export type StaffTokens = ReturnType<typeof createStaffTokens>;
