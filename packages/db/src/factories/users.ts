import { users } from '../schema.ts';
import type { DbExecutor } from './executor.ts';
import { uniqueSuffix } from './unique.ts';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** Insert values for a user: valid defaults, overridden field by field. No password unless one is given. */
export function buildUser(overrides: Partial<UserInsert> = {}): UserInsert {
  const suffix = uniqueSuffix();
  return {
    firstName: 'Test',
    lastName: 'Shopper',
    email: `shopper-${suffix}@example.test`,
    phone: '9876543210',
    addressCountry: 'India',
    addressState: 'Maharashtra',
    addressCity: 'Mumbai',
    addressStreet: 'Linking Road, Bandra West',
    addressPincode: '400050',
    addressDoorNo: '12B',
    ...overrides,
    // The column has a lower-case CHECK; factories follow the same rule as sign-up.
    ...(overrides.email ? { email: overrides.email.toLowerCase() } : {}),
  };
}

export async function createUser(db: DbExecutor, overrides: Partial<UserInsert> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  if (!row) throw new Error('createUser: no row returned');
  return row;
}
