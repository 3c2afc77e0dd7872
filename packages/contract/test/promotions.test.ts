import { describe, expect, it } from 'vitest';
import { cartTotalsPaise } from '../src/rules/cart-totals.ts';
import { allocatePaise } from '../src/rules/promotion-allocation.ts';
import { PROMOTION_MESSAGES, addMoreMessage } from '../src/rules/promotion-messages.ts';
import {
  type Promotion,
  type PromotionConditions,
  type PromotionContext,
  type PromotionLine,
  evaluatePromotions,
  lineInTarget,
  promotionRefusal,
} from '../src/rules/promotions.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

type PromoInput = Partial<Omit<Promotion, 'conditions'>> &
  Pick<Promotion, 'offer'> & { conditions?: Partial<PromotionConditions> };

function promo(overrides: PromoInput): Promotion {
  return {
    id: 'p1',
    code: 'SAVE',
    combinable: false,
    target: { scope: 'order', ids: [] },
    ...overrides,
    conditions: {
      minSubtotalPaise: 0,
      minQuantity: 0,
      startsAt: null,
      endsAt: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: null,
      ...overrides.conditions,
    },
  };
}

function context(overrides: Partial<PromotionContext> = {}): PromotionContext {
  return {
    now: NOW,
    gateway: 'Prepaid',
    shippingPaise: 0,
    firstOrder: true,
    shopperKeys: ['asha@example.com', '9876543210'],
    usedUp: new Set(),
    ...overrides,
  };
}

function line(productId: string, pricePaise: number, quantity: number, extra: Partial<PromotionLine> = {}) {
  return { productId, categoryId: 'men', typeId: 'tees', pricePaise, quantity, ...extra };
}

const TEE = line('tee', 79_900, 1);
const HOODIE = line('hoodie', 149_900, 1, { typeId: 'hoodies' });

function withCode(code: Promotion, lines: PromotionLine[], ctx = context()) {
  return evaluatePromotions({ lines, automatic: [], code, context: ctx });
}

