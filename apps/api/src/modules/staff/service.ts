// Staff accounts, their sign-in (password, then a TOTP code or a recovery code), sessions, invitations and roles
// (docs/admin.md). Every change goes through auditedChange, so it commits with its audit row or not at all.
import { createHash, randomBytes } from 'node:crypto';
import {
  type Permission,
  ROLE_PERMISSIONS,
  STAFF_INVITATION_TTL_SECONDS,
  STAFF_MESSAGES,
  STAFF_SESSION_IDLE_SECONDS,
  type StaffRole,
} from '@rangrez/contract/rules/staff-roles';
import type {
  AdminSessionBody,
  AdminSessionResponse,
  InvitationAcceptBody,
  StaffInviteBody,
  StaffMember,
  StaffSelf,
  StaffUpdateBody,
  TotpSetupResponse,
} from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { type LoginThrottle, hashPassword, verifyDummyPassword, verifyPassword } from '../accounts/index.ts';
import type { StaffCaller } from '../../plugins/admin.ts';
import { type AuditActor, type AuditedChange, auditedChange, entityTimeline } from '../audit/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import {
  type StaffRow,
  acceptInvitation,
  claimTotpStep,
  findLiveSession,
  findOpenInvitation,
  findStaffByEmail,
  findStaffById,
  insertInvitation,
  insertStaff,
  insertStaffSession,
  listStaff,
  lockStaff,
  otherActiveOwners,
  replaceRecoveryCodes,
  revokeStaffSessions,
  touchStaffSession,
  updateStaff,
  useRecoveryCode,
} from './repository.ts';
import type { StaffTokens } from './tokens.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpEnrolment, totpStep } from './totp.ts';

export type TwoFactorPolicy = 'required' | 'optional';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export interface StaffServiceOptions {
  db: Db;
  clock: Clock;
  tokens: StaffTokens;
  throttle: LoginThrottle;
  publicUrl: string;
  twoFactor: TwoFactorPolicy;
}

const throttleKey = (email: string) => `staff:${email}`;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const actorOf = (member: StaffRow, client: ClientInfo): AuditActor => ({
  id: member.id,
  email: member.email,
  role: member.role,
  requestId: client.requestId,
  ip: client.ip,
});

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'invited',
    totpEnabled: row.totpSecret !== null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

function toStaffSelf(row: StaffRow, twoFactor: TwoFactorPolicy): StaffSelf {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    permissions: [...ROLE_PERMISSIONS[row.role]] as Permission[],
    totpEnabled: row.totpSecret !== null,
    mustEnrolTotp: twoFactor === 'required' && row.totpSecret === null,
  };
}

/** The member the credentials belong to; every failure counts towards the shared sign-in lockout. */
async function checkCredentials(opts: StaffServiceOptions, body: AdminSessionBody, client: ClientInfo) {
  const now = opts.clock.now();
  const key = throttleKey(body.email);
  await opts.throttle.assertUnlocked(key, client.ip, now);
  const fail = async (message: string) => {
    await opts.throttle.fail(key, client.ip, now);
    return unauthorized(message);
  };
  const member = await findStaffByEmail(opts.db, body.email);
  if (!member?.passwordHash) {
    await verifyDummyPassword(body.password);
    throw await fail(STAFF_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(member.passwordHash, body.password)))
    throw await fail(STAFF_MESSAGES.invalidCredentials);
  if (member.disabledAt) throw forbidden(STAFF_MESSAGES.disabled);
  if (member.totpSecret) {
    // The password was right: say that a code is needed, without counting it as a failure.
    if (!body.totp) throw unauthorized(STAFF_MESSAGES.totpRequired);
    if (!(await secondFactorAccepted(opts.db, member, body.totp, now)))
      throw await fail(STAFF_MESSAGES.totpInvalid);
  }
  await opts.throttle.succeed(key);
  return { member, method: member.totpSecret ? 'password and code' : 'password' };
}

