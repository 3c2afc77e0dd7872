import { describe, expect, it } from 'vitest';
import { loginLockMessage } from '@rangrez/contract/rules/account-messages';
import {
  LOGIN_LOCK_KEYS,
  clearLoginLock,
  lockSecondsLeft,
  readLoginLock,
  recordLoginFailure,
} from './login-lock';
import { MemoryStorage } from './test-helpers';

const T0 = 1_750_000_000_000;

describe('login lock-out', () => {
  it('locks for 300 s on the fifth consecutive failure, not before', () => {
    const storage = new MemoryStorage();
    for (let i = 1; i <= 4; i++) {
      expect(recordLoginFailure(storage, T0 + i)).toEqual({ failures: i, lockedUntil: null });
    }
    const locked = recordLoginFailure(storage, T0 + 5);
    expect(locked).toEqual({ failures: 5, lockedUntil: T0 + 5 + 300_000 });
    expect(lockSecondsLeft(locked, T0 + 5)).toBe(300);
    expect(loginLockMessage(lockSecondsLeft(locked, T0 + 5))).toBe(
      'Too many login attempts. Please try again in 5:00 minutes.',
    );
  });

  it('counts down in whole seconds and survives a reload (read back from storage)', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 5; i++) recordLoginFailure(storage, T0);
    const reloaded = readLoginLock(storage, T0 + 65_500);
    expect(reloaded.lockedUntil).toBe(T0 + 300_000);
    expect(lockSecondsLeft(reloaded, T0 + 65_500)).toBe(235);
    expect(loginLockMessage(lockSecondsLeft(reloaded, T0 + 65_500))).toBe(
      'Too many login attempts. Please try again in 3:55 minutes.',
    );
    expect(lockSecondsLeft(reloaded, T0 + 299_001)).toBe(1);
  });

  it('lifts at 0 and starts counting again from zero', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 5; i++) recordLoginFailure(storage, T0);
    expect(readLoginLock(storage, T0 + 300_000)).toEqual({ failures: 0, lockedUntil: null });
    expect(storage.getItem(LOGIN_LOCK_KEYS.lockedUntil)).toBeNull();
    expect(recordLoginFailure(storage, T0 + 300_001)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('a success resets the count', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 4; i++) recordLoginFailure(storage, T0);
    clearLoginLock(storage);
    expect(recordLoginFailure(storage, T0)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('ignores garbage in storage and works without storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(LOGIN_LOCK_KEYS.failures, 'lots');
    storage.setItem(LOGIN_LOCK_KEYS.lockedUntil, 'soon');
    expect(readLoginLock(storage, T0)).toEqual({ failures: 0, lockedUntil: null });
    expect(readLoginLock(null, T0)).toEqual({ failures: 0, lockedUntil: null });
    expect(recordLoginFailure(null, T0)).toEqual({ failures: 1, lockedUntil: null });
  });
});
