// Accounts: sign-up, sign-in (password and Google), sessions with rotating refresh tokens, the login lockout and
// the profile. Statuses and messages are chosen so the store's first client works unchanged
// (docs/decisions/004-accounts-and-sessions.md).
import { randomUUID } from 'node:crypto';
import {
  GOOGLE_MESSAGES,
  LOGIN_ERROR_MESSAGES,
  LOGIN_LOCK_MAX_FAILURES,
  LOGIN_LOCK_SECONDS,
  PROFILE_MESSAGES,
  SESSION_MESSAGES,
  isHttpUrl,
} from '@rangrez/contract/rules';
import type {
  Address,
  AuthSession,
  GoogleConfig,
  GoogleLoginBody,
  LoginBody,
  RefreshTokenResponse,
  SignupBody,
  User,
  UserUpdateBody,
} from '@rangrez/contract/schemas';
import type { Config } from '../../env.ts';
import {
  type GoogleProfile,
  GoogleTokenRejectedError,
  GoogleUnavailableError,
  type GoogleVerifier,
} from '../../integrations/google/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
import {
  activeLockUntil,
  clearLoginFailures,
  deleteDeadRefreshTokens,
  deleteDeadSessions,
  deleteStaleLoginThrottles,
  findRefreshToken,
  findRefreshTokenById,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  insertRefreshToken,
  insertSession,
  insertUser,
  isSessionActive,
  isUniqueViolation,
  linkGoogleAccount,
  markRotated,
  recordLoginFailure,
  revokeSessions,
  type ThrottlePolicy,
  touchSession,
  type UserPatch,
  type UserRow,
  updateUser,
} from './repository.ts';
import { createPasswordService } from './passwords-service.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';

/** Server messages of this module that the contract does not already hold. */
export const ACCOUNT_MESSAGES = {
  /** Contains 'email': the sign-up form shows 'This email is already registered...' for it. */
  emailTaken: 'An account with this email already exists',
  googleOnlyAccount: 'This account uses Google sign-in. Please sign in with Google.',
  googleEmailUnverified:
    'An account with this email already exists. Sign in with your password: your Google email address is not verified.',
  googleLinkedElsewhere: 'This email is already linked to another Google account',
  googleDisabled: 'Google sign-in is not available',
  /** No 'email' or 'network' in it, so the signup form shows its generic failure. */
  signupRateLimited: 'Too many sign-up attempts. Please try again later.',
  loggedOut: 'Logged out successfully',
  userNotFound: LOGIN_ERROR_MESSAGES.serverUserNotFound,
  invalidPassword: LOGIN_ERROR_MESSAGES.serverInvalidPassword,
  tooManyAttempts: LOGIN_ERROR_MESSAGES.tooManyAttempts,
  sessionExpired: SESSION_MESSAGES.expired,
  authenticationRequired: PROFILE_MESSAGES.authenticationRequired,
  profileUpdated: PROFILE_MESSAGES.updated,
} as const;

/** 5 consecutive failures lock the account for 300 s (docs/product/rules.md#login-lockout). */
export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  maxFailures: LOGIN_LOCK_MAX_FAILURES,
  windowSeconds: 15 * 60,
  lockSeconds: LOGIN_LOCK_SECONDS,
};
/** One client address guessing across many accounts: 20 failures in 15 minutes lock it for 300 s. */
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 300 };

/** A 429 that knows when to come back (sent as Retry-After). */
export class LoginLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, LOGIN_ERROR_MESSAGES.tooManyAttempts, 'RATE_LIMITED');
  }
}

/**
 * How long a row is kept after it has stopped being able to change any answer (modules/housekeeping): a margin
 * for clocks of several instances that disagree, and a day in which a revoked session can still be looked at.
 */
export const DEAD_ROW_GRACE_MS = 86_400_000;

/** The cutoffs below which accounts rows can be deleted without changing what the API answers. */
export function deadAccountRowCutoffs(settings: Config['accounts'], now: Date) {
  const before = (ms: number) => new Date(now.getTime() - ms - DEAD_ROW_GRACE_MS);
  // Every access token is signed at most the reuse grace after its session's last_used_at (a rotation, or a
  // rotated token presented again inside the grace window), so the idle cutoff waits for the last of them too.
  // Refresh tokens carry the TTL in force when they were issued, possibly longer than today's: deleteDeadSessions
  // also requires that none of the session's tokens is still valid.
  const accessTokenReachMs = (settings.accessTokenTtlSeconds + settings.refreshReuseGraceSeconds) * 1000;
  const refreshTtlMs = settings.refreshTokenTtlDays * 86_400_000;
  return {
    tokens: { expiredBefore: before(0), revokedBefore: before(0) },
    sessions: {
      revokedBefore: before(0),
      idleBefore: before(Math.max(refreshTtlMs, accessTokenReachMs)),
      tokensExpiredBefore: before(0),
    },
    throttles: {
      unlockedBefore: before(0),
      updatedBefore: before(Math.max(ACCOUNT_THROTTLE.windowSeconds, ADDRESS_THROTTLE.windowSeconds) * 1000),
    },
  };
}

