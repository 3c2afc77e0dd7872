// The order lifecycle as pure rules (docs/decisions/026-order-lifecycle-money-never-stuck.md): every state reachable
// from a new order through every event keeps the invariants, every move the rules make is one the machines allow,
// and every state and move of the machines is used by some event (nothing unreachable is kept "for later").
import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATES, ORDER_STATES, PAYMENT_STATES, REFUND_STATES } from '@rangrez/db/schema';
import {
  type Effect,
  type LifecycleEvent,
  nextSnapshot,
  placed,
  reprinted,
  type Snapshot,
  violations,
} from '../src/modules/orders/lifecycle.ts';
import { canTransition, type Machine, MOVES } from '../src/modules/orders/state-machine.ts';

const EVENTS: LifecycleEvent[] = [
  ...(['authorized', 'captured'] as const).flatMap((as) =>
    (['held', 'retaken', 'gone'] as const).map((stock) => ({ kind: 'paid', as, stock }) as const),
  ),
  { kind: 'paid-unkeepable' },
  { kind: 'switched-to-cod' },
  { kind: 'revived' },
  { kind: 'payment-failed' },
  { kind: 'reservation-expired' },
  ...(['submitted', 'processing', 'shipped', 'delivered', 'returned', 'cancelled', 'exception'] as const).map(
    (to) => ({ kind: 'partner', to }) as const,
  ),
  { kind: 'cancel' },
  { kind: 'partner-cancel-confirmed' },
  { kind: 'partner-cancel-too-late' },
  { kind: 'resubmit' },
  { kind: 'cod-confirmed' },
  { kind: 'cod-cancelled' },
  { kind: 'refund-owed' },
  { kind: 'refund-sent' },
  ...(['processed-in-full', 'processed-in-part', 'failed'] as const).map(
    (outcome) => ({ kind: 'refund-settled', outcome }) as const,
  ),
];

const AXES: { machine: Machine; key: keyof Snapshot }[] = [
  { machine: 'order', key: 'order' },
  { machine: 'payment', key: 'payment' },
  { machine: 'fulfilment', key: 'fulfilment' },
  { machine: 'refund', key: 'refund' },
];

const keyOf = (s: Snapshot) => JSON.stringify(s);

interface Walk {
  reached: Map<string, Snapshot>;
  /** Every move made, as 'machine:from>to'. */
  moves: Set<string>;
  /** Moves the machines refuse, with the event that made them. */
  illegal: string[];
  steps: { from: Snapshot; event: LifecycleEvent; to: Snapshot; effects: Effect[] }[];
}

function walk(): Walk {
  const result: Walk = { reached: new Map(), moves: new Set(), illegal: [], steps: [] };
  const queue: Snapshot[] = [placed('COD'), placed('Prepaid'), reprinted()];
  for (const start of queue) result.reached.set(keyOf(start), start);
  while (queue.length > 0) {
    const from = queue.shift() as Snapshot;
    for (const event of EVENTS) {
      const outcome = nextSnapshot(from, event);
      if (!outcome) continue;
      const to = outcome.snapshot;
      result.steps.push({ from, event, to, effects: outcome.effects });
      for (const { machine, key } of AXES) {
        const [a, b] = [from[key] as string, to[key] as string];
        if (a === b) continue;
        result.moves.add(`${machine}:${a}>${b}`);
        if (!canTransition(machine, a as never, b as never)) {
          result.illegal.push(`${machine} ${a} -> ${b} on ${JSON.stringify(event)}`);
        }
      }
      if (!result.reached.has(keyOf(to))) {
        result.reached.set(keyOf(to), to);
        queue.push(to);
      }
    }
  }
  return result;
}

const walked = walk();
const step = (from: Partial<Snapshot>, event: LifecycleEvent) =>
  walked.steps.find(
    (s) =>
      JSON.stringify(s.event) === JSON.stringify(event) &&
      // A reprint (free) is asked for by name: the other steps are a paid order's.
      (s.from.free ?? false) === (from.free ?? false) &&
      Object.entries(from).every(([k, v]) => s.from[k as keyof Snapshot] === v),
  );

