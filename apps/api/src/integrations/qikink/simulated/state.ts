// The simulated partner's own records, in shared_state (one row per order), never in the store's tables: it
// knows only what it was sent, as the real partner does. Several app instances see the same orders.
import { sharedState } from '@rangrez/db/schema';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../lib/db.ts';

export const SIM_PREFIX = 'qikink.simulated.';

export const simKeys = {
  token: (clientId: string) => `${SIM_PREFIX}token.${clientId}`,
  order: (orderId: number) => `${SIM_PREFIX}order.${orderId}`,
  /** Reserved on create; its primary key makes a duplicate order number fail atomically. */
  number: (clientId: string, orderNumber: string) => `${SIM_PREFIX}number.${clientId}.${orderNumber}`,
  sequence: `${SIM_PREFIX}sequence`,
};

export async function readSim<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: sharedState.value })
    .from(sharedState)
    .where(eq(sharedState.key, key));
  return row?.value as T | undefined;
}

export async function writeSim(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(sharedState)
    .values({ key, value })
    .onConflictDoUpdate({ target: sharedState.key, set: { value, updatedAt: sql`now()` } });
}

/** Inserts only when the key is free; false when it was taken. */
export async function claimSim(db: Db, key: string, value: unknown): Promise<boolean> {
  const rows = await db
    .insert(sharedState)
    .values({ key, value })
    .onConflictDoNothing({ target: sharedState.key })
    .returning({ key: sharedState.key });
  return rows.length === 1;
}

export async function nextSimNumber(db: Db, start: number): Promise<number> {
  const result = await db.execute<{ value: unknown }>(sql`
    insert into ${sharedState} (key, value) values (${simKeys.sequence}, ${JSON.stringify(start)}::jsonb)
    on conflict (key) do update set value = to_jsonb((${sharedState.value} #>> '{}')::bigint + 1), updated_at = now()
    returning value`);
  return Number(result.rows[0]?.value);
}

/** One page of a client's orders, newest first. */
export async function pageOfOrders<T>(db: Db, clientId: string, page: number, size: number): Promise<T[]> {
  const rows = await db
    .select({ value: sharedState.value })
    .from(sharedState)
    .where(
      and(
        like(sharedState.key, `${SIM_PREFIX}order.%`),
        sql`${sharedState.value} ->> 'client_id' = ${clientId}`,
      ),
    )
    .orderBy(desc(sql`(${sharedState.value} ->> 'order_id')::bigint`))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((r) => r.value as T);
}
