// `npm run bench:api`: JSON API throughput and latency of the built store against a bare node:http server that
// answers the same bytes, on the seeded demo catalogue (80 products) and on a 10,000-product one. Prints the
// figures against their targets; asserts nothing.
//
//   npm run bench:api                      # full: warm-up 3 s, then 3 runs of 10 s per side, median
//   npm run bench:api -- --quick           # development: 1 run of 3 s
//   npm run bench:api -- --catalogues 80   # only the small catalogue
//   npm run bench:api -- --out file.json   # also write the figures as JSON (npm run bench does)
//   npm run bench:api -- --skip-build      # use apps/web/build as it is
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBareServer } from './lib/bare.ts';
import { pacedLoad } from './lib/paced.ts';
import { type Collection, firstProductId, fullCollection } from './lib/catalogue.ts';
import { isInterrupted } from './lib/cleanup.ts';
import { cpuAvailabilityNote, measureCpuAvailability } from './lib/cpu-availability.ts';
import {
  type BenchResult,
  type Figure,
  type Table,
  type Target,
  figure,
  formatNumber,
  loadNote,
  machine,
  mark,
  median,
  textTable,
  writeResult,
} from './lib/report.ts';
import { searchLatency } from './lib/search-latency.ts';
import { buildIfStale, startStore } from './lib/store.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    catalogues: { type: 'string', default: '80,10000' },
    'skip-build': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

const QUICK = args.quick;
// Every request comes from one address: the PIN lookups' per-address limit would answer most of them with 429.
process.env.PINCODE_RATE_LIMIT_PER_MINUTE ??= '1000000';
const CONNECTIONS = 50;
const WARMUP_S = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 3 : 10;
const RUNS = QUICK ? 1 : 3;
const CATALOGUES = args.catalogues
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const COLLECTION_SIZE = 24;
const SEARCH_TERM = 'hoodie';

const TARGETS = {
  detailRatio: { op: '>=', value: 0.35 },
  collectionRatio: { op: '>=', value: 0.2 },
  p99HalfLoadMs: { op: '<=', value: 10 },
  searchP95Ms: { op: '<=', value: 20 },
  largeOverSmall: { op: '>=', value: 0.8 },
} satisfies Record<string, Target>;

interface Endpoint {
  key: string;
  label: string;
  path: string;
  ratioTarget?: Target;
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

interface EndpointResult {
  endpoint: Endpoint;
  bytes: number;
  app: Load;
  bare: Load;
  ratio: number;
  halfRate: number;
  halfP99: number;
  halfReqPerSec: number;
  halfErrors: number;
  bareHalfP99: number;
  /** The bare server at half of its own saturation rate: what this target asks, asked of node:http itself. */
  bareOwnHalfP99: number;
}

async function load(url: string, duration: number): Promise<Load> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
  });
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

