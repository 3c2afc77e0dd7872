// Migration 0006 (reviews moderation) on a store that already has reviews: before it, only the demo seed wrote
// reviews, so every existing one must come out approved and marked as demo content.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'reviews');
});
afterAll(() => db?.drop());

describe('0006_reviews_moderation', () => {
  it('turns every existing review into approved demo content, and one shopper review per product after', async () => {
    await db.migrateBefore('0006_reviews_moderation');
    await query(`
      WITH u AS (
        INSERT INTO users (first_name, last_name, email) VALUES ('Asha', 'Rao', 'asha@reviewers.test') RETURNING id
      ), c AS (
        INSERT INTO categories (name, slug) VALUES ('Tees', 'tees') RETURNING id
      ), p AS (
        INSERT INTO products (name, slug, sku, price_paise, sizes, colors, category_id)
        SELECT 'Kanji Tee', 'kanji-tee', 'KANJI-1', 79900, '{M}', '{Bk}', id FROM c RETURNING id
      )
      INSERT INTO reviews (product_id, user_id, rating, comment)
      SELECT p.id, u.id, r, 'Seeded review' FROM p, u, (VALUES (4), (5)) AS v(r)`);

    await db.migrateRest();

    const rows = await query<{
      status: string;
      is_demo: boolean;
      order_id: string | null;
      photo_ids: string[];
    }>('SELECT status, is_demo, order_id, photo_ids FROM reviews');
    expect(rows).toEqual([
      { status: 'approved', is_demo: true, order_id: null, photo_ids: [] },
      { status: 'approved', is_demo: true, order_id: null, photo_ids: [] },
    ]);
    // A shopper's review (not demo) is pending by default, and a second one of the same product is refused.
    const shopper = `INSERT INTO reviews (product_id, user_id, rating, comment)
      SELECT product_id, user_id, 3, 'Mine' FROM reviews LIMIT 1 RETURNING status`;
    expect(await query(shopper)).toEqual([{ status: 'pending' }]);
    await expect(query(shopper)).rejects.toThrow(/reviews_product_user_key/);
  });
});
