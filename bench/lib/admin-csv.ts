// The product CSV at catalogue size (docs/admin.md#csv-import-and-export), for `npm run bench:admin`: the export,
// the import's dry run of that file unchanged and with every product and variant changed, the import of those
// changes, and an import that creates the whole catalogue again under new handles. Each step runs once, in
// process, through inject (no network); it prints wall time, the CPU time of the API process and of the embedded
// database (on a busy machine the steadier figures), the file's size, the report's counts and the highest
// JavaScript heap seen during the step (sampled every 20 ms, so a step's own garbage is counted too). Nothing here
// asserts: a step the server refuses is printed with its answer.
import os from 'node:os';
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
  cpuMs: number;
  dbCpuMs: number | undefined;
  heap: number;
}

/** The database's CPU milliseconds so far, when they can be read (bench/lib/postgres-cpu.ts). */
type DbCpu = (() => number) | undefined;

function line(label: string, step: Step, what: string) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  const db = step.dbCpuMs === undefined ? '     n/a' : seconds(step.dbCpuMs);
  const figures = `${seconds(step.ms)}   cpu ${seconds(step.cpuMs)}   db cpu ${db}   heap ${mb(step.heap).padStart(9)}`;
  console.log(`  ${label.padEnd(30)} ${figures}   ${what}`);
}

async function timed<T>(dbCpu: DbCpu, fn: () => Promise<T>): Promise<Step & { value: T }> {
  let heap = process.memoryUsage().heapUsed;
  const sample = setInterval(() => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const dbCpuBefore = dbCpu?.();
  try {
    const value = await fn();
    const { user, system } = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      cpuMs: (user + system) / 1000,
      dbCpuMs: dbCpu && dbCpuBefore !== undefined ? dbCpu() - dbCpuBefore : undefined,
      heap: Math.max(heap, process.memoryUsage().heapUsed),
      value,
    };
  } finally {
    clearInterval(sample);
  }
}

async function exportFile(app: App, token: string, dbCpu: DbCpu): Promise<Buffer> {
  const { value: res, ...step } = await timed(dbCpu, () =>
    app.inject({ url: '/api/v1/admin/products/export.csv', headers: { authorization: `Bearer ${token}` } }),
  );
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body}`);
  const rows = res.rawPayload.toString('utf8').split('\r\n').length - 2;
  line('export', step, `${rows.toLocaleString('en-IN')} rows, ${mb(res.rawPayload.length)}`);
  return res.rawPayload;
}

interface Run {
  app: App;
  token: string;
  dbCpu: DbCpu;
}

async function importFile({ app, token, dbCpu }: Run, label: string, file: Buffer | string, dryRun: boolean) {
  const { value: res, ...step } = await timed(dbCpu, () =>
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

export async function benchCsv(run: Run, db: Db, catalogue: string) {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(`\nProduct CSV, ${catalogue} (in-process; load average ${load} on ${os.cpus().length} cores):`);
  const file = await exportFile(run.app, run.token, run.dbCpu);
  await importFile(run, 'dry run, file unchanged', file, true);
  await changeEverything(db);
  await importFile(run, 'dry run, every row changed', file, true);
  await importFile(run, 'import, every row changed', file, false);
  await importFile(run, 'dry run, file unchanged after', file, true);
  // The same file under new handles and SKUs: as many new products and variants as the catalogue has.
  const copy = file
    .toString('utf8')
    .replace(/\bbench-(\d+)/g, 'copy-$1')
    .replace(/\bBENCH-(\d+)/g, 'COPY-$1');
  await importFile(run, 'import, every product new', copy, false);
}