describe('the order lifecycle', () => {
  it('never reaches a combination the rules forbid', () => {
    const broken = [...walked.reached.values()]
      .map((s) => ({ s, problems: violations(s) }))
      .filter((x) => x.problems.length > 0)
      .map((x) => `${keyOf(x.s)}: ${x.problems.join('; ')}`);
    expect(broken).toEqual([]);
    expect(walked.reached.size).toBeGreaterThan(40);
  });

  it('makes only moves the state machines allow', () => {
    expect(walked.illegal).toEqual([]);
  });

  it('uses every state of every machine', () => {
    const unused = (machine: string, states: readonly string[], key: keyof Snapshot) =>
      states
        .filter((state) => ![...walked.reached.values()].some((s) => s[key] === state))
        .map((state) => `${machine}:${state}`);
    expect([
      ...unused('order', ORDER_STATES, 'order'),
      ...unused('payment', PAYMENT_STATES, 'payment'),
      ...unused('fulfilment', FULFILMENT_STATES, 'fulfilment'),
      ...unused('refund', REFUND_STATES, 'refund'),
    ]).toEqual([]);
  });

  it('uses every move the machines allow', () => {
    const allowed = Object.entries(MOVES).flatMap(([machine, table]) =>
      Object.entries(table as Record<string, readonly string[]>).flatMap(([from, tos]) =>
        tos.map((to) => `${machine}:${from}>${to}`),
      ),
    );
    expect(allowed.filter((move) => !walked.moves.has(move))).toEqual([]);
  });

  it('refunds a prepaid order the partner cancels, and gives its stock back', () => {
    const s = step(
      { method: 'Prepaid', order: 'confirmed', payment: 'captured', fulfilment: 'processing' },
      {
        kind: 'partner',
        to: 'cancelled',
      },
    );
    expect(s?.to).toMatchObject({
      order: 'cancelled',
      fulfilment: 'cancelled',
      refund: 'pending',
      stockHeld: false,
    });
    expect(s?.effects).toEqual(['return-stock', 'refund-automatically']);
  });

  it('owes nothing back for a reprint the partner cancels, and gives its stock back', () => {
    const s = step({ free: true, fulfilment: 'processing' }, { kind: 'partner', to: 'cancelled' });
    expect(s?.to).toMatchObject({
      order: 'cancelled',
      fulfilment: 'cancelled',
      refund: 'none',
      stockHeld: false,
    });
    expect(s?.effects).toEqual(['return-stock']);
    expect(step({ free: true, fulfilment: 'delivered' }, { kind: 'refund-owed' })).toBeUndefined();
  });

  it('gives the stock back and marks the cash failed when a COD parcel returns to origin', () => {
    const s = step({ method: 'COD', fulfilment: 'shipped' }, { kind: 'partner', to: 'returned' });
    expect(s?.to).toMatchObject({
      order: 'confirmed',
      payment: 'failed',
      fulfilment: 'returned',
      refund: 'none',
    });
    expect(s?.effects).toEqual(['return-stock']);
  });

  it('collects the cash when a COD parcel is delivered', () => {
    const s = step({ method: 'COD', fulfilment: 'shipped' }, { kind: 'partner', to: 'delivered' });
    expect(s?.to).toMatchObject({ payment: 'collected', fulfilment: 'delivered' });
  });

  it('cancels a COD order at once before the hand-over, and asks the partner after it', () => {
    const before = step(
      { method: 'COD', order: 'confirmed', fulfilment: 'queued', codConfirmation: 'confirmed' },
      { kind: 'cancel' },
    );
    expect(before?.to).toMatchObject({ order: 'cancelled', payment: 'voided', fulfilment: 'cancelled' });
    expect(before?.effects).toEqual(['return-stock']);
    const after = step({ method: 'COD', order: 'confirmed', fulfilment: 'submitted' }, { kind: 'cancel' });
    expect(after?.to).toMatchObject({ order: 'cancel_requested', payment: 'cod_pending' });
    expect(after?.effects).toEqual(['raise-partner-cancel-task']);
    expect(step({ fulfilment: 'shipped' }, { kind: 'cancel' })).toBeUndefined();
  });

  it('expires an unpaid attempt, and a late payment either confirms it again or is owed back', () => {
    const expired = step({ order: 'payment_pending', payment: 'pending' }, { kind: 'reservation-expired' });
    expect(expired?.to).toMatchObject({ order: 'expired', stockHeld: false });
    const retaken = step(
      { order: 'expired', payment: 'pending' },
      { kind: 'paid', as: 'captured', stock: 'retaken' },
    );
    expect(retaken?.to).toMatchObject({ order: 'confirmed', payment: 'captured', fulfilment: 'queued' });
    expect(retaken?.effects).toEqual(['take-stock', 'start-fulfilment']);
    const gone = step(
      { order: 'expired', payment: 'failed' },
      { kind: 'paid', as: 'captured', stock: 'gone' },
    );
    expect(gone?.to).toMatchObject({ order: 'expired', payment: 'captured', refund: 'pending' });
    expect(gone?.effects).toEqual(['refund-automatically']);
  });

  it('keeps a COD order from the partner until it is confirmed, and hands it over then', () => {
    expect(placed('COD')).toMatchObject({
      order: 'confirmed',
      fulfilment: 'not_started',
      codConfirmation: 'pending',
    });
    const waiting = { method: 'COD', fulfilment: 'not_started', codConfirmation: 'pending' } as const;
    expect(step(waiting, { kind: 'partner', to: 'submitted' })).toBeUndefined();
    expect(step(waiting, { kind: 'resubmit' })).toBeUndefined();
    const confirmed = step(waiting, { kind: 'cod-confirmed' });
    expect(confirmed?.to).toMatchObject({
      order: 'confirmed',
      fulfilment: 'queued',
      codConfirmation: 'confirmed',
    });
    expect(confirmed?.effects).toEqual(['hand-over']);
    expect(step({ codConfirmation: 'confirmed' }, { kind: 'cod-confirmed' })).toBeUndefined();
  });

  it('cancels a declined COD order at once, releasing its stock, and never hands it over', () => {
    const declined = step({ method: 'COD', codConfirmation: 'pending' }, { kind: 'cod-cancelled' });
    expect(declined?.to).toMatchObject({
      order: 'cancelled',
      payment: 'voided',
      fulfilment: 'not_started',
      codConfirmation: 'cancelled',
      stockHeld: false,
    });
    expect(declined?.effects).toEqual(['return-stock']);
    expect(step({ codConfirmation: 'cancelled' }, { kind: 'cod-confirmed' })).toBeUndefined();
    expect(
      step({ codConfirmation: 'confirmed', fulfilment: 'queued' }, { kind: 'cod-cancelled' }),
    ).toBeUndefined();
  });

  it('asks a COD order switched from online payment for its confirmation too', () => {
    const switched = step({ method: 'Prepaid', order: 'payment_pending' }, { kind: 'switched-to-cod' });
    expect(switched?.to).toMatchObject({
      method: 'COD',
      fulfilment: 'not_started',
      codConfirmation: 'pending',
    });
    expect(switched?.effects).toEqual(['await-cod-confirmation']);
  });

  it('calls a COD order at the partner without a confirmation a violation', () => {
    const base: Snapshot = { ...placed('COD'), fulfilment: 'submitted' };
    expect(violations(base)).toContain('COD fulfilment started while unconfirmed');
    expect(violations({ ...base, codConfirmation: 'confirmed' })).toEqual([]);
    expect(violations({ ...placed('Prepaid'), codConfirmation: 'pending' })).toContain(
      'prepaid with a COD confirmation',
    );
  });
});
