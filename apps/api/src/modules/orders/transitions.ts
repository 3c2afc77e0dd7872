// The only way an order's states change: checked against the state machines, written with the previous state as
// a condition, and recorded in order_events. Callers hold the order's row lock (repository.lockOrder).
import type { Executor } from '../../lib/db.ts';
import {
  type EventInsert,
  insertEvents,
  type OrderInsert,
  type OrderRow,
  updateState,
} from './repository.ts';
import {
  canTransition,
  InvalidTransitionError,
  type Machine,
  type ReturnState,
  STATE_FIELD,
  type StateOf,
} from './state-machine.ts';

export interface TransitionOptions {
  now: Date;
  note?: string;
  /** Columns changed together with the state (in the same statement). */
  set?: Partial<Pick<OrderInsert, 'reservedUntil'>>;
}

/**
 * Moves `machine` of `order` to `to` and records it; `order` is updated in place. Returns false (and records
 * nothing) when the order is already there. Throws InvalidTransitionError for a move the machine does not allow.
 */
export async function transition<M extends Machine>(
  tx: Executor,
  order: OrderRow,
  machine: M,
  to: StateOf[M],
  options: TransitionOptions,
): Promise<boolean> {
  const field = STATE_FIELD[machine];
  const from = order[field] as unknown as StateOf[M];
  if (from === to) return false;
  if (!canTransition(machine, from, to)) throw new InvalidTransitionError(machine, from, to);
  const moved = await updateState(tx, order.id, machine, from, to, options.now, options.set);
  if (!moved) throw new Error(`order ${order.id}: ${machine} state changed under a lock (expected ${from})`);
  (order as Record<string, unknown>)[field] = to;
  if (options.set) Object.assign(order, options.set);
  order.updatedAt = options.now;
  await insertEvents(tx, [
    { orderId: order.id, machine, fromState: from, toState: to, note: options.note, createdAt: options.now },
  ]);
  return true;
}

/** The first entry of each machine's history: where a new order starts. */
export async function recordInitialStates(
  tx: Executor,
  order: OrderRow,
  now: Date,
  note: string,
): Promise<void> {
  const events: EventInsert[] = (['order', 'payment', 'fulfilment'] as const).map((machine) => ({
    orderId: order.id,
    machine,
    fromState: null,
    toState: order[STATE_FIELD[machine]],
    note,
    createdAt: now,
  }));
  await insertEvents(tx, events);
}

/** A note in the order's history without a state change (e.g. a payment flagged for refund). */
export async function recordNote(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'state'>,
  note: string,
  now: Date,
): Promise<void> {
  await insertEvents(tx, [
    {
      orderId: order.id,
      machine: 'order',
      fromState: order.state,
      toState: order.state,
      note,
      createdAt: now,
    },
  ]);
}

/**
 * A defect return's move, in its order's history (machine 'return'). The returns module checks the move against
 * RETURN_MOVES and writes the return row, conditioned on its previous state, in the same transaction.
 */
export async function recordReturnMove(
  tx: Executor,
  orderId: string,
  from: ReturnState | null,
  to: ReturnState,
  note: string,
  now: Date,
): Promise<void> {
  await insertEvents(tx, [
    { orderId, machine: 'return', fromState: from, toState: to, note, createdAt: now },
  ]);
}
