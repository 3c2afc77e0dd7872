// Test doubles shared by this feature's unit tests, and the session pieces other features' tests render with
// (their public test surface, eslint/web.js).
import type { AuthSession, User } from '@rangrez/contract/schemas';

export { MemoryStorage } from '../../lib/memory-storage';
export { SessionProvider } from './session';
export { SessionStore, type SessionStoreDeps } from './session-store';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    avatar: '',
    address: {
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      street: 'FC Road',
      pincode: '411004',
      doorNo: '12',
    },
    ...overrides,
  };
}

export function makeSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return { accessToken: 'access-1', refreshToken: 'refresh-1', user: makeUser(), ...overrides };
}

/** A promise with its resolve/reject exposed, to hold a call open while a test looks at what happens meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
