// The collection page keeps the shopper's sort and filters when its own selection changes (docs/search.md).

/** The sort and filter parameters of a query string, to carry over when a collection's own selection changes. */
export function facetSearch(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['sort', 'size', 'color', 'minPrice', 'maxPrice'])
    for (const value of from.getAll(key)) kept.append(key, value);
  return kept.toString();
}
