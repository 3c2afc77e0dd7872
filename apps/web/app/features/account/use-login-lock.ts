import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { browserStorage } from '../../lib/browser-storage';
import { LOGIN_LOCK_KEYS, clearLoginLock, lockSecondsLeft, recordLoginFailure } from './login-lock';

export interface LoginLock {
  locked: boolean;
  secondsLeft: number;
  /** Returns true when this failure locked the form. */
  recordFailure(): boolean;
  recordSuccess(): void;
}

// Changes made by this tab; other tabs' changes arrive as `storage` events.
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOGIN_LOCK_KEYS.lockedUntil) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function storedLockedUntil(storage: Storage | null): number | null {
  try {
    const raw = storage?.getItem(LOGIN_LOCK_KEYS.lockedUntil);
    const value = raw == null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The login form's lock with a live countdown. The lock-until time is read from storage, so it survives a
 * reload; the server renders unlocked. `now` is injectable for tests.
 */
export function useLoginLock(
  now: () => number = Date.now,
  storage: () => Storage | null = browserStorage,
): LoginLock {
  const lockedUntil = useSyncExternalStore(
    subscribe,
    () => storedLockedUntil(storage()),
    () => null,
  );
  const [nowMs, setNowMs] = useState(now);

  useEffect(() => {
    if (lockedUntil === null) return;
    const tick = () => {
      const current = now();
      setNowMs(current);
      // At 0 the lock lifts and the failure count starts again.
      if (current >= lockedUntil) {
        clearLoginLock(storage());
        emit();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [lockedUntil, now, storage]);

  const recordFailure = useCallback(() => {
    const current = now();
    const next = recordLoginFailure(storage(), current);
    setNowMs(current);
    emit();
    return lockSecondsLeft(next, current) > 0;
  }, [now, storage]);

  const recordSuccess = useCallback(() => {
    clearLoginLock(storage());
    emit();
  }, [storage]);

  const secondsLeft = lockSecondsLeft({ failures: 0, lockedUntil }, nowMs);
  return { locked: secondsLeft > 0, secondsLeft, recordFailure, recordSuccess };
}
