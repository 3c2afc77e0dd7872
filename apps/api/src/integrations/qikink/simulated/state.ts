// The simulated partner's own records, in shared_state (one row per order), never in the store's tables: it
// knows only what it was sent, as the real partner does. Several app instances see the same orders.
import { sharedState } from '@rangrez/db/schema';
import { and, desc, like, sql } from 'drizzle-orm';
import type { Db } from '../../../lib/db.ts';
import { claimState, nextNumber, readState, writeState } from '../../../lib/shared-state.ts';

export type { Tx } from '../../../lib/shared-state.ts';

export const SIM_PREFIX = 'qikink.simulated.';

export const simKeys = {
  token: (clientId: string) => `${SIM_PREFIX}token.${clientId}`,
  order: (orderId: number) => `${SIM_PREFIX}order.${orderId}`,
  /** Reserved on create; its primary key makes a duplicate order number fail atomically. */
  number: (clientId: string, orderNumber: string) => `${SIM_PREFIX}number.${clientId}.${orderNumber}`,
  sequence: `${SIM_PREFIX}sequence`,
};

export const readSim = readState;
export const writeSim = writeState;
export const claimSim = claimState;
export const nextSimNumber = (db: Db, start: number) => nextNumber(db, simKeys.sequence, start);

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
