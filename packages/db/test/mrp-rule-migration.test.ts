// Migration 0009 (MRP rule) on a store that already has products and orders: products keep the one rule there was
// (price + ₹300), every existing order line gets that MRP as its snapshot, and the database refuses a declared MRP
// below the price.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'mrp');
});
afterAll(() => db?.drop());

describe('0009_mrp_rule', () => {
  it('keeps price + 300 for existing products and order lines, and refuses a declared MRP below the price', async () => {
    await db.migrateBefore('0009_mrp_rule');
    await query(`
      WITH u AS (
        INSERT INTO users (first_name, last_name, email) VALUES ('Asha', 'Rao', 'asha@mrp.test') RETURNING id
      ), c AS (
        INSERT INTO categories (name, slug) VALUES ('Tees', 'tees') RETURNING id
      ), p AS (
        INSERT INTO products (name, slug, sku, price_paise, sizes, colors, category_id)
        SELECT 'Kanji Tee', 'kanji-tee', 'KANJI-1', 79900, '{M}', '{Bk}', id FROM c RETURNING id
      ), o AS (
        INSERT INTO orders (order_number, user_id, payment_method, order_type, item_count, subtotal_paise,
          discount_paise, shipping_paise, total_paise, first_name, last_name, email, phone, door_no, street, city,
          address_state, pincode)
        SELECT 'RZ2611210001', u.id, 'COD', 'BUY_NOW', 2, 159800, 60000, 5000, 164800, 'Asha', 'Rao',
          'asha@mrp.test', '9876543210', '12', 'FC Road', 'Pune', 'Maharashtra', '411004' FROM u RETURNING id
      )
      INSERT INTO order_items (order_id, product_id, product_name, sku, size, color, quantity, unit_price_paise)
      SELECT o.id, p.id, 'Kanji Tee', 'KANJI-1', 'M', 'Bk', 2, 79900 FROM o, p`);

    await db.migrateRest();

    expect(await query('SELECT mrp_rule, mrp_value_paise FROM products')).toEqual([
      { mrp_rule: 'markup', mrp_value_paise: 30000 },
    ]);
    expect(await query('SELECT unit_price_paise, unit_mrp_paise FROM order_items')).toEqual([
      { unit_price_paise: 79900, unit_mrp_paise: 109900 },
    ]);
    const set = (values: string) => query(`UPDATE products SET ${values}`);
    await expect(set(`mrp_rule = 'fixed', mrp_value_paise = 79800`)).rejects.toThrow(
      /products_mrp_not_below_price/,
    );
    await expect(set(`mrp_rule = 'none', mrp_value_paise = 30000`)).rejects.toThrow(/products_mrp_value/);
    await expect(set(`mrp_value_paise = 30050`)).rejects.toThrow(/products_mrp_value/);
    await expect(set(`mrp_rule = 'percent'`)).rejects.toThrow(/products_mrp_rule/);
    await set(`mrp_rule = 'fixed', mrp_value_paise = 79900`);
    await expect(set('price_paise = 80000')).rejects.toThrow(/products_mrp_not_below_price/);
    await expect(query('UPDATE order_items SET unit_mrp_paise = 79800')).rejects.toThrow(
      /order_items_mrp_not_below_price/,
    );
  });
});
