// Wishlist (spec §3, §7; api-conventions.md: DELETE /wishlist/remove/{productId} carries `{ userId }`).

import { z } from 'zod';
import { idSchema, imageUrlSchema } from './common.ts';

/** POST /wishlist (fetch), DELETE /wishlist/remove/{productId} body */
export const wishlistUserBodySchema = z.object({ userId: idSchema('userId') });
export type WishlistUserBody = z.infer<typeof wishlistUserBodySchema>;

/** POST /wishlist/add */
export const wishlistAddBodySchema = z.object({
  productId: idSchema('productId'),
  userId: idSchema('userId'),
});
export type WishlistAddBody = z.infer<typeof wishlistAddBodySchema>;

/** DELETE /wishlist/remove/{productId} */
export const wishlistRemoveParamsSchema = z.object({ productId: idSchema('productId') });
export type WishlistRemoveParams = z.infer<typeof wishlistRemoveParamsSchema>;

export const wishlistProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: imageUrlSchema,
  price: z.number().int().nonnegative(),
});
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

/** POST /wishlist and POST /wishlist/add. Removal and clearing answer successMessageResponseSchema. */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ products: z.array(wishlistProductSchema) }),
  message: z.string(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
