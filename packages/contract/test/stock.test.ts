import { describe, expect, it } from 'vitest';
import { isInStock, STOCK_BANDS, stockBand, stockLabel } from '../src/rules/stock.ts';

describe('stock labels', () => {
  it.each([
    [-5, 'Out of Stock', 'out_of_stock'],
    [0, 'Out of Stock', 'out_of_stock'],
    [1, 'Only 1 Left', 'low'],
    [10, 'Only 10 Left', 'low'],
    [11, 'Hurry Up', 'hurry'],
    [20, 'Hurry Up', 'hurry'],
    [21, 'In Stock', 'in_stock'],
    [500, 'In Stock', 'in_stock'],
  ] as const)('stock %i -> %s', (stock, label, band) => {
    expect(stockLabel(stock)).toBe(label);
    expect(stockBand(stock)).toBe(band);
  });

  it('treats a missing number as out of stock', () => {
    expect(stockLabel(Number.NaN)).toBe('Out of Stock');
    expect(isInStock(Number.NaN)).toBe(false);
    expect(isInStock(1)).toBe(true);
  });

  it('lists the four bands', () => {
    expect(STOCK_BANDS).toEqual(['out_of_stock', 'low', 'hurry', 'in_stock']);
  });
});
