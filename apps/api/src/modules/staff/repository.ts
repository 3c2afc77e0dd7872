import { staff, staffInvitations, staffRecoveryCodes, staffSessions } from '@rangrez/db/schema';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StaffPatch = Partial<
  Pick<
    StaffRow,
    | 'role'
    | 'passwordHash'
    | 'totpSecret'
    | 'totpPendingSecret'
    | 'totpLastStep'
    | 'disabledAt'
    | 'lastSignInAt'
  >
>;

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  return row;
}

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

/** Locks the row for the rest of the transaction (role changes, the last-owner check). */
export async function lockStaff(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).for('update');
  return row;
}

export async function listStaff(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.email));
}

export async function insertStaff(
  db: Executor,
  values: Pick<StaffRow, 'email' | 'role'> & { passwordHash?: string | null },
): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  if (!row) throw new Error('insertStaff: no row returned');
  return row;
}

export async function updateStaff(db: Executor, id: string, patch: StaffPatch): Promise<StaffRow> {
  const [row] = await db
    .update(staff)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  if (!row) throw new Error('updateStaff: no row');
  return row;
}

/**
 * Whether another enabled owner with a password exists: the shop must always keep one who can sign in. The
 * caller holds the lock on the changed row; owners are locked in id order so two demotions cannot cross.
 */
export async function otherActiveOwners(db: Executor, exceptId: string): Promise<number> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, exceptId)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.length;
}

// ---------------------------------------------------------------- sessions

export async function insertStaffSession(
  db: Executor,
  values: Pick<StaffSessionRow, 'staffId' | 'role' | 'ip' | 'userAgent'> & { now: Date },
): Promise<StaffSessionRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(staffSessions)
    .values({ ...rest, createdAt: now, lastUsedAt: now })
    .returning();
  if (!row) throw new Error('insertStaffSession: no row returned');
  return row;
}

/** The session with its staff row, as one read per admin request. */
export async function findLiveSession(
  db: Executor,
  sessionId: string,
): Promise<{ session: StaffSessionRow; member: StaffRow } | undefined> {
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
  return row;
}

/** Moves last_used_at forward, at most once a minute per session (admin pages fire many requests). */
export async function touchStaffSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(staffSessions.id, sessionId),
        sql`${staffSessions.lastUsedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`,
      ),
    );
}

export async function revokeStaffSessions(
  db: Executor,
  where: { staffId: string } | { sessionId: string },
  reason: string,
  now: Date,
): Promise<number> {
  const target =
    'staffId' in where ? eq(staffSessions.staffId, where.staffId) : eq(staffSessions.id, where.sessionId);
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(target, isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

// ---------------------------------------------------------------- recovery codes

export async function replaceRecoveryCodes(db: Executor, staffId: string, hashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (hashes.length > 0)
    await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Marks an unused code used; true when it was there to use (a code works once, even under a race). */
export async function useRecoveryCode(
  db: Executor,
  staffId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

/** Accepts a TOTP step only if it is newer than the last accepted one: a code is never used twice. */
export async function claimTotpStep(db: Executor, staffId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
    .returning({ id: staff.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- invitations

export async function insertInvitation(
  db: Executor,
  values: { staffId: string; tokenHash: string; invitedBy: string | null; expiresAt: Date },
): Promise<string> {
  // A new invitation replaces any earlier one that was not accepted.
  await db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.staffId, values.staffId), isNull(staffInvitations.acceptedAt)));
  const [row] = await db.insert(staffInvitations).values(values).returning({ id: staffInvitations.id });
  if (!row) throw new Error('the invitation was not stored');
  return row.id;
}

/** A usable invitation (not accepted, not expired) with its staff row. */
export async function findOpenInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: staffInvitations, member: staff })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  return row;
}

/** Marks the invitation accepted; false when someone else used it first. */
export async function acceptInvitation(db: Executor, invitationId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt)))
    .returning({ id: staffInvitations.id });
  return rows.length === 1;
}
