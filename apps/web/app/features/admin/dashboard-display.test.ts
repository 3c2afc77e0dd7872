import { describe, expect, it } from 'vitest';
import { lastDays, tileChange, tileValue } from './dashboard-display';

describe('the dashboard tiles', () => {
  it('says the change in words, as a percentage of the previous value', () => {
    expect(tileChange('netSales', { value: 11_200, previous: 10_000 })).toEqual({
      direction: 'up',
      text: 'Up 12%',
      good: true,
    });
    expect(tileChange('orders', { value: 97, previous: 100 })).toEqual({
      direction: 'down',
      text: 'Down 3.0%',
      good: false,
    });
    expect(tileChange('refunds', { value: 500, previous: 0 })).toEqual({
      direction: 'up',
      text: 'Up from ₹0',
      good: false,
    });
  });

  it('gives rates in points, and says when there is nothing to compare', () => {
    expect(tileChange('returnRate', { value: 0.05, previous: 0.08 })).toEqual({
      direction: 'down',
      text: 'Down 3.0 points',
      good: true,
    });
    expect(tileChange('codShare', { value: 0.5, previous: null }).text).toBe('Nothing to compare with');
    expect(tileChange('orders', { value: 4, previous: 4 }).text).toBe('No change');
  });

  it('formats values by kind', () => {
    expect(tileValue('money', 1234.5)).toBe('₹1,234.50');
    expect(tileValue('rate', 0.125)).toBe('12.5%');
    expect(tileValue('count', 123456)).toBe('1,23,456');
    expect(tileValue('rate', null)).toBe('–');
  });

  it('counts a range back from its last day', () => {
    expect(lastDays(7, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  });
});
