import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_VIEW, PRODUCT_PAGE_SIZE, nextSort, productQueryString } from './product-query';

const query = (...args: Parameters<typeof productQueryString>) =>
  Object.fromEntries(new URLSearchParams(productQueryString(...args)));

describe('productQueryString', () => {
  it('sends the default order and the page size when nothing is searched or filtered', () => {
    expect(query(DEFAULT_PRODUCT_VIEW)).toEqual({
      sort: 'updated',
      dir: 'desc',
      limit: String(PRODUCT_PAGE_SIZE),
    });
  });

  it('sends the search trimmed, the filters and the order', () => {
    expect(query({ q: '  kesari tee ', status: 'draft', stock: 'low', sort: 'price', dir: 'asc' })).toEqual({
      q: 'kesari tee',
      status: 'draft',
      stock: 'low',
      sort: 'price',
      dir: 'asc',
      limit: String(PRODUCT_PAGE_SIZE),
    });
    expect(query({ ...DEFAULT_PRODUCT_VIEW, q: '   ' })).not.toHaveProperty('q');
  });

  it('asks for the next page from the rows already shown', () => {
    expect(query(DEFAULT_PRODUCT_VIEW, 50)).toMatchObject({ offset: '50' });
    expect(query(DEFAULT_PRODUCT_VIEW, 0)).not.toHaveProperty('offset');
  });
});

describe('nextSort', () => {
  it('turns the current column round and starts another in the order a reader expects', () => {
    expect(nextSort(DEFAULT_PRODUCT_VIEW, 'updated')).toEqual({ sort: 'updated', dir: 'asc' });
    expect(nextSort({ ...DEFAULT_PRODUCT_VIEW, sort: 'name', dir: 'asc' }, 'name')).toEqual({
      sort: 'name',
      dir: 'desc',
    });
    expect(nextSort(DEFAULT_PRODUCT_VIEW, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort(DEFAULT_PRODUCT_VIEW, 'stock')).toEqual({ sort: 'stock', dir: 'desc' });
  });
});
