// Search SQL (docs/search.md): one statement ranks, filters and counts the facets over the matching products; a
// second one reads the page's cards by id.
import { PRICE_BANDS, type SearchSort } from '@rangrez/contract/schemas';
import { searchMisses, searchSynonyms } from '@rangrez/db/schema';
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
    s.product_id as id, s.created_at, s.price_paise, s.sizes, s.colors, s.units_sold, ${score} as score, s.buyable,
    ${filter.sizes ? sql`s.sizes && ${textArray(filter.sizes)}` : sql`true`} as size_ok,
    ${filter.colors ? sql`s.colors && ${textArray(filter.colors)}` : sql`true`} as color_ok,
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

/**
 * Counts per value of an array column over the matches that pass `passes`. The matches are grouped by the whole
 * array first (a catalogue has few distinct size runs and palettes), and only those groups are unnested: far less
 * work than unnesting every match (docs/decisions/040-search-speed.md).
 */
function valueCounts(column: SQL, passes: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_array(v, n)), '[]') from (
      select v, sum(g.n)::int as n
      from (select ${column} as vs, count(*) as n from m where ${passes} group by ${column}) g, unnest(g.vs) v
      group by v) x)`;
}

function facetColumns(): SQL {
  const bands = PRICE_BANDS.map(
    (band) => sql`count(*) filter (where size_ok and color_ok and ${bandCondition(band)})`,
  );
  return sql`
    ${valueCounts(sql`m.sizes`, sql`color_ok and price_ok`)} as sizes,
    ${valueCounts(sql`m.colors`, sql`size_ok and price_ok`)} as colors,
    (select json_build_array(${sql.join(bands, sql`, `)}) from m) as bands`;
}

type Pair = [string, number];

/**
 * Ranks, filters, counts and pages the matches in one statement. Full-text matches come first; only when the words
 * match nothing do the names' trigrams (pg_trgm word similarity) find near spellings, so a typo still finds
 * something without diluting a good query.
 */
export async function searchProducts(db: Db, filter: SearchFilter): Promise<SearchRows> {
  const statement = sql`
    with m as materialized (${matches(filter)})
    select counts.matched, counts.total,
      (select coalesce(json_agg(id), '[]') from (
        select id from m where size_ok and color_ok and price_ok
        order by ${ORDER[filter.sort]} limit ${filter.limit} offset ${filter.offset}) page) as ids
      ${filter.facets ? sql`, ${facetColumns()}` : sql``}
    from (select count(*)::int as matched,
                 (count(*) filter (where size_ok and color_ok and price_ok))::int as total from m) counts`;
  const result = await db.execute<{
    matched: number;
    total: number;
    ids: string[];
    sizes?: Pair[];
    colors?: Pair[];
    bands?: number[];
  }>(statement);
  const row = result.rows[0]!;
  const pairs = (list: Pair[] | undefined) =>
    (list ?? []).map(([value, count]) => ({ value, count: Number(count) }));
  return {
    matched: row.matched,
    total: row.total,
    ids: row.ids,
    sizes: pairs(row.sizes),
    colors: pairs(row.colors),
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
