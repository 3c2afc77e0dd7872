// Search SQL (docs/search.md): one statement ranks, filters and counts the facets over the matching products; a
// second one reads the page's cards by id.
import { PRICE_BANDS, type SearchSort } from '@rangrez/contract/schemas';
import { SEARCH_MASK_COLOURS, SEARCH_MASK_SIZES, searchMisses, searchSynonyms } from '@rangrez/db/schema';
import { type SQL, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../lib/db.ts';
import { type NewlyAdded, groupCondition } from '../catalogue/index.ts';

/** A connection or a transaction: the back office's writes run inside its audited transaction. */
type Conn = Db | Tx;

export interface SearchFilter {
  /** Alternatives per word (query-terms.ts expandTerms); empty for the whole selection. */
  terms: string[][];
  /** The text as typed, for the typo-tolerant fallback. */
  text: string;
  /** The last word matches as a prefix (suggestions while typing). */
  prefix: boolean;
  groups?: readonly string[];
  /** The computed Newly Added set, needed when `groups` is given (catalogue newly-added.ts). */
  newly?: NewlyAdded;
  subCategories?: readonly string[];
  sizes?: readonly string[];
  colors?: readonly string[];
  minPaise?: number;
  maxPaise?: number;
  sort: SearchSort;
  limit: number;
  offset: number;
  facets: boolean;
}

export interface SearchRows {
  /** Products matching the text in the selection, before the filters. */
  matched: number;
  total: number;
  ids: string[];
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  /** One count per PRICE_BANDS entry, in order. */
  bands: number[];
}

/** (a | b | ...) & (c | ...) as a tsquery built from the alternatives, each a phrase of the English configuration. */
function tsQuery(terms: string[][], prefix: boolean): SQL {
  const groups = terms.map((alternatives, i) => {
    const last = prefix && i === terms.length - 1 && alternatives.length === 1;
    // A plain word only: a hyphenated one ('1-081c28') is several lexemes, matched as a phrase.
    const word = last && /^[\p{L}\p{N}]+$/u.test(alternatives[0]!) ? alternatives[0]! : '';
    if (last && word) return sql`to_tsquery('english', ${`${word}:*`})`;
    return sql.join(
      alternatives.map((a) => sql`phraseto_tsquery('english', ${a})`),
      sql` || `,
    );
  });
  return sql.join(
    groups.map((g) => sql`(${g})`),
    sql` && `,
  );
}

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

function selection(filter: SearchFilter): SQL {
  const parts: SQL[] = [sql`s.is_active`];
  if (filter.groups) {
    parts.push(
      filter.newly
        ? groupCondition(
            filter.groups,
            filter.newly,
            { groupSlug: sql`g.slug`, publishedAt: sql`s.published_at` },
            textArray,
          )
        : sql`lower(g.slug) = any(${textArray(filter.groups)})`,
    );
  }
  if (filter.subCategories) parts.push(sql`lower(c.slug) = any(${textArray(filter.subCategories)})`);
  return sql.join(parts, sql` and `);
}

// What can be bought comes first in every order, then the order chosen.
const ORDER: Record<SearchSort, SQL> = {
  relevance: sql`buyable desc, score desc, created_at desc, id desc`,
  newest: sql`buyable desc, created_at desc, id desc`,
  'price-asc': sql`buyable desc, price_paise asc, created_at desc, id desc`,
  'price-desc': sql`buyable desc, price_paise desc, created_at desc, id desc`,
  popularity: sql`buyable desc, units_sold desc, score desc, created_at desc, id desc`,
};

function bandCondition(band: (typeof PRICE_BANDS)[number]): SQL {
  const min = sql`price_paise >= ${band.min * 100}`;
  return band.max === null ? min : sql`${min} and price_paise <= ${band.max * 100}`;
}

/**
 * The lowest word similarity (pg_trgm) at which a word of the names stands for a misspelt text. One wrong letter in
 * a six-letter word leaves 4 of 10 trigrams shared ('hoddie', 'hoodie'): pg_trgm's default 0.6 misses it. The looser
 * threshold is safe because it is only asked when the words themselves matched nothing.
 */
const TYPO_SIMILARITY = 0.4;

/**
 * The matching products with their sort keys and whether each filter lets them through, read from product_search
 * alone (its copies of the products' columns; docs/decisions/040-search-speed.md).
 */
function matches(filter: SearchFilter): SQL {
  const columns = (score: SQL) => sql`
    s.product_id as id, s.created_at, s.price_paise, s.size_mask, s.color_mask, s.other_colors, s.units_sold,
    ${score} as score, s.buyable,
    ${filter.sizes ? sizeTest(filter.sizes) : sql`true`} as size_ok,
    ${filter.colors ? colourTest(filter.colors) : sql`true`} as color_ok,
    ${filter.minPaise === undefined ? sql`true` : sql`s.price_paise >= ${filter.minPaise}`}
      and ${filter.maxPaise === undefined ? sql`true` : sql`s.price_paise <= ${filter.maxPaise}`} as price_ok`;
  // The categories only when the selection names some: most searches are of the whole catalogue.
  const from =
    filter.groups || filter.subCategories
      ? sql`product_search s
          join categories c on c.id = s.category_id
          left join categories g on g.id = c.parent_id`
      : sql`product_search s`;
  if (filter.terms.length === 0) {
    return sql`select ${columns(sql`0::real`)} from ${from} where ${selection(filter)}`;
  }
  const tsq = tsQuery(filter.terms, filter.prefix);
  // Ranking reads every match's document: only the sorts that use the rank pay for it.
  const ranked = filter.sort === 'relevance' || filter.sort === 'popularity';
  const text = filter.text.toLowerCase();
  // The typo fallback: the words of the names that the text is most like (pg_trgm word similarity), each looked
  // for in the names' part of the documents (weight A); a product scores its best word's similarity.
  return sql`
    with q as (select ${tsq} as tsq),
    fts as (
      select ${columns(ranked ? sql`ts_rank(s.document, q.tsq)` : sql`0::real`)} from ${from}, q
      where s.document @@ q.tsq and ${selection(filter)}
    ),
    near as (
      select w.word, word_similarity(${text}, w.word) as sim, to_tsquery('english', w.word || ':A') as tsq
      from search_words w
      where not exists (select 1 from fts) and word_similarity(${text}, w.word) >= ${TYPO_SIMILARITY}::real
    )
    select * from fts
    union all
    select ${columns(sql`(select max(n.sim) from near n where s.document @@ n.tsq)`)} from ${from}
    where s.document @@ (select to_tsquery('english', string_agg(n.word || ':A', ' | ')) from near n)
      and ${selection(filter)}`;
}

/** The bits of `values` in a mask over `list`, as a decimal literal (bigint-safe), and the values not in it. */
function maskOf(values: readonly string[], list: readonly string[]): { mask: string; others: string[] } {
  let mask = 0n;
  const others: string[] = [];
  for (const value of values) {
    const bit = list.indexOf(value);
    if (bit < 0) others.push(value);
    else mask |= 1n << BigInt(bit);
  }
  return { mask: mask.toString(), others };
}

/** Sizes are the size chart's, all in the mask (the API refuses any other). */
function sizeTest(sizes: readonly string[]): SQL {
  return sql`(s.size_mask & ${sql.raw(maskOf(sizes, SEARCH_MASK_SIZES).mask)}) <> 0`;
}

/** Palette colours through the mask; codes outside it through the column that keeps them. */
function colourTest(colors: readonly string[]): SQL {
  const { mask, others } = maskOf(colors, SEARCH_MASK_COLOURS);
  const tests = [sql`(s.color_mask & ${sql.raw(`${mask}::bigint`)}) <> 0`];
  if (others.length > 0) tests.push(sql`s.other_colors && ${textArray(others)}`);
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * The facets' counts in one pass: the matches grouped by their sizes, palette colours and other colours (a catalogue
 * has a few hundred such combinations against thousands of matches), each group counted twice, once for the size
 * facet (the colour and price filters applied, not the size filter) and once for the colour facet; facetCounts adds
 * the groups up per size and colour (docs/decisions/040-search-speed.md).
 */
const FACET_GROUPS = sql`(select coalesce(json_agg(json_build_array(size_mask, color_mask, other_colors, sn, cn)), '[]')
    from (select size_mask, color_mask::text as color_mask, other_colors,
            count(*) filter (where color_ok and price_ok) as sn,
            count(*) filter (where size_ok and price_ok) as cn
          from m group by size_mask, color_mask, other_colors) g
    where sn > 0 or cn > 0)`;

/** A facet group: size mask, colour mask (as text: it may pass 2^53), other colours, size count, colour count. */
type FacetGroup = [number, string, string[], number, number];

function facetCounts(groups: readonly FacetGroup[]) {
  const sizes = new Map<string, number>();
  const colors = new Map<string, number>();
  const add = (into: Map<string, number>, value: string, n: number) =>
    into.set(value, (into.get(value) ?? 0) + n);
  for (const [sizeMask, colorMask, otherColors, sn, cn] of groups) {
    if (sn > 0) SEARCH_MASK_SIZES.forEach((size, i) => (sizeMask & (1 << i)) !== 0 && add(sizes, size, sn));
    if (cn > 0) {
      const mask = BigInt(colorMask);
      SEARCH_MASK_COLOURS.forEach((code, i) => (mask & (1n << BigInt(i))) !== 0n && add(colors, code, cn));
      for (const code of otherColors) add(colors, code, cn);
    }
  }
  const list = (counts: Map<string, number>) => [...counts].map(([value, count]) => ({ value, count }));
  return { sizes: list(sizes), colors: list(colors) };
}

function bandCounts(): SQL {
  const bands = PRICE_BANDS.map(
    (band) => sql`count(*) filter (where size_ok and color_ok and ${bandCondition(band)})`,
  );
  return sql`json_build_array(${sql.join(bands, sql`, `)})`;
}

/**
 * Ranks, filters, counts and pages the matches in one statement. Full-text matches come first; only when the words
 * match nothing do the names' trigrams (pg_trgm word similarity) find near spellings, so a typo still finds
 * something without diluting a good query.
 */
export async function searchProducts(db: Db, filter: SearchFilter): Promise<SearchRows> {
  const statement = sql`
    with m as materialized (${matches(filter)})
    select counts.*,
      (select coalesce(json_agg(id), '[]') from (
        select id from m where size_ok and color_ok and price_ok
        order by ${ORDER[filter.sort]} limit ${filter.limit} offset ${filter.offset}) page) as ids
      ${filter.facets ? sql`, ${FACET_GROUPS} as groups` : sql``}
    from (select count(*)::int as matched,
                 (count(*) filter (where size_ok and color_ok and price_ok))::int as total
                 ${filter.facets ? sql`, ${bandCounts()} as bands` : sql``}
          from m) counts`;
  const result = await db.execute<{
    matched: number;
    total: number;
    ids: string[];
    groups?: FacetGroup[];
    bands?: number[];
  }>(statement);
  const row = result.rows[0]!;
  return {
    matched: row.matched,
    total: row.total,
    ids: row.ids,
    ...facetCounts(row.groups ?? []),
    bands: (row.bands ?? []).map(Number),
  };
}

// ---------------------------------------------------------------- synonyms and the zero-result log

export function listSynonyms(db: Conn) {
  return db
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(sql`${searchSynonyms.terms}[1]`, asc(searchSynonyms.id));
}

/** Counts one search that found nothing, at `at`. */
export async function recordMiss(db: Db, query: string, at: Date): Promise<void> {
  await db
    .insert(searchMisses)
    .values({ query, count: 1, lastSeenAt: at })
    .onConflictDoUpdate({
      target: searchMisses.query,
      set: { count: sql`${searchMisses.count} + 1`, lastSeenAt: at },
    });
}

export function listMisses(db: Db, limit: number) {
  return db
    .select()
    .from(searchMisses)
    .orderBy(desc(searchMisses.lastSeenAt), desc(searchMisses.count))
    .limit(limit);
}

export async function insertSynonym(db: Conn, terms: string[]) {
  const [row] = await db.insert(searchSynonyms).values({ terms }).returning();
  return row!;
}

export async function updateSynonym(db: Conn, id: string, terms: string[], at: Date) {
  const [row] = await db
    .update(searchSynonyms)
    .set({ terms, updatedAt: at })
    .where(eq(searchSynonyms.id, id))
    .returning();
  return row;
}

export async function deleteSynonym(db: Conn, id: string) {
  const [row] = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
  return row;
}
