// The product CSV at catalogue size (docs/admin.md#csv-import-and-export), for `npm run bench:admin`: the export,
// the import's dry run of that file unchanged and with every product and variant changed, the import of those
// changes, and an import that creates the whole catalogue again under new handles. Each step runs once, in
// process, through inject (no network); it prints wall time, the file's size, the report's counts and the highest
// JavaScript heap seen during the step (sampled every 20 ms, so a step's own garbage is counted too). Nothing here
// asserts: a step the server refuses is printed with its answer.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { buildApp } from '../../apps/api/src/app.ts';
import type { createDb } from '@rangrez/db/client';

type App = Awaited<ReturnType<typeof buildApp>>;
type Db = ReturnType<typeof createDb>['db'];

interface Counts {
  create: number;
  update: number;
}
interface Report {
  rows: number;
  products: Counts;
  variants: Counts;
  errors: unknown[];
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const counts = (c: Counts) =>
  `${c.create.toLocaleString('en-IN')} new, ${c.update.toLocaleString('en-IN')} changed`;

interface Step {
  ms: number;
  heap: number;
}

function line(label: string, step: Step, what: string) {
  const seconds = (step.ms / 1000).toFixed(2).padStart(6);
  console.log(`  ${label.padEnd(30)} ${seconds} s   heap ${mb(step.heap).padStart(9)}   ${what}`);
}

async function timed<T>(fn: () => Promise<T>): Promise<Step & { value: T }> {
  let heap = process.memoryUsage().heapUsed;
  const sample = setInterval(() => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - started, heap: Math.max(heap, process.memoryUsage().heapUsed), value };
  } finally {
    clearInterval(sample);
  }
}

async function exportFile(app: App, token: string): Promise<Buffer> {
  const { value: res, ...step } = await timed(() =>
    app.inject({ url: '/api/v1/admin/products/export.csv', headers: { authorization: `Bearer ${token}` } }),
  );
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body}`);
  const rows = res.rawPayload.toString('utf8').split('\r\n').length - 2;
  line('export', step, `${rows.toLocaleString('en-IN')} rows, ${mb(res.rawPayload.length)}`);
  return res.rawPayload;
}

async function importFile(app: App, token: string, label: string, file: Buffer | string, dryRun: boolean) {
  const { value: res, ...step } = await timed(() =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/import?dryRun=${dryRun}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: file,
    }),
  );
  if (res.statusCode !== 200) {
    line(label, step, `answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return;
  }
  const report = res.json() as Report;
  const what = `products ${counts(report.products)}, variants ${counts(report.variants)}, ${report.errors.length} errors`;
  line(label, step, what);
}

/** Every price up ₹1 and every stock up 1, so the exported file, imported again, changes every row back. */
async function changeEverything(db: Db) {
  await db.execute(sql`update products set price_paise = price_paise + 100`);
  await db.execute(sql`update product_variants set stock = stock + 1`);
}

export async function benchCsv(app: App, db: Db, token: string, catalogue: string) {
  console.log(`\nProduct CSV, ${catalogue} (wall time, in-process):`);
  const file = await exportFile(app, token);
  await importFile(app, token, 'dry run, file unchanged', file, true);
  await changeEverything(db);
  await importFile(app, token, 'dry run, every row changed', file, true);
  await importFile(app, token, 'import, every row changed', file, false);
  await importFile(app, token, 'dry run, file unchanged after', file, true);
  // The same file under new handles and SKUs: as many new products and variants as the catalogue has.
  const copy = file
    .toString('utf8')
    .replace(/\bbench-(\d+)/g, 'copy-$1')
    .replace(/\bBENCH-(\d+)/g, 'COPY-$1');
  await importFile(app, token, 'import, every product new', copy, false);
}
