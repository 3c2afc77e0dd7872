import { describe, expect, it } from 'vitest';
import { cartTotals, cartTotalsPaise } from '../src/rules/cart-totals.ts';
import {
  DEFAULT_MARKUP_RUPEES,
  DEFAULT_MRP_RULE,
  describeMrpRule,
  lineDiscountPaise,
  mrp,
  mrpPaise,
  mrpRuleProblem,
  ruleSavePercent,
  savePercent,
} from '../src/rules/pricing.ts';
import { averageRating, clampRating, ratingComplement } from '../src/rules/rating.ts';

describe('MRP rules', () => {
  it("adds the spec's 300 rupee extra charge by default", () => {
    expect(DEFAULT_MARKUP_RUPEES).toBe(300);
    expect(DEFAULT_MRP_RULE).toEqual({ kind: 'markup', rupees: 300 });
    expect(mrp(499, DEFAULT_MRP_RULE)).toBe(799);
    expect(mrp(0, DEFAULT_MRP_RULE)).toBe(300);
    expect(mrpPaise(49_900, DEFAULT_MRP_RULE)).toBe(79_900);
  });

  it('adds another markup, or none at all', () => {
    expect(mrp(999, { kind: 'markup', rupees: 500 })).toBe(1499);
    expect(mrpPaise(99_950, { kind: 'markup', rupees: 500 })).toBe(149_950);
    expect(mrp(999, { kind: 'markup', rupees: 0 })).toBe(999);
  });

  it('takes a declared MRP as it is, never below the price', () => {
    expect(mrp(999, { kind: 'fixed', mrp: 1499 })).toBe(1499);
    expect(mrpPaise(99_900, { kind: 'fixed', mrp: 1499 })).toBe(149_900);
    expect(mrp(999, { kind: 'fixed', mrp: 999 })).toBe(999);
    // Refused when saved (below); stored data that says so anyway shows no saving rather than a negative one.
    expect(mrp(999, { kind: 'fixed', mrp: 899 })).toBe(999);
    expect(mrpPaise(99_900, { kind: 'fixed', mrp: 899 })).toBe(99_900);
  });

  it('shows no MRP under the none rule: the MRP is the price', () => {
    expect(mrp(999, { kind: 'none' })).toBe(999);
    expect(mrpPaise(99_900, { kind: 'none' })).toBe(99_900);
    expect(ruleSavePercent(999, { kind: 'none' })).toBe(0);
  });

  it('refuses a declared MRP below the price, in the words the form and the API show', () => {
    expect(mrpRuleProblem(999, { kind: 'fixed', mrp: 998 })).toBe('The MRP must not be below the price');
    expect(mrpRuleProblem(999, { kind: 'fixed', mrp: 999 })).toBeNull();
    expect(mrpRuleProblem(999, { kind: 'markup', rupees: 0 })).toBeNull();
    expect(mrpRuleProblem(999, { kind: 'none' })).toBeNull();
  });

  it('describes each rule in words', () => {
    expect(describeMrpRule(DEFAULT_MRP_RULE)).toBe('price + ₹300');
    expect(describeMrpRule({ kind: 'fixed', mrp: 1499 })).toBe('MRP ₹1,499');
    expect(describeMrpRule({ kind: 'none' })).toBe('no MRP');
  });
});

describe('save percent', () => {
  it('rounds 300 / (price + 300) to a whole percent under the default rule', () => {
    expect(ruleSavePercent(499, DEFAULT_MRP_RULE)).toBe(38);
    expect(ruleSavePercent(799, DEFAULT_MRP_RULE)).toBe(27);
    expect(ruleSavePercent(1299, DEFAULT_MRP_RULE)).toBe(19);
    expect(ruleSavePercent(0, DEFAULT_MRP_RULE)).toBe(100);
  });

  it('rounds (MRP - price) / MRP half up, whatever the rule', () => {
    // 1 / 8 = 12.5% -> 13; 1 / 3 = 33.3% -> 33; 2 / 3 = 66.7% -> 67.
    expect(savePercent(700, 800)).toBe(13);
    expect(ruleSavePercent(700, { kind: 'fixed', mrp: 800 })).toBe(13);
    expect(ruleSavePercent(200, { kind: 'markup', rupees: 100 })).toBe(33);
    expect(ruleSavePercent(100, { kind: 'fixed', mrp: 300 })).toBe(67);
    expect(savePercent(999, 999)).toBe(0);
  });

  it('answers 0 for negative or non-numeric prices and an MRP not above the price', () => {
    expect(ruleSavePercent(-300, DEFAULT_MRP_RULE)).toBe(0);
    expect(ruleSavePercent(Number.NaN, DEFAULT_MRP_RULE)).toBe(0);
    expect(savePercent(-300, 0)).toBe(0);
    expect(savePercent(499, Number.NaN)).toBe(0);
    expect(savePercent(499, 399)).toBe(0);
  });
});

describe('line discount', () => {
  it('is (MRP - price) x quantity, never negative', () => {
    expect(lineDiscountPaise({ pricePaise: 79_900, mrpPaise: 109_900, quantity: 2 })).toBe(60_000);
    expect(lineDiscountPaise({ pricePaise: 79_900, mrpPaise: 79_900, quantity: 3 })).toBe(0);
    expect(lineDiscountPaise({ pricePaise: 79_900, mrpPaise: 69_900, quantity: 1 })).toBe(0);
  });

  it("makes the order summary's discount the sum over lines of different rules", () => {
    const totals = cartTotals({
      lines: [
        { price: 799, mrp: mrp(799, DEFAULT_MRP_RULE), quantity: 2 },
        { price: 999, mrp: mrp(999, { kind: 'fixed', mrp: 1499 }), quantity: 1 },
        { price: 499, mrp: mrp(499, { kind: 'none' }), quantity: 1 },
      ],
    });
    expect(totals).toMatchObject({
      itemCount: 4,
      subtotal: 3096,
      discount: 1100,
      originalPrice: 4196,
      // 1100 / 4196 = 26.2%
      discountPercent: 26,
    });
    expect(cartTotalsPaise({ lines: [{ pricePaise: 49_900, mrpPaise: 49_900, quantity: 2 }] })).toMatchObject(
      { discountPaise: 0, discountPercent: 0, originalPricePaise: 99_800 },
    );
  });
});

describe('ratings', () => {
  it('clamps to 0-5', () => {
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(0)).toBe(0);
    expect(clampRating(3.5)).toBe(3.5);
    expect(clampRating(5)).toBe(5);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(Number.NaN)).toBe(0);
  });

  it('averages reviews, 0 when there are none', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([{ rating: 4 }, { rating: 5 }])).toBe(4.5);
    expect(averageRating([{ rating: 9 }, { rating: -3 }])).toBe(2.5);
  });

  it('gives the complement to 5', () => {
    expect(ratingComplement(4.5)).toBe(0.5);
    expect(ratingComplement(0)).toBe(5);
    expect(ratingComplement(6)).toBe(0);
  });
});