async function secondFactorAccepted(
  db: Executor,
  member: StaffRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!member.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = totpStep(member.totpSecret, member.email, code, now);
    return step !== null && (await claimTotpStep(db, member.id, step));
  }
  return useRecoveryCode(db, member.id, hashRecoveryCode(code), now);
}

/** Opens a session inside an audited change and answers what the admin app keeps. */
async function openSession(
  opts: StaffServiceOptions,
  c: AuditedChange,
  member: StaffRow,
  client: ClientInfo,
  method: string,
): Promise<AdminSessionResponse> {
  const now = opts.clock.now();
  const session = await insertStaffSession(c.tx, {
    staffId: member.id,
    role: member.role,
    ip: client.ip,
    userAgent: client.userAgent,
    now,
  });
  const updated = await updateStaff(c.tx, member.id, { lastSignInAt: now });
  await c.record({
    action: 'staff.sign_in',
    entityType: 'staff',
    entityId: member.id,
    after: { session: session.id, method },
  });
  return {
    accessToken: await opts.tokens.sign({ staffId: member.id, sessionId: session.id }),
    staff: toStaffSelf(updated, opts.twoFactor),
  };
}

async function authenticate(opts: StaffServiceOptions, token: string): Promise<StaffCaller | null> {
  const claims = await opts.tokens.verify(token);
  if (!claims) return null;
  const found = await findLiveSession(opts.db, claims.sessionId);
  if (!found || found.member.id !== claims.staffId) return null;
  const { session, member } = found;
  const now = opts.clock.now();
  if (member.disabledAt || session.role !== member.role) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > STAFF_SESSION_IDLE_SECONDS * 1000) {
    await revokeStaffSessions(opts.db, { sessionId: session.id }, 'idle', now);
    return null;
  }
  await touchStaffSession(opts.db, session.id, now);
  const self = toStaffSelf(member, opts.twoFactor);
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    sessionId: session.id,
    totpEnabled: self.totpEnabled,
    mustEnrolTotp: self.mustEnrolTotp,
  };
}

/**
 * Creates (or re-invites) the member with a new single-use link. With `email`, the invitation e-mail is written to
 * the outbox in the same transaction (docs/orders-lifecycle.md#e-mail); the operator's CLI prints the link instead.
 */
async function inviteMember(
  opts: StaffServiceOptions,
  actor: AuditActor,
  body: StaffInviteBody,
  email: boolean,
): Promise<{ member: StaffRow; token: string }> {
  return auditedChange(opts.db, actor, 'staff.invite', async (c) => {
    const existing = await findStaffByEmail(c.tx, body.email);
    if (existing && (existing.passwordHash || existing.disabledAt))
      throw conflict(STAFF_MESSAGES.staffExists);
    const member = existing
      ? await updateStaff(c.tx, existing.id, { role: body.role })
      : await insertStaff(c.tx, { email: body.email, role: body.role });
    const token = randomBytes(32).toString('base64url');
    const now = opts.clock.now();
    const expiresAt = new Date(now.getTime() + STAFF_INVITATION_TTL_SECONDS * 1000);
    const invitationId = await insertInvitation(c.tx, {
      staffId: member.id,
      tokenHash: tokenHash(token),
      invitedBy: actor.id,
      expiresAt,
    });
    if (email) {
      const link = invitationLink(opts, token);
      await enqueueEmail(c.tx, { kind: 'staff-invitation', invitationId, link }, member.email, now);
    }
    await c.record({
      action: 'staff.invite',
      entityType: 'staff',
      entityId: member.id,
      before: existing ? { role: existing.role } : null,
      after: { email: member.email, role: member.role, invitationExpiresAt: expiresAt.toISOString() },
    });
    return { member, token };
  });
}

/** The link carries the token after '#': browsers never send that part, so no server log ever holds it. */
const invitationLink = (opts: StaffServiceOptions, token: string) =>
  `${opts.publicUrl}/admin/accept-invitation#${token}`;

