// Migration 0011 (the order lifecycle, docs/decisions/026-order-lifecycle-money-never-stuck.md) on a store that
// already has orders: refund flags become the refund machine's state, expired attempts and cash states are named,
// what was paid is recorded, and the database refuses old state words and refunds beyond what was paid.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'lifecycle');
});
afterAll(() => db?.drop());

const ORDER_COLUMNS = `order_number, user_id, payment_method, order_type, state, payment_state, fulfilment_state,
  needs_refund, item_count, subtotal_paise, discount_paise, shipping_paise, total_paise, first_name, last_name, email,
  phone, door_no, street, city, address_state, pincode`;

/** One order row before 0011, in the states it had then. */
const order = (
  n: string,
  method: string,
  state: string,
  payment: string,
  fulfilment: string,
  needsRefund = false,
) =>
  `SELECT '${n}', u.id, '${method}', 'BUY_NOW', '${state}', '${payment}', '${fulfilment}', ${needsRefund}, 1, 79900,
    30000, 0, 79900, 'Asha', 'Rao', 'asha@life.test', '9876543210', '12', 'FC Road', 'Pune', 'Maharashtra', '411004'
    FROM u`;

describe('0011_order_lifecycle', () => {
  it('moves existing orders and payments to the five machines, and caps refunds at what was paid', async () => {
    await db.migrateBefore('0011_order_lifecycle');
    await query(`
      WITH u AS (
        INSERT INTO users (first_name, last_name, email) VALUES ('Asha', 'Rao', 'asha@life.test') RETURNING id
      )
      INSERT INTO orders (${ORDER_COLUMNS})
      ${order('RZEXPIRED', 'Prepaid', 'cancelled', 'pending', 'not_started')}
      UNION ALL ${order('RZLATEPAID', 'Prepaid', 'cancelled', 'refund_pending', 'not_started', true)}
      UNION ALL ${order('RZSECOND', 'Prepaid', 'confirmed', 'captured', 'shipped', true)}
      UNION ALL ${order('RZREFUNDED', 'Prepaid', 'confirmed', 'refunded', 'delivered')}
      UNION ALL ${order('RZCODDONE', 'COD', 'confirmed', 'cod_pending', 'delivered')}
      UNION ALL ${order('RZCODRTO', 'COD', 'confirmed', 'cod_pending', 'returned')}
      UNION ALL ${order('RZCODGONE', 'COD', 'cancelled', 'cod_pending', 'cancelled')}
      UNION ALL ${order('RZPARTNERX', 'Prepaid', 'confirmed', 'captured', 'cancelled')}`);
    await query(`INSERT INTO payments (provider, provider_order_id, amount_paise, status)
      VALUES ('razorpay', 'order_Unmatched001', 79900, 'refund_pending')`);

    await db.migrateRest();

    const rows = await query<Record<string, unknown>>(
      `SELECT order_number, state, payment_state, refund_state, paid_paise, stock_returned_at IS NOT NULL AS stock_back
       FROM orders ORDER BY order_number`,
    );
    const row = (n: string) => rows.find((r) => r.order_number === n);
    expect(row('RZEXPIRED')).toMatchObject({
      state: 'expired',
      payment_state: 'pending',
      refund_state: 'none',
      paid_paise: 0,
      stock_back: true,
    });
    expect(row('RZLATEPAID')).toMatchObject({
      state: 'expired',
      payment_state: 'captured',
      refund_state: 'pending',
      paid_paise: 79900,
    });
    expect(row('RZSECOND')).toMatchObject({
      state: 'confirmed',
      payment_state: 'captured',
      refund_state: 'pending',
      stock_back: false,
    });
    expect(row('RZREFUNDED')).toMatchObject({ payment_state: 'captured', refund_state: 'refunded' });
    expect(row('RZCODDONE')).toMatchObject({
      payment_state: 'collected',
      refund_state: 'none',
      paid_paise: 79900,
    });
    expect(row('RZCODRTO')).toMatchObject({ payment_state: 'failed', paid_paise: 0, stock_back: true });
    expect(row('RZCODGONE')).toMatchObject({ state: 'cancelled', payment_state: 'voided', stock_back: true });
    expect(row('RZPARTNERX')).toMatchObject({
      payment_state: 'captured',
      refund_state: 'pending',
      stock_back: true,
    });
    expect(await query('SELECT status FROM payments')).toEqual([{ status: 'unmatched' }]);

    await expect(query(`UPDATE orders SET state = 'created'`)).rejects.toThrow(/orders_state/);
    await expect(query(`UPDATE orders SET payment_state = 'refund_pending'`)).rejects.toThrow(
      /orders_payment_state/,
    );
    const refund = (key: string, paise: number) =>
      query(`INSERT INTO refunds (order_id, amount_paise, reason, method, idempotency_key, created_by)
        SELECT id, ${paise}, 'test', 'manual', '${key}', 'test' FROM orders WHERE order_number = 'RZCODDONE'`);
    await refund('cap-1', 50000);
    await expect(refund('cap-2', 29901)).rejects.toThrow(/exceed what was paid/);
    await refund('cap-3', 29900);
  });
});