describe('each kind', () => {
  it('percentage off, with and without a cap', () => {
    const ten = promo({ offer: { kind: 'percentage', percent: 10, maxDiscountPaise: null } });
    expect(withCode(ten, [TEE, HOODIE]).discountPaise).toBe(22_900);
    const capped = promo({ offer: { kind: 'percentage', percent: 20, maxDiscountPaise: 30_000 } });
    const outcome = withCode(capped, [TEE, HOODIE]);
    expect(outcome.discountPaise).toBe(30_000);
    expect(outcome.lineDiscountsPaise).toEqual([10_431, 19_569]);
    expect(outcome.applied).toEqual([
      {
        id: 'p1',
        code: 'SAVE',
        kind: 'percentage',
        discountPaise: 30_000,
        shippingDiscountPaise: 0,
        linesPaise: [10_431, 19_569],
      },
    ]);
  });

  it('rounds a percentage down to whole rupees, so the total stays whole rupees', () => {
    const third = promo({ offer: { kind: 'percentage', percent: 33, maxDiscountPaise: null } });
    expect(withCode(third, [line('a', 99_900, 1)]).discountPaise).toBe(32_900);
    const half = promo({ offer: { kind: 'buy_x_get_y', buy: 1, get: 1, percent: 50 } });
    expect(withCode(half, [line('a', 79_900, 2)]).discountPaise).toBe(39_900);
  });

  it('a fixed amount, never more than the targeted lines cost', () => {
    const fixed = promo({ offer: { kind: 'fixed', amountPaise: 20_000 } });
    expect(withCode(fixed, [TEE]).discountPaise).toBe(20_000);
    const huge = promo({ offer: { kind: 'fixed', amountPaise: 1_000_000 } });
    const outcome = withCode(huge, [TEE]);
    expect(outcome.discountPaise).toBe(79_900);
    expect(
      cartTotalsPaise({ lines: [{ ...TEE, mrpPaise: 109_900 }], promotionDiscountPaise: 79_900 }).totalPaise,
    ).toBe(0);
  });

  it('free shipping takes the fee off and no item amount', () => {
    const free = promo({ offer: { kind: 'free_shipping' } });
    const cod = withCode(free, [TEE], context({ gateway: 'COD', shippingPaise: 5_000 }));
    expect(cod).toMatchObject({ discountPaise: 0, shippingDiscountPaise: 5_000, lineDiscountsPaise: [0] });
    // On a prepaid order the fee is 0, yet the entered code stays applied.
    const prepaid = withCode(free, [TEE]);
    expect(prepaid.applied.map((entry) => entry.id)).toEqual(['p1']);
    expect(prepaid.codeOutdone).toBe(false);
  });

  it('buy 2 get 1: the cheapest unit of each group of three is free', () => {
    const b2g1 = promo({ offer: { kind: 'buy_x_get_y', buy: 2, get: 1, percent: 100 } });
    const lines = [line('a', 100_000, 2), line('b', 50_000, 1), line('c', 70_000, 3)];
    // Six units: 1000, 1000, 700, 700, 700, 500 -> two groups, the two cheapest (700 and 500) are free.
    const outcome = withCode(b2g1, lines);
    expect(outcome.discountPaise).toBe(120_000);
    expect(outcome.lineDiscountsPaise).toEqual([0, 50_000, 70_000]);
  });

  it('buy 1 get 1 at 50%', () => {
    const half = promo({ offer: { kind: 'buy_x_get_y', buy: 1, get: 1, percent: 50 } });
    const outcome = withCode(half, [line('a', 99_900, 1), line('b', 59_900, 1)]);
    expect(outcome.discountPaise).toBe(29_900);
    expect(outcome.lineDiscountsPaise).toEqual([0, 29_900]);
  });

  it('a bundle prices the dearest units together', () => {
    const threeFor1199 = promo({ offer: { kind: 'bundle', quantity: 3, pricePaise: 119_900 } });
    const lines = [line('a', 59_900, 2), line('b', 49_900, 1), line('c', 39_900, 1)];
    // 599 + 599 + 499 = 1697 for 1199: 498 saved, spread over those three units.
    const outcome = withCode(threeFor1199, lines);
    expect(outcome.discountPaise).toBe(49_800);
    expect(outcome.lineDiscountsPaise).toEqual([35_156, 14_644, 0]);
  });

  it('a bundle that would cost more than the units is no discount', () => {
    const dear = promo({ offer: { kind: 'bundle', quantity: 2, pricePaise: 200_000 } });
    expect(promotionRefusal(dear, [line('a', 50_000, 2)], context())).toBe(PROMOTION_MESSAGES.notApplicable);
  });
});

describe('targets', () => {
  it('matches products, categories and types', () => {
    expect(lineInTarget(TEE, { scope: 'order', ids: [] })).toBe(true);
    expect(lineInTarget(TEE, { scope: 'products', ids: ['tee'] })).toBe(true);
    expect(lineInTarget(TEE, { scope: 'products', ids: ['hoodie'] })).toBe(false);
    expect(lineInTarget(TEE, { scope: 'categories', ids: ['men'] })).toBe(true);
    expect(lineInTarget(line('x', 1, 1, { categoryId: null }), { scope: 'categories', ids: ['men'] })).toBe(
      false,
    );
    expect(lineInTarget(HOODIE, { scope: 'types', ids: ['tees'] })).toBe(false);
    expect(lineInTarget(HOODIE, { scope: 'types', ids: ['hoodies'] })).toBe(true);
  });

  it('discounts only the targeted lines', () => {
    const hoodies = promo({
      offer: { kind: 'percentage', percent: 10, maxDiscountPaise: null },
      target: { scope: 'types', ids: ['hoodies'] },
    });
    expect(withCode(hoodies, [TEE, HOODIE]).lineDiscountsPaise).toEqual([0, 14_900]);
  });
});

