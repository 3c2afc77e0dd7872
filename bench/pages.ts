// `npm run bench:pages`: Lighthouse 12 (mobile defaults: Moto G Power, simulated slow 4G and 4x CPU) on the home
// page, a collection and a product page of the built store, 3 runs each, median; and on a zero-JavaScript copy
// of the same product page (same HTML and images, scripts stripped) as the reference for LCP. Also measures the
// product page's first-load JavaScript (gzip -9 of every script and modulepreload in the server HTML). Prints the
// figures against their targets; asserts nothing.
//
//   npm run bench:pages                     # 3 runs per page
//   npm run bench:pages -- --quick          # 1 run per page (development)
//   npm run bench:pages -- --out file.json  # also write the figures as JSON (npm run bench does)
//   npm run bench:pages -- --reports dir    # also keep every Lighthouse report (HTML and JSON) in dir
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Result, generateReport } from 'lighthouse';
import { firstProductId, fullCollection } from './lib/catalogue.ts';
import { launchChromium } from './lib/chromium.ts';
import { type FirstLoadJs, firstLoadJs } from './lib/first-load-js.ts';
import { isInterrupted } from './lib/cleanup.ts';
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
import { type StaticCopy, startStaticCopy } from './lib/static-copy.ts';
import { buildIfStale, startStore } from './lib/store.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    reports: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs ?? (args.quick ? 1 : 3)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const KB = 1024;

const TARGETS = {
  performance: { op: '>=', value: 100 },
  lcpRatio: { op: '<=', value: 1.1 },
  productJsKb: { op: '<=', value: 120 },
} satisfies Record<string, Target>;

interface Page {
  key: string;
  label: string;
  url: string;
  /** The zero-JavaScript reference has no targets of its own. */
  reference?: boolean;
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  jsTransfer: number;
  benchmarkIndex: number;
}

function readRun(lhr: Result): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsTransfer: summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const medianRun = (runs: Run[]): Run => ({
  scores: {
    performance: median(runs.map((r) => r.scores.performance)),
    accessibility: median(runs.map((r) => r.scores.accessibility)),
    'best-practices': median(runs.map((r) => r.scores['best-practices'])),
    seo: median(runs.map((r) => r.scores.seo)),
  },
  lcp: median(runs.map((r) => r.lcp)),
  tbt: median(runs.map((r) => r.tbt)),
  cls: median(runs.map((r) => r.cls)),
  jsTransfer: median(runs.map((r) => r.jsTransfer)),
  benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
});

