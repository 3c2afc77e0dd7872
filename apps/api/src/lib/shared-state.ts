// Small key/value helpers over the `shared_state` table: values every app instance must agree on (secrets,
// salts, sequence numbers, the stand-ins' records). One row per key, JSON values.
import { sharedState } from '@rangrez/db/schema';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from './db.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction. */
export type Executor = Db | Tx;

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

/** Inserts only when the key is free; false when it was already taken (atomic, across instances). */
export async function claimState(db: Executor, key: string, value: unknown): Promise<boolean> {
  const rows = await db
    .insert(sharedState)
    .values({ key, value })
    .onConflictDoNothing({ target: sharedState.key })
    .returning({ key: sharedState.key });
  return rows.length === 1;
}

/** A value every instance agrees on: the first to insert wins, everyone reads the winner's (secrets, salts). */
export async function sharedValue(db: Executor, key: string, create: () => string): Promise<string> {
  await claimState(db, key, create());
  const value = await readState<unknown>(db, key);
  if (typeof value !== 'string') throw new Error(`shared value ${key} is missing`);
  return value;
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

/** An increasing number shared by all instances (one atomic upsert); the first call answers `start`. */
export async function nextNumber(db: Executor, key: string, start = 1): Promise<number> {
  const result = await db.execute<{ value: unknown }>(sql`
    insert into ${sharedState} (key, value) values (${key}, ${JSON.stringify(start)}::jsonb)
    on conflict (key) do update set value = to_jsonb((${sharedState.value} #>> '{}')::bigint + 1), updated_at = now()
    returning value`);
  return Number(result.rows[0]?.value);
}
