// Meta signs every webhook: X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureOf = (raw: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** Constant-time check of the header against the raw bytes received. */
export function isSignedBy(raw: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) return false;
  const expected = Buffer.from(signatureOf(raw, appSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
