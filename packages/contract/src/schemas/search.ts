// Search over the whole catalogue or a collection, with sort, filters and their counts (docs/search.md).

import { z } from 'zod';
import { SEARCH_SORTS } from '../rules/search.ts';
import { SIZES } from '../rules/size-chart.ts';
import { idSchema, integerQueryParam } from './basics.ts';
import { productListItemSchema } from './catalogue.ts';

export { PRICE_BANDS, SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchSort } from '../rules/search.ts';

/** Products per answer when a search gives no `limit`. */
export const SEARCH_DEFAULT_LIMIT = 24;
const SEARCH_MAX_LIMIT = 100;

/** A comma-separated list in a query string (`size=M,L`), trimmed, without empty items or repeats. */
function listParam<T extends z.ZodType<unknown, string>>(field: string, item: T) {
  return z
    .string({ error: `${field} must be text` })
    .max(300, `${field} must be at most 300 characters`)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).max(20, `${field} may name at most 20 values`));
}

/**
 * GET /search. Every parameter is optional: no `q` lists the whole selection. `category` and `subCategory` narrow it
 * to a collection as /products/{category}/{subCategory} does (slugs, comma-separated, or 'all').
 */
export const searchQuerySchema = z
  .object({
    q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    size: listParam('size', z.enum(SIZES, { error: `size must be among ${SIZES.join(', ')}` })).optional(),
    color: listParam('color', z.string().max(20, 'color must be at most 20 characters')).optional(),
    minPrice: integerQueryParam('minPrice', 0, 1_000_000).optional(),
    maxPrice: integerQueryParam('maxPrice', 0, 1_000_000).optional(),
    category: z
      .string({ error: 'category must be text' })
      .max(500, 'category must be at most 500 characters')
      .optional(),
    subCategory: z
      .string({ error: 'subCategory must be text' })
      .max(500, 'subCategory must be at most 500 characters')
      .optional(),
    cursor: z
      .string({ error: 'cursor must be text' })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'cursor is not valid')
      .optional(),
    limit: integerQueryParam('limit', 1, SEARCH_MAX_LIMIT).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not be above maxPrice',
  });
export type SearchQuery = z.input<typeof searchQuerySchema>;
export type SearchParams = z.output<typeof searchQuerySchema>;

const facetValueSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });

/** A price band with the number of products in it. */
const priceFacetSchema = z.object({
  min: z.number().int().nonnegative(),
  max: z.number().int().nonnegative().nullable(),
  label: z.string(),
  count: z.number().int().nonnegative(),
});

/**
 * Each facet counts the products that match the text and every other filter (a size's count applies the colour
 * and price filters, not the size filter), so choosing a value never changes its own facet's counts.
 */
export const searchFacetsSchema = z.object({
  size: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  price: z.array(priceFacetSchema),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** GET /search: a page of cards, the number of all matches, the facets and the cursor of the next page (or null). */
export const searchResponseSchema = z.object({
  products: z.array(productListItemSchema),
  total: z.number().int().nonnegative(),
  facets: searchFacetsSchema,
  nextCursor: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResponseSchema>;

/** GET /search/suggest: what the header's search field offers as the shopper types. */
export const searchSuggestQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
});

export const searchSuggestionsSchema = z.object({
  products: z.array(
    z.object({ _id: z.string(), name: z.string(), price: z.number().int(), thumbnail: z.string() }),
  ),
  /** Collections whose name matches, with the path of their page. */
  categories: z.array(z.object({ name: z.string(), group: z.string(), path: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

// ---------------------------------------------------------------- back office

const synonymTermSchema = z
  .string({ error: 'Each term must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'A term must not be empty')
  .max(60, 'A term must be at most 60 characters');

/** POST and PUT /admin/search/synonyms: two or more words or phrases that mean the same. */
export const adminSynonymBodySchema = z.object({
  terms: z
    .array(synonymTermSchema, { error: 'terms must be a list' })
    .transform((terms) => [...new Set(terms)])
    .pipe(
      z.array(z.string()).min(2, 'A synonym needs at least two different terms').max(20, 'At most 20 terms'),
    ),
});
export type AdminSynonymBody = z.input<typeof adminSynonymBodySchema>;

export const adminSynonymSchema = z.object({ id: z.string(), terms: z.array(z.string()) });
export type AdminSynonym = z.infer<typeof adminSynonymSchema>;

export const adminSynonymIdParamsSchema = z.object({ id: idSchema('id') });

export const adminSynonymListResponseSchema = z.object({ synonyms: z.array(adminSynonymSchema) });
export const adminSynonymResponseSchema = z.object({ synonym: adminSynonymSchema });

/** GET /admin/search/misses: searches that found nothing, most recent first. */
export const adminSearchMissListResponseSchema = z.object({
  misses: z.array(z.object({ query: z.string(), count: z.number().int(), lastSeenAt: z.string() })),
});
export type AdminSearchMiss = z.infer<typeof adminSearchMissListResponseSchema>['misses'][number];
