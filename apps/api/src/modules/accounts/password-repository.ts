// SQL of forgotten and changed passwords: reset links (password_resets), the password hash, and ending a user's
// sessions. Every time comparison takes `now` from the caller's clock.
import { passwordResets, sessions, users } from '@rangrez/db/schema';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from './repository.ts';

/** Locks the user's row for the rest of the transaction: parallel requests for one account count one at a time. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Links made for this user since `since`, used or not. */
export async function resetLinksSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertResetLink(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(passwordResets)
    .values({ userId: values.userId, tokenHash: values.tokenHash, expiresAt: values.expiresAt, createdAt: values.now })
    .returning({ id: passwordResets.id });
  if (!row) throw new Error('insertResetLink: no row returned');
  return row.id;
}

/** Makes every unused link of the user void (a newer link, or a password set another way). */
export async function voidResetLinks(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Uses a link once: the conditional update lets exactly one of two parallel uses through. The user it was for, or
 * undefined when the link is unknown, used or expired.
 */
export async function useResetLink(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/** Revokes every live session of the user, but `keep` (the caller's own, on a change); the first reason stays. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  reason: string,
  keep?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keep === undefined ? [] : [ne(sessions.id, keep)]),
      ),
    );
}