async function acceptMemberInvitation(
  opts: StaffServiceOptions,
  body: InvitationAcceptBody,
  client: ClientInfo,
): Promise<AdminSessionResponse> {
  const now = opts.clock.now();
  const found = await findOpenInvitation(opts.db, tokenHash(body.token), now);
  if (!found) throw badRequest(STAFF_MESSAGES.invitationInvalid);
  const passwordHash = await hashPassword(body.password);
  return auditedChange(opts.db, actorOf(found.member, client), 'staff.accept_invitation', async (c) => {
    if (!(await acceptInvitation(c.tx, found.invitation.id, now)))
      throw badRequest(STAFF_MESSAGES.invitationInvalid);
    const member = await updateStaff(c.tx, found.member.id, { passwordHash });
    await c.record({
      action: 'staff.accept_invitation',
      entityType: 'staff',
      entityId: member.id,
      after: { status: 'active' },
    });
    return openSession(opts, c, member, client, 'invitation');
  });
}

const memberState = (row: StaffRow) => ({ role: row.role, disabled: row.disabledAt !== null });

export async function updateMember(
  opts: Pick<StaffServiceOptions, 'db' | 'clock'>,
  actor: AuditActor,
  id: string,
  body: StaffUpdateBody,
): Promise<StaffMember> {
  return auditedChange(opts.db, actor, 'staff.update', async (c) => {
    const before = await lockStaff(c.tx, id);
    if (!before) throw notFound(STAFF_MESSAGES.staffNotFound);
    const now = opts.clock.now();
    const role = body.role ?? before.role;
    const disabledAt =
      body.disabled === undefined ? before.disabledAt : body.disabled ? (before.disabledAt ?? now) : null;
    const losesOwner =
      before.role === 'owner' && !before.disabledAt && (role !== 'owner' || disabledAt !== null);
    if (losesOwner && (await otherActiveOwners(c.tx, id)) === 0) throw conflict(STAFF_MESSAGES.lastOwner);
    const after = await updateStaff(c.tx, id, { role, disabledAt });
    // A changed role or a disabled account ends its sessions now; the next request on any instance sees it.
    if (role !== before.role || (disabledAt && !before.disabledAt))
      await revokeStaffSessions(
        c.tx,
        { staffId: id },
        role !== before.role ? 'role changed' : 'disabled',
        now,
      );
    await c.record({
      action: 'staff.update',
      entityType: 'staff',
      entityId: id,
      before: memberState(before),
      after: memberState(after),
    });
    return toStaffMember(after);
  });
}

