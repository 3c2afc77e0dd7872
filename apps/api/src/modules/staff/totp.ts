// Two-factor sign-in with time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s steps, as every
// authenticator app expects) and single-use recovery codes, of which only hashes are kept.
import { createHash, randomBytes } from 'node:crypto';
import { STAFF_RECOVERY_CODE_COUNT } from '@rangrez/contract/rules/staff-roles';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Rangrez';
const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function totpEnrolment(secretBase32: string, email: string) {
  const otpauthUrl = totpFor(secretBase32, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: secretBase32, otpauthUrl, qrSvg };
}

/**
 * The time step a code belongs to, when it is valid at `now` give or take one step (clock drift between the
 * phone and the server); null otherwise. The caller refuses a step it has already accepted (no replay).
 */
export function totpStep(secretBase32: string, email: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32, email).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows at `at` (tests and the operator's CLI). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpFor(secretBase32, 'x').generate({ timestamp: at.getTime() });
}

// Ten characters of an alphabet without look-alikes (no 0/O, 1/I/L), shown as xxxxx-xxxxx.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, recoveryCode);
}

/** Codes are compared as typed in any case, with or without the hyphen and spaces. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`rangrez-recovery:${normal}`).digest('hex');
}
