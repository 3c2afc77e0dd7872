// Migration 0014 (promotions) on a store that already has orders: they keep their totals with no promotion, and
// the database itself holds the counters within their limits (decision 029) whatever the server does.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'promos');
});
afterAll(() => db?.drop());

const ORDER_COLUMNS = `order_number, user_id, payment_method, order_type, state, item_count, subtotal_paise,
  discount_paise, shipping_paise, total_paise, first_name, last_name, email, phone, door_no, street, city,
  address_state, pincode`;

async function refusal(text: string): Promise<string> {
  try {
    await query(text);
    return 'accepted';
  } catch (error) {
    return (error as { constraint?: string }).constraint ?? String(error);
  }
}

describe('0014_promotions', () => {
  it('keeps earlier orders as they were and counts promotions within their limits', async () => {
    await db.migrateBefore('0014_promotions');
    await query(`
      WITH u AS (
        INSERT INTO users (first_name, last_name, email) VALUES ('Asha', 'Rao', 'asha@promos.test') RETURNING id
      )
      INSERT INTO orders (${ORDER_COLUMNS})
      SELECT 'RZOLD', u.id, 'COD', 'BUY_NOW', 'confirmed', 1, 79900, 30000, 5000, 84900, 'Asha', 'Rao',
        'asha@promos.test', '9876543210', '12', 'FC Road', 'Pune', 'Maharashtra', '411004' FROM u`);

    await db.migrateRest();

    expect(await query(`SELECT promotion_discount_paise, promotions FROM orders`)).toEqual([
      { promotion_discount_paise: 0, promotions: [] },
    ]);
    // The total now counts the promotion discount: an order whose figures do not add up is refused.
    expect(await refusal(`UPDATE orders SET promotion_discount_paise = 100`)).toBe('orders_amounts');
    expect(
      await query(
        `UPDATE orders SET promotion_discount_paise = 100, total_paise = 84800 RETURNING total_paise`,
      ),
    ).toEqual([{ total_paise: 84800 }]);

    await query(`INSERT INTO promotions (code, kind, amount_paise, usage_limit, budget_paise)
      VALUES ('ONCE', 'fixed', 10000, 1, 15000)`);
    const take = `UPDATE promotions SET used = used + 1, budget_used_paise = budget_used_paise + 10000
      WHERE code = 'ONCE' AND (usage_limit IS NULL OR used < usage_limit)
        AND (budget_paise IS NULL OR budget_used_paise + 10000 <= budget_paise) RETURNING used`;
    expect(await query(take)).toEqual([{ used: 1 }]);
    expect(await query(take)).toEqual([]);
    expect(await refusal(`UPDATE promotions SET used = 2 WHERE code = 'ONCE'`)).toBe('promotions_used');
    expect(await refusal(`UPDATE promotions SET budget_used_paise = 15001 WHERE code = 'ONCE'`)).toBe(
      'promotions_budget',
    );
    expect(await refusal(`INSERT INTO promotions (kind, percent) VALUES ('percentage', 101)`)).toBe(
      'promotions_percent',
    );
    expect(await refusal(`INSERT INTO promotions (kind) VALUES ('bundle')`)).toBe('promotions_amount');
    expect(
      await refusal(`INSERT INTO promotions (code, kind, automatic) VALUES ('AUTO', 'free_shipping', true)`),
    ).toBe('promotions_code_or_automatic');
    expect(await refusal(`INSERT INTO promotions (code, kind) VALUES ('lower', 'free_shipping')`)).toBe(
      'promotions_code_format',
    );

    // Once per customer identity: the second take of the same phone finds the limit reached.
    const perCustomer = `INSERT INTO promotion_customer_uses (promotion_id, customer_key, uses)
      SELECT id, 'phone:9876543210', 1 FROM promotions WHERE code = 'ONCE'
      ON CONFLICT (promotion_id, customer_key) DO UPDATE SET uses = promotion_customer_uses.uses + 1
        WHERE promotion_customer_uses.uses < 1 RETURNING uses`;
    expect(await query(perCustomer)).toEqual([{ uses: 1 }]);
    expect(await query(perCustomer)).toEqual([]);
  });
});
