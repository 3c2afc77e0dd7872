// What the rest of the API may use of the outbox module (docs/decisions/013-module-boundaries.md): any module
// writes a message in its own transaction; the sender job is the outbox's own.
export { dedupeKeyOf, enqueueEmail, type OutboxEmail, type OutboxKind } from './enqueue.ts';
