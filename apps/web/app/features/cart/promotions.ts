// The promotions a cart or a checkout gets, as the drawer, the cart page and checkout show them
// (docs/promotions.md#the-shoppers-side): from the signed-in cart's answer or from the public preview. The server
// computes every amount; these only carry them.
import type { CartData, PromotionPreview } from '@rangrez/contract/schemas';

export interface PromotionSummary {
  promotions: CartData['promotions'] & {};
  /** Rupees off the items. */
  promotionDiscount: number;
  /** Rupees off the shipping fee (checkout only: the cart has no payment method yet). */
  shippingDiscount: number;
  /** The code kept or applied. */
  couponCode: string | null;
  /** Why the kept code does not apply now. */
  couponMessage: string | null;
  /** Cash on delivery is not offered. */
  prepaidOnly: boolean;
}

export const NO_PROMOTIONS: PromotionSummary = {
  promotions: [],
  promotionDiscount: 0,
  shippingDiscount: 0,
  couponCode: null,
  couponMessage: null,
  prepaidOnly: false,
};

export function summaryFromCart(data: CartData): PromotionSummary {
  return {
    ...NO_PROMOTIONS,
    promotions: data.promotions ?? [],
    promotionDiscount: data.promotionDiscount ?? 0,
    couponCode: data.couponCode ?? null,
    couponMessage: data.couponMessage ?? null,
  };
}

/** `sent`: the code the preview was asked about (a refused one is not applied, but its refusal is shown). */
export function summaryFromPreview(preview: PromotionPreview, sent: string | null): PromotionSummary {
  return {
    promotions: preview.promotions,
    promotionDiscount: preview.promotionDiscount,
    shippingDiscount: preview.shippingDiscount,
    couponCode: preview.couponCode ?? (preview.couponMessage === undefined ? null : sent),
    couponMessage: preview.couponMessage ?? null,
    prepaidOnly: preview.prepaidOnly,
  };
}
