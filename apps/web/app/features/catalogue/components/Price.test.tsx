// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Price } from './Price';

afterEach(cleanup);

const shown = (price: number, mrp: number) => {
  const { container } = render(<Price price={price} mrp={mrp} />);
  return {
    text: container.textContent,
    crossedOut: container.querySelector('s')?.textContent ?? null,
  };
};

describe('Price', () => {
  it('crosses out the MRP the API sends and saves its share of it', () => {
    // The default rule: 300 over 799.
    expect(shown(799, 1099)).toEqual({ text: '₹799MRP ₹1,099Save 27%', crossedOut: 'MRP ₹1,099' });
    // A declared MRP: (1499 - 999) / 1499 = 33.4%.
    expect(shown(999, 1499)).toEqual({ text: '₹999MRP ₹1,499Save 33%', crossedOut: 'MRP ₹1,499' });
  });

  it('shows the price alone for a product without an MRP', () => {
    expect(shown(999, 999)).toEqual({ text: '₹999', crossedOut: null });
  });
});
