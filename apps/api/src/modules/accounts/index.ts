// What the rest of the API may use of the accounts module; its other files are its own
// (docs/decisions/013-module-boundaries.md).
export { ACCOUNT_MESSAGES, type AuthUser, LoginLockedError, deadAccountRowDeletions } from './service.ts';
export { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
export { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';