const medianLoad = (runs: Load[]): Load => ({
  reqPerSec: median(runs.map((r) => r.reqPerSec)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});

/** The endpoints, with ids and slugs read from the running store (the same collection on every catalogue). */
async function endpoints(base: string, collection?: Collection) {
  const productId = await firstProductId(base);
  const chosen = collection ?? (await fullCollection(base, COLLECTION_SIZE));
  const list: Endpoint[] = [
    {
      key: 'detail',
      label: 'product detail',
      path: `/api/v1/product/${productId}`,
      ratioTarget: TARGETS.detailRatio,
    },
    {
      key: 'collection',
      label: `collection list (${COLLECTION_SIZE})`,
      path: `/api/v1/products/${chosen.category}/${chosen.sub}?limit=${COLLECTION_SIZE}`,
      ratioTarget: TARGETS.collectionRatio,
    },
    { key: 'sliders', label: 'active slides', path: '/api/v1/activeSliders' },
    // Target: at most 5 ms p99 server time (docs/delivery.md); the half-load p99 here includes the client's share.
    { key: 'delivery', label: 'delivery promise', path: `/api/v1/delivery/400050?productId=${productId}` },
    {
      key: 'search',
      label: `search "${SEARCH_TERM}"`,
      path: `/api/v1/products?q=${SEARCH_TERM}&limit=${COLLECTION_SIZE}`,
    },
    {
      key: 'search-facets',
      label: `search "${SEARCH_TERM}" with filters and counts`,
      path: `/api/v1/search?q=${SEARCH_TERM}&size=M&sort=relevance&limit=${COLLECTION_SIZE}`,
    },
  ];
  return { list, collection: chosen };
}

interface Side {
  products: number;
  base: string;
  endpoint: Endpoint;
}

/**
 * One endpoint on every catalogue at once: each store next to a bare server answering its exact body, and the
 * runs interleaved (store, bare, next catalogue's store, its bare, ...), so the ratios compare figures taken
 * under the same background load of a shared machine.
 */
async function benchEndpoint(sides: Side[]): Promise<EndpointResult[]> {
  const prepared = [];
  try {
    for (const side of sides) {
      const res = await fetch(`${side.base}${side.endpoint.path}`);
      if (!res.ok) throw new Error(`GET ${side.endpoint.path}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      const bare = await startBareServer(body, res.headers.get('content-type') ?? 'application/json');
      prepared.push({
        ...side,
        body,
        bare,
        appUrl: `${side.base}${side.endpoint.path}`,
        bareUrl: `${bare.base}${side.endpoint.path}`,
        appRuns: [] as Load[],
        bareRuns: [] as Load[],
      });
    }
    for (const p of prepared) {
      await load(p.appUrl, WARMUP_S);
      await load(p.bareUrl, WARMUP_S);
    }
    for (let i = 0; i < RUNS; i++) {
      for (const p of prepared) {
        p.appRuns.push(await load(p.appUrl, DURATION_S));
        p.bareRuns.push(await load(p.bareUrl, DURATION_S));
      }
    }
    const results: EndpointResult[] = [];
    for (const p of prepared) {
      const app = medianLoad(p.appRuns);
      const bare = medianLoad(p.bareRuns);
      const halfRate = Math.max(1, Math.round(app.reqPerSec / 2));
      // Median of RUNS, like the saturation figures: one 10 s run is at the mercy of a single pause of the machine.
      const halfRuns = [];
      for (let i = 0; i < RUNS; i++)
        halfRuns.push(await pacedLoad(p.appUrl, halfRate, DURATION_S, CONNECTIONS));
      const half = {
        p99: median(halfRuns.map((r) => r.p99)),
        reqPerSec: median(halfRuns.map((r) => r.reqPerSec)),
        errors: halfRuns.reduce((n, r) => n + r.errors, 0),
      };
      // The same paced load on the bare server: what the client and the machine alone add to p99.
      const bareHalf = await pacedLoad(p.bareUrl, halfRate, DURATION_S, CONNECTIONS);
      const bareOwnHalf = await pacedLoad(
        p.bareUrl,
        Math.max(1, Math.round(bare.reqPerSec / 2)),
        DURATION_S,
        CONNECTIONS,
      );
      results.push({
        endpoint: p.endpoint,
        bytes: p.body.length,
        app,
        bare,
        ratio: app.reqPerSec / bare.reqPerSec,
        halfRate,
        halfP99: half.p99,
        halfReqPerSec: half.reqPerSec,
        halfErrors: half.errors,
        bareHalfP99: bareHalf.p99,
        bareOwnHalfP99: bareOwnHalf.p99,
      });
    }
    return results;
  } finally {
    for (const p of prepared) await p.bare.stop();
  }
}

function catalogueFigures(products: number, results: EndpointResult[]): Figure[] {
  return results.flatMap((r) => {
    const subject = `${r.endpoint.label} (${products} products)`;
    return [
      figure(subject, 'req/s', Math.round(r.app.reqPerSec), 'req/s'),
      figure(subject, 'bare node:http req/s', Math.round(r.bare.reqPerSec), 'req/s'),
      figure(subject, 'ratio to bare', Number(r.ratio.toFixed(3)), 'x', r.endpoint.ratioTarget),
      figure(subject, 'p50 latency at saturation', r.app.p50, 'ms'),
      figure(subject, 'p99 latency at saturation', r.app.p99, 'ms'),
      figure(subject, 'p99 latency at half load', r.halfP99, 'ms', TARGETS.p99HalfLoadMs),
      figure(subject, 'half load rate', r.halfRate, 'req/s'),
      figure(subject, 'bare p99 latency at the same rate', r.bareHalfP99, 'ms'),
      figure(subject, 'bare p99 latency at half its own saturation rate', r.bareOwnHalfP99, 'ms'),
      figure(subject, 'body size', r.bytes, 'bytes'),
    ];
  });
}

function catalogueTable(results: EndpointResult[], figures: Figure[], products: number) {
  const find = (r: EndpointResult, metric: string) =>
    figures.find((f) => f.subject === `${r.endpoint.label} (${products} products)` && f.metric === metric);
  const header = [
    'endpoint',
    'bytes',
    'req/s',
    'bare req/s',
    'ratio',
    'target',
    'p50 ms',
    'p99 ms',
    '½ rate',
    'p99 ms @½',
    'bare p99 @½',
    'bare p99 @own ½',
  ];
  const rows = results.map((r) => {
    const ratio = find(r, 'ratio to bare');
    const half = find(r, 'p99 latency at half load');
    return [
      r.endpoint.label,
      formatNumber(r.bytes),
      formatNumber(r.app.reqPerSec),
      formatNumber(r.bare.reqPerSec),
      `${r.ratio.toFixed(2)} ${mark(ratio)}`,
      r.endpoint.ratioTarget ? `≥ ${r.endpoint.ratioTarget.value}` : '',
      formatNumber(r.app.p50, 1),
      formatNumber(r.app.p99, 1),
      formatNumber(r.halfRate),
      `${formatNumber(r.halfP99, 1)} ${mark(half)}`,
      formatNumber(r.bareHalfP99, 1),
      formatNumber(r.bareOwnHalfP99, 1),
    ];
  });
  return { title: `API, ${formatNumber(products)} products`, header, rows };
}

/** The large catalogue against the small one, endpoint by endpoint; its figures are added to `figures`. */
function largeOverSmallTable(
  small: EndpointResult[],
  large: EndpointResult[],
  s: number,
  l: number,
  figures: Figure[],
): Table {
  const rows = large.map((lr, i) => {
    const sr = small[i]!;
    const subject = `${lr.endpoint.label} (${l} vs ${s} products)`;
    const raw = figure(
      subject,
      'req/s ratio',
      Number((lr.app.reqPerSec / sr.app.reqPerSec).toFixed(3)),
      'x',
      TARGETS.largeOverSmall,
    );
    // The same comparison with each side divided by its bare baseline: less sensitive to a busy machine.
    const normalised = figure(subject, 'ratio-to-bare ratio', Number((lr.ratio / sr.ratio).toFixed(3)), 'x');
    const p99 = figure(
      subject,
      'p99 at half load ratio',
      Number((lr.halfP99 / Math.max(sr.halfP99, 0.1)).toFixed(2)),
      'x',
    );
    figures.push(raw, normalised, p99);
    return [
      lr.endpoint.label,
      formatNumber(sr.app.reqPerSec),
      formatNumber(lr.app.reqPerSec),
      `${raw.value.toFixed(2)} ${mark(raw)}`,
      normalised.value.toFixed(2),
      `${formatNumber(sr.halfP99, 1)} / ${formatNumber(lr.halfP99, 1)}`,
    ];
  });
  return {
    title: `API, ${formatNumber(l)} vs ${formatNumber(s)} products (target: ≥ 0.80, i.e. within 20%)`,
    header: ['endpoint', `req/s ${s}`, `req/s ${l}`, `${l}/${s}`, 'same, vs bare', 'p99 ms @½'],
    rows,
  };
}

/** Search with filters and counts one request at a time on the quiet store, before any load (docs/search.md). */
async function searchFigures(base: string, products: number): Promise<Figure[]> {
  const { n, cold, warm } = await searchLatency(base, QUICK ? 1 : 3);
  const subject = `search with filters and counts, one at a time (${products} products)`;
  process.stdout.write(
    `${subject}, ${n} searches: cold p50 ${cold.p50.toFixed(2)} ms, p95 ${cold.p95.toFixed(2)} ms; ` +
      `cached p50 ${warm.p50.toFixed(2)} ms, p95 ${warm.p95.toFixed(2)} ms\n`,
  );
  return [
    figure(subject, 'cold p50 latency', Number(cold.p50.toFixed(2)), 'ms'),
    figure(subject, 'cold p95 latency', Number(cold.p95.toFixed(2)), 'ms', TARGETS.searchP95Ms),
    figure(subject, 'cached p50 latency', Number(warm.p50.toFixed(2)), 'ms'),
    figure(subject, 'cached p95 latency', Number(warm.p95.toFixed(2)), 'ms', TARGETS.searchP95Ms),
  ];
}

/** Runs every catalogue's store for the whole benchmark and measures each endpoint, interleaving the stores. */
async function measureCatalogues(notes: string[], figures: Figure[]): Promise<Map<number, EndpointResult[]>> {
  const byCatalogue = new Map<number, EndpointResult[]>();

  // Every catalogue's store runs for the whole benchmark, so their runs can be interleaved (benchEndpoint).
  const stores: { products: number; base: string; list: Endpoint[] }[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    let collection: Collection | undefined;
    for (const products of CATALOGUES) {
      const store = await startStore({ products, warmMedia: false });
      stops.push(() => store.stop());
      const found = await endpoints(store.base, collection);
      collection = found.collection;
      stores.push({ products, base: store.base, list: found.list });
      figures.push(...(await searchFigures(store.base, products)));
    }
    if (collection) {
      process.stdout.write(
        `Collection ${collection.category}/${collection.sub} (${collection.total} products on the ` +
          `${formatNumber(CATALOGUES[0]!)}-product catalogue).\n`,
      );
    }
    for (const s of stores) byCatalogue.set(s.products, []);
    for (const [i, first] of (stores[0]?.list ?? []).entries()) {
      process.stdout.write(`  ${first.label}: ${stores.map((s) => s.list[i]!.path).join(', ')}\n`);
      const results = await benchEndpoint(
        stores.map((s) => ({ products: s.products, base: s.base, endpoint: s.list[i]! })),
      );
      for (const [j, r] of results.entries()) {
        const products = stores[j]!.products;
        if (r.app.errors || r.bare.errors || r.halfErrors) {
          notes.push(
            `${r.endpoint.label} (${products} products): errors (non-2xx, failed): ${r.app.errors} app, ` +
              `${r.bare.errors} bare, ${r.halfErrors} at half load`,
          );
        }
        byCatalogue.get(products)!.push(r);
      }
    }
  } finally {
    for (const stop of stops) await stop();
  }
  return byCatalogue;
}

async function main() {
  const startedAt = new Date().toISOString();
  if (!args['skip-build']) buildIfStale();
  const figures: Figure[] = [];
  const notes: string[] = [
    `autocannon ${CONNECTIONS} connections, pipelining 1, warm-up ${WARMUP_S} s, ` +
      `${RUNS} run(s) of ${DURATION_S} s per side (interleaved), median. p50/p99: at saturation.`,
    `p99 @½: ${RUNS} run(s) of ${DURATION_S} s of evenly paced requests at half the measured saturation rate ` +
      '(½ rate), median; latency from when each request was due (bench/lib/paced.ts; autocannon overallRate ' +
      'sends bursts). Target ≤ 10 ms. The paced client spins on one CPU to send each request on time. ' +
      '"bare p99 @½": the same paced load on the bare server, i.e. what the client and the machine add; ' +
      '"bare p99 @own ½": the bare server at half of its own saturation rate, i.e. the target asked of node:http.',
    'The store and the bare server each run in one process; autocannon runs in a third and shares the CPUs. ' +
      'Both catalogues are served at once and their runs interleaved, so their ratio compares like with like.',
  ];
  notes.push(loadNote('at start'));
  const availability = [await measureCpuAvailability()];
  notes.push(`At start: ${cpuAvailabilityNote(availability[0]!)}`);
  const tables: Table[] = [];
  const byCatalogue = await measureCatalogues(notes, figures);
  for (const [products, results] of byCatalogue) {
    const f = catalogueFigures(products, results);
    figures.push(...f);
    const table = catalogueTable(results, f, products);
    tables.push(table);
    process.stdout.write(`\n${table.title}\n${textTable(table.header, table.rows)}\n`);
  }
  process.stdout.write('\n');

  const small = byCatalogue.get(Math.min(...CATALOGUES));
  const large = byCatalogue.get(Math.max(...CATALOGUES));
  if (small && large && small !== large) {
    const [s, l] = [Math.min(...CATALOGUES), Math.max(...CATALOGUES)];
    const table = largeOverSmallTable(small, large, s, l, figures);
    tables.push(table);
    process.stdout.write(`${table.title}\n${textTable(table.header, table.rows)}\n\n`);
  }
  notes.push(loadNote('at the end'));
  availability.push(await measureCpuAvailability());
  notes.push(`At the end: ${cpuAvailabilityNote(availability[1]!)}`);
  figures.push(
    figure(
      'machine',
      'CPU availability (lower of start and end)',
      Math.min(...availability.map((a) => a.runningPct)),
      '%',
    ),
    figure('machine', 'longest CPU stop', Math.max(...availability.map((a) => a.longestStopMs)), 'ms'),
  );
  for (const n of notes) process.stdout.write(`  ${n}\n`);

  const result: BenchResult = {
    bench: 'api',
    startedAt,
    options: {
      quick: QUICK,
      catalogues: CATALOGUES,
      connections: CONNECTIONS,
      runs: RUNS,
      durationS: DURATION_S,
      machine: machine(),
    },
    figures,
    notes,
    tables,
  };
  await writeResult(args.out, result);
}

main().catch((err: unknown) => {
  // Interrupted: the cleanup in lib/cleanup.ts exits once everything is stopped.
  if (isInterrupted()) return;
  console.error(err);
  process.exit(1);
});
