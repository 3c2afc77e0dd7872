// The outbox's writer: one row per dedupe key, whatever repeats the event.
import { outbox } from '@rangrez/db/schema';
import { createTestDatabase, type TestDatabase } from '@rangrez/db/testing/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeyOf, enqueueEmail } from '../src/modules/outbox/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('dedupeKeyOf', () => {
  it('keys order messages by order and kind, and the others by what repeats them', () => {
    const orderId = '00000000-0000-4000-8000-000000000001';
    expect(dedupeKeyOf({ kind: 'order-shipped', orderId })).toBe(`order-shipped:${orderId}`);
    expect(dedupeKeyOf({ kind: 'refund-issued', orderId, refundId: 'r1' })).toBe('refund-issued:r1');
    expect(dedupeKeyOf({ kind: 'return-updated', orderId, returnId: 'x', state: 'approved' })).toBe(
      'return-updated:x:approved',
    );
    expect(dedupeKeyOf({ kind: 'owner-digest', hour: '2026-11-26T05' })).toBe('owner-digest:2026-11-26T05');
    expect(dedupeKeyOf({ kind: 'staff-invitation', invitationId: 'i1', link: 'http://x' })).toBe(
      'staff-invitation:i1',
    );
  });
});

describe('enqueueEmail', () => {
  it('writes a message once however often its event repeats', async () => {
    const at = new Date('2026-11-26T05:00:00Z');
    const message = { kind: 'owner-digest', hour: '2026-11-26T04' } as const;
    expect(await enqueueEmail(database.db, message, 'owner@example.com', at)).toBe(true);
    expect(await enqueueEmail(database.db, message, 'owner@example.com', at)).toBe(false);
    const rows = await database.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'owner-digest',
      dedupeKey: 'owner-digest:2026-11-26T04',
      orderId: null,
      recipient: 'owner@example.com',
      payload: { hour: '2026-11-26T04' },
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
  });
});
