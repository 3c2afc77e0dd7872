// The real Google verifier (docs/integrations.md). Access tokens: tokeninfo proves the token was issued to our
// client id, then userinfo says whose it is. ID tokens: signature against Google's JWKS, issuer, audience and
// expiry, checked locally with jose. In stand-in mode this same code runs against the stand-in's endpoints.
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock.ts';
import {
  GOOGLE_ISSUERS,
  type GoogleEndpoints,
  type GoogleProfile,
  GoogleTokenRejectedError,
  GoogleUnavailableError,
  type GoogleVerifier,
} from './port.ts';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface GoogleClientOptions {
  clientId: string;
  endpoints: GoogleEndpoints;
  /** The transport; the stand-in mode passes one that answers from inside the app. */
  fetch?: FetchLike;
  clock?: Clock;
  timeoutMs?: number;
}

// Google sends booleans in userinfo and ID tokens but strings ("true") in tokeninfo.
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const tokenInfoSchema = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(1),
  email_verified: flag.optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

export function createGoogleClient(options: GoogleClientOptions): GoogleVerifier {
  const { clientId, endpoints } = options;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 5000;

  const jwks = createRemoteJWKSet(new URL(endpoints.certs), {
    timeoutDuration: timeoutMs,
    [customFetch]: (url, init) => fetchImpl(url, init as RequestInit),
  });

  async function getJson(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GoogleUnavailableError(`Google request failed: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new GoogleUnavailableError(`Google answered ${res.status}`);
    const body: unknown = await res.json().catch(() => undefined);
    return { status: res.status, body };
  }

  return {
    async verifyAccessToken(accessToken) {
      const info = await getJson(`${endpoints.tokenInfo}?access_token=${encodeURIComponent(accessToken)}`);
      if (info.status !== 200) throw new GoogleTokenRejectedError(`tokeninfo answered ${info.status}`);
      const token = tokenInfoSchema.safeParse(info.body);
      if (!token.success) throw new GoogleTokenRejectedError('tokeninfo answer not understood');
      // A token minted for another site's client id must not sign anyone in here (token substitution).
      if (token.data.aud !== clientId || (token.data.azp !== undefined && token.data.azp !== clientId)) {
        throw new GoogleTokenRejectedError('token was issued to another client');
      }
      if (token.data.expires_in !== undefined && !(token.data.expires_in > 0)) {
        throw new GoogleTokenRejectedError('token expired');
      }

      const user = await getJson(endpoints.userInfo, { authorization: `Bearer ${accessToken}` });
      if (user.status !== 200) throw new GoogleTokenRejectedError(`userinfo answered ${user.status}`);
      const profile = userInfoSchema.safeParse(user.body);
      if (!profile.success) throw new GoogleTokenRejectedError('userinfo answer not understood');
      if (token.data.sub !== undefined && token.data.sub !== profile.data.sub) {
        throw new GoogleTokenRejectedError('tokeninfo and userinfo disagree');
      }
      return toProfile(profile.data);
    },

    async verifyIdToken(idToken) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        // Certificates that could not be fetched or read say nothing about the token: Google is unavailable.
        if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) {
          throw new GoogleUnavailableError('Google certificates unavailable');
        }
        if (err instanceof joseErrors.JOSEError && err.code !== 'ERR_JOSE_GENERIC') {
          throw new GoogleTokenRejectedError(err.code);
        }
        throw new GoogleUnavailableError(`Google certificates unavailable: ${(err as Error).message}`);
      }
      const claims = userInfoSchema.safeParse(payload);
      if (!claims.success) throw new GoogleTokenRejectedError('ID token has no e-mail');
      return toProfile(claims.data);
    },
  };
}

function toProfile(data: z.infer<typeof userInfoSchema>): GoogleProfile {
  return {
    sub: data.sub,
    email: data.email.trim().toLowerCase(),
    emailVerified: data.email_verified === true,
    givenName: data.given_name?.trim() ?? '',
    familyName: data.family_name?.trim() ?? '',
    name: data.name?.trim() ?? '',
    picture: data.picture?.trim() ?? '',
  };
}
