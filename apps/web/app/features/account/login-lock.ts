// Login lock-out (docs/product/rules.md#login-lockout): after 5 consecutive failed logins the form locks for 300 s.
// Count and lock-until time live in localStorage so a reload does not lift the lock; the clock is injected for tests.
import { LOGIN_LOCK_MAX_FAILURES, LOGIN_LOCK_SECONDS } from '@rangrez/contract/rules/constants';

export const LOGIN_LOCK_KEYS = { failures: 'loginFailures', lockedUntil: 'loginLockedUntil' } as const;

export interface LoginLockState {
  failures: number;
  /** Epoch milliseconds, or null when not locked. */
  lockedUntil: number | null;
}

const UNLOCKED: LoginLockState = { failures: 0, lockedUntil: null };

function readNumber(storage: Storage, key: string): number | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The current lock; an expired lock is lifted (and the count reset) as it is read. */
export function readLoginLock(storage: Storage | null, now: number): LoginLockState {
  if (!storage) return UNLOCKED;
  return attempt(() => {
    const lockedUntil = readNumber(storage, LOGIN_LOCK_KEYS.lockedUntil);
    if (lockedUntil !== null && lockedUntil <= now) {
      clearLoginLock(storage);
      return UNLOCKED;
    }
    const failures = Math.max(0, Math.floor(readNumber(storage, LOGIN_LOCK_KEYS.failures) ?? 0));
    return { failures, lockedUntil };
  }, UNLOCKED);
}

/** One more failed login; the fifth in a row locks the form until now + 300 s. */
export function recordLoginFailure(storage: Storage | null, now: number): LoginLockState {
  const current = readLoginLock(storage, now);
  const failures = current.failures + 1;
  const lockedUntil =
    current.lockedUntil ?? (failures >= LOGIN_LOCK_MAX_FAILURES ? now + LOGIN_LOCK_SECONDS * 1000 : null);
  if (storage) {
    attempt(() => {
      storage.setItem(LOGIN_LOCK_KEYS.failures, String(failures));
      if (lockedUntil !== null) storage.setItem(LOGIN_LOCK_KEYS.lockedUntil, String(lockedUntil));
    }, undefined);
  }
  return { failures, lockedUntil };
}

/** A successful login, or a lock that has run out: the count starts again. */
export function clearLoginLock(storage: Storage | null): LoginLockState {
  if (storage) {
    attempt(() => {
      storage.removeItem(LOGIN_LOCK_KEYS.failures);
      storage.removeItem(LOGIN_LOCK_KEYS.lockedUntil);
    }, undefined);
  }
  return UNLOCKED;
}

/** Whole seconds left on the lock (rounded up so the banner never shows 0:00 while still locked). */
export function lockSecondsLeft(state: LoginLockState, now: number): number {
  if (state.lockedUntil === null) return 0;
  return Math.max(0, Math.ceil((state.lockedUntil - now) / 1000));
}
