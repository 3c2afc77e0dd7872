// The address book (docs/accounts.md#address-book, docs/api.md#address-book): a shopper's saved delivery
// addresses, in the checkout's fields and checked by the checkout's own rules and messages, so an address the
// book accepts is one an order accepts.

import { z } from 'zod';
import { MAX_SAVED_ADDRESSES } from '../rules/constants.ts';
import { idSchema, isoDateTimeSchema } from './basics.ts';
import { deliveryAddressInputSchema } from './orders.ts';

export const ADDRESS_MESSAGES = {
  listed: 'Addresses fetched successfully',
  saved: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  notFound: 'Address not found',
  limit: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Please delete one to add another.`,
  duplicate: 'This address is already in your address book',
  noUpdates: 'No valid updates provided',
  isDefaultInvalid: 'isDefault must be true or false',
} as const;

const isDefaultSchema = z.boolean({ error: ADDRESS_MESSAGES.isDefaultInvalid }).optional();

/** A saved address as clients see it: the order body's address fields plus its id and whether it is the default. */
export const savedAddressSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  doorNo: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  isDefault: z.boolean(),
  lastUsedAt: isoDateTimeSchema,
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** POST /addresses: the checkout's address; `isDefault` makes it the one the checkout pre-fills. */
export const addressBodySchema = deliveryAddressInputSchema.extend({ isDefault: isDefaultSchema });
export type AddressBody = z.infer<typeof addressBodySchema>;

/** PATCH /addresses/{id}: any of the fields, at least one. */
export const addressPatchSchema = deliveryAddressInputSchema
  .partial()
  .extend({ isDefault: isDefaultSchema })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), ADDRESS_MESSAGES.noUpdates);
export type AddressPatch = z.infer<typeof addressPatchSchema>;

export const addressParamsSchema = z.object({ id: idSchema('id') });

/** GET /addresses: the default first, then the most recently used. */
export const addressesResponseSchema = z.object({
  success: z.literal(true),
  addresses: z.array(savedAddressSchema),
  message: z.string(),
});
export type AddressesResponse = z.infer<typeof addressesResponseSchema>;

/** POST /addresses, PATCH /addresses/{id} */
export const addressResponseSchema = z.object({
  success: z.literal(true),
  address: savedAddressSchema,
  message: z.string(),
});
export type AddressResponse = z.infer<typeof addressResponseSchema>;
