// Users and profile updates (docs/product/rules.md#profile, docs/api.md#accounts).

import { z } from 'zod';
import { isValidPhoneNumber, validateAvatarUrl } from '../rules/account-validators.ts';
import { normalisePhoneForStorage } from '../rules/phone.ts';
import { CHECKOUT_MESSAGES, PROFILE_MESSAGES, SIGNUP_MESSAGES } from '../rules/validation-messages.ts';
import { normaliseStateName } from '../rules/states.ts';
import { PIN_CODE_PATTERN, PLACE_NAME_PATTERN } from '../rules/patterns.ts';
import { idSchema, optionalImageUrlSchema } from './common.ts';

export const addressSchema = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  pincode: z.string(),
  doorNo: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** A user as clients see it. There is no password field, so no hash can ever be serialised. */
export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** '' when unknown (Google accounts). */
  phone: z.string(),
  /** '' when the user has none. */
  avatar: optionalImageUrlSchema,
  address: addressSchema,
});
export type User = z.infer<typeof userSchema>;

/** GET /user/{id}, PUT /user/update/{userId} */
export const userResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string().optional(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /user/{id} */
export const userIdParamsSchema = z.object({ id: idSchema('id', PROFILE_MESSAGES.userIdRequired) });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

/** PUT /user/update/{userId} */
export const userUpdateParamsSchema = z.object({
  userId: idSchema('userId', PROFILE_MESSAGES.userIdRequired),
});
export type UserUpdateParams = z.infer<typeof userUpdateParamsSchema>;

// null means "not sent" (the update drops null values, docs/product/rules.md#profile), one level deep for the address.
function dropNulls(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null) continue;
    kept[key] = typeof entry === 'object' && !Array.isArray(entry) ? dropNulls(entry) : entry;
  }
  return kept;
}

function textField(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
}

/** Address fields may be cleared with ''; a non-empty PIN code or state must be valid. */
const addressUpdateSchema = z.object({
  country: textField('country', 50)
    .refine((v) => v === '' || PLACE_NAME_PATTERN.test(v), CHECKOUT_MESSAGES.countryInvalid)
    .optional(),
  state: textField('state', 60)
    .refine((v) => v === '' || normaliseStateName(v) !== null, CHECKOUT_MESSAGES.stateInvalid)
    .transform((v) => (v === '' ? v : (normaliseStateName(v) ?? v)))
    .optional(),
  city: textField('city', 50)
    .refine((v) => v === '' || PLACE_NAME_PATTERN.test(v), CHECKOUT_MESSAGES.cityInvalid)
    .optional(),
  street: textField('street', 200).optional(),
  pincode: textField('pincode', 6)
    .refine((v) => v === '' || PIN_CODE_PATTERN.test(v), CHECKOUT_MESSAGES.pincodeInvalid)
    .optional(),
  doorNo: textField('doorNo', 20).optional(),
});

/**
 * PUT /user/update/{userId} body: only changed fields, all optional; null values are dropped; e-mail and
 * password are not accepted (stripped like any unknown field). Fails with 'No valid updates provided' when
 * nothing remains, with 'First name and last name are required' when a name is sent blank.
 */
export const userUpdateBodySchema = z
  .preprocess(
    dropNulls,
    z.object({
      firstName: textField('firstName', 50).optional(),
      lastName: textField('lastName', 50).optional(),
      phone: z
        .string({ error: 'phone must be text' })
        .trim()
        .refine(isValidPhoneNumber, SIGNUP_MESSAGES.phoneInvalid)
        .transform(normalisePhoneForStorage)
        .optional(),
      avatar: z
        .string({ error: 'avatar must be text' })
        .trim()
        .superRefine((value, ctx) => {
          const message = validateAvatarUrl(value);
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .optional(),
      address: addressUpdateSchema.optional(),
    }),
  )
  .superRefine((update, ctx) => {
    if (update.firstName === '' || update.lastName === '') {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.namesRequired });
    }
    const addressChanged = update.address !== undefined && Object.keys(update.address).length > 0;
    const others = Object.entries(update).filter(([key, value]) => key !== 'address' && value !== undefined);
    if (others.length === 0 && !addressChanged) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.noValidUpdates });
    }
  })
  .transform((update) => {
    // An empty address object is no update at all.
    if (update.address !== undefined && Object.keys(update.address).length === 0) {
      const { address: _address, ...rest } = update;
      return rest;
    }
    return update;
  });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;
