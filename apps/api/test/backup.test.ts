// Backups of the running store (docs/backups.md): a backup taken while orders are being placed restores into an
// empty database with every order acknowledged before it started, each complete with its items, its stock and its
// hand-over job; the daily job keeps the newest BACKUP_KEEP; a damaged file or a used target is refused.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BackupError, listBackups, restoreBackup } from '@rangrez/db/backup';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { withDatabase } from '@rangrez/db/launcher';
import { adminQuery, dropDatabase } from '@rangrez/db/testing/test-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBackup } from '../src/jobs/backup.ts';
import { poolOf } from '../src/jobs/pool.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { codOrderBody, createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';

const clock = new ManualClock('2026-11-25T02:00:00.000Z');
const STOCK = 100_000;
const PRICE_RUPEES = 499;
const BUYERS = 4;
const KEEP = 2;
const { adminUrl } = inject('rangrezDb');
const quiet = { info: () => undefined };

let t: TestApp;
let dataDir: string;
const restoredDatabases: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-backup-'));
  t = await createTestApp({ DATA_DIR: dataDir, BACKUPS: 'daily', BACKUP_KEEP: String(KEEP) }, undefined, {
    clock,
  });
});
afterAll(async () => {
  await t.close();
  for (const name of restoredDatabases) await dropDatabase(adminUrl, name);
  await rm(dataDir, { recursive: true, force: true });
});

const backupsDir = () => path.join(dataDir, 'backups');

/** An empty database on the test server (not a clone of the migrated template). */
async function emptyDatabase(): Promise<string> {
  const name = `rangrez_restore_${restoredDatabases.length}_${process.pid}`;
  await adminQuery(adminUrl, (c) =>
    c.query(`CREATE DATABASE ${c.escapeIdentifier(name)} TEMPLATE template0`),
  );
  restoredDatabases.push(name);
  return withDatabase(adminUrl, name);
}

async function queryAt<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

let submissions = 0;

/** One purchase: each with its own key, since the same body without one is a double click (one order). */
function placeCod(buyer: SignedInUser, productId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: { ...buyer.headers, 'idempotency-key': `backup-load-${++submissions}` },
    payload: codOrderBody(buyer, [{ productId }], PRICE_RUPEES + 50),
  });
}

