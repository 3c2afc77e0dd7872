// The sign-in lockout as a small service, for every kind of sign-in that shares its rules (shoppers and staff):
// a per-account counter and a per-address one, kept in PostgreSQL so the lock holds on every instance
// (docs/product/rules.md#login-lockout).
import type { Db } from '../../lib/db.ts';
import { activeLockUntil, clearLoginFailures, recordLoginFailure } from './repository.ts';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, LoginLockedError } from './service.ts';

export interface LoginThrottle {
  /** Throws LoginLockedError (429 with Retry-After) while the account or the address is locked. */
  assertUnlocked(accountKey: string, ip: string, now: Date): Promise<void>;
  /** Counts a failed attempt against the account and the address. */
  fail(accountKey: string, ip: string, now: Date): Promise<void>;
  /** A success resets the account's count, not the address's: one's own account must not unlock guessing. */
  succeed(accountKey: string): Promise<void>;
}

const addressKey = (ip: string) => `ip:${ip}`;

export function createLoginThrottle(db: Db): LoginThrottle {
  return {
    async assertUnlocked(accountKey, ip, now) {
      const lockedUntil = await activeLockUntil(db, [accountKey, addressKey(ip)], now);
      if (lockedUntil) throw new LoginLockedError(Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    },
    async fail(accountKey, ip, now) {
      await Promise.all([
        recordLoginFailure(db, accountKey, ACCOUNT_THROTTLE, now),
        recordLoginFailure(db, addressKey(ip), ADDRESS_THROTTLE, now),
      ]);
    },
    async succeed(accountKey) {
      await clearLoginFailures(db, accountKey);
    },
  };
}
