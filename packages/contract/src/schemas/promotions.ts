// The shopper's public promotion calls (ours, docs/promotions.md#the-shoppers-side): a preview of what a cart would
// get, for carts the server does not hold (a guest's, a BUY NOW at checkout) and for the checkout's payment choice.
import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../rules/constants.ts';
import { cartPromotionSchema, couponCodeSchema } from './cart.ts';

export const promotionPreviewBodySchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().max(64),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      }),
    )
    .max(MAX_ORDER_LINES),
  code: couponCodeSchema.optional(),
  /** How the shopper pays; absent before they choose (prepaid-only promotions then apply). */
  gateway: z.enum(['Prepaid', 'COD']).optional(),
});
export type PromotionPreviewBody = z.infer<typeof promotionPreviewBodySchema>;

export const promotionPreviewSchema = z.object({
  promotions: z.array(cartPromotionSchema),
  /** Rupees the promotions take off the items. */
  promotionDiscount: z.number().nonnegative(),
  /** Rupees taken off the shipping fee of the chosen payment method. */
  shippingDiscount: z.number().nonnegative(),
  /** A prepaid-only promotion applies: cash on delivery is not offered. */
  prepaidOnly: z.boolean(),
  /** The code as applied (upper-case), when one was sent and applies. */
  couponCode: z.string().optional(),
  /** Why the code sent does not apply (the refusal's words). */
  couponMessage: z.string().optional(),
});
export type PromotionPreview = z.infer<typeof promotionPreviewSchema>;

export const promotionPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: promotionPreviewSchema,
});
export type PromotionPreviewResponse = z.infer<typeof promotionPreviewResponseSchema>;

/** GET /promotions/offers?productId= (ours): the product page's best offer. */
export const productOfferQuerySchema = z.object({ productId: z.string().max(64) });

export const productOfferResponseSchema = z.object({
  success: z.literal(true),
  /** 'Best offer: Buy 3 for ₹1,199'; null when no automatic promotion takes anything off this product. */
  data: z.object({ offer: z.string().nullable() }),
});
export type ProductOfferResponse = z.infer<typeof productOfferResponseSchema>;
