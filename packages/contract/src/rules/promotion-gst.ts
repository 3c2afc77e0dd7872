// Whether a promotion moves a garment between the GST slabs (docs/gst.md#between-the-slabs): the price a piece is
// invoiced at after the promotion alone, as the invoice would allocate it, and its band. The back office warns the
// owner about the products an offer would put where no rate is self-consistent.
import { type ApparelGstSlab, type PriceBand, priceBand } from './gst.ts';
import { type Promotion, type PromotionLine, evaluatePromotions } from './promotions.ts';

/** The fewest pieces of one product the offer needs to apply: a bundle's size, buy + get, its minimum quantity. */
function piecesFor(promotion: Promotion): number {
  const { offer, conditions } = promotion;
  const needed =
    offer.kind === 'bundle' ? offer.quantity : offer.kind === 'buy_x_get_y' ? offer.buy + offer.get : 1;
  return Math.max(needed, conditions.minQuantity, 1);
}

export interface PieceAfterPromotion {
  quantity: number;
  /** What those pieces cost together after the promotion, tax included. */
  amountPaise: number;
  band: PriceBand;
}

/**
 * One product bought alone in the fewest pieces the promotion needs, with every condition but the offer itself
 * set aside (window, minimum, payment method, shoppers): what the invoice would tax. Null when the promotion takes
 * nothing off those pieces (free shipping, a product outside its target).
 */
export function pieceAfterPromotion(
  promotion: Promotion,
  line: Omit<PromotionLine, 'quantity'>,
  slab: ApparelGstSlab,
): PieceAfterPromotion | null {
  const quantity = piecesFor(promotion);
  const neutral: Promotion = {
    ...promotion,
    code: promotion.code ?? 'CHECK',
    conditions: {
      minSubtotalPaise: 0,
      minQuantity: 0,
      startsAt: null,
      endsAt: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: null,
    },
  };
  const outcome = evaluatePromotions({
    lines: [{ ...line, quantity }],
    automatic: [],
    code: neutral,
    context: {
      now: 0,
      gateway: null,
      shippingPaise: 0,
      firstOrder: true,
      shopperKeys: [],
      usedUp: new Set(),
    },
  });
  const discount = outcome.lineDiscountsPaise[0] ?? 0;
  if (discount === 0) return null;
  const amountPaise = line.pricePaise * quantity - discount;
  return { quantity, amountPaise, band: priceBand(amountPaise, quantity, slab) };
}
