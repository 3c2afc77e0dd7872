// Idempotency of order submissions (docs/orders-lifecycle.md#idempotency): the body's canonical hash, and the key
// the server derives when a client sends none, so a double click from any client makes one order.
import { createHash } from 'node:crypto';

/** How long a derived key answers the same order: a double click or a quick retry, not a second purchase. */
export const DERIVED_KEY_SECONDS = 60;

const DERIVED_PREFIX = 'auto:';

/** JSON with object keys sorted, so the same body hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the order body as validated, with how it is paid. */
export function requestHashOf(body: unknown, channel: string): string {
  return createHash('sha256')
    .update(`${channel}\n${canonical(body)}`)
    .digest('hex');
}

export const derivedKeyOf = (requestHash: string) => `${DERIVED_PREFIX}${requestHash}`;
export const isDerivedKey = (key: string | null) => key?.startsWith(DERIVED_PREFIX) ?? false;
