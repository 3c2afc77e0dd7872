import { describe, expect, it } from 'vitest';
import { formatINR, paiseToRupees, paymentAmountPaise, rupeesToPaise } from '../src/rules/money.ts';

describe('rupeesToPaise', () => {
  it('multiplies whole rupees by 100', () => {
    expect(rupeesToPaise(0)).toBe(0);
    expect(rupeesToPaise(799)).toBe(79_900);
    expect(rupeesToPaise(-50)).toBe(-5000);
  });

  it('refuses fractions, NaN, infinities and unsafe results', () => {
    expect(() => rupeesToPaise(1.5)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});

describe('paiseToRupees', () => {
  it('divides integer paise by 100', () => {
    expect(paiseToRupees(79_900)).toBe(799);
    expect(paiseToRupees(12_345)).toBe(123.45);
    expect(paiseToRupees(0)).toBe(0);
  });

  it('refuses non-integer or unsafe paise', () => {
    expect(() => paiseToRupees(10.5)).toThrow(RangeError);
    expect(() => paiseToRupees(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it('round-trips with rupeesToPaise', () => {
    for (const rupees of [0, 1, 499, 799, 1299, 123_456])
      expect(paiseToRupees(rupeesToPaise(rupees))).toBe(rupees);
  });
});

describe('paymentAmountPaise', () => {
  it('is the total times 100', () => {
    expect(paymentAmountPaise(2947)).toBe(294_700);
  });
});

describe('formatINR', () => {
  it('groups digits the Indian way without decimals for whole rupees', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(5)).toBe('₹5');
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(1000)).toBe('₹1,000');
    expect(formatINR(99_999)).toBe('₹99,999');
    expect(formatINR(123_456)).toBe('₹1,23,456');
    expect(formatINR(1_234_567)).toBe('₹12,34,567');
    expect(formatINR(123_456_789)).toBe('₹12,34,56,789');
    expect(formatINR(10_000_000_000)).toBe('₹10,00,00,00,000');
  });

  it('shows two decimals only when there are paise', () => {
    expect(formatINR(1234.5)).toBe('₹1,234.50');
    expect(formatINR(0.05)).toBe('₹0.05');
    expect(formatINR(799.999)).toBe('₹800');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatINR(-50)).toBe('-₹50');
    expect(formatINR(-0)).toBe('₹0');
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatINR(Number.NaN)).toThrow(RangeError);
  });
});
