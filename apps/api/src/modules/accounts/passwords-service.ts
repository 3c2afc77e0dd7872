// Forgotten and changed passwords (docs/accounts.md#passwords).
//
// POST /password/forgot answers the same whatever the address: an account with it gets an e-mail (through the
// outbox, in the transaction that makes the link) with a single-use link valid 30 minutes. Only the SHA-256 of the
// link's token is stored. At most RESET_LINKS_PER_HOUR links a hour go to one account; past that nothing is sent
// and the answer is still the same, so the limit tells nobody whether the address has an account.
//
// Setting a password through a link ends every session of the account (whoever had the old password is out) and
// lifts its login lockout; changing it in the profile ends every other session. A Google-only account has no
// password to change, but may set one through a link.
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MESSAGES, PASSWORD_RESET_TTL_MINUTES } from '@rangrez/contract/rules';
import type { ChangePasswordBody, ResetPasswordBody } from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  insertResetLink,
  lockUser,
  resetLinksSince,
  revokeUserSessions,
  setPasswordHash,
  useResetLink,
  voidResetLinks,
} from './password-repository.ts';
import {
  activeLockUntil,
  clearLoginFailures,
  findUserByEmail,
  findUserById,
  recordLoginFailure,
  type ThrottlePolicy,
} from './repository.ts';

/** Links one account may be sent in an hour: enough for a lost e-mail or two, too few to flood a mailbox. */
export const RESET_LINKS_PER_HOUR = 3;

export interface PasswordServiceOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The account lockout: a wrong current password counts as a failed sign-in. */
  throttle: ThrottlePolicy;
  /** Told after sessions were revoked, so this instance forgets them at once (session-cache.ts). */
  sessionsRevoked: (userId: string) => void;
  /** Thrown when the account is locked. */
  lockedError: (retryAfterSeconds: number) => Error;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const accountKey = (email: string) => `account:${email}`;

async function forgot(opts: PasswordServiceOptions, email: string): Promise<void> {
  const { db, clock } = opts;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await resetLinksSince(tx, user.id, new Date(now.getTime() - 3600_000))) >= RESET_LINKS_PER_HOUR) return;
    // Only the newest link works: an older one lying in the mailbox is void.
    await voidResetLinks(tx, user.id, now);
    const token = randomBytes(32).toString('base64url');
    const resetId = await insertResetLink(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      now,
    });
    // In the fragment, not the query: it never reaches a server log or a Referer header.
    const link = `${opts.publicUrl}/reset-password#${token}`;
    await enqueueEmail(tx, { kind: 'password-reset', resetId, link }, user.email, now);
  });
}

async function reset(opts: PasswordServiceOptions, body: ResetPasswordBody): Promise<void> {
  const { db, clock } = opts;
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  const userId = await db.transaction(async (tx) => {
    const owner = await useResetLink(tx, hashToken(body.token.trim()), now);
    if (!owner) return undefined;
    const user = await setPasswordHash(tx, owner, passwordHash, now);
    if (!user) return undefined;
    await voidResetLinks(tx, owner, now);
    await revokeUserSessions(tx, owner, now, 'password_reset');
    await clearLoginFailures(tx, accountKey(user.email));
    return owner;
  });
  if (!userId) throw badRequest(PASSWORD_MESSAGES.resetLinkInvalid);
  opts.sessionsRevoked(userId);
}

async function change(
  opts: PasswordServiceOptions,
  caller: { id: string; sessionId: string },
  body: ChangePasswordBody,
): Promise<void> {
  const { db, clock } = opts;
  const user = await findUserById(db, caller.id);
  if (!user) throw notFound(PASSWORD_MESSAGES.currentPasswordWrong);
  if (!user.passwordHash) throw badRequest(PASSWORD_MESSAGES.noPasswordYet);
  const now = clock.now();
  const lockedUntil = await activeLockUntil(db, [accountKey(user.email)], now);
  if (lockedUntil) throw opts.lockedError(Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await recordLoginFailure(db, accountKey(user.email), opts.throttle, now);
    throw badRequest(PASSWORD_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await voidResetLinks(tx, user.id, now);
    await revokeUserSessions(tx, user.id, now, 'password_changed', caller.sessionId);
  });
  opts.sessionsRevoked(user.id);
}

export function createPasswordService(opts: PasswordServiceOptions) {
  return {
    forgot: (email: string) => forgot(opts, email),
    reset: (body: ResetPasswordBody) => reset(opts, body),
    change: (caller: { id: string; sessionId: string }, body: ChangePasswordBody) => change(opts, caller, body),
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
