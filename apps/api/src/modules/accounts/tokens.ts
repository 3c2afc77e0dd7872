// Access and refresh tokens.
//
// Access tokens: JWT HS256 (jose), short-lived, claims sub (user id), sid (session id), typ 'access'. Verification
// pins the algorithm, so `alg: none` and RS/HS confusion are refused.
//
// Refresh tokens: base64url(HMAC-SHA256(refreshKey, token row id)), 32 bytes. The row id is a random UUID, so the
// token is as unguessable as 32 random bytes, and only its SHA-256 is stored. Deriving it from the id lets the
// server compute a rotated token's successor again from refresh_tokens.successor_id: two parallel refreshes
// with the same token both get the same successor (docs/product/rules.md#sessions) with no plaintext or
// ciphertext of any token in the database.
//
// Key material: JWT_SECRET when configured, otherwise a random secret created once in shared_state
// ('auth.jwt_secret'), so every instance and every restart agrees. The refresh key is derived from the same
// secret with a label, so the two uses never share a key.
import { isUuid } from '@rangrez/contract/rules';
import { createHash, createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { lazyKey, storeSecret, verifyHs256 } from '../../lib/jwt.ts';

const ISSUER = 'rangrez';
const AUDIENCE = 'rangrez-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

interface Keys {
  access: Uint8Array;
  refresh: Buffer;
}

export interface TokenServiceOptions {
  db: Db;
  clock: Clock;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
}

export function createTokenService({ db, clock, jwtSecret, accessTokenTtlSeconds }: TokenServiceOptions) {
  // Loaded on first use, not at build time: an app whose database is down must still start and say so.
  const getKeys = lazyKey(async (): Promise<Keys> => {
    const secret = await storeSecret(db, jwtSecret);
    return {
      access: new TextEncoder().encode(secret),
      refresh: createHmac('sha256', secret).update('rangrez refresh-token key v1').digest(),
    };
  });

  return {
    async signAccessToken({ userId, sessionId }: AccessClaims): Promise<string> {
      const { access } = await getKeys();
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + accessTokenTtlSeconds)
        .sign(access);
    },

    /** The claims of a valid access token, or null for anything else (expired, tampered, foreign, malformed). */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      const { access } = await getKeys();
      const payload = await verifyHs256(token, access, {
        issuer: ISSUER,
        audience: AUDIENCE,
        now: clock.now(),
      });
      if (!payload) return null;
      const { sub, sid, typ } = payload;
      if (typ !== 'access' || typeof sid !== 'string' || !isUuid(sid) || !sub || !isUuid(sub)) return null;
      return { userId: sub, sessionId: sid };
    },

    async refreshTokenFor(tokenRowId: string): Promise<string> {
      const { refresh } = await getKeys();
      return createHmac('sha256', refresh).update(tokenRowId).digest('base64url');
    },

    hashRefreshToken(token: string): string {
      return createHash('sha256').update(token).digest('hex');
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