describe('refusals, word for word', () => {
  const ten = { kind: 'percentage', percent: 10, maxDiscountPaise: null } as const;

  it('window', () => {
    const later = promo({ offer: ten, conditions: { startsAt: NOW + 1 } });
    expect(promotionRefusal(later, [TEE], context())).toBe('This code is not valid yet.');
    const ended = promo({ offer: ten, conditions: { endsAt: NOW } });
    expect(promotionRefusal(ended, [TEE], context())).toBe('This code has expired.');
    const open = promo({
      offer: ten,
      conditions: { startsAt: NOW, endsAt: NOW + 1 },
    });
    expect(promotionRefusal(open, [TEE], context())).toBeNull();
  });

  it('minimum subtotal of the targeted lines', () => {
    const min = promo({ offer: ten, conditions: { minSubtotalPaise: 99_900 } });
    expect(promotionRefusal(min, [TEE], context())).toBe('Add ₹200 more to use this code.');
    expect(promotionRefusal(min, [TEE, HOODIE], context())).toBeNull();
    expect(addMoreMessage(123_450)).toBe('Add ₹1,234.50 more to use this code.');
  });

  it('minimum quantity', () => {
    const two = promo({ offer: ten, conditions: { minQuantity: 2 } });
    expect(promotionRefusal(two, [TEE], context())).toBe(
      'This code does not apply to the items in your cart.',
    );
    expect(promotionRefusal(two, [{ ...TEE, quantity: 2 }], context())).toBeNull();
  });

  it('prepaid only: refused on COD, applies while the method is not chosen', () => {
    const prepaid = promo({ offer: ten, conditions: { prepaidOnly: true } });
    expect(promotionRefusal(prepaid, [TEE], context({ gateway: 'COD' }))).toBe(
      'This code is valid on prepaid orders only.',
    );
    expect(promotionRefusal(prepaid, [TEE], context({ gateway: null }))).toBeNull();
    expect(withCode(prepaid, [TEE], context({ gateway: null })).prepaidOnly).toBe(true);
  });

  it('prepaid only, automatic: applies while the method is not chosen but leaves cash on delivery offered', () => {
    const prepaid = promo({ offer: ten, code: null, conditions: { prepaidOnly: true } });
    const outcome = evaluatePromotions({
      lines: [TEE],
      automatic: [prepaid],
      code: null,
      context: context({ gateway: null }),
    });
    expect(outcome.applied).toHaveLength(1);
    expect(outcome.prepaidOnly).toBe(false);
    const cod = evaluatePromotions({
      lines: [TEE],
      automatic: [prepaid],
      code: null,
      context: context({ gateway: 'COD' }),
    });
    expect(cod.applied).toEqual([]);
  });

  it('first order only', () => {
    const first = promo({ offer: ten, conditions: { firstOrderOnly: true } });
    expect(promotionRefusal(first, [TEE], context({ firstOrder: false }))).toBe(
      'This code is for your first order only.',
    );
    expect(promotionRefusal(first, [TEE], context())).toBeNull();
  });

  it('used up', () => {
    const used = promo({ offer: ten });
    expect(promotionRefusal(used, [TEE], context({ usedUp: new Set(['p1']) }))).toBe(
      'This code has already been used.',
    );
  });

  it('items outside the target', () => {
    const other = promo({ offer: ten, target: { scope: 'products', ids: ['cap'] } });
    expect(promotionRefusal(other, [TEE], context())).toBe(
      'This code does not apply to the items in your cart.',
    );
    expect(promotionRefusal(promo({ offer: ten }), [], context())).toBe(
      'This code does not apply to the items in your cart.',
    );
  });

  it('specific shoppers: another shopper reads it as an unknown code', () => {
    const vip = promo({ offer: ten, conditions: { shoppers: ['9876543210'] } });
    expect(promotionRefusal(vip, [TEE], context())).toBeNull();
    expect(promotionRefusal(vip, [TEE], context({ shopperKeys: ['ravi@example.com'] }))).toBe(
      'Invalid code.',
    );
  });

  it('checks the code before the cart: an expired code on a small cart says expired', () => {
    const both = promo({
      offer: ten,
      conditions: { endsAt: NOW - 1, minSubtotalPaise: 1_000_000 },
    });
    expect(promotionRefusal(both, [TEE], context())).toBe(PROMOTION_MESSAGES.expired);
  });

  it('a refused code leaves the automatic promotions in place and says why', () => {
    const auto = promo({ id: 'auto', code: null, offer: { kind: 'fixed', amountPaise: 5_000 } });
    const first = promo({ offer: ten, conditions: { firstOrderOnly: true } });
    const outcome = evaluatePromotions({
      lines: [TEE],
      automatic: [auto],
      code: first,
      context: context({ firstOrder: false }),
    });
    expect(outcome.codeRefusal).toBe('This code is for your first order only.');
    expect(outcome.applied.map((entry) => entry.id)).toEqual(['auto']);
    expect(outcome.discountPaise).toBe(5_000);
  });
});

