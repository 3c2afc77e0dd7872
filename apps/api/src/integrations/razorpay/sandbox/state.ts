// The sandbox keeps its orders, payments, refunds and webhook events in shared_state (one row per entity), so
// several app instances behind a load balancer agree on them, as they would with the real gateway.
import { sharedState } from '@rangrez/db/schema';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../lib/db.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export const KEY_PREFIX = 'razorpay.sandbox.';

export const keys = {
  order: (id: string) => `${KEY_PREFIX}order.${id}`,
  payment: (id: string) => `${KEY_PREFIX}payment.${id}`,
  refund: (id: string) => `${KEY_PREFIX}refund.${id}`,
  refundByIdempotencyKey: (paymentId: string, key: string) => `${KEY_PREFIX}refund-key.${paymentId}.${key}`,
  event: (id: string) => `${KEY_PREFIX}event.${id}`,
  eventSequence: `${KEY_PREFIX}event-sequence`,
};

export async function readState<T>(db: Executor, key: string, forUpdate = false): Promise<T | undefined> {
  const query = db.select({ value: sharedState.value }).from(sharedState).where(eq(sharedState.key, key));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.value as T | undefined;
}

export async function writeState(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(sharedState)
    .values({ key, value })
    .onConflictDoUpdate({ target: sharedState.key, set: { value, updatedAt: sql`now()` } });
}

/** Values of every key that starts with `prefix`, filtered on one top-level JSON field when asked. */
export async function listState<T>(
  db: Executor,
  prefix: string,
  where?: { field: string; equals: string },
): Promise<T[]> {
  const conditions = [like(sharedState.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`)];
  if (where) conditions.push(sql`${sharedState.value} ->> ${where.field} = ${where.equals}`);
  const rows = await db
    .select({ value: sharedState.value })
    .from(sharedState)
    .where(and(...conditions))
    .orderBy(asc(sharedState.key));
  return rows.map((r) => r.value as T);
}

/** An increasing number shared by all instances (one atomic upsert). */
export async function nextNumber(db: Executor, key: string): Promise<number> {
  const result = await db.execute<{ value: unknown }>(sql`
    insert into ${sharedState} (key, value) values (${key}, '1'::jsonb)
    on conflict (key) do update set value = to_jsonb((${sharedState.value} #>> '{}')::bigint + 1), updated_at = now()
    returning value`);
  return Number(result.rows[0]?.value);
}
