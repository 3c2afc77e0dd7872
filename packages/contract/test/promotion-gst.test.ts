import { describe, expect, it } from 'vitest';
import { apparelSlabOn } from '../src/rules/gst.ts';
import { pieceAfterPromotion } from '../src/rules/promotion-gst.ts';
import type { Promotion, PromotionOffer } from '../src/rules/promotions.ts';

const SLAB = apparelSlabOn('2026-11-26');
const LINE = { productId: 'p1', categoryId: 'c1', typeId: 't1' };

function promo(offer: PromotionOffer, extra: Partial<Promotion> = {}): Promotion {
  return {
    id: 'x',
    code: null,
    combinable: false,
    offer,
    target: { scope: 'order', ids: [] },
    conditions: {
      minSubtotalPaise: 500_000,
      minQuantity: 0,
      startsAt: 0,
      endsAt: 1,
      prepaidOnly: true,
      firstOrderOnly: true,
      shoppers: ['someone@example.in'],
    },
    ...extra,
  };
}

describe('a piece after a promotion, against the GST slabs', () => {
  it('puts a ₹3,199 jacket at 10% off between the slabs (₹2,880), whatever the conditions say', () => {
    const ten = promo({ kind: 'percentage', percent: 10, maxDiscountPaise: null });
    expect(pieceAfterPromotion(ten, { ...LINE, pricePaise: 319_900 }, SLAB)).toEqual({
      quantity: 1,
      amountPaise: 288_000,
      band: 'between',
    });
  });

  it('follows the cap, and a ₹2,999 tee at 20% off (₹2,400) is at the low rate', () => {
    const capped = promo({ kind: 'percentage', percent: 20, maxDiscountPaise: 30_000 });
    expect(pieceAfterPromotion(capped, { ...LINE, pricePaise: 299_900 }, SLAB)?.band).toBe('between');
    const open = promo({ kind: 'percentage', percent: 20, maxDiscountPaise: null });
    expect(pieceAfterPromotion(open, { ...LINE, pricePaise: 299_900 }, SLAB)).toMatchObject({
      amountPaise: 240_000,
      band: 'low',
    });
  });

  it('prices a bundle per piece over its size, and buy X get Y over buy + get', () => {
    const bundle = promo({ kind: 'bundle', quantity: 2, pricePaise: 560_000 });
    expect(pieceAfterPromotion(bundle, { ...LINE, pricePaise: 349_900 }, SLAB)).toEqual({
      quantity: 2,
      amountPaise: 560_000,
      band: 'between',
    });
    const bogo = promo({ kind: 'buy_x_get_y', buy: 1, get: 1, percent: 100 });
    expect(pieceAfterPromotion(bogo, { ...LINE, pricePaise: 349_900 }, SLAB)).toMatchObject({
      quantity: 2,
      amountPaise: 349_900,
      band: 'low',
    });
  });

  it('answers null when nothing comes off: free shipping, or a product outside the target', () => {
    expect(
      pieceAfterPromotion(promo({ kind: 'free_shipping' }), { ...LINE, pricePaise: 299_900 }, SLAB),
    ).toBeNull();
    const other = promo(
      { kind: 'percentage', percent: 10, maxDiscountPaise: null },
      { target: { scope: 'products', ids: ['p2'] } },
    );
    expect(pieceAfterPromotion(other, { ...LINE, pricePaise: 319_900 }, SLAB)).toBeNull();
  });
});