describe('a backup under checkout load', () => {
  it('restores every order acknowledged before it started, each whole', async () => {
    const product = await createProduct(t.database.db, { pricePaise: PRICE_RUPEES * 100, stock: STOCK });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => signInNewUser(t)));

    let backupStarted = false;
    let stop = false;
    const ackedBefore: string[] = [];
    let ackedTotal = 0;
    let warmedUp: () => void = () => undefined;
    const warm = new Promise<void>((resolve) => (warmedUp = resolve));
    const workers = buyers.map(async (buyer) => {
      while (!stop) {
        const res = await placeCod(buyer, product.id);
        if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode} ${res.body}`);
        const { qikinkOrderId } = res.json() as { qikinkOrderId: string };
        // Read before the flag can change: an order acknowledged from here on may or may not be in the backup.
        if (!backupStarted) ackedBefore.push(qikinkOrderId);
        if (++ackedTotal >= 20) warmedUp();
      }
    });

    await warm;
    backupStarted = true;
    const acknowledgedFirst = [...ackedBefore];
    const backup = await runBackup({
      pool: poolOf(t.database.db),
      clock,
      backups: { daily: true, keep: KEEP, dir: backupsDir() },
    });
    const ackedDuringBackup = ackedTotal - acknowledgedFirst.length;
    stop = true;
    await Promise.all(workers);
    // The load really overlapped the backup, and went on after it: the snapshot is not simply "everything".
    expect(ackedDuringBackup).toBeGreaterThan(0);

    const url = await emptyDatabase();
    const restored = await restoreBackup(url, backup.file, { log: quiet });
    expect(restored.rows).toBe(backup.rows);

    const orders = await queryAt<{ id: string; order_number: string }>(
      url,
      `select id, order_number from orders where user_id in (${buyers.map((b) => `'${b.userId}'`).join(',')})`,
    );
    const numbers = new Set(orders.map((o) => o.order_number));
    expect(acknowledgedFirst.filter((n) => !numbers.has(n))).toEqual([]);
    const live = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from orders`);
    expect(orders.length).toBeLessThan(live.rows[0]!.n);

    // One snapshot: each order has its line, the stock it took, and its job.
    const [items] = await queryAt<{ n: number }>(
      url,
      `select count(*)::int as n from order_items where product_id = '${product.id}'`,
    );
    expect(items!.n).toBe(orders.length);
    // Every order took one unit of black M (codOrderBody's line), and the product's stock is its variants' sum.
    const [stock] = await queryAt<{ stock: number }>(
      url,
      `select stock from product_variants where product_id = '${product.id}' and color = 'Bk' and size = 'M'`,
    );
    expect(stock!.stock).toBe(STOCK - orders.length);
    const [total] = await queryAt<{ stock: number }>(
      url,
      `select stock from products where id = '${product.id}'`,
    );
    expect(total!.stock).toBe(STOCK * product.colors.length * product.sizes.length - orders.length);
    // The search index is not in the file: the restore rebuilt it from the products and their order lines, and
    // the migrations' first synonyms gave way to the backup's (the same, no duplicates).
    const [search] = await queryAt<{ units_sold: number }>(
      url,
      `select units_sold from product_search where product_id = '${product.id}'`,
    );
    expect(search!.units_sold).toBe(orders.length);
    const synonyms = await queryAt<{ n: number }>(url, `select count(*)::int as n from search_synonyms`);
    const liveSynonyms = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from search_synonyms`,
    );
    expect(synonyms[0]!.n).toBe(liveSynonyms.rows[0]!.n);
    // A COD order's job at placement is its request to confirm (docs/cod-confirmation.md).
    const jobs = await queryAt<{ order_id: string }>(
      url,
      `select data->>'orderId' as order_id from pgboss.job where name = 'cod.confirm-message'`,
    );
    expect(new Set(jobs.map((j) => j.order_id))).toEqual(new Set(orders.map((o) => o.id)));

    // The restored store takes the next order: identity columns and sequences continue after the restored rows.
    await queryAt(
      url,
      `insert into order_events (order_id, machine, to_state) values ('${orders[0]!.id}', 'order', 'confirmed')`,
    );

    await expect(restoreBackup(url, backup.file, { log: quiet })).rejects.toThrow(
      'The target database already has tables: restore only into an empty database',
    );
  });
});

describe('the daily backup job', () => {
  it('writes one backup a day into DATA_DIR/backups and keeps the newest BACKUP_KEEP', async () => {
    const backups = async () => (await listBackups(backupsDir())).map((f) => path.basename(f));
    for (let day = 1; day <= 3; day++) {
      clock.advanceSeconds(86_400);
      for (let hour = 0; hour < 2; hour++) {
        const summary = await t.app.jobs.runDueJobs({ periodic: true });
        expect(summary.ran['backups.daily']).toBe(1);
        expect(summary.failed['backups.daily']).toBeUndefined();
        clock.advanceSeconds(3600);
      }
    }
    // Each day's first run wrote one; the second run of the day found it there.
    expect(await backups()).toEqual(['rangrez-20261127-040000.jsonl.gz', 'rangrez-20261128-060000.jsonl.gz']);
  });
});

describe('refusals', () => {
  it('refuses a truncated backup before touching the database', async () => {
    const [file] = await listBackups(backupsDir());
    const text = gunzipSync(await readFile(file!)).toString('utf8');
    const truncated = path.join(dataDir, 'truncated.jsonl.gz');
    await writeFile(truncated, gzipSync(text.slice(0, Math.floor(text.length / 2))));
    const url = await emptyDatabase();
    const err = await restoreBackup(url, truncated, { log: quiet }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/truncated\.jsonl\.gz (is incomplete|cannot be read as a backup)/);
    expect(await queryAt(url, `select 1 from pg_tables where schemaname = 'public'`)).toEqual([]);
  });

  it('npm run db:restore refuses a DATA_DIR that already holds a database', async () => {
    const [file] = await listBackups(backupsDir());
    const used = await mkdtemp(path.join(os.tmpdir(), 'rangrez-used-'));
    await mkdir(path.join(used, 'postgres'));
    await writeFile(path.join(used, 'postgres', 'PG_VERSION'), '18\n');
    try {
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/cli/restore.ts', file!],
        {
          env: { ...process.env, DATA_DIR: used, DATABASE_URL: '' },
        },
      );
      const err = (await run.catch((e: unknown) => e)) as { code?: number; stderr?: string };
      expect(err.code).toBe(1);
      expect(err.stderr).toContain(`${used} already holds a database (${path.join(used, 'postgres')}).`);
    } finally {
      await rm(used, { recursive: true, force: true });
    }
  });
});