const mediaUrls = (html: string, origin: string) =>
  new Set(
    [...html.matchAll(/(?:https?:\/\/[^\s"',]+)?\/media\/[\w.-]+/g)]
      .map((m) => new URL(m[0].replace(/&amp;/g, '&'), origin))
      .filter((u) => u.origin === origin)
      .map((u) => u.href),
  );

/** Renders every image variant the pages reference once, so Lighthouse never measures a first render. */
async function warmImages(base: string, pages: Page[]) {
  const started = Date.now();
  const urls = new Set<string>();
  for (const page of pages) {
    // A few renders of each page also warm the server's code paths.
    for (let i = 0; i < 3; i++) {
      const html = await (await fetch(page.url)).text();
      for (const u of mediaUrls(html, base)) urls.add(u);
    }
  }
  const queue = [...urls];
  let failed = 0;
  const worker = async () => {
    for (let url = queue.pop(); url; url = queue.pop()) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) failed += 1;
    }
  };
  await Promise.all([worker(), worker()]);
  process.stdout.write(
    `Rendered ${urls.size} image variants in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      `${failed ? ` (${failed} failed)` : ''}\n`,
  );
}

/** The store's pages to measure: the home page, a full collection and the first product. */
async function storePages(base: string): Promise<{ pages: Page[]; productPath: string }> {
  const productId = await firstProductId(base);
  const collection = await fullCollection(base, 24);
  const pages: Page[] = [
    { key: 'home', label: 'home', url: `${base}/` },
    {
      key: 'collection',
      label: `collection /${collection.category}/${collection.sub}`,
      url: `${base}/collection/${collection.category}/${collection.sub}`,
    },
    { key: 'product', label: 'product', url: `${base}/product/${productId}` },
  ];
  return { pages, productPath: `/product/${productId}` };
}

/** One Lighthouse run of `url` in the browser at `port`; its result, which may hold a runtime error, if any. */
async function lighthouseRun(url: string, port: number): Promise<Result | undefined> {
  // A fresh browser sometimes fails its first trace (NO_NAVSTART): one more attempt, then give up.
  let lhr: Result | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
  }
  return lhr;
}

/** Keeps a Lighthouse report in `dir` as `name`.report.json and `name`.report.html. */
async function keepReport(dir: string, name: string, lhr: Result): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.report`);
  await fs.writeFile(`${file}.json`, JSON.stringify(lhr));
  await fs.writeFile(`${file}.html`, generateReport(lhr, 'html'));
}

/** RUNS Lighthouse runs of every page, by page key; a run that fails is left out and said so in `notes`. */
async function measurePages(pages: Page[], port: number, notes: string[]): Promise<Map<string, Run[]>> {
  const runs = new Map<string, Run[]>(pages.map((p) => [p.key, []]));
  // Round-robin, so a burst of load on the shared machine does not fall on one page only.
  for (let i = 0; i < RUNS; i++) {
    for (const page of pages) {
      const lhr = await lighthouseRun(page.url, port);
      if (!lhr || lhr.runtimeError) {
        notes.push(`${page.label} run ${i + 1}: ${lhr?.runtimeError?.message ?? 'no result'}`);
        continue;
      }
      if (args.reports) await keepReport(args.reports, `${page.key}-${i + 1}`, lhr);
      const run = readRun(lhr);
      runs.get(page.key)!.push(run);
      process.stdout.write(
        `  ${page.label} #${i + 1}: performance ${run.scores.performance}, LCP ${Math.round(run.lcp)} ms, ` +
          `TBT ${Math.round(run.tbt)} ms\n`,
      );
    }
  }
  return runs;
}

/**
 * Each page's figures from its median run, performance and LCP ratio (to the zero-JS copy's `staticLcp`) against
 * their targets, and its row of the pages table.
 */
function pageFigures(
  pages: Page[],
  medians: Map<string, Run>,
  staticLcp: number,
): { figures: Figure[]; rows: string[][] } {
  const figures: Figure[] = [];
  const rows: string[][] = [];
  for (const page of pages) {
    const m = medians.get(page.key)!;
    const subject = `${page.key} page`;
    const perf = figure(
      subject,
      'performance score',
      m.scores.performance,
      '',
      page.reference ? undefined : TARGETS.performance,
    );
    const ratio = figure(
      subject,
      'LCP ratio to zero-JS product page',
      Number((m.lcp / staticLcp).toFixed(3)),
      'x',
      page.reference ? undefined : TARGETS.lcpRatio,
    );
    figures.push(
      perf,
      figure(subject, 'accessibility score', m.scores.accessibility, ''),
      figure(subject, 'best-practices score', m.scores['best-practices'], ''),
      figure(subject, 'SEO score', m.scores.seo, ''),
      figure(subject, 'LCP', Math.round(m.lcp), 'ms'),
      figure(subject, 'TBT', Math.round(m.tbt), 'ms'),
      figure(subject, 'CLS', Number(m.cls.toFixed(3)), ''),
      figure(subject, 'JavaScript transferred', Number((m.jsTransfer / KB).toFixed(1)), 'KB'),
      ratio,
    );
    rows.push([
      page.label,
      `${m.scores.performance} ${mark(page.reference ? undefined : perf)}`,
      String(m.scores.accessibility),
      String(m.scores['best-practices']),
      String(m.scores.seo),
      formatNumber(m.lcp),
      formatNumber(m.tbt),
      m.cls.toFixed(3),
      formatNumber(m.jsTransfer / KB, 1),
      page.reference ? '1.00 (ref.)' : `${ratio.value.toFixed(2)} ${mark(ratio)}`,
    ]);
  }
  return { figures, rows };
}

/** The product page's first-load JavaScript: first the gzip'd size against its target, then the other sizes. */
function firstLoadFigures(js: FirstLoadJs, copy: StaticCopy): [Figure, ...Figure[]] {
  return [
    figure(
      'product page',
      'first-load JavaScript (gzip -9)',
      Number((js.gzip / KB).toFixed(1)),
      'KB',
      TARGETS.productJsKb,
    ),
    figure('product page', 'first-load JavaScript (uncompressed)', Number((js.raw / KB).toFixed(1)), 'KB'),
    figure('product page', 'inline scripts (gzip -9)', Number((js.inlineGzip / KB).toFixed(1)), 'KB'),
    figure('product page', 'zero-JS copy HTML', Number((copy.htmlBytes / KB).toFixed(1)), 'KB'),
  ];
}

/** The pages table (`rows`) and the first-load JavaScript table, marked against `jsFigure`'s target. */
function pageTables(rows: string[][], js: FirstLoadJs, jsFigure: Figure): Table[] {
  return [
    {
      title: `Pages, Lighthouse mobile, median of ${RUNS} (targets: performance 100, LCP ratio ≤ 1.1)`,
      header: ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'LCP ratio'],
      rows,
    },
    {
      title: 'Product page first-load JavaScript (target: ≤ 120 KB gzipped)',
      header: ['what', 'files', 'uncompressed KB', 'gzip -9 KB'],
      rows: [
        [
          'scripts + modulepreloads',
          String(js.files),
          formatNumber(js.raw / KB, 1),
          `${formatNumber(js.gzip / KB, 1)} ${mark(jsFigure)}`,
        ],
        [
          'inline scripts (hydration data)',
          '',
          formatNumber(js.inlineRaw / KB, 1),
          formatNumber(js.inlineGzip / KB, 1),
        ],
      ],
    },
  ];
}

async function main() {
  const startedAt = new Date().toISOString();
  if (!args['skip-build']) buildIfStale();
  const store = await startStore({ products: 80, warmMedia: false });
  const cleanups: (() => Promise<void>)[] = [() => store.stop()];
  try {
    const { pages, productPath } = await storePages(store.base);
    await warmImages(store.base, pages);

    const productHtml = await (await fetch(`${store.base}${productPath}`)).text();
    const js = await firstLoadJs(store.base, productHtml);
    const copy = await startStaticCopy(store.base, productPath, productHtml);
    cleanups.unshift(() => copy.stop());
    const reference: Page = { key: 'static', label: 'product, zero-JS copy', url: copy.url, reference: true };
    const all = [...pages, reference];

    const chromium = await launchChromium();
    cleanups.unshift(() => chromium.stop());
    process.stdout.write(`Lighthouse ${RUNS} run(s) per page in ${chromium.version}...\n`);
    const notes: string[] = [loadNote('before Lighthouse')];
    const runs = await measurePages(all, chromium.port, notes);

    const medians = new Map(all.map((p) => [p.key, medianRun(runs.get(p.key)!)]));
    const staticLcp = medians.get('static')!.lcp;
    const { figures, rows } = pageFigures(all, medians, staticLcp);
    const jsFigures = firstLoadFigures(js, copy);
    const benchmarkIndex = figure(
      'machine',
      'Lighthouse benchmarkIndex (median)',
      Math.round(median([...medians.values()].map((m) => m.benchmarkIndex))),
      '',
    );
    figures.push(...jsFigures, benchmarkIndex);
    const tables = pageTables(rows, js, jsFigures[0]);
    notes.push(
      loadNote('after Lighthouse'),
      'JS KB in the first table is what Lighthouse saw transferred (brotli), the second table is gzip -9 of the ' +
        'same files; 1 KB = 1024 bytes.',
      `LCP ratio: each page's LCP divided by the LCP of the zero-JS copy of the product page (${formatNumber(staticLcp)} ms).`,
      `Lighthouse benchmarkIndex ${benchmarkIndex.value} (a quiet desktop machine scores ~1500+; lower means a ` +
        'busy or slow CPU, which inflates TBT and LCP).',
    );
    process.stdout.write('\n');
    for (const t of tables) process.stdout.write(`${t.title}\n${textTable(t.header, t.rows)}\n\n`);
    for (const n of notes) process.stdout.write(`  ${n}\n`);

    const result: BenchResult = {
      bench: 'pages',
      startedAt,
      options: { runs: RUNS, chromium: chromium.version, machine: machine() },
      figures,
      tables,
      notes,
    };
    await writeResult(args.out, result);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => console.warn(String(err)));
  }
}

main().catch((err: unknown) => {
  // Interrupted: the cleanup in lib/cleanup.ts exits once everything is stopped.
  if (isInterrupted()) return;
  console.error(err);
  process.exit(1);
});
