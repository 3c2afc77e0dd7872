import { describe, expect, it } from 'vitest';
import { makeProduct } from './test-helpers';
import {
  addColour,
  checkGrid,
  gridFromVariants,
  removeColour,
  setCell,
  toggleSize,
  totalStock,
  variantsBody,
} from './variant-grid';

const grid = () => gridFromVariants(makeProduct().variants);

describe('the variants grid', () => {
  it('sends every variant as the server has it when nothing changed', () => {
    expect(variantsBody(grid()).variants).toEqual([
      { color: 'Bk', size: 'S', stock: 5, fulfilmentSku: '', sellable: true },
      { color: 'Bk', size: 'M', stock: 4, fulfilmentSku: 'QK-BK-M', sellable: true },
      { color: 'Wh', size: 'S', stock: 3, fulfilmentSku: '', sellable: true },
      { color: 'Wh', size: 'M', stock: 0, fulfilmentSku: '', sellable: false },
    ]);
    // The unsold white M does not count.
    expect(totalStock(grid())).toBe(12);
  });

  it('gives a new colour and a new size sold cells with no stock, in size order', () => {
    let next = addColour(grid(), 'Rd');
    if (typeof next === 'string') throw new Error(next);
    next = toggleSize(next, 'XS');
    expect(next.sizes).toEqual(['XS', 'S', 'M']);
    const body = variantsBody(next).variants;
    expect(body).toHaveLength(9);
    expect(body).toContainEqual({ color: 'Rd', size: 'XS', stock: 0, fulfilmentSku: '', sellable: true });
  });

  it('answers the contract’s message for a colour code it refuses, and refuses a repeat', () => {
    expect(addColour(grid(), 'B1')).toBe('color must be a colour code such as Bk');
    expect(addColour(grid(), 'Bk')).toBe('Bk is on the list already');
  });

  it('leaves out what is taken off the grid, so the server deletes or stops selling it', () => {
    const next = toggleSize(removeColour(grid(), 'Wh'), 'M');
    expect(variantsBody(next).variants).toEqual([
      { color: 'Bk', size: 'S', stock: 5, fulfilmentSku: '', sellable: true },
    ]);
  });

  it('keeps a gap in the product’s grid a gap unless it is given something', () => {
    const gappy = gridFromVariants(makeProduct().variants.filter((v) => v._id !== 'v4'));
    expect(variantsBody(gappy).variants).toHaveLength(3);
    expect(variantsBody(setCell(gappy, 'Wh', 'M', { stock: '2' })).variants).toContainEqual({
      color: 'Wh',
      size: 'M',
      stock: 2,
      fulfilmentSku: '',
      sellable: false,
    });
  });

  it('checks the body with the contract’s schema, naming the cell', () => {
    const check = checkGrid(setCell(setCell(grid(), 'Bk', 'M', { stock: '-1' }), 'Wh', 'S', { stock: '' }));
    expect(check.body).toBeUndefined();
    expect(check.cellErrors).toEqual({
      'Bk|M': 'stock must not be negative',
      'Wh|S': 'stock must be a number',
    });
    expect(checkGrid(removeColour(removeColour(grid(), 'Bk'), 'Wh')).errors).toEqual([
      'variants must hold at least one variant',
    ]);
  });
});