describe('stacking', () => {
  const autoTen = promo({
    id: 'a-ten',
    code: null,
    combinable: true,
    offer: { kind: 'percentage', percent: 10, maxDiscountPaise: null },
  });
  const autoFixed = promo({
    id: 'b-fixed',
    code: null,
    combinable: true,
    offer: { kind: 'fixed', amountPaise: 10_000 },
  });
  const autoAlone = promo({ id: 'c-alone', code: null, offer: { kind: 'fixed', amountPaise: 25_000 } });

  it('combinable automatic promotions stack, percentages before fixed amounts', () => {
    const outcome = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoFixed, autoTen],
      code: null,
      context: context(),
    });
    expect(outcome.applied.map((entry) => [entry.id, entry.discountPaise])).toEqual([
      ['a-ten', 22_900],
      ['b-fixed', 10_000],
    ]);
    expect(outcome.discountPaise).toBe(32_900);
  });

  it('a non-combinable promotion applies alone when it saves more', () => {
    const big = promo({ id: 'c-alone', code: null, offer: { kind: 'fixed', amountPaise: 40_000 } });
    const outcome = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoTen, autoFixed, big],
      code: null,
      context: context(),
    });
    expect(outcome.applied.map((entry) => entry.id)).toEqual(['c-alone']);
    const small = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoTen, autoFixed, autoAlone],
      code: null,
      context: context(),
    });
    expect(small.applied.map((entry) => entry.id)).toEqual(['a-ten', 'b-fixed']);
  });

  it('a combinable code joins the combinable automatic promotions', () => {
    const code = promo({ id: 'z-code', combinable: true, offer: { kind: 'fixed', amountPaise: 5_000 } });
    const outcome = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoTen, autoFixed],
      code,
      context: context(),
    });
    expect(outcome.applied.map((entry) => entry.id)).toEqual(['a-ten', 'b-fixed', 'z-code']);
    expect(outcome.discountPaise).toBe(37_900);
    expect(outcome.codeOutdone).toBe(false);
  });

  it('a code that is not combinable applies alone, or not at all when the automatic ones save more', () => {
    const code = promo({ id: 'z-code', offer: { kind: 'fixed', amountPaise: 20_000 } });
    const outcome = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoTen, autoFixed],
      code,
      context: context(),
    });
    expect(outcome.applied.map((entry) => entry.id)).toEqual(['a-ten', 'b-fixed']);
    expect(outcome).toMatchObject({ codeOutdone: true, codeRefusal: null });
    const bigCode = promo({ id: 'z-code', offer: { kind: 'fixed', amountPaise: 50_000 } });
    const withBig = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [autoTen, autoFixed],
      code: bigCode,
      context: context(),
    });
    expect(withBig.applied.map((entry) => entry.id)).toEqual(['z-code']);
  });

  it('ties go to the entered code, then to fewer promotions, then to the smaller id, whatever the input order', () => {
    const x = promo({ id: 'x', code: null, offer: { kind: 'fixed', amountPaise: 10_000 } });
    const y = promo({ id: 'y', code: null, offer: { kind: 'fixed', amountPaise: 10_000 } });
    const forward = evaluatePromotions({ lines: [TEE], automatic: [x, y], code: null, context: context() });
    const backward = evaluatePromotions({ lines: [TEE], automatic: [y, x], code: null, context: context() });
    expect(forward.applied.map((entry) => entry.id)).toEqual(['x']);
    expect(backward).toEqual(forward);
    const code = promo({ id: 'z', offer: { kind: 'fixed', amountPaise: 10_000 } });
    const tie = evaluatePromotions({ lines: [TEE], automatic: [x], code, context: context() });
    expect(tie.applied.map((entry) => entry.id)).toEqual(['z']);
  });

  it('stacked discounts never take a line below zero and sum per line', () => {
    const all = promo({
      id: 'a',
      code: null,
      combinable: true,
      offer: { kind: 'percentage', percent: 90, maxDiscountPaise: null },
    });
    const more = promo({
      id: 'b',
      code: null,
      combinable: true,
      offer: { kind: 'fixed', amountPaise: 1_000_000 },
    });
    const outcome = evaluatePromotions({
      lines: [TEE, HOODIE],
      automatic: [all, more],
      code: null,
      context: context(),
    });
    expect(outcome.discountPaise).toBe(229_800);
    expect(outcome.lineDiscountsPaise).toEqual([79_900, 149_900]);
  });

  it('an ineligible automatic promotion is left out silently', () => {
    const later = promo({
      id: 'later',
      code: null,
      offer: { kind: 'fixed', amountPaise: 10_000 },
      conditions: { startsAt: NOW + 1 },
    });
    const outcome = evaluatePromotions({ lines: [TEE], automatic: [later], code: null, context: context() });
    expect(outcome).toEqual({
      applied: [],
      lineDiscountsPaise: [0],
      discountPaise: 0,
      shippingDiscountPaise: 0,
      prepaidOnly: false,
      codeRefusal: null,
      codeOutdone: false,
    });
  });
});

