// Wishlist (docs/api.md#wishlist: DELETE /wishlist/remove/{productId} carries `{ userId }`).
// The acting user is always the access token's: a userId that is not the caller's is refused with 403 before
// the body is validated; a missing one is 400 'User ID is required' (the profile's text for a call without an id).

import { z } from 'zod';
import { WISHLIST_MESSAGES } from '../rules/error-catalogue.ts';
import { PROFILE_MESSAGES } from '../rules/validation-messages.ts';
import { idSchema, imageUrlSchema } from './common.ts';

export const WISHLIST_API_MESSAGES = {
  fetched: 'Wishlist fetched successfully',
  /** docs/product/texts.md#wishlist */
  added: WISHLIST_MESSAGES.added,
  /** docs/product/texts.md#wishlist; also when the product was not in the wishlist (removal is idempotent). */
  removed: WISHLIST_MESSAGES.removed,
  cleared: 'Wishlist cleared',
  productNotFound: 'Product not found',
  userIdRequired: PROFILE_MESSAGES.userIdRequired,
} as const;

const userIdSchema = idSchema('userId', PROFILE_MESSAGES.userIdRequired);

/** POST /wishlist (fetch), DELETE /wishlist/remove/{productId} body */
export const wishlistUserBodySchema = z.object({ userId: userIdSchema });
export type WishlistUserBody = z.infer<typeof wishlistUserBodySchema>;

/** POST /wishlist/add */
export const wishlistAddBodySchema = z.object({
  productId: idSchema('productId'),
  userId: userIdSchema,
});
export type WishlistAddBody = z.infer<typeof wishlistAddBodySchema>;

/** DELETE /wishlist/remove/{productId} */
export const wishlistRemoveParamsSchema = z.object({ productId: idSchema('productId') });
export type WishlistRemoveParams = z.infer<typeof wishlistRemoveParamsSchema>;

/** DELETE /wishlist/clear: the first client sends no body; a `{ userId }` is accepted and must be the caller's. */
export const wishlistClearBodySchema = z.object({ userId: userIdSchema.optional() }).nullish();
export type WishlistClearBody = z.infer<typeof wishlistClearBodySchema>;

export const wishlistProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: imageUrlSchema,
  price: z.number().int().nonnegative(),
  /** The crossed-out MRP by the product's rule (docs/product/rules.md#mrp-and-discount); the price when it has none. */
  mrp: z.number().int().nonnegative(),
});
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

/** One entry of the wishlist: the product under `product` (docs/product/rules.md#wishlist). */
export const wishlistEntrySchema = z.object({ product: wishlistProductSchema });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/**
 * POST /wishlist and POST /wishlist/add: entries newest first, each `{ product: { _id, name, image, price, mrp } }`.
 * Removal and clearing answer successMessageResponseSchema.
 */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ products: z.array(wishlistEntrySchema) }),
  message: z.string(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
