// The product page's "Best offer" line (docs/promotions.md#the-shoppers-side): what an automatic promotion gives, in
// a few words, and which of several is the best for one product. Pure, so the server picks and words it and the
// page only shows the text.
import { formatINR, PAISE_PER_RUPEE, paiseToRupees } from './money.ts';
import { type Promotion, type PromotionLine, evaluatePromotions } from './promotions.ts';
import { COD_FEE_RUPEES, shippingFeePaise } from './shipping.ts';

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

function offerWords(offer: Promotion['offer']): string {
  switch (offer.kind) {
    case 'percentage':
      return offer.maxDiscountPaise === null
        ? `${offer.percent}% off`
        : `${offer.percent}% off, up to ${rupees(offer.maxDiscountPaise)}`;
    case 'fixed':
      return `${rupees(offer.amountPaise)} off`;
    case 'free_shipping':
      return 'Free shipping';
    case 'buy_x_get_y':
      return offer.percent >= 100
        ? `Buy ${offer.buy} get ${offer.get} free`
        : `Buy ${offer.buy} get ${offer.get} at ${offer.percent}% off`;
    case 'bundle':
      return `Buy ${offer.quantity} for ${rupees(offer.pricePaise)}`;
  }
}

/** 'Buy 3 for ₹1,199', '10% off on prepaid orders', 'Free shipping on orders of ₹999 or more'. */
export function offerText(promotion: Pick<Promotion, 'offer' | 'conditions'>): string {
  const { conditions } = promotion;
  const on = [
    conditions.firstOrderOnly ? 'your first order' : null,
    conditions.prepaidOnly ? 'prepaid orders' : null,
  ].filter((part) => part !== null);
  let text = offerWords(promotion.offer);
  if (on.length > 0) text += ` on ${on.join(', on ')}`;
  if (conditions.minSubtotalPaise > 0)
    text += `${on.length > 0 ? ' of' : ' on orders of'} ${rupees(conditions.minSubtotalPaise)} or more`;
  return text;
}

/** Units of one product a shopper needs for the offer to work at all (a bundle's size, buy X get Y's X + Y). */
function unitsFor(promotion: Promotion, pricePaise: number): number {
  const { offer, conditions } = promotion;
  let units = Math.max(1, conditions.minQuantity);
  if (offer.kind === 'bundle') units = Math.max(units, offer.quantity);
  if (offer.kind === 'buy_x_get_y') units = Math.max(units, offer.buy + offer.get);
  if (pricePaise > 0) units = Math.max(units, Math.ceil(conditions.minSubtotalPaise / pricePaise));
  return units;
}

/**
 * The best of the automatic promotions open to everyone for one product: the one that saves the most per unit when
 * the shopper buys just enough of it; ties to the smaller id, so the page always shows the same one. Null: none
 * takes anything off this product.
 */
export function bestOffer(
  product: Omit<PromotionLine, 'quantity'>,
  candidates: readonly Promotion[],
  now: number,
): Promotion | null {
  let best: { promotion: Promotion; perUnit: number } | null = null;
  const sorted = [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const promotion of sorted) {
    const units = unitsFor(promotion, product.pricePaise);
    const outcome = evaluatePromotions({
      lines: [{ ...product, quantity: units }],
      automatic: [promotion],
      code: null,
      // The cash-on-delivery fee stands for shipping, so free shipping counts as a saving.
      context: {
        now,
        gateway: null,
        shippingPaise: shippingFeePaise('COD', COD_FEE_RUPEES * PAISE_PER_RUPEE),
        firstOrder: true,
        shopperKeys: [],
        usedUp: new Set(),
      },
    });
    const saved = outcome.discountPaise + outcome.shippingDiscountPaise;
    if (outcome.applied.length === 0 || saved <= 0) continue;
    const perUnit = saved / units;
    if (best === null || perUnit > best.perUnit) best = { promotion, perUnit };
  }
  return best?.promotion ?? null;
}
