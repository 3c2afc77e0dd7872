import { describe, expect, it } from 'vitest';
import { orderQueryString, stateLabel, withFilter } from './order-query';

describe('orderQueryString', () => {
  it('keeps the filters the API knows, trimmed, and adds the cursor', () => {
    const params = new URLSearchParams('q=%20RZ12%20&gateway=COD&page=3&from=2026-11-01&needsAction=true');
    expect(orderQueryString(params)).toBe('gateway=COD&q=RZ12&from=2026-11-01&needsAction=true');
    expect(orderQueryString(params, 'abc')).toBe(
      'gateway=COD&q=RZ12&from=2026-11-01&needsAction=true&cursor=abc',
    );
  });

  it('sets and clears one filter', () => {
    const params = withFilter(new URLSearchParams('payment=captured'), 'refund', 'failed');
    expect(params.toString()).toBe('payment=captured&refund=failed');
    expect(withFilter(params, 'payment', '').toString()).toBe('refund=failed');
  });

  it('reads states as words', () => {
    expect(stateLabel('cancel_requested')).toBe('cancel requested');
  });
});
