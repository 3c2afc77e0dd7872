// Search as the API and the server-rendered pages see it (docs/search.md): the text expanded by the synonyms,
// filters and sort from the query, cards in the collection's shape, facets, the next page's cursor, and the log of
// searches that found nothing.
import { SIZES, toSlug } from '@rangrez/contract/rules';
import {
  PRICE_BANDS,
  SEARCH_DEFAULT_LIMIT,
  type SearchParams,
  type SearchResult,
  type SearchSuggestions,
} from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import { badRequest } from '../../lib/errors.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Db } from '../../lib/db.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import { type NewlyAdded, listCardsByIds, parseSlugList, toListItem } from '../catalogue/index.ts';
import { decodeCursor, encodeCursor, expandTerms, normaliseQuery } from './query-terms.ts';
import { listSynonyms, recordMiss, searchProducts } from './repository.ts';

/** Sizes in the size chart's order. */
const sizeOrder = (size: string) => (SIZES as readonly string[]).indexOf(size);

/** Products and collections the header's field suggests. */
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_CATEGORIES = 4;

export interface SearchContext {
  db: Db;
  publicUrl: string;
  clock?: Clock;
  /** Collections for the suggestions (the catalogue service's cached read). */
  subcategories?: () => Promise<Record<string, { name: string }[]>>;
  /** The computed Newly Added set (the catalogue service's cached read), for collections that name it. */
  newlyAdded?: () => Promise<NewlyAdded>;
}

/** The synonym sets, read once per catalogue change (createSearch caches them with the answers). */
type SynonymSets = () => Promise<string[][]>;

async function termsOf(synonyms: SynonymSets, text: string): Promise<string[][]> {
  if (!normaliseQuery(text)) return [];
  return expandTerms(text, await synonyms());
}

/** A search's answer and what the zero-result log needs of it. */
interface Found {
  result: SearchResult;
  /** Words were searched for and matched nothing in the whole catalogue. */
  miss: string | null;
}

async function runSearch(ctx: SearchContext, synonyms: SynonymSets, params: SearchParams): Promise<Found> {
  const offset = params.cursor === undefined ? 0 : decodeCursor(params.cursor);
  if (offset === null) throw badRequest('cursor is not valid');
  const limit = params.limit ?? SEARCH_DEFAULT_LIMIT;
  const text = params.q ?? '';
  const terms = await termsOf(synonyms, text);
  const sort = params.sort ?? (terms.length > 0 ? 'relevance' : 'newest');
  const groups = parseSlugList(params.category);
  const subCategories = parseSlugList(params.subCategory);
  const rows = await searchProducts(ctx.db, {
    terms,
    text,
    prefix: false,
    groups,
    newly: groups && ctx.newlyAdded ? await ctx.newlyAdded() : undefined,
    subCategories,
    sizes: params.size?.length ? params.size : undefined,
    colors: params.color?.length ? params.color : undefined,
    minPaise: params.minPrice === undefined ? undefined : params.minPrice * 100,
    maxPaise: params.maxPrice === undefined ? undefined : params.maxPrice * 100,
    sort,
    limit,
    offset,
    facets: true,
  });
  // Only a search of the whole catalogue that matched nothing at all tells the store what it lacks.
  const miss =
    terms.length > 0 && rows.matched === 0 && !groups && !subCategories ? normaliseQuery(text) : null;
  const cards = new Map((await listCardsByIds(ctx.db, rows.ids)).map((r) => [r.id, r]));
  const products = rows.ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [toListItem(ctx.publicUrl, card)] : [];
  });
  const result: SearchResult = {
    products,
    total: rows.total,
    facets: {
      size: [...rows.sizes].sort((a, b) => sizeOrder(a.value) - sizeOrder(b.value)),
      color: [...rows.colors].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1)),
      price: PRICE_BANDS.map((band, i) => ({ ...band, count: rows.bands[i] ?? 0 })),
    },
    nextCursor: offset + limit < rows.total ? encodeCursor(offset + limit) : null,
  };
  return { result, miss };
}

/** What the header's search field offers for the text typed so far: products by relevance, matching collections. */
async function runSuggest(ctx: SearchContext, synonyms: SynonymSets, text: string): Promise<SearchSuggestions> {
  const terms = await termsOf(synonyms, text);
  if (terms.length === 0) return { products: [], categories: [] };
  const rows = await searchProducts(ctx.db, {
    terms,
    text,
    prefix: true,
    sort: 'relevance',
    limit: SUGGESTED_PRODUCTS,
    offset: 0,
    facets: false,
  });
  const cards = new Map((await listCardsByIds(ctx.db, rows.ids)).map((r) => [r.id, r]));
  const products = rows.ids.flatMap((id) => {
    const card = cards.get(id);
    if (!card) return [];
    const { thumbnail } = cardImageUrls(ctx.publicUrl, card.imageKey, card.imageWidths);
    return [{ _id: card.id, name: card.name, price: Math.round(card.pricePaise / 100), thumbnail }];
  });
  const needle = normaliseQuery(text);
  const groups = ctx.subcategories ? await ctx.subcategories() : {};
  const categories = Object.entries(groups)
    .flatMap(([group, subs]) =>
      subs
        .filter((sub) => normaliseQuery(sub.name).includes(needle) || normaliseQuery(group).includes(needle))
        .map((sub) => ({
          name: sub.name,
          group,
          path: `/collection/${toSlug(group)}/${toSlug(sub.name)}`,
        })),
    )
    .slice(0, SUGGESTED_CATEGORIES);
  return { products, categories };
}

/** Answers kept per instance while the catalogue change feed hears every change (decision 010). */
const CACHED_ANSWERS = 2_000;
/** Units sold change without a catalogue change: the popularity order may lag this long. */
const CACHE_SECONDS = 60;

/**
 * Search and suggestions, their answers cached per instance until the catalogue (or a synonym) changes or a minute
 * has passed. Searches that found nothing are logged on every call, cached or not.
 */
export function createSearch(ctx: SearchContext, changes?: ChangeFeed) {
  const clock = ctx.clock ?? systemClock;
  const reads = changes ? new ReadCache<unknown>(changes, { maxEntries: CACHED_ANSWERS, clock }) : null;
  const expiry = () => new Date(clock.now().getTime() + CACHE_SECONDS * 1000);
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    reads ? (reads.getOrLoad(key, load, expiry) as Promise<T>) : load();
  // A synonym's change notifies the change feed like a product's (migration 0022): the sets are cached alike.
  const synonyms = () =>
    cached('synonyms', async () => (await listSynonyms(ctx.db)).map((row) => row.terms));
  return {
    async search(params: SearchParams): Promise<SearchResult> {
      const found = await cached(`search:${JSON.stringify(params)}`, () => runSearch(ctx, synonyms, params));
      if (found.miss) await recordMiss(ctx.db, found.miss, clock.now());
      return found.result;
    },
    suggest: (text: string) =>
      cached(`suggest:${text.trim().toLowerCase()}`, () => runSuggest(ctx, synonyms, text)),
  };
}

export type SearchService = ReturnType<typeof createSearch>;
