import { describe, expect, it } from 'vitest';
import { bestOffer, offerText } from '../src/rules/promotion-offers.ts';
import type { Promotion, PromotionConditions } from '../src/rules/promotions.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function promo(
  id: string,
  offer: Promotion['offer'],
  conditions: Partial<PromotionConditions> = {},
): Promotion {
  return {
    id,
    code: null,
    combinable: false,
    offer,
    target: { scope: 'order', ids: [] },
    conditions: {
      minSubtotalPaise: 0,
      minQuantity: 0,
      startsAt: null,
      endsAt: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: null,
      ...conditions,
    },
  };
}

const tee = { productId: 't', categoryId: null, typeId: null, pricePaise: 49_900 };

describe('offerText', () => {
  it('words each kind with its conditions', () => {
    const text = (offer: Promotion['offer'], conditions?: Partial<PromotionConditions>) =>
      offerText(promo('p', offer, conditions));
    expect(text({ kind: 'bundle', quantity: 3, pricePaise: 119_900 })).toBe('Buy 3 for ₹1,199');
    expect(text({ kind: 'percentage', percent: 10, maxDiscountPaise: null }, { prepaidOnly: true })).toBe(
      '10% off on prepaid orders',
    );
    expect(
      text({ kind: 'percentage', percent: 20, maxDiscountPaise: 30_000 }, { firstOrderOnly: true }),
    ).toBe('20% off, up to ₹300 on your first order');
    expect(text({ kind: 'free_shipping' }, { minSubtotalPaise: 99_900 })).toBe(
      'Free shipping on orders of ₹999 or more',
    );
    expect(text({ kind: 'fixed', amountPaise: 10_000 })).toBe('₹100 off');
    expect(text({ kind: 'buy_x_get_y', buy: 2, get: 1, percent: 100 })).toBe('Buy 2 get 1 free');
    expect(text({ kind: 'buy_x_get_y', buy: 1, get: 1, percent: 50 })).toBe('Buy 1 get 1 at 50% off');
  });
});

describe('bestOffer', () => {
  it('picks the one saving the most per unit, whatever the order they come in', () => {
    const bundle = promo('b', { kind: 'bundle', quantity: 3, pricePaise: 119_900 });
    const tenth = promo('a', { kind: 'percentage', percent: 10, maxDiscountPaise: null });
    expect(bestOffer(tee, [tenth, bundle], NOW)).toBe(bundle);
    expect(bestOffer(tee, [bundle, tenth], NOW)).toBe(bundle);
    // Three ₹399 tees cost less than the bundle's ₹1,199: it saves nothing on them.
    expect(bestOffer({ ...tee, pricePaise: 39_900 }, [bundle, tenth], NOW)).toBe(tenth);
  });

  it('leaves out promotions outside their window or taking nothing off this product', () => {
    const later = promo(
      'a',
      { kind: 'percentage', percent: 50, maxDiscountPaise: null },
      { startsAt: NOW + 1 },
    );
    const other = {
      ...promo('c', { kind: 'fixed', amountPaise: 10_000 }),
      target: { scope: 'products' as const, ids: ['x'] },
    };
    expect(bestOffer(tee, [later, other], NOW)).toBeNull();
    const shipping = promo('d', { kind: 'free_shipping' });
    expect(bestOffer(tee, [shipping], NOW)).toBe(shipping);
  });
});
