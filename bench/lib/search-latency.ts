// Search with filters and facet counts, one request at a time: the latency of each answer on a quiet store is its
// server time plus a loopback round trip. A fixed mix of texts, filters and sorts, so runs compare.
import { median } from './report.ts';

const TEXTS = ['hoodie', 'tee', 'black oversized', 'hoddie', '', 'crop top', 'kaala'];
const FILTERS = ['', '&size=M', '&color=Bk', '&minPrice=800&maxPrice=999', '&size=L&color=Wh&minPrice=1000'];
const SORTS = ['relevance', 'price-asc', 'popularity', 'newest'];

/** The mix of search paths, texts x filters x sorts. */
function searchPaths(): string[] {
  return TEXTS.flatMap((q) =>
    FILTERS.flatMap((f) => SORTS.map((s) => `/api/v1/search?q=${encodeURIComponent(q)}${f}&sort=${s}`)),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50 and p95 of `rounds` passes over the mix, after one warm-up pass. */
export async function searchLatency(
  base: string,
  rounds: number,
): Promise<{ p50: number; p95: number; n: number }> {
  const paths = searchPaths();
  const times: number[] = [];
  for (let round = -1; round < rounds; round++) {
    for (const path of paths) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
      if (round >= 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), p95: percentile(times, 95), n: times.length };
}
