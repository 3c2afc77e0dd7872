// The collection page's filter state and its URL (docs/product/screens.md#collection-page). The path names
// the entry view (/collection/men/hoodie); `?cat=men,women&type=hoodie&q=tokyo` overrides it, so a link
// reproduces the view. Pure functions: the loader, the filter UI and the tests share them.
import { fromSlug, toSlug } from '@rangrez/contract/rules/slugs';
import type { SubcategoriesData } from '@rangrez/contract/schemas';

export interface CollectionFilters {
  /** Collection group slugs ('men', 'women'); empty means nothing selected (the page asks to select one). */
  categories: string[];
  /** Sub-category slugs ('hoodie'); empty means every type of the selected groups. */
  types: string[];
  /** Search text, trimmed; '' when not searching. */
  q: string;
}

export interface FilterOption {
  slug: string;
  name: string;
}

export interface CollectionPath {
  categoryName: string;
  subCategoryName: string;
}

/** The API's word for "every group / every type" in a path segment. */
const ALL = 'all';
/** Longest search text the API accepts (contract productListQuerySchema). */
const MAX_QUERY_LENGTH = 100;

/** 'Men, women ,,Men' -> ['men', 'women']: slugs, lower-case, de-duplicated, in the order given. */
export function parseSlugList(value: string | null | undefined): string[] {
  if (!value) return [];
  const slugs = value
    .split(',')
    .map((part) => toSlug(part))
    .filter((slug) => slug.length > 0);
  return [...new Set(slugs)];
}

export function categoryOptions(collections: SubcategoriesData | null): FilterOption[] {
  return Object.keys(collections ?? {}).map((name) => ({ slug: toSlug(name), name }));
}

/** Sub-categories of the selected groups (of every group when none is selected), one per slug, in order. */
export function typeOptions(
  collections: SubcategoriesData | null,
  categories: readonly string[],
): FilterOption[] {
  const seen = new Map<string, FilterOption>();
  for (const [group, subs] of Object.entries(collections ?? {})) {
    if (categories.length > 0 && !categories.includes(toSlug(group))) continue;
    for (const sub of subs) {
      const slug = toSlug(sub.name);
      if (!seen.has(slug)) seen.set(slug, { slug, name: sub.name });
    }
  }
  return [...seen.values()];
}

function sortByOptions(slugs: readonly string[], options: readonly FilterOption[]): string[] {
  const order = new Map(options.map((option, i) => [option.slug, i]));
  const rank = (slug: string) => order.get(slug) ?? Number.MAX_SAFE_INTEGER;
  return [...slugs].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Whether the path names collections that exist: every group slug is a group (or `all`), every type slug a
 * sub-category of those groups (or `all`). An unknown one is a missing page (404), not an empty one. Without the
 * collections (their read failed) nothing can be told apart, so every path is taken as known.
 */
export function isKnownCollectionPath(path: CollectionPath, collections: SubcategoriesData | null): boolean {
  if (!collections) return true;
  const groups = categoryOptions(collections).map((g) => g.slug);
  const named = parseSlugList(path.categoryName);
  if (named.length === 0 || named.some((slug) => slug !== ALL && !groups.includes(slug))) return false;
  const offered = typeOptions(collections, named.includes(ALL) ? [] : named).map((t) => t.slug);
  const types = parseSlugList(path.subCategoryName);
  return types.length > 0 && types.every((slug) => slug === ALL || offered.includes(slug));
}

/** Filters from the route path and its query; `all` stands for every group or every type. */
export function filtersFromUrl(
  path: CollectionPath,
  search: URLSearchParams,
  collections: SubcategoriesData | null,
): CollectionFilters {
  const groups = categoryOptions(collections);
  let categories = parseSlugList(search.has('cat') ? search.get('cat') : path.categoryName);
  if (categories.includes(ALL)) categories = groups.map((g) => g.slug);
  let types = parseSlugList(search.has('type') ? search.get('type') : path.subCategoryName);
  if (types.includes(ALL)) types = [];
  const q = (search.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  return {
    categories: sortByOptions(categories, groups),
    types: sortByOptions(types, typeOptions(collections, categories)),
    q,
  };
}

/**
 * The query string for these filters on this path: `cat` and `type` only where they differ from what the path
 * already says, `q` only when searching. '' when the path alone describes the view.
 */
export function filtersToSearch(
  filters: CollectionFilters,
  path: CollectionPath,
  collections: SubcategoriesData | null,
): string {
  const fromPath = filtersFromUrl(path, new URLSearchParams(), collections);
  const params: string[] = [];
  if (filters.categories.join(',') !== fromPath.categories.join(',')) {
    params.push(`cat=${filters.categories.map(encodeURIComponent).join(',')}`);
  }
  if (filters.types.join(',') !== fromPath.types.join(',')) {
    params.push(`type=${filters.types.length > 0 ? filters.types.map(encodeURIComponent).join(',') : ALL}`);
  }
  if (filters.q) params.push(`q=${encodeURIComponent(filters.q)}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

export function toggleCategory(
  filters: CollectionFilters,
  slug: string,
  collections: SubcategoriesData | null,
): CollectionFilters {
  const selected = filters.categories.includes(slug);
  const categories = sortByOptions(
    selected ? filters.categories.filter((c) => c !== slug) : [...filters.categories, slug],
    categoryOptions(collections),
  );
  // A type no selected group offers would stay checked but invisible: drop it.
  const offered = new Set(typeOptions(collections, categories).map((t) => t.slug));
  return { ...filters, categories, types: filters.types.filter((t) => offered.has(t)) };
}

export function toggleType(
  filters: CollectionFilters,
  slug: string,
  collections: SubcategoriesData | null,
): CollectionFilters {
  const selected = filters.types.includes(slug);
  const types = sortByOptions(
    selected ? filters.types.filter((t) => t !== slug) : [...filters.types, slug],
    typeOptions(collections, filters.categories),
  );
  return { ...filters, types };
}

export interface ProductListQuery {
  category: string;
  subCategory: string;
  q?: string;
}

/** What to ask the API for; null when no group is selected (nothing to show). */
export function productQuery(filters: CollectionFilters): ProductListQuery | null {
  if (filters.categories.length === 0) return null;
  return {
    category: filters.categories.join(','),
    subCategory: filters.types.length > 0 ? filters.types.join(',') : ALL,
    ...(filters.q ? { q: filters.q } : {}),
  };
}

/** The display name of a group slug: the data's spelling when known, else the slug rule's. */
export function categoryName(slug: string, collections: SubcategoriesData | null): string {
  return categoryOptions(collections).find((o) => o.slug === slug)?.name ?? fromSlug(slug);
}

export function typeName(slug: string, collections: SubcategoriesData | null): string {
  return typeOptions(collections, []).find((o) => o.slug === slug)?.name ?? fromSlug(slug);
}