/**
 * The batched deletions of dead accounts rows at `now`, in the order housekeeping runs them (tokens before
 * sessions: a session's tokens then mostly go in small batches of their own instead of in one unbounded cascade).
 * Each deletes at most `limit` rows and answers how many it deleted.
 */
export function deadAccountRowDeletions(db: Db, settings: Config['accounts'], now: Date) {
  const cutoffs = deadAccountRowCutoffs(settings, now);
  return {
    refreshTokens: (limit: number) => deleteDeadRefreshTokens(db, cutoffs.tokens, limit),
    sessions: (limit: number) => deleteDeadSessions(db, cutoffs.sessions, limit),
    loginThrottles: (limit: number) => deleteStaleLoginThrottles(db, cutoffs.throttles, limit),
  };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface AuthUser {
  id: string;
  sessionId: string;
}

export interface AccountsServiceOptions {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  settings: Config['accounts'];
  google: { verifier: GoogleVerifier | null; config: GoogleConfig };
  /** Where the store's pages are, for the links in e-mails. */
  publicUrl: string;
}

const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `ip:${ip}`;

export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar && isHttpUrl(row.avatar) ? row.avatar : '',
    address: {
      country: row.addressCountry,
      state: row.addressState,
      city: row.addressCity,
      street: row.addressStreet,
      pincode: row.addressPincode,
      doorNo: row.addressDoorNo,
    },
  };
}

/** The service's dependencies and the durations its settings give, shared by the operations below. */
interface AccountsContext extends AccountsServiceOptions {
  refreshTtlMs: number;
  graceMs: number;
  sessionCache: SessionCache;
}

async function startSession(ctx: AccountsContext, user: UserRow, client: ClientInfo): Promise<AuthSession> {
  const { db, clock, tokens } = ctx;
  const now = clock.now();
  const tokenId = randomUUID();
  const refreshToken = await tokens.refreshTokenFor(tokenId);
  const sessionId = await db.transaction(async (tx) => {
    const id = await insertSession(tx, {
      userId: user.id,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
      now,
    });
    await insertRefreshToken(tx, {
      id: tokenId,
      sessionId: id,
      tokenHash: tokens.hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + ctx.refreshTtlMs),
      now,
    });
    return id;
  });
  return {
    accessToken: await tokens.signAccessToken({ userId: user.id, sessionId }),
    refreshToken,
    user: toUserJson(user),
  };
}

async function countFailure(db: Db, email: string, ip: string, now: Date) {
  // Two statements, each an atomic upsert; neither needs the other.
  await Promise.all([
    recordLoginFailure(db, accountKey(email), ACCOUNT_THROTTLE, now),
    recordLoginFailure(db, addressKey(ip), ADDRESS_THROTTLE, now),
  ]);
}

async function verifyGoogle(verifier: GoogleVerifier | null, body: GoogleLoginBody): Promise<GoogleProfile> {
  if (!verifier) throw badRequest(ACCOUNT_MESSAGES.googleDisabled);
  try {
    return body.access_token
      ? await verifier.verifyAccessToken(body.access_token)
      : await verifier.verifyIdToken(body.credential ?? '');
  } catch (err) {
    if (err instanceof GoogleTokenRejectedError) throw unauthorized(GOOGLE_MESSAGES.authFailed);
    if (err instanceof GoogleUnavailableError)
      throw new AppError(502, GOOGLE_MESSAGES.authFailed, 'BAD_GATEWAY');
    throw err;
  }
}

