// migration 0026 on a database that already holds products (docs/decisions/039-newly-added-and-back-in-stock.md):
// products filed under a Newly Added sub-category move to the sub-category of the same slug in the first other
// group that has one; published products count as published when they were created; from then on a product gets
// its publication time when it is first published.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => db.query<T>(text, values);

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
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'newlyadded');
  await db.migrateBefore('0026_catalogue2');
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
  await db.migrateRest();
});

afterAll(() => db?.drop());

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
