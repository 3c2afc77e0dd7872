// SQL of the accounts module: users, sessions, refresh tokens, login throttles and the shared signing secret.
// Every time comparison takes `now` from the caller's clock, never PostgreSQL's now(), so tests can move time.
import { loginThrottles, refreshTokens, sessions, users } from '@rangrez/db/schema';
import { and, eq, exists, gte, inArray, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';

/** The database or an open transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** PostgreSQL's unique_violation: a concurrent insert of the same e-mail or Google account won. */
export { isUniqueViolation } from '../../lib/pg-errors.ts';

// ---------------------------------------------------------------- users

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

export async function insertUser(db: Executor, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insertUser: no row returned');
  return row;
}

/** Links a Google account to an existing user that has none yet; undefined if another link won. */
export async function linkGoogleAccount(
  db: Executor,
  userId: string,
  sub: string,
  avatar: string | null,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      googleSub: sub,
      // Keep an avatar the shopper chose; fill it from Google only when there is none.
      ...(avatar ? { avatar: sql`coalesce(nullif(${users.avatar}, ''), ${avatar})` } : {}),
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning();
  return row;
}

export type UserPatch = Partial<
  Pick<
    UserInsert,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'avatar'
    | 'addressCountry'
    | 'addressState'
    | 'addressCity'
    | 'addressStreet'
    | 'addressPincode'
    | 'addressDoorNo'
  >
>;

export async function updateUser(
  db: Executor,
  id: string,
  patch: UserPatch,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------- sessions and refresh tokens

export async function insertSession(
  db: Executor,
  values: { userId: string; userAgent: string | null; ip: string | null; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      userAgent: values.userAgent,
      ip: values.ip,
      createdAt: values.now,
      lastUsedAt: values.now,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insertSession: no row returned');
  return row.id;
}

export async function insertRefreshToken(
  db: Executor,
  values: { id: string; sessionId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    id: values.id,
    sessionId: values.sessionId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export interface RefreshTokenRecord {
  id: string;
  sessionId: string;
  successorId: string | null;
  rotatedAt: Date | null;
  expiresAt: Date;
  userId: string;
  sessionRevokedAt: Date | null;
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRecord | undefined> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      successorId: refreshTokens.successorId,
      rotatedAt: refreshTokens.rotatedAt,
      expiresAt: refreshTokens.expiresAt,
      userId: sessions.userId,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function findRefreshTokenById(
  db: Executor,
  id: string,
): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ expiresAt: refreshTokens.expiresAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  return row;
}

/**
 * Marks a token rotated, only if nobody rotated it first. Two parallel refreshes with one token both reach
 * here; the row lock makes the second wait and then see rotated_at set, so exactly one successor exists.
 */
export async function markRotated(
  db: Executor,
  id: string,
  successorId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, successorId })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes sessions; the first reason recorded stays. */
export async function revokeSessions(
  db: Executor,
  sessionIds: string[],
  now: Date,
  reason: string,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
}

/** The one query per authenticated request: is this session still alive, and is it this user's? */
export async function isSessionActive(db: Executor, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row !== undefined;
}

// ---------------------------------------------------------------- login throttles

export interface ThrottlePolicy {
  /** Failures that lock the key. */
  maxFailures: number;
  /** Failures older than this no longer count. */
  windowSeconds: number;
  lockSeconds: number;
}

/** The latest lock end among the keys, if any is locked at `now`. */
export async function activeLockUntil(db: Executor, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  let until: Date | null = null;
  for (const { lockedUntil } of rows) {
    if (lockedUntil && lockedUntil > now && (!until || lockedUntil > until)) until = lockedUntil;
  }
  return until;
}

/**
 * Counts one failed sign-in for a key in a single upsert, so concurrent failures on several instances all
 * count (the conflicting insert waits for the row lock and re-reads the row). `updated_at` holds the start of
 * the current counting window: a run of failures starts afresh when the window has passed or a lock has ended.
 */
export async function recordLoginFailure(
  db: Executor,
  key: string,
  policy: ThrottlePolicy,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
  const lockEnd = new Date(now.getTime() + policy.lockSeconds * 1000);
  const t = loginThrottles;
  const fresh = sql`(${t.updatedAt} <= ${windowStart.toISOString()}::timestamptz or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now.toISOString()}::timestamptz))`;
  const next = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
  const max = sql`${policy.maxFailures}::int`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      lockedUntil: policy.maxFailures <= 1 ? lockEnd : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        lockedUntil: sql`(case
          when ${next} >= ${max} and (${fresh} or ${t.lockedUntil} is null) then ${lockEnd.toISOString()}::timestamptz
          when ${fresh} then null
          else ${t.lockedUntil} end)`,
        updatedAt: sql`(case when ${fresh} then ${now.toISOString()}::timestamptz else ${t.updatedAt} end)`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  if (!row) throw new Error('recordLoginFailure: no row returned');
  return row;
}

export async function clearLoginFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

// ---------------------------------------------------------------- housekeeping (modules/housekeeping)
// Each statement deletes at most `limit` rows, so no statement holds many locks or runs long. The condition is
// repeated on the DELETE itself: a row changed by a request between the sub-select and the delete is re-checked
// on its new version (PostgreSQL re-evaluates the DELETE's own WHERE on the row it waited for), and kept.

async function deleteBatch(
  db: Executor,
  table: typeof refreshTokens | typeof sessions,
  condition: SQL,
  limit: number,
): Promise<number> {
  const doomed = db.select({ id: table.id }).from(table).where(condition).limit(limit);
  const result = await db.delete(table).where(and(inArray(table.id, doomed), condition));
  return result.rowCount ?? 0;
}

/**
 * Refresh tokens expired before `expiredBefore` (refresh checks expiry before anything else, so an expired token
 * is already refused without side effects, exactly like an unknown one), or belonging to a session revoked
 * before `revokedBefore` (refused for the revocation). Rotated tokens of a live session that have not expired
 * are kept: presenting one after the grace window is what revokes a stolen session.
 */
export function deleteDeadRefreshTokens(
  db: Executor,
  cutoffs: { expiredBefore: Date; revokedBefore: Date },
  limit: number,
): Promise<number> {
  const revokedSession = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, refreshTokens.sessionId), lt(sessions.revokedAt, cutoffs.revokedBefore)));
  return deleteBatch(
    db,
    refreshTokens,
    or(lt(refreshTokens.expiresAt, cutoffs.expiredBefore), exists(revokedSession)) as SQL,
    limit,
  );
}

/**
 * Sessions revoked before `revokedBefore`, or idle: last used before `idleBefore` (after which no access token
 * of theirs can still be valid) with no refresh token left that expires at or after `tokensExpiredBefore`.
 * Their refresh tokens go with them (ON DELETE CASCADE). A missing session answers like a revoked one.
 */
export function deleteDeadSessions(
  db: Executor,
  cutoffs: { revokedBefore: Date; idleBefore: Date; tokensExpiredBefore: Date },
  limit: number,
): Promise<number> {
  const liveToken = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.sessionId, sessions.id),
        gte(refreshTokens.expiresAt, cutoffs.tokensExpiredBefore),
      ),
    );
  const condition = or(
    lt(sessions.revokedAt, cutoffs.revokedBefore),
    and(lt(sessions.lastUsedAt, cutoffs.idleBefore), notExists(liveToken)),
  ) as SQL;
  return deleteBatch(db, sessions, condition, limit);
}

/**
 * Login throttles with no lock after `unlockedBefore` whose counting window started before `updatedBefore`: the
 * next failure starts a fresh count either way (recordLoginFailure), and no lock is active, so the row answers
 * exactly as no row does.
 */
export async function deleteStaleLoginThrottles(
  db: Executor,
  cutoffs: { unlockedBefore: Date; updatedBefore: Date },
  limit: number,
): Promise<number> {
  const t = loginThrottles;
  const condition = and(
    or(isNull(t.lockedUntil), lt(t.lockedUntil, cutoffs.unlockedBefore)),
    lt(t.updatedAt, cutoffs.updatedBefore),
  ) as SQL;
  const doomed = db.select({ key: t.key }).from(t).where(condition).limit(limit);
  const result = await db.delete(t).where(and(inArray(t.key, doomed), condition));
  return result.rowCount ?? 0;
}
