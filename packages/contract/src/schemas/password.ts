// Forgotten and changed passwords (docs/api.md#accounts, docs/accounts.md#passwords). A new password follows
// sign-up's rule, with sign-up's messages: 'Password is required', 'Password must be stronger'.

import { z } from 'zod';
import { validateLoginEmail, validateSignupPassword } from '../rules/account-validators.ts';
import { PASSWORD_MESSAGES } from '../rules/password-messages.ts';

function text(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
}

function check(message: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = message(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

const newPassword = text('password', 128).superRefine(check(validateSignupPassword));

/** POST /password/forgot: an address-like e-mail ('Email is required', 'Invalid email format'), lower-cased. */
export const forgotPasswordBodySchema = z.object({
  email: text('email', 254)
    .superRefine(check(validateLoginEmail))
    .transform((email) => email.trim().toLowerCase()),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /password/reset: the link's token and the new password. */
export const resetPasswordBodySchema = z.object({
  token: text('token', 200).superRefine(
    check((token) => (token.trim() === '' ? PASSWORD_MESSAGES.resetLinkInvalid : null)),
  ),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /password/change (bearer): the current password and the new one. */
export const changePasswordBodySchema = z.object({
  currentPassword: text('currentPassword', 128).superRefine(
    check((current) => (current === '' ? PASSWORD_MESSAGES.currentPasswordRequired : null)),
  ),
  password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