describe('allocation in paise', () => {
  it('spreads proportionally, remainders to the largest fractions and then to the earlier line', () => {
    expect(allocatePaise(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocatePaise(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocatePaise(5, [100, 200])).toEqual([2, 3]);
    expect(allocatePaise(0, [5, 5])).toEqual([0, 0]);
    expect(allocatePaise(0, [])).toEqual([]);
  });

  it('refuses to give more than the lines cost, or bad amounts', () => {
    expect(() => allocatePaise(11, [5, 5])).toThrow(RangeError);
    expect(() => allocatePaise(1.5, [5])).toThrow(RangeError);
    expect(() => allocatePaise(1, [-1, 5])).toThrow(RangeError);
  });

  it('always sums to the discount exactly and never exceeds a weight (10,000 seeded random cases)', () => {
    let seed = 42;
    const random = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    for (let round = 0; round < 10_000; round += 1) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(500_000));
      const weightSum = weights.reduce((a, b) => a + b, 0);
      const total = weightSum === 0 ? 0 : random(weightSum + 1);
      const shares = allocatePaise(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
        // Within one paisa of the exact proportional share.
        if (weightSum > 0)
          expect(Math.abs(share - (total * (weights[index] ?? 0)) / weightSum)).toBeLessThan(1);
      });
    }
  });

  it('every evaluated outcome allocates each promotion exactly (random carts)', () => {
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    const offers: Promotion['offer'][] = [
      { kind: 'percentage', percent: 15, maxDiscountPaise: 30_000 },
      { kind: 'fixed', amountPaise: 12_345 },
      { kind: 'buy_x_get_y', buy: 2, get: 1, percent: 100 },
      { kind: 'bundle', quantity: 3, pricePaise: 99_900 },
    ];
    for (let round = 0; round < 500; round += 1) {
      const lines = Array.from({ length: 1 + random(5) }, (_, i) =>
        line(`p${i}`, 100 * (1 + random(2_000)), 1 + random(4)),
      );
      const automatic = offers.map((offer, i) =>
        promo({ id: `a${i}`, code: null, combinable: random(2) === 0, offer }),
      );
      const outcome = evaluatePromotions({ lines, automatic, code: null, context: context() });
      for (const entry of outcome.applied) {
        expect(entry.linesPaise.reduce((a, b) => a + b, 0)).toBe(entry.discountPaise);
      }
      outcome.lineDiscountsPaise.forEach((discount, index) => {
        const own = lines[index];
        expect(discount).toBeLessThanOrEqual((own?.pricePaise ?? 0) * (own?.quantity ?? 0));
      });
      expect(outcome.lineDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(outcome.discountPaise);
    }
  });
});

describe('order summary with a promotion', () => {
  it('takes the promotion discount off before tax and keeps the MRP saving apart', () => {
    const totals = cartTotalsPaise({
      lines: [{ pricePaise: 100_000, mrpPaise: 130_000, quantity: 1 }],
      shippingPaise: 5_000,
      taxRate: 5,
      promotionDiscountPaise: 20_000,
    });
    expect(totals).toMatchObject({
      subtotalPaise: 100_000,
      discountPaise: 30_000,
      promotionDiscountPaise: 20_000,
      taxPaise: 4_000,
      totalPaise: 89_000,
    });
    expect(() =>
      cartTotalsPaise({
        lines: [{ pricePaise: 100, mrpPaise: 100, quantity: 1 }],
        promotionDiscountPaise: 101,
      }),
    ).toThrow(RangeError);
  });
});
