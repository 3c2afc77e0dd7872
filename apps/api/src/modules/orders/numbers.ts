// Our order number, which is also the fulfilment partner's order number: at most 15 letters and digits, unique
// forever (Qikink's rule: a hyphen fails, a reused number is refused). 'RZ', the time in base 36 (8 characters
// until the year 2059), then random base-36 characters up to 15: ordered roughly by time for people reading a
// list, not guessable from a neighbour. The unique index decides; a clash (about 1 in 60 million per
// millisecond) draws again.
import { randomInt } from 'node:crypto';

export const ORDER_NUMBER_MAX = 15;
const PREFIX = 'RZ';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MIN_RANDOM = 3;

export function newOrderNumber(now: Date): string {
  const time = now.getTime().toString(36).toUpperCase();
  const randomLength = Math.max(MIN_RANDOM, ORDER_NUMBER_MAX - PREFIX.length - time.length);
  let random = '';
  for (let i = 0; i < randomLength; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  // Past 2059 the time grows a character: drop its most significant digits rather than the random part.
  const excess = PREFIX.length + time.length + randomLength - ORDER_NUMBER_MAX;
  return `${PREFIX}${time.slice(Math.max(0, excess))}${random}`;
}

export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9]{1,15}$/;
