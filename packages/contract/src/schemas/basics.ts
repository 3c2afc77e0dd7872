// The API's generic building blocks: text, ids, dates, numbers in queries and the plain success answer. They
// depend on zod only, so a client that needs a few schemas (the back office) does not also load the shop's rules
// (sizes, quantities, order statuses) that common.ts brings. common.ts re-exports them all.

import { z } from 'zod';
import { EMAIL_PATTERN } from '../rules/patterns.ts';

/** "`field` is required" for a missing value, "`field` must be text" for a value of another type. */
function textError(field: string, requiredText?: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? (requiredText ?? `${field} is required`)
      : `${field} must be text`;
}

/** A required string, trimmed, non-empty, at most `max` characters. */
export function requiredText(field: string, max = 200, requiredMessage?: string) {
  return z
    .string({ error: textError(field, requiredMessage) })
    .trim()
    .min(1, requiredMessage ?? `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** An optional string, trimmed, at most `max` characters (may be empty). */
export function optionalText(field: string, max = 200) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional();
}

/**
 * An e-mail address a visitor types into one of our own forms (newsletter, 'Notify me'): trimmed, lower-cased,
 * checked by the shared pattern, each form with its own words.
 */
export function emailAddressSchema(messages: { emailRequired: string; emailInvalid: string }) {
  return z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .max(254, messages.emailInvalid)
    .regex(EMAIL_PATTERN, messages.emailInvalid)
    .transform((email) => email.toLowerCase());
}

/** An id: a non-empty string (ids are always strings in this API). */
export function idSchema(field: string, requiredMessage?: string) {
  return requiredText(field, 100, requiredMessage);
}

/**
 * A string checked by one of the pure validators of ../rules (which return a message or null), so the form
 * and the API apply the same rule with the same words. `requiredMessage` is what a missing value gets.
 */
export function validatedText(
  field: string,
  validate: (value: string) => string | null,
  requiredMessage: string,
) {
  return z.string({ error: textError(field, requiredMessage) }).superRefine((value, ctx) => {
    const message = validate(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/**
 * Absolute http(s) URL of an image (docs/api.md#media-urls: image fields are absolute URLs built from the public
 * base URL). Checked with zod's URL parser and a protocol filter; no host allow-list, media may live on a CDN.
 */
export const imageUrlSchema = z.url({ protocol: /^https?$/, error: 'image must be an absolute http(s) URL' });
/** An image URL or '' where the image may be absent (a user's avatar). */
export const optionalImageUrlSchema = z.union([imageUrlSchema, z.literal('')]);

/** ISO-8601 date-time, as Date.prototype.toISOString prints it (offsets accepted). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Whole rupees (API amounts). */
export const rupeesSchema = z.number().int().nonnegative();

/** A query flag: 'true' or 'false', read as a boolean. */
export function booleanQueryParam(field: string) {
  return z
    .enum(['true', 'false'], { error: `${field} must be 'true' or 'false'` })
    .transform((value) => value === 'true');
}

/** A whole-number query parameter within bounds, coerced from its string form. */
export function integerQueryParam(field: string, min: number, max?: number) {
  const message =
    max === undefined
      ? `${field} must be a whole number of at least ${min}`
      : `${field} must be a whole number from ${min} to ${max}`;
  const base = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? base : base.max(max, message);
}

/** `{ success: true, message }`: removals, impressions, clicks and other answers without data. */
export const successMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SuccessMessageResponse = z.infer<typeof successMessageResponseSchema>;

/** GET /health */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
