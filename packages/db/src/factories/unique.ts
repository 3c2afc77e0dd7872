import { randomBytes } from 'node:crypto';

let counter = 0;
// Test files run in parallel workers, each with its own counter; the random part keeps values unique even if two
// workers ever share a database.
const run = randomBytes(3).toString('hex');

/** A value unique within the test run: '1-a3f09c', '2-a3f09c', ... */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}-${run}`;
}

/** A small increasing number for readable defaults ('Test Product 7'). */
export function nextNumber(): number {
  counter += 1;
  return counter;
}
