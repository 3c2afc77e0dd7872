// Search's sorts and price bands (docs/search.md): plain values, so the shop's pages can use them without zod.

export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'popularity'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** What the sort menu says for each sort. */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  popularity: 'Popularity',
};

/**
 * The price bands of the price filter, in whole rupees, fixed so that a band's link stays the same: `max` is
 * inclusive and null for the open top band. A band is chosen as `minPrice` and `maxPrice`.
 */
export const PRICE_BANDS = [
  { min: 0, max: 799, label: 'Under ₹800' },
  { min: 800, max: 999, label: '₹800 to ₹999' },
  { min: 1000, max: 1499, label: '₹1,000 to ₹1,499' },
  { min: 1500, max: null, label: '₹1,500 and above' },
] as const satisfies readonly { min: number; max: number | null; label: string }[];
