// Address book SQL (docs/accounts.md#address-book). Writes that add a row run under the shopper's address-book lock
// (lockAddressBook), so two saves at once can neither pass the cap together nor both insert the same address.
import { userAddresses } from '@rangrez/db/schema';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type AddressRow = typeof userAddresses.$inferSelect;

/** An address's own fields, as stored. */
export type AddressValues = Pick<
  AddressRow,
  'firstName' | 'lastName' | 'email' | 'phone' | 'doorNo' | 'street' | 'city' | 'addressState' | 'pincode'
>;

const KEY_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'doorNo',
  'street',
  'city',
  'addressState',
  'pincode',
] as const satisfies readonly (keyof AddressValues)[];

/** The same address however it was typed: each field trimmed, lower-cased, inner spaces collapsed. */
export function dedupeKeyOf(values: AddressValues): string {
  return KEY_FIELDS.map((field) => values[field].trim().toLowerCase().replace(/\s+/g, ' ')).join('\u001f');
}

/** Held until the transaction ends. */
export async function lockAddressBook(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${userId}`}, 0))`);
}

/** The default first, then the most recently used. */
export function listAddresses(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.lastUsedAt), desc(userAddresses.createdAt));
}

export async function findAddress(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)));
  return row;
}

export async function findAddressByKey(
  db: Executor,
  userId: string,
  dedupeKey: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.dedupeKey, dedupeKey)));
  return row;
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userAddresses).where(eq(userAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: Executor,
  userId: string,
  values: AddressValues & { isDefault: boolean },
  now: Date,
): Promise<AddressRow> {
  const [row] = await db
    .insert(userAddresses)
    .values({
      ...values,
      userId,
      dedupeKey: dedupeKeyOf(values),
      lastUsedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('address insert returned no row');
  return row;
}

export async function updateAddress(
  db: Executor,
  row: AddressRow,
  set: Partial<AddressValues> & { isDefault?: boolean; lastUsedAt?: Date },
  now: Date,
): Promise<AddressRow> {
  const values = { ...row, ...set };
  const [updated] = await db
    .update(userAddresses)
    .set({ ...set, dedupeKey: dedupeKeyOf(values), updatedAt: now })
    .where(eq(userAddresses.id, row.id))
    .returning();
  if (!updated) throw new Error('address update returned no row');
  return updated;
}

/** Before another address becomes the default: at most one per shopper (a unique index holds it). */
export async function clearDefault(db: Executor, userId: string, keepId: string | null): Promise<void> {
  await db
    .update(userAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(userAddresses.userId, userId),
        eq(userAddresses.isDefault, true),
        ...(keepId ? [ne(userAddresses.id, keepId)] : []),
      ),
    );
}

export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)))
    .returning({ id: userAddresses.id });
  return rows.length > 0;
}
