// Migration 0018 (accounts) on a store whose shoppers typed their phones in any form: an Indian mobile becomes its
// 10-digit national number, as the contract's normaliseIndianMobile writes it; anything else is kept as it was.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MigrationTestDatabase, migrationTestDatabase } from '../src/testing/migration-fixture.ts';

let db: MigrationTestDatabase;
const query = <T extends Record<string, unknown>>(text: string) => db.query<T>(text);

beforeAll(async () => {
  db = await migrationTestDatabase(inject('rangrezDb').adminUrl, 'phones');
});
afterAll(() => db?.drop());

describe('0018_accounts', () => {
  it("stores existing Indian mobiles as the national number and leaves other phones alone", async () => {
    await db.migrateBefore('0018_accounts');
    await query(`
      INSERT INTO users (first_name, last_name, email, phone) VALUES
        ('A', 'A', 'a@phones.test', '+91 98765-43210'),
        ('B', 'B', 'b@phones.test', '(0) 99887 76655'),
        ('C', 'C', 'c@phones.test', '919876543211'),
        ('D', 'D', 'd@phones.test', '9198765432'),
        ('E', 'E', 'e@phones.test', '+44 20 7946 0958'),
        ('F', 'F', 'f@phones.test', ''),
        ('G', 'G', 'g@phones.test', '+91 58765 43210')`);

    await db.migrateRest();

    expect(await query('SELECT email, phone FROM users ORDER BY email')).toEqual([
      { email: 'a@phones.test', phone: '9876543210' },
      { email: 'b@phones.test', phone: '9988776655' },
      { email: 'c@phones.test', phone: '9876543211' },
      { email: 'd@phones.test', phone: '9198765432' },
      { email: 'e@phones.test', phone: '+44 20 7946 0958' },
      { email: 'f@phones.test', phone: '' },
      { email: 'g@phones.test', phone: '+91 58765 43210' },
    ]);
    expect(await query('SELECT count(*)::int AS n FROM password_resets')).toEqual([{ n: 0 }]);
  });
});
