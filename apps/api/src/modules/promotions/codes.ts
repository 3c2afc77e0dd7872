// Batch codes' spelling: a prefix and ten characters drawn from letters and digits that cannot be misread for one
// another (no 0/O, 1/I/L).
import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_PART = 10;

export function randomCode(prefix: string): string {
  let part = '';
  for (let i = 0; i < RANDOM_PART; i += 1) part += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}-${part}`;
}
