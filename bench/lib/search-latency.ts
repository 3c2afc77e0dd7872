// Search with filters and facet counts, one request at a time: the latency of each answer on a quiet store is its
// server time plus a loopback round trip. A fixed mix of texts, filters and sorts, so runs compare. The service
// caches answers (docs/search.md#speed): the first pass over the mix is cold (every answer read from PostgreSQL),
// later passes are warm. A warm-up pass with another page size warms the code without filling the cache.
import { median } from './report.ts';

// Common words, a phrase, synonyms ('tshirt', 'kaala'), typos ('hoddie', 'jackt'), the whole catalogue ('').
const TEXTS = ['hoodie', 'tee', 'black oversized', 'hoddie', '', 'crop top', 'kaala', 'tshirt', 'jackt'];
const FILTERS = ['', '&size=M', '&color=Bk', '&minPrice=800&maxPrice=999', '&size=L&color=Wh&minPrice=1000'];
const SORTS = ['relevance', 'price-asc', 'price-desc', 'popularity', 'newest'];

/** The mix of search paths, texts x filters x sorts (bench/search.ts adds the second pages). */
export function searchPaths(): string[] {
  return TEXTS.flatMap((q) =>
    FILTERS.flatMap((f) => SORTS.map((s) => `/api/v1/search?q=${encodeURIComponent(q)}${f}&sort=${s}`)),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return performance.now() - started;
}

export interface SearchLatency {
  n: number;
  cold: { p50: number; p95: number };
  warm: { p50: number; p95: number };
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: median(sorted), p95: percentile(sorted, 95) };
};

/** p50 and p95 of one cold pass over the mix and of `warmRounds` warm ones. */
export async function searchLatency(base: string, warmRounds: number): Promise<SearchLatency> {
  const paths = searchPaths();
  for (const path of paths) await timed(`${base}${path}&limit=23`);
  const cold: number[] = [];
  for (const path of paths) cold.push(await timed(`${base}${path}`));
  const warm: number[] = [];
  for (let round = 0; round < warmRounds; round++)
    for (const path of paths) warm.push(await timed(`${base}${path}`));
  return { n: paths.length, cold: summary(cold), warm: summary(warm) };
}
