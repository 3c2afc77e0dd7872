import { describe, expect, it } from 'vitest';
import {
  EXTRA_CHARGE_PAISE,
  EXTRA_CHARGE_RUPEES,
  mrp,
  mrpPaise,
  savePercent,
  savePercentPaise,
} from '../src/rules/pricing.ts';
import { averageRating, clampRating, ratingComplement } from '../src/rules/rating.ts';

describe('MRP and save percent', () => {
  it('adds the 300 rupee extra charge', () => {
    expect(EXTRA_CHARGE_RUPEES).toBe(300);
    expect(EXTRA_CHARGE_PAISE).toBe(30_000);
    expect(mrp(499)).toBe(799);
    expect(mrp(0)).toBe(300);
    expect(mrpPaise(49_900)).toBe(79_900);
  });

  it('rounds 300 / (price + 300) to a whole percent', () => {
    expect(savePercent(499)).toBe(38);
    expect(savePercent(799)).toBe(27);
    expect(savePercent(1299)).toBe(19);
    expect(savePercent(0)).toBe(100);
    expect(savePercentPaise(49_900)).toBe(38);
  });

  it('answers 0 for negative or non-numeric prices', () => {
    expect(savePercent(-300)).toBe(0);
    expect(savePercent(Number.NaN)).toBe(0);
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
