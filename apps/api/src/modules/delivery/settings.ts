// The delivery_settings row (docs/delivery.md#settings): the whole set as the back office saved it, or the
// contract's defaults while nothing was saved.
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@rangrez/contract/rules';
import { deliverySettingsSchema } from '@rangrez/contract/schemas';
import { deliverySettings } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

const ROW_ID = 'store';

export interface StoredDeliverySettings {
  settings: DeliverySettings;
  updatedAt: Date | null;
}

/** A row an older version wrote that no longer fits the schema falls back to the defaults, never fails a page. */
function settingsOf(value: unknown): DeliverySettings {
  const parsed = deliverySettingsSchema.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, ...(value as object) });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

export async function readDeliverySettings(db: Executor, lock = false): Promise<StoredDeliverySettings> {
  const query = db
    .select({ value: deliverySettings.value, updatedAt: deliverySettings.updatedAt })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, ROW_ID));
  const [row] = lock ? await query.for('update') : await query;
  return row
    ? { settings: settingsOf(row.value), updatedAt: row.updatedAt }
    : { settings: DEFAULT_DELIVERY_SETTINGS, updatedAt: null };
}

export async function writeDeliverySettings(tx: Executor, value: DeliverySettings, now: Date): Promise<Date> {
  const row = { value: { ...value }, updatedAt: now };
  await tx
    .insert(deliverySettings)
    .values({ id: ROW_ID, ...row })
    .onConflictDoUpdate({ target: deliverySettings.id, set: row });
  return now;
}
