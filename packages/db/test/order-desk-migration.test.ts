// Migration 0012 (webhook inbox, e-mail outbox, returns) on a store that already has orders and webhook deliveries:
// handled deliveries move to the inbox as processed, and confirmation e-mails become the outbox's history (sent),
// or its work (pending) for an order confirmed lately that was never sent one.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'desk');
});
afterAll(() => db?.drop());

const ORDER_COLUMNS = `order_number, user_id, payment_method, order_type, state, payment_state, fulfilment_state,
  item_count, subtotal_paise, discount_paise, shipping_paise, total_paise, first_name, last_name, email, phone,
  door_no, street, city, address_state, pincode, created_at`;

const order = (n: string, state: string, age: string) =>
  `SELECT '${n}', u.id, 'COD', 'BUY_NOW', '${state}', 'cod_pending', 'queued', 1, 79900, 30000, 5000, 84900,
    'Asha', 'Rao', 'asha@desk.test', '9876543210', '12', 'FC Road', 'Pune', 'Maharashtra', '411004',
    now() - interval '${age}' FROM u`;

describe('0012_order_desk', () => {
  it('moves handled webhooks to the inbox and confirmation e-mails to the outbox', async () => {
    await db.migrateBefore('0012_order_desk');
    await query(`
      WITH u AS (
        INSERT INTO users (first_name, last_name, email) VALUES ('Asha', 'Rao', 'asha@desk.test') RETURNING id
      )
      INSERT INTO orders (${ORDER_COLUMNS})
      ${order('RZSENT', 'confirmed', '1 hour')}
      UNION ALL ${order('RZUNSENT', 'confirmed', '1 hour')}
      UNION ALL ${order('RZOLDUNSENT', 'confirmed', '30 days')}
      UNION ALL ${order('RZUNPAID', 'payment_pending', '1 hour')}`);
    await query(`INSERT INTO order_events (order_id, machine, from_state, to_state, note)
      SELECT id, 'order', 'confirmed', 'confirmed', 'confirmation e-mail sent' FROM orders WHERE order_number = 'RZSENT'`);
    await query(`INSERT INTO payment_webhook_events (event_id, event_type, payload, processed_at)
      VALUES ('evt_Old1', 'payment.captured', '{"event":"payment.captured"}', now())`);

    await db.migrateRest();

    expect(
      await query(`SELECT provider, event_id, event_type, status, attempts, processed_at IS NOT NULL AS done
        FROM webhook_inbox`),
    ).toEqual([
      {
        provider: 'razorpay',
        event_id: 'evt_Old1',
        event_type: 'payment.captured',
        status: 'processed',
        attempts: 1,
        done: true,
      },
    ]);
    expect(
      await query(`SELECT o.order_number, x.kind, x.dedupe_key = 'order-confirmed:' || o.id AS keyed, x.status,
          x.recipient, x.payload->>'orderId' = o.id::text AS names_order, x.sent_at IS NOT NULL AS sent
        FROM outbox x JOIN orders o ON o.id = x.order_id ORDER BY o.order_number`),
    ).toEqual([
      {
        order_number: 'RZSENT',
        kind: 'order-confirmed',
        keyed: true,
        status: 'sent',
        recipient: 'asha@desk.test',
        names_order: true,
        sent: true,
      },
      {
        order_number: 'RZUNSENT',
        kind: 'order-confirmed',
        keyed: true,
        status: 'pending',
        recipient: 'asha@desk.test',
        names_order: true,
        sent: false,
      },
    ]);
    expect(await query(`SELECT to_regclass('payment_webhook_events') AS t`)).toEqual([{ t: null }]);
  });
});
