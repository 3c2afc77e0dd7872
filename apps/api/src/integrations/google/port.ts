// What the accounts module needs from Google: "who is behind this token, and was it issued to us?".
// The real client (client.ts) answers it over HTTP; in stand-in mode the same client talks to the local
// stand-in (standin.ts) that serves Google's endpoints from inside the app.

/** A Google account as the tokeninfo/userinfo endpoints or an ID token describe it. */
export interface GoogleProfile {
  /** Google's stable account id: accounts are keyed by it, never by e-mail. */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  /** Absolute URL, or '' when Google gave none. */
  picture: string;
}

export interface GoogleVerifier {
  /** An OAuth 2 access token from the token client flow (`POST /google-login { access_token }`). */
  verifyAccessToken(accessToken: string): Promise<GoogleProfile>;
  /** An ID token from "Sign in with Google" (`{ credential }`). */
  verifyIdToken(idToken: string): Promise<GoogleProfile>;
}

/** The token is not valid for this store (expired, forged, issued to another client id...). */
export class GoogleTokenRejectedError extends Error {
  override name = 'GoogleTokenRejectedError';
}

/** Google could not be asked (network, timeout, 5xx): not the shopper's fault. */
export class GoogleUnavailableError extends Error {
  override name = 'GoogleUnavailableError';
}

/** Google's public endpoints. The stand-in serves the same paths under /__google. */
export const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenInfo: 'https://oauth2.googleapis.com/tokeninfo',
  userInfo: 'https://www.googleapis.com/oauth2/v3/userinfo',
  certs: 'https://www.googleapis.com/oauth2/v3/certs',
} as const;
export interface GoogleEndpoints {
  tokenInfo: string;
  userInfo: string;
  certs: string;
}

/** Issuers Google puts in ID tokens (both forms occur). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
