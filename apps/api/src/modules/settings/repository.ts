// The store_settings row: only the fields staff have set, by their flat names.
import { storeSettings } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

const ROW_ID = 'store';

export async function findStoredSettings(db: Executor): Promise<Record<string, string>> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.id, ROW_ID));
  return row?.value ?? {};
}

/** The stored fields, the row locked until the transaction ends: two saves in a row audit each other's result. */
export async function lockStoredSettings(tx: Executor): Promise<Record<string, string>> {
  await tx.insert(storeSettings).values({ id: ROW_ID }).onConflictDoNothing();
  const [row] = await tx
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.id, ROW_ID))
    .for('update');
  return row?.value ?? {};
}

export async function writeStoredSettings(tx: Executor, value: Record<string, string>): Promise<void> {
  await tx.update(storeSettings).set({ value, updatedAt: new Date() }).where(eq(storeSettings.id, ROW_ID));
}
