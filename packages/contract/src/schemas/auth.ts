// Sign-in, sign-up, Google sign-in and token refresh (docs/api.md#authentication, docs/product/rules.md#sessions).

import { z } from 'zod';
import { loginCallError, signupCallError } from '../rules/account-validators.ts';
import { normalisePhoneForStorage } from '../rules/phone.ts';
import { userSchema } from './user.ts';

// Users type the e-mail in any case and with stray spaces; it is stored and looked up lower-cased.
const normaliseEmail = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

function looseText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullish();
}

/** POST /login: both fields non-blank ('Email and password are required'); e-mail trimmed, lower-cased. */
export const loginBodySchema = z
  .object({
    email: looseText('email', 254),
    password: looseText('password', 128),
  })
  .superRefine((body, ctx) => {
    const message = loginCallError(body);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((body) => ({ email: normaliseEmail(body.email), password: body.password ?? '' }));
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * POST /signup: all five non-blank ('All fields are required'), e-mail address-like ('Invalid email format'),
 * password strength >= 3 of 5 ('Password must be stronger'), phone rule ('Please enter a valid phone number').
 * Names are trimmed, an Indian mobile is kept as its 10-digit national number (rules/phone.ts), the e-mail trimmed and lower-cased; the password is kept as typed.
 */
export const signupBodySchema = z
  .object({
    firstName: looseText('firstName', 50),
    lastName: looseText('lastName', 50),
    email: looseText('email', 254),
    password: looseText('password', 128),
    phone: looseText('phone', 20),
  })
  .superRefine((body, ctx) => {
    const message = signupCallError(body);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((body) => ({
    firstName: (body.firstName ?? '').trim(),
    lastName: (body.lastName ?? '').trim(),
    email: normaliseEmail(body.email),
    password: body.password ?? '',
    phone: normalisePhoneForStorage(body.phone ?? ''),
  }));
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /google-login: an OAuth access token (the first client) or an ID-token credential; at least one. */
export const googleLoginBodySchema = z
  .object({
    access_token: looseText('access_token', 4096),
    credential: looseText('credential', 4096),
  })
  .superRefine((body, ctx) => {
    if (!body.access_token?.trim() && !body.credential?.trim()) {
      ctx.addIssue({ code: 'custom', message: 'access_token or credential is required' });
    }
  })
  .transform((body) => {
    const accessToken = body.access_token?.trim();
    const credential = body.credential?.trim();
    return {
      ...(accessToken ? { access_token: accessToken } : {}),
      ...(credential ? { credential } : {}),
    };
  });
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

/** POST /refresh-token, and the logout call that revokes the session. */
export const refreshTokenBodySchema = z.object({
  refreshToken: z
    .string({ error: 'refreshToken is required' })
    .trim()
    .min(1, 'refreshToken is required')
    .max(4096, 'refreshToken must be at most 4096 characters'),
});
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

/** POST /login, /signup, /google-login */
export const authSessionResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthSession = z.infer<typeof authSessionResponseSchema>;

/** POST /refresh-token answers both tokens (the refresh token rotates). */
export const refreshTokenResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

/** POST /logout (bearer): the body may name the refresh token too, so its session ends with it. */
export const logoutBodySchema = z
  .object({
    refreshToken: z
      .string({ error: 'refreshToken must be text' })
      .trim()
      .max(4096, 'refreshToken must be at most 4096 characters')
      .nullish()
      .transform((v) => v || undefined),
  })
  // No body at all arrives as null.
  .nullish();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

/**
 * GET /auth/google/config: whether Google sign-in is on and where the web app opens its popup. `authUrl` is
 * Google's OAuth 2 endpoint, or the local stand-in's path (`/__google/o/oauth2/v2/auth`) in stand-in mode; the
 * popup goes to `${authUrl}?client_id&redirect_uri=${origin}/auth/google/callback&response_type=token&scope=openid
 * email profile&state&prompt=select_account` and comes back with `#access_token=...&state=...`.
 */
export const googleConfigResponseSchema = z.object({
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  authUrl: z.string().nullable(),
});
export type GoogleConfig = z.infer<typeof googleConfigResponseSchema>;