export async function resetTwoFactor(
  opts: Pick<StaffServiceOptions, 'db' | 'clock'>,
  actor: AuditActor,
  id: string,
): Promise<StaffMember> {
  return auditedChange(opts.db, actor, 'staff.reset_2fa', async (c) => {
    const before = await lockStaff(c.tx, id);
    if (!before) throw notFound(STAFF_MESSAGES.staffNotFound);
    const after = await updateStaff(c.tx, id, {
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    await replaceRecoveryCodes(c.tx, id, []);
    await revokeStaffSessions(c.tx, { staffId: id }, 'two-factor reset', opts.clock.now());
    await c.record({
      action: 'staff.reset_2fa',
      entityType: 'staff',
      entityId: id,
      before: { totpEnabled: before.totpSecret !== null },
      after: { totpEnabled: false },
    });
    return toStaffMember(after);
  });
}

async function startTotpSetup(opts: StaffServiceOptions, caller: StaffCaller, actor: AuditActor) {
  return auditedChange(opts.db, actor, 'staff.totp_setup', async (c): Promise<TotpSetupResponse> => {
    const member = await lockStaff(c.tx, caller.id);
    if (!member) throw notFound(STAFF_MESSAGES.staffNotFound);
    if (member.totpSecret) throw conflict('Two-factor sign-in is already set up');
    const secret = newTotpSecret();
    await updateStaff(c.tx, member.id, { totpPendingSecret: secret });
    await c.record({
      action: 'staff.totp_setup',
      entityType: 'staff',
      entityId: member.id,
      after: { pending: true },
    });
    return totpEnrolment(secret, member.email);
  });
}

async function confirmTotpSetup(
  opts: StaffServiceOptions,
  caller: StaffCaller,
  actor: AuditActor,
  code: string,
) {
  return auditedChange(opts.db, actor, 'staff.totp_enable', async (c) => {
    const member = await lockStaff(c.tx, caller.id);
    if (!member?.totpPendingSecret) throw badRequest('Start the two-factor set-up first');
    const step = totpStep(member.totpPendingSecret, member.email, code, opts.clock.now());
    if (step === null) throw badRequest(STAFF_MESSAGES.totpInvalid);
    await updateStaff(c.tx, member.id, {
      totpSecret: member.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(c.tx, member.id, recoveryCodes.map(hashRecoveryCode));
    await c.record({
      action: 'staff.totp_enable',
      entityType: 'staff',
      entityId: member.id,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    });
    return { recoveryCodes };
  });
}

export function createStaffService(opts: StaffServiceOptions) {
  const { db } = opts;
  return {
    twoFactor: opts.twoFactor,
    authenticate: (token: string) => authenticate(opts, token),

    async signIn(body: AdminSessionBody, client: ClientInfo): Promise<AdminSessionResponse> {
      const { member, method } = await checkCredentials(opts, body, client);
      return auditedChange(db, actorOf(member, client), 'staff.sign_in', (c) =>
        openSession(opts, c, member, client, method),
      );
    },

    async signOut(caller: StaffCaller, actor: AuditActor): Promise<void> {
      await auditedChange(db, actor, 'staff.sign_out', async (c) => {
        await revokeStaffSessions(c.tx, { sessionId: caller.sessionId }, 'signed out', opts.clock.now());
        await c.record({
          action: 'staff.sign_out',
          entityType: 'staff',
          entityId: caller.id,
          after: { session: caller.sessionId },
        });
      });
    },

    async self(caller: StaffCaller): Promise<StaffSelf> {
      const member = await findStaffById(db, caller.id);
      if (!member) throw unauthorized(STAFF_MESSAGES.notStaff);
      return toStaffSelf(member, opts.twoFactor);
    },

    startTotpSetup: (caller: StaffCaller, actor: AuditActor) => startTotpSetup(opts, caller, actor),
    confirmTotpSetup: (caller: StaffCaller, actor: AuditActor, code: string) =>
      confirmTotpSetup(opts, caller, actor, code),

    list: async (): Promise<StaffMember[]> => (await listStaff(db)).map(toStaffMember),
    /** What happened to the member's account: invited, signed in and out, role, access, two-factor sign-in. */
    timeline: (id: string) => entityTimeline(db, 'staff', id),

    /** Creates (or re-invites) the member and e-mails a single-use link; answers the member. */
    async invite(actor: AuditActor, body: StaffInviteBody): Promise<StaffMember> {
      const { member } = await inviteMember(opts, actor, body, true);
      return toStaffMember(member);
    },

    /** For the operator's CLI: the link itself, since a fresh shop may have no working mail yet. */
    inviteWithLink: async (actor: AuditActor, body: StaffInviteBody) => {
      const { member, token } = await inviteMember(opts, actor, body, false);
      return { member: toStaffMember(member), link: invitationLink(opts, token) };
    },

    async invitation(token: string): Promise<{ email: string; role: StaffRole }> {
      const found = await findOpenInvitation(db, tokenHash(token), opts.clock.now());
      if (!found) throw badRequest(STAFF_MESSAGES.invitationInvalid);
      return { email: found.member.email, role: found.member.role };
    },

    acceptInvitation: (body: InvitationAcceptBody, client: ClientInfo) =>
      acceptMemberInvitation(opts, body, client),
    update: (actor: AuditActor, id: string, body: StaffUpdateBody) => updateMember(opts, actor, id, body),
    resetTwoFactor: (actor: AuditActor, id: string) => resetTwoFactor(opts, actor, id),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
