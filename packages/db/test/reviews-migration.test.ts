// Migration 0006 (reviews moderation) on a store that already has reviews: before it, only the demo seed wrote
// reviews, so every existing one must come out approved and marked as demo content.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase, withDatabase } from '../src/launcher.ts';
import { runMigrations } from '../src/migrate.ts';
import { copyMigrationsBefore } from '../src/testing/migration-fixture.ts';
import { dropDatabase } from '../src/testing/test-db.ts';

const log = { info: () => undefined };
const adminUrl = () => inject('rangrezDb').adminUrl;
let tmp: string;
let name: string;

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(adminUrl(), name) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-reviews-migration-'));
  name = `rangrez_reviews_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl(), name);
});

afterAll(async () => {
  if (name) await dropDatabase(adminUrl(), name);
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('0006_reviews_moderation', () => {
  it('turns every existing review into approved demo content, and one shopper review per product after', async () => {
    const url = withDatabase(adminUrl(), name);
    await runMigrations(url, {
      migrationsFolder: await copyMigrationsBefore(path.join(tmp, 'before'), '0006_reviews_moderation'),
      log,
    });
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

    await runMigrations(url, { log });

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
