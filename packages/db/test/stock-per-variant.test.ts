// Migration 0005 on a database that already holds products: each product's stock is spread over its colours x
// sizes without changing its total, existing products get unique slugs, and from then on the product's stock
// follows its sellable variants (docs/decisions/024-stock-per-variant.md).
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

/** The real migrations up to (not including) 0005, as they were before it existed. */
async function migrationsBefore0005(folder: string): Promise<void> {
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    await fs.readFile(path.join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 5);
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

beforeAll(async () => {
  before = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-0005-'));
  await migrationsBefore0005(before);
  server = await startTestServer({ migrationsFolder: before });
  dbName = `rangrez_variants_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(server.context.adminUrl, dbName);
  url = withDatabase(server.context.adminUrl, dbName);
  await runMigrations(url, { migrationsFolder: before, log });
  const [group] = await query<{ id: string }>(
    `insert into categories (name, slug) values ('Men', 'men') returning id`,
  );
  const [sub] = await query<{ id: string }>(
    `insert into categories (name, slug, parent_id) values ('Hoodie', 'hoodie', $1) returning id`,
    [group!.id],
  );
  // 23 units over 2 colours x 5 sizes: 3 each for the first three, 2 for the other seven.
  await query(
    `insert into products (name, sku, price_paise, stock, sizes, colors, category_id) values
       ('Oni Mask Tee', 'A-1', 79900, 23, '{S,M,L,XL,XXL}', '{Bk,Wh}', $1),
       ('Oni Mask Tee', 'A-2', 79900, 0, '{M}', '{Bk}', $1),
       ('Kaiju Hoodie', 'A-3', 149900, 4, '{M,L}', '{Rd,Bk,Wh}', $1)`,
    [sub!.id],
  );
  await runMigrations(url, { log });
});

afterAll(async () => {
  if (server) {
    await dropDatabase(server.context.adminUrl, dbName);
    await server.teardown();
  }
  await fs.rm(before, { recursive: true, force: true });
});

describe('migration 0005', () => {
  it("spreads each product's stock over its variants in listing order and keeps the total", async () => {
    const rows = await query<{ sku: string; color: string; size: string; stock: number }>(
      `select p.sku, v.color, v.size, v.stock from product_variants v join products p on p.id = v.product_id
        order by p.sku, array_position(p.colors, v.color), array_position(p.sizes, v.size)`,
    );
    const of = (sku: string) =>
      rows.filter((r) => r.sku === sku).map((r) => `${r.color}-${r.size}:${r.stock}`);
    expect(of('A-1')).toEqual([
      'Bk-S:3',
      'Bk-M:3',
      'Bk-L:3',
      'Bk-XL:2',
      'Bk-XXL:2',
      'Wh-S:2',
      'Wh-M:2',
      'Wh-L:2',
      'Wh-XL:2',
      'Wh-XXL:2',
    ]);
    expect(of('A-2')).toEqual(['Bk-M:0']);
    expect(of('A-3')).toEqual(['Rd-M:1', 'Rd-L:1', 'Bk-M:1', 'Bk-L:1', 'Wh-M:0', 'Wh-L:0']);
    const totals = await query<{ sku: string; stock: number }>(
      `select sku, stock from products order by sku`,
    );
    expect(totals).toEqual([
      { sku: 'A-1', stock: 23 },
      { sku: 'A-2', stock: 0 },
      { sku: 'A-3', stock: 4 },
    ]);
  });

  it('gives existing products unique slugs from their names', async () => {
    const slugs = await query<{ sku: string; slug: string }>(`select sku, slug from products order by sku`);
    expect(slugs.map((s) => s.slug)).toEqual([
      expect.stringMatching(/^oni-mask-tee-[0-9a-f]{8}$/),
      expect.stringMatching(/^oni-mask-tee-[0-9a-f]{8}$/),
      expect.stringMatching(/^kaiju-hoodie-[0-9a-f]{8}$/),
    ]);
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(3);
  });

  it("keeps the product's stock at the sum of its sellable variants from then on", async () => {
    await query(
      `update product_variants v set stock = 10 from products p where p.id = v.product_id and p.sku = 'A-3'`,
    );
    expect((await query<{ stock: number }>(`select stock from products where sku = 'A-3'`))[0]?.stock).toBe(
      60,
    );
    await query(
      `update product_variants v set sellable = false from products p
        where p.id = v.product_id and p.sku = 'A-3' and v.color = 'Rd'`,
    );
    expect((await query<{ stock: number }>(`select stock from products where sku = 'A-3'`))[0]?.stock).toBe(
      40,
    );
    await query(
      `delete from product_variants v using products p where p.id = v.product_id and p.sku = 'A-3' and v.color = 'Wh'`,
    );
    expect((await query<{ stock: number }>(`select stock from products where sku = 'A-3'`))[0]?.stock).toBe(
      20,
    );
    await expect(
      query(
        `update product_variants v set stock = -1 from products p where p.id = v.product_id and p.sku = 'A-1'`,
      ),
    ).rejects.toThrow(/product_variants_stock_non_negative/);
  });
});
