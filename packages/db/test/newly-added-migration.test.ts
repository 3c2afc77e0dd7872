// migration 0026 on a database that already holds products (docs/decisions/039-newly-added-and-back-in-stock.md):
// products filed under a Newly Added sub-category move to the sub-category of the same slug in the first other
// group that has one; published products count as published when they were created; from then on a product gets
// its publication time when it is first published.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, withDatabase } from '../src/launcher.ts';
import { defaultMigrationsFolder, runMigrations } from '../src/migrate.ts';
import { type TestServer, startTestServer } from '../src/testing/global-setup.ts';
import { dropDatabase } from '../src/testing/test-db.ts';

const log = { info: () => undefined };
let server: TestServer;
let before: string;
let url: string;
let dbName: string;

/** The real migrations up to (not including) 0026. */
async function migrationsBefore0026(folder: string): Promise<void> {
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    await fs.readFile(path.join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 26);
  for (const e of journal.entries)
    await fs.copyFile(path.join(defaultMigrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
}

async function query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function category(name: string, position: number, parentId: string | null = null): Promise<string> {
  const slug = name.toLowerCase().replace(/ +/g, '-');
  const [row] = await query<{ id: string }>(
    `insert into categories (name, slug, parent_id, position) values ($1, $2, $3, $4) returning id`,
    [name, slug, parentId, position],
  );
  return row!.id;
}

async function product(name: string, categoryId: string, createdAt: string, active = true): Promise<void> {
  await query(
    `insert into products (name, sku, slug, price_paise, sizes, colors, category_id, is_active, created_at)
     values ($1, $2, $2, 79900, '{M}', '{Bk}', $3, $4, $5)`,
    [name, name.toLowerCase().replace(/ +/g, '-'), categoryId, active, createdAt],
  );
}

beforeAll(async () => {
  before = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-0026-'));
  await migrationsBefore0026(before);
  server = await startTestServer({ migrationsFolder: before });
  dbName = `rangrez_newly_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(server.context.adminUrl, dbName);
  url = withDatabase(server.context.adminUrl, dbName);
  await runMigrations(url, { migrationsFolder: before, log });
  const men = await category('Men', 0);
  const women = await category('Women', 1);
  const newly = await category('Newly Added', 2);
  await category('Hoodie', 0, men);
  await category('Hoodie', 0, women);
  await category('Crop Top', 1, women);
  await product('Old Hoodie', await category('Oversized T-Shirt', 1, men), '2025-01-01T00:00:00Z');
  await product('Fresh Hoodie', await category('Hoodie', 0, newly), '2026-11-20T00:00:00Z');
  await product('Fresh Crop Top', await category('Crop Top', 1, newly), '2026-11-21T00:00:00Z', false);
  await product('Fresh Cape', await category('Cape', 2, newly), '2026-11-22T00:00:00Z');
  await runMigrations(url, { log });
});

afterAll(async () => {
  if (server) {
    await dropDatabase(server.context.adminUrl, dbName);
    await server.teardown();
  }
  await fs.rm(before, { recursive: true, force: true });
});

describe('migration 0026', () => {
  it('moves products out of Newly Added to the same type in the first other group that has it', async () => {
    const rows = await query<{ name: string; filed: string }>(
      `select p.name, g.name || ' / ' || c.name as filed from products p
         join categories c on c.id = p.category_id join categories g on g.id = c.parent_id order by p.name`,
    );
    expect(rows).toEqual([
      // No other group has capes: it stays where it was.
      { name: 'Fresh Cape', filed: 'Newly Added / Cape' },
      { name: 'Fresh Crop Top', filed: 'Women / Crop Top' },
      { name: 'Fresh Hoodie', filed: 'Men / Hoodie' },
      { name: 'Old Hoodie', filed: 'Men / Oversized T-Shirt' },
    ]);
  });

  it('dates published products from their creation, and leaves drafts undated', async () => {
    const rows = await query<{ name: string; same: boolean | null }>(
      `select name, published_at = created_at as same from products order by name`,
    );
    expect(rows).toEqual([
      { name: 'Fresh Cape', same: true },
      { name: 'Fresh Crop Top', same: null },
      { name: 'Fresh Hoodie', same: true },
      { name: 'Old Hoodie', same: true },
    ]);
  });

  it('dates a draft when it is first published, and keeps that date', async () => {
    const [first] = await query<{ published_at: Date }>(
      `update products set is_active = true where name = 'Fresh Crop Top' returning published_at`,
    );
    expect(first!.published_at).toBeInstanceOf(Date);
    await query(`update products set is_active = false where name = 'Fresh Crop Top'`);
    const [again] = await query<{ published_at: Date }>(
      `update products set is_active = true where name = 'Fresh Crop Top' returning published_at`,
    );
    expect(again!.published_at).toEqual(first!.published_at);
  });
});
