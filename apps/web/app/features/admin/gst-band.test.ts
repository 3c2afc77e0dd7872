import { describe, expect, it } from 'vitest';
import { priceBandWarning } from './gst-band';

describe('priceBandWarning', () => {
  it('warns between ₹2,625 and ₹2,950 under the 2025 rates, and only there', () => {
    const warning =
      'No GST rate fits a price between ₹2,625 and ₹2,950: this one is taxed at 18%. Up to ₹2,625 a piece is taxed at 5%.';
    expect(priceBandWarning(2626, '2026-11-26')).toBe(warning);
    expect(priceBandWarning(2950, '2026-11-26')).toBe(warning);
    expect(priceBandWarning(2625, '2026-11-26')).toBeNull();
    expect(priceBandWarning(2951, '2026-11-26')).toBeNull();
    expect(priceBandWarning(799, '2026-11-26')).toBeNull();
  });

  it('follows the rate table: before 22 September 2025 the limits were ₹1,050 and ₹1,120', () => {
    expect(priceBandWarning(1100, '2025-09-21')).toBe(
      'No GST rate fits a price between ₹1,050 and ₹1,120: this one is taxed at 12%. Up to ₹1,050 a piece is taxed at 5%.',
    );
    expect(priceBandWarning(1100, '2025-09-22')).toBeNull();
  });
});
