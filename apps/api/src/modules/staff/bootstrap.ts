// The first owner, and what the operator's CLI does to staff accounts (docs/admin.md#the-first-owner). These run
// without a signed-in staff member: their audit rows name the actor 'system'.
import { randomBytes } from 'node:crypto';
import { STAFF_MESSAGES, type StaffRole } from '@rangrez/contract/rules/staff-roles';
import type { StaffMember } from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hashPassword } from '../accounts/index.ts';
import { SYSTEM_ACTOR, auditedChange } from '../audit/index.ts';
import {
  findStaffByEmail,
  insertStaff,
  lockStaff,
  revokeStaffSessions,
  updateStaff,
} from './repository.ts';
import { resetTwoFactor, toStaffMember, updateMember } from './service.ts';

/** The owner the demo creates when OWNER_EMAIL and OWNER_PASSWORD are not set. */
export const DEMO_OWNER_EMAIL = 'owner@rangrez.store';

/** A password to hand out once: 20 characters that pass the staff password rule. */
export function oneTimePassword(): string {
  return `${randomBytes(12).toString('base64url')}-Aa9`;
}

export type OwnerOutcome =
  | { kind: 'created'; email: string; password: string | null }
  | { kind: 'restored'; email: string }
  | { kind: 'unchanged'; email: string };

/**
 * Makes sure `email` is an enabled owner (idempotent). Created with `password`, or with a generated one-time
 * password that the caller prints. An existing account keeps its password: OWNER_PASSWORD sets the first one
 * only, `npm run staff -- reset-password` changes it.
 */
export async function ensureOwner(
  db: Db,
  clock: Clock,
  email: string,
  password: string | null,
): Promise<OwnerOutcome> {
  const address = email.trim().toLowerCase();
  const existing = await findStaffByEmail(db, address);
  if (existing?.role === 'owner' && !existing.disabledAt && existing.passwordHash)
    return { kind: 'unchanged', email: address };
  const chosen = password ?? oneTimePassword();
  const passwordHash = await hashPassword(chosen);
  try {
    return await auditedChange(
      db,
      SYSTEM_ACTOR('start-up'),
      'staff.ensure_owner',
      async (c): Promise<OwnerOutcome> => {
        const found = await findStaffByEmail(c.tx, address);
        const member = found && (await lockStaff(c.tx, found.id));
        if (!member) {
          const created = await insertStaff(c.tx, { email: address, role: 'owner', passwordHash });
          await c.record({
            action: 'staff.create',
            entityType: 'staff',
            entityId: created.id,
            after: { email: address, role: 'owner' },
          });
          return { kind: 'created', email: address, password: password === null ? chosen : null };
        }
        const after = await updateStaff(c.tx, member.id, {
          role: 'owner',
          disabledAt: null,
          passwordHash: member.passwordHash ?? passwordHash,
        });
        await revokeStaffSessions(c.tx, { staffId: member.id }, 'role changed', clock.now());
        await c.record({
          action: 'staff.update',
          entityType: 'staff',
          entityId: member.id,
          before: { role: member.role, disabled: member.disabledAt !== null },
          after: { role: after.role, disabled: false },
        });
        return { kind: 'restored', email: address };
      },
    );
  } catch (err) {
    // Another instance starting at the same moment created the owner first.
    if (isUniqueViolation(err)) return { kind: 'unchanged', email: address };
    throw err;
  }
}

export interface StaffAdmin {
  add(email: string, role: StaffRole): Promise<{ member: StaffMember; password: string }>;
  setRole(email: string, role: StaffRole): Promise<StaffMember>;
  disable(email: string): Promise<StaffMember>;
  resetTwoFactor(email: string): Promise<StaffMember>;
  resetPassword(email: string): Promise<{ member: StaffMember; password: string }>;
}

/** The operator's staff commands (cli/staff.ts); each is one audited change by 'system'. */
export function createStaffAdmin(db: Db, clock: Clock): StaffAdmin {
  const actor = SYSTEM_ACTOR('cli');
  /** The member's id, for the service's own audited changes: the same rules as the back office's staff page. */
  async function idOf(email: string): Promise<string> {
    const member = await findStaffByEmail(db, email.trim().toLowerCase());
    if (!member) throw new Error(STAFF_MESSAGES.staffNotFound);
    return member.id;
  }
  return {
    async add(email, role) {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const member = await auditedChange(db, actor, 'staff.create', async (c) => {
        if (await findStaffByEmail(c.tx, email.toLowerCase())) throw new Error(STAFF_MESSAGES.staffExists);
        const row = await insertStaff(c.tx, { email: email.toLowerCase(), role, passwordHash });
        await c.record({
          action: 'staff.create',
          entityType: 'staff',
          entityId: row.id,
          after: { email: row.email, role },
        });
        return row;
      });
      return { member: toStaffMember(member), password };
    },
    setRole: async (email, role) => updateMember({ db, clock }, actor, await idOf(email), { role }),
    disable: async (email) => updateMember({ db, clock }, actor, await idOf(email), { disabled: true }),
    resetTwoFactor: async (email) => resetTwoFactor({ db, clock }, actor, await idOf(email)),
    async resetPassword(email) {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const id = await idOf(email);
      const member = await auditedChange(db, actor, 'staff.reset_password', async (c) => {
        await revokeStaffSessions(c.tx, { staffId: id }, 'password reset', clock.now());
        const row = await updateStaff(c.tx, id, { passwordHash });
        await c.record({ action: 'staff.reset_password', entityType: 'staff', entityId: id });
        return row;
      });
      return { member: toStaffMember(member), password };
    },
  };
}