async function userForGoogleProfile(db: Db, profile: GoogleProfile, now: Date): Promise<UserRow> {
  const known = await findUserByGoogleSub(db, profile.sub);
  if (known) return known;
  const picture = isHttpUrl(profile.picture) ? profile.picture : null;

  const sameEmail = await findUserByEmail(db, profile.email);
  // A parallel sign-in with this Google account created the user since the lookup above.
  if (sameEmail?.googleSub === profile.sub) return sameEmail;
  if (sameEmail) {
    // Linking on an address Google has not verified would let anyone claim someone else's account.
    if (!profile.emailVerified) throw conflict(ACCOUNT_MESSAGES.googleEmailUnverified);
    if (sameEmail.googleSub) throw conflict(ACCOUNT_MESSAGES.googleLinkedElsewhere);
    const linked =
      (await linkGoogleAccount(db, sameEmail.id, profile.sub, picture, now)) ??
      (await findUserByGoogleSub(db, profile.sub));
    if (!linked) throw conflict(ACCOUNT_MESSAGES.googleLinkedElsewhere);
    return linked;
  }

  try {
    return await insertUser(db, {
      firstName: profile.givenName || profile.name || profile.email.split('@')[0] || 'Shopper',
      lastName: profile.familyName,
      email: profile.email,
      phone: '',
      avatar: picture,
      passwordHash: null,
      googleSub: profile.sub,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A parallel sign-in with the same Google account created it first.
    const created = await findUserByGoogleSub(db, profile.sub);
    if (created) return created;
    throw conflict(ACCOUNT_MESSAGES.emailTaken);
  }
}

async function signup(ctx: AccountsContext, body: SignupBody, client: ClientInfo): Promise<AuthSession> {
  const { db, clock } = ctx;
  // Checked before hashing so a taken address costs no Argon2 time; the unique index decides races.
  if (await findUserByEmail(db, body.email)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  let user: UserRow;
  try {
    user = await insertUser(db, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
    throw err;
  }
  return startSession(ctx, user, client);
}

async function login(ctx: AccountsContext, body: LoginBody, client: ClientInfo): Promise<AuthSession> {
  const { db, clock } = ctx;
  const now = clock.now();
  const lockedUntil = await activeLockUntil(db, [accountKey(body.email), addressKey(client.ip)], now);
  if (lockedUntil) throw new LoginLockedError(Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));

  const user = await findUserByEmail(db, body.email);
  if (!user) {
    await verifyDummyPassword(body.password);
    await countFailure(db, body.email, client.ip, now);
    // The login form needs this message to say 'No account found with this email.'
    throw notFound(ACCOUNT_MESSAGES.userNotFound);
  }
  if (!user.passwordHash) {
    await verifyDummyPassword(body.password);
    throw badRequest(ACCOUNT_MESSAGES.googleOnlyAccount);
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await countFailure(db, body.email, client.ip, now);
    throw badRequest(ACCOUNT_MESSAGES.invalidPassword);
  }
  // A success resets the account's count, not the address's: one's own account must not
  // unlock guessing at others.
  await clearLoginFailures(db, accountKey(body.email));
  return startSession(ctx, user, client);
}

async function refresh(ctx: AccountsContext, refreshToken: string): Promise<RefreshTokenResponse> {
  const { db, clock, tokens } = ctx;
  const tokenHash = tokens.hashRefreshToken(refreshToken);
  const now = clock.now();
  let record = await findRefreshToken(db, tokenHash);
  if (!record || record.sessionRevokedAt || record.expiresAt <= now) {
    throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  }

  if (!record.rotatedAt) {
    const { id, sessionId, userId } = record;
    const successorId = randomUUID();
    const successor = await tokens.refreshTokenFor(successorId);
    const rotated = await db.transaction(async (tx) => {
      if (!(await markRotated(tx, id, successorId, now))) return false;
      await insertRefreshToken(tx, {
        id: successorId,
        sessionId,
        tokenHash: tokens.hashRefreshToken(successor),
        expiresAt: new Date(now.getTime() + ctx.refreshTtlMs),
        now,
      });
      await touchSession(tx, sessionId, now);
      return true;
    });
    if (rotated) {
      return {
        accessToken: await tokens.signAccessToken({ userId, sessionId }),
        refreshToken: successor,
      };
    }
    // A parallel refresh rotated it first: answer as that one did.
    record = await findRefreshToken(db, tokenHash);
    if (!record?.rotatedAt || record.sessionRevokedAt) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  }

  const { rotatedAt, successorId, sessionId, userId } = record;
  if (rotatedAt && successorId && now.getTime() - rotatedAt.getTime() <= ctx.graceMs) {
    const successor = await findRefreshTokenById(db, successorId);
    if (!successor || successor.expiresAt <= now) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    return {
      accessToken: await tokens.signAccessToken({ userId, sessionId }),
      refreshToken: await tokens.refreshTokenFor(successorId),
    };
  }
  // An old token came back after its successor was handed out: someone holds a copy. End the session
  // for everyone holding any of its tokens.
  await revokeSessions(db, [sessionId], now, 'refresh_token_reuse');
  ctx.sessionCache.forgetSessions([sessionId]);
  throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
}

async function logout(ctx: AccountsContext, user: AuthUser, refreshToken: string | undefined): Promise<void> {
  const sessionIds = [user.sessionId];
  if (refreshToken) {
    const record = await findRefreshToken(ctx.db, ctx.tokens.hashRefreshToken(refreshToken));
    // Only the caller's own sessions: a stolen refresh token must not log its owner out through us.
    if (record && record.userId === user.id && record.sessionId !== user.sessionId) {
      sessionIds.push(record.sessionId);
    }
  }
  await revokeSessions(ctx.db, sessionIds, ctx.clock.now(), 'logout');
  ctx.sessionCache.forgetSessions(sessionIds);
}

/** The user behind a bearer token, or null when it is invalid, expired or its session was revoked. */
async function authenticate(ctx: AccountsContext, accessToken: string): Promise<AuthUser | null> {
  const claims = await ctx.tokens.verifyAccessToken(accessToken);
  if (!claims) return null;
  const { sessionId, userId } = claims;
  if (!ctx.sessionCache.isKnownAlive(sessionId, userId)) {
    if (!(await isSessionActive(ctx.db, sessionId, userId))) return null;
    ctx.sessionCache.rememberAlive(sessionId, userId);
  }
  return { id: userId, sessionId };
}

/** The columns a profile update changes; fields left out stay as they are. */
function userPatchOf(update: UserUpdateBody): UserPatch {
  const patch: UserPatch = {};
  if (update.firstName !== undefined) patch.firstName = update.firstName;
  if (update.lastName !== undefined) patch.lastName = update.lastName;
  if (update.phone !== undefined) patch.phone = update.phone;
  // '' clears the avatar.
  if (update.avatar !== undefined) patch.avatar = update.avatar === '' ? null : update.avatar;
  const address: Partial<Address> = ('address' in update ? update.address : undefined) ?? {};
  if (address.country !== undefined) patch.addressCountry = address.country;
  if (address.state !== undefined) patch.addressState = address.state;
  if (address.city !== undefined) patch.addressCity = address.city;
  if (address.street !== undefined) patch.addressStreet = address.street;
  if (address.pincode !== undefined) patch.addressPincode = address.pincode;
  if (address.doorNo !== undefined) patch.addressDoorNo = address.doorNo;
  return patch;
}

export function createAccountsService(options: AccountsServiceOptions) {
  const { db, clock, settings, google } = options;
  const ctx: AccountsContext = {
    ...options,
    refreshTtlMs: settings.refreshTokenTtlDays * 86_400_000,
    graceMs: settings.refreshReuseGraceSeconds * 1000,
    sessionCache: createSessionCache(clock),
  };
  const passwords = createPasswordService({
    db,
    clock,
    publicUrl: options.publicUrl,
    throttle: ACCOUNT_THROTTLE,
    sessionsRevoked: (userId) => ctx.sessionCache.forgetUser(userId),
    lockedError: (retryAfterSeconds) => new LoginLockedError(retryAfterSeconds),
  });

  return {
    googleConfig(): GoogleConfig {
      return google.config;
    },

    signup: (body: SignupBody, client: ClientInfo) => signup(ctx, body, client),
    login: (body: LoginBody, client: ClientInfo) => login(ctx, body, client),

    async googleLogin(body: GoogleLoginBody, client: ClientInfo): Promise<AuthSession> {
      const profile = await verifyGoogle(google.verifier, body);
      const user = await userForGoogleProfile(db, profile, clock.now());
      return startSession(ctx, user, client);
    },

    refresh: (refreshToken: string) => refresh(ctx, refreshToken),
    logout: (user: AuthUser, refreshToken: string | undefined) => logout(ctx, user, refreshToken),

    authenticate: (accessToken: string) => authenticate(ctx, accessToken),
    passwords,

    async getUser(id: string): Promise<User> {
      const row = await findUserById(db, id);
      if (!row) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      return toUserJson(row);
    },

    async updateUser(id: string, update: UserUpdateBody): Promise<User> {
      const row = await updateUser(db, id, userPatchOf(update), clock.now());
      if (!row) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      return toUserJson(row);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
