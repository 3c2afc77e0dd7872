// HS256 tokens as both kinds of sign-in use them (shoppers: modules/accounts/tokens.ts, staff:
// modules/staff/tokens.ts), and the store's secret they derive their keys from. Verification pins the algorithm,
// so `alg: none` and RS/HS confusion are refused, and answers null for anything that is not a valid token.
import { randomBytes } from 'node:crypto';
import { errors as joseErrors, type JWTPayload, jwtVerify } from 'jose';
import type { Db } from './db.ts';
import { sharedValue } from './shared-state.ts';

/** Where a random store secret is kept when JWT_SECRET is not configured. */
const SECRET_KEY = 'auth.jwt_secret';

/**
 * JWT_SECRET when configured, otherwise a random secret created once in shared_state, so every instance and
 * every restart agrees.
 */
export async function storeSecret(db: Db, configured: string | undefined): Promise<string> {
  return configured ?? (await sharedValue(db, SECRET_KEY, () => randomBytes(48).toString('base64url')));
}

/** Loads a key once, on first use (an app whose database is down must still start); a failure is retried. */
export function lazyKey<T>(load: () => Promise<T>): () => Promise<T> {
  let key: Promise<T> | undefined;
  return () => {
    key ??= load().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
}

/** The payload of a valid HS256 token for this issuer and audience at `now`, or null. */
export async function verifyHs256(
  token: string,
  key: Uint8Array,
  expected: { issuer: string; audience: string; now: Date },
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: expected.issuer,
      audience: expected.audience,
      currentDate: expected.now,
      requiredClaims: ['sub', 'exp'],
    });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
