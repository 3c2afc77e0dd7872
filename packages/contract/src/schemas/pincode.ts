// PIN codes (docs/integrations.md#pin-code-directory): the path parameter of a lookup and the public postal
// lookup service's answer.

import { z } from 'zod';
import { PIN_CODE_PATTERN } from '../rules/patterns.ts';
import { CHECKOUT_MESSAGES } from '../rules/validation-messages.ts';

/** 6 digits, first not 0. */
export const pincodeSchema = z
  .string({ error: CHECKOUT_MESSAGES.pincodeInvalid })
  .trim()
  .regex(PIN_CODE_PATTERN, CHECKOUT_MESSAGES.pincodeInvalid);

/** A path `/{pincode}`. */
export const pincodeParamsSchema = z.object({ pincode: pincodeSchema });
export type PincodeParams = z.infer<typeof pincodeParamsSchema>;

/**
 * The public postal lookup's answer: a list whose first entry has Status and PostOffice (null when not found).
 * Loose: it is someone else's API, and only the fields below are read.
 */
export const postalLookupResponseSchema = z.array(
  z.looseObject({
    Status: z.string(),
    PostOffice: z
      .array(
        z.looseObject({
          Name: z.string(),
          District: z.string(),
          State: z.string(),
          Division: z.string().optional(),
          Region: z.string().optional(),
          Circle: z.string().optional(),
        }),
      )
      .nullable(),
  }),
);
export type PostalLookupResponse = z.infer<typeof postalLookupResponseSchema>;

/** What a lookup yields for the checkout form: city (the district) and state, auto-filled. */
export const pincodeLocationSchema = z.object({
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
});
export type PincodeLocation = z.infer<typeof pincodeLocationSchema>;
