import type { SubcategoriesData } from '@rangrez/contract/schemas';
import { describe, expect, it } from 'vitest';
import {
  categoryName,
  filtersFromUrl,
  filtersToSearch,
  isKnownCollectionPath,
  parseSlugList,
  productQuery,
  toggleCategory,
  toggleType,
  typeName,
  typeOptions,
} from './filters';

const sub = (group: string, name: string) => ({
  id: `${group}-${name}`,
  name,
  thumbnail: 'https://x.test/media/placeholder.svg',
  parentCategory: group,
  description: '',
});
const collections: SubcategoriesData = {
  Men: [sub('Men', 'Oversized T-Shirt'), sub('Men', 'Hoodie'), sub('Men', 'Varsity Jacket')],
  Women: [sub('Women', 'Crop Top'), sub('Women', 'Oversized T-Shirt'), sub('Women', 'Hoodie')],
  'Newly Added': [sub('Newly Added', 'Hoodie')],
};
const path = { categoryName: 'men', subCategoryName: 'hoodie' };

describe('parseSlugList', () => {
  it('normalises, de-duplicates and drops empty parts', () => {
    expect(parseSlugList('Men, women ,,men')).toEqual(['men', 'women']);
    expect(parseSlugList('')).toEqual([]);
    expect(parseSlugList(null)).toEqual([]);
  });
});

describe('isKnownCollectionPath', () => {
  const known = (categoryName: string, subCategoryName: string) =>
    isKnownCollectionPath({ categoryName, subCategoryName }, collections);

  it('knows groups and the sub-categories they offer, lists of them and all', () => {
    expect(known('men', 'hoodie')).toBe(true);
    expect(known('Women', 'Crop Top')).toBe(true);
    expect(known('men,women', 'crop-top')).toBe(true);
    expect(known('all', 'varsity-jacket')).toBe(true);
    expect(known('newly-added', 'all')).toBe(true);
  });

  it('does not know a group, or a type its groups do not offer', () => {
    expect(known('no-such', 'thing')).toBe(false);
    expect(known('men', 'thing')).toBe(false);
    expect(known('no-such', 'hoodie')).toBe(false);
    expect(known('men', 'crop-top')).toBe(false);
    expect(known('men,nobody', 'hoodie')).toBe(false);
    expect(known(',', 'hoodie')).toBe(false);
  });

  it('takes every path as known when the collections could not be read', () => {
    expect(isKnownCollectionPath({ categoryName: 'no-such', subCategoryName: 'thing' }, null)).toBe(true);
  });
});

describe('filtersFromUrl', () => {
  it('reads the path when the query says nothing', () => {
    expect(filtersFromUrl(path, new URLSearchParams(), collections)).toEqual({
      categories: ['men'],
      types: ['hoodie'],
      q: '',
    });
  });

  it('lets cat, type and q override the path, sorted in menu order', () => {
    const f = filtersFromUrl(
      path,
      new URLSearchParams('cat=women,men&type=hoodie,oversized-t-shirt&q=%20tokyo%20'),
      collections,
    );
    expect(f).toEqual({ categories: ['men', 'women'], types: ['oversized-t-shirt', 'hoodie'], q: 'tokyo' });
  });

  it("reads 'all' as every group and as every type, and an empty cat as nothing selected", () => {
    expect(
      filtersFromUrl({ categoryName: 'all', subCategoryName: 'all' }, new URLSearchParams(), collections),
    ).toEqual({
      categories: ['men', 'women', 'newly-added'],
      types: [],
      q: '',
    });
    expect(filtersFromUrl(path, new URLSearchParams('cat='), collections).categories).toEqual([]);
  });

  it('caps the search text at 100 characters', () => {
    expect(filtersFromUrl(path, new URLSearchParams(`q=${'a'.repeat(150)}`), collections).q).toHaveLength(
      100,
    );
  });
});

describe('filtersToSearch', () => {
  it('is empty when the path alone describes the view', () => {
    expect(filtersToSearch({ categories: ['men'], types: ['hoodie'], q: '' }, path, collections)).toBe('');
  });

  it('writes only what differs from the path, plus the query', () => {
    expect(
      filtersToSearch({ categories: ['men', 'women'], types: ['hoodie'], q: 'tokyo' }, path, collections),
    ).toBe('?cat=men,women&q=tokyo');
    expect(filtersToSearch({ categories: ['men'], types: [], q: '' }, path, collections)).toBe('?type=all');
    expect(filtersToSearch({ categories: [], types: ['hoodie'], q: 'a b&c' }, path, collections)).toBe(
      '?cat=&q=a%20b%26c',
    );
  });

  it('round-trips through filtersFromUrl', () => {
    const filters = { categories: ['men', 'women'], types: ['crop-top'], q: 'tokyo drift' };
    const search = filtersToSearch(filters, path, collections);
    expect(filtersFromUrl(path, new URLSearchParams(search), collections)).toEqual(filters);
  });
});

describe('toggles', () => {
  it('adds and removes groups in menu order and drops types no selected group offers', () => {
    const start = { categories: ['women'], types: ['crop-top', 'hoodie'], q: '' };
    const withMen = toggleCategory(start, 'men', collections);
    expect(withMen.categories).toEqual(['men', 'women']);
    const menOnly = toggleCategory(withMen, 'women', collections);
    expect(menOnly).toEqual({ categories: ['men'], types: ['hoodie'], q: '' });
  });

  it('keeps types when every group is unselected (the TYPE list then offers all types)', () => {
    const none = toggleCategory({ categories: ['men'], types: ['hoodie'], q: 'x' }, 'men', collections);
    expect(none).toEqual({ categories: [], types: ['hoodie'], q: 'x' });
  });

  it('adds and removes types in list order', () => {
    const f = { categories: ['men'], types: ['varsity-jacket'], q: '' };
    expect(toggleType(f, 'oversized-t-shirt', collections).types).toEqual([
      'oversized-t-shirt',
      'varsity-jacket',
    ]);
    expect(toggleType(f, 'varsity-jacket', collections).types).toEqual([]);
  });
});

describe('typeOptions and names', () => {
  it('offers the union of the selected groups, once per type', () => {
    expect(typeOptions(collections, ['men', 'women']).map((t) => t.name)).toEqual([
      'Oversized T-Shirt',
      'Hoodie',
      'Varsity Jacket',
      'Crop Top',
    ]);
    expect(typeOptions(collections, []).length).toBe(4);
  });

  it('names slugs from the data, falling back to the slug rule', () => {
    expect(categoryName('newly-added', collections)).toBe('Newly Added');
    expect(typeName('oversized-t-shirt', collections)).toBe('Oversized T-Shirt');
    expect(typeName('zip-hoodie', collections)).toBe('Zip Hoodie');
  });
});

describe('productQuery', () => {
  it('asks for comma lists and all types when no type is selected', () => {
    expect(productQuery({ categories: ['men', 'women'], types: ['hoodie'], q: 'tokyo' })).toEqual({
      category: 'men,women',
      subCategory: 'hoodie',
      q: 'tokyo',
    });
    expect(productQuery({ categories: ['men'], types: [], q: '' })).toEqual({
      category: 'men',
      subCategory: 'all',
    });
  });

  it('asks for nothing without a group', () => {
    expect(productQuery({ categories: [], types: ['hoodie'], q: '' })).toBeNull();
  });
});
