// Migration 0024 (search speed) on a store that already has products: their search rows get the copies of the
// columns search filters, sorts and counts by, the names' words are collected, and the products' trigger keeps both
// from then on (docs/decisions/040-search-speed.md).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);
const searchRows = () =>
  query(`
    SELECT p.sku, s.is_active, s.price_paise, s.sizes, s.colors, s.created_at, s.category_id = p.category_id AS same_category
    FROM product_search s JOIN products p ON p.id = s.product_id ORDER BY p.sku`);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'searchspeed');
});
afterAll(() => db?.drop());

describe('0024_searchperf', () => {
  it('copies the existing products into their search rows and collects the words of their names', async () => {
    await db.migrateBefore('0024_searchperf');
    await query(`INSERT INTO categories (name, slug) VALUES ('Hoodies', 'hoodies')`);
    await query(`
      INSERT INTO products (name, sku, price_paise, sizes, colors, category_id, slug, is_active, created_at)
      SELECT v.name, v.sku, v.price, v.sizes, v.colors, c.id, v.sku, v.active, v.created::timestamptz
      FROM categories c, (VALUES
        ('Kaala Raven Hoodie', 'A-1', 149900, '{S,M}'::text[], '{Bk}'::text[], true, '2026-01-01T00:00:00Z'),
        ('The Sunset Pullover', 'B-2', 99900, '{L}'::text[], '{Or,Wh}'::text[], false, '2026-01-02T00:00:00Z')
      ) AS v(name, sku, price, sizes, colors, active, created)`);

    await db.migrateRest();

    expect(await searchRows()).toEqual([
      {
        sku: 'A-1',
        is_active: true,
        price_paise: 149900,
        sizes: ['S', 'M'],
        colors: ['Bk'],
        created_at: new Date('2026-01-01T00:00:00Z'),
        same_category: true,
      },
      {
        sku: 'B-2',
        is_active: false,
        price_paise: 99900,
        sizes: ['L'],
        colors: ['Or', 'Wh'],
        created_at: new Date('2026-01-02T00:00:00Z'),
        same_category: true,
      },
    ]);
    // 'The' is a stop word: no document holds it, so a typo has nothing to find through it.
    expect(await query('SELECT word FROM search_words ORDER BY word')).toEqual(
      ['hoodie', 'kaala', 'pullover', 'raven', 'sunset'].map((word) => ({ word })),
    );
  });

  it('keeps the copies on a new price or publication without making the document again', async () => {
    const [before] = await query<{ document: string }>(
      `SELECT s.document::text AS document FROM product_search s JOIN products p ON p.id = s.product_id
       WHERE p.sku = 'B-2'`,
    );
    await query(`UPDATE products SET price_paise = 79900, is_active = true, sizes = '{XL}' WHERE sku = 'B-2'`);
    expect(
      await query(`SELECT s.price_paise, s.is_active, s.sizes, s.document::text AS document
                   FROM product_search s JOIN products p ON p.id = s.product_id WHERE p.sku = 'B-2'`),
    ).toEqual([{ price_paise: 79900, is_active: true, sizes: ['XL'], document: before!.document }]);
  });

  it('makes the document again and adds the new words on a rename', async () => {
    await query(`UPDATE products SET name = 'Monsoon Pullover' WHERE sku = 'B-2'`);
    const [row] = await query<{ document: string }>(
      `SELECT s.document::text AS document FROM product_search s JOIN products p ON p.id = s.product_id
       WHERE p.sku = 'B-2'`,
    );
    expect(row!.document).toContain("'monsoon':1A");
    expect(row!.document).not.toContain('sunset');
    expect(await query(`SELECT word FROM search_words WHERE word IN ('monsoon', 'sunset') ORDER BY word`)).toEqual([
      { word: 'monsoon' },
      { word: 'sunset' },
    ]);
  });
});
