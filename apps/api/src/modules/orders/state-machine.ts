// The state machines of an order, each allowed move listed once, and the status a shopper sees, derived from them
// by one pure function (docs/orders-lifecycle.md). Moves are made by transition() (transitions.ts), which checks
// this table and records every move in order_events; a return's moves by the returns module, against RETURN_MOVES.
import type {
  FULFILMENT_STATES,
  ORDER_STATES,
  PAYMENT_STATES,
  REFUND_STATES,
  RETURN_STATES,
} from '@rangrez/db/schema';
import type { OrderStatus } from '@rangrez/contract/rules';

export type OrderState = (typeof ORDER_STATES)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export type RefundState = (typeof REFUND_STATES)[number];
export type ReturnState = (typeof RETURN_STATES)[number];
export type Machine = 'order' | 'payment' | 'fulfilment' | 'refund';
/** Every machine whose moves an order's history (order_events) records: a return is a row of its own. */
export type HistoryMachine = Machine | 'return';

export interface StateOf {
  order: OrderState;
  payment: PaymentState;
  fulfilment: FulfilmentState;
  refund: RefundState;
}

const ORDER_MOVES: Record<OrderState, readonly OrderState[]> = {
  // Paid (confirmed), the stock reservation ran out (expired), or cancelled by staff before any money came.
  payment_pending: ['confirmed', 'expired', 'cancelled'],
  // Cancelled before the hand-over at once; after it the partner decides (cancel_requested).
  confirmed: ['cancelled', 'cancel_requested'],
  cancel_requested: ['cancelled', 'confirmed'],
  // A payment that arrives after the reservation ran out confirms the order if its stock can be taken again; a
  // shopper who pays again revives it (payment pending, stock taken again) while the stock is there.
  expired: ['confirmed', 'payment_pending'],
  cancelled: [],
};

const PAYMENT_MOVES: Record<PaymentState, readonly PaymentState[]> = {
  pending: ['authorized', 'captured', 'failed', 'cod_pending'],
  // Collected on delivery, failed when the parcel returns to origin, voided when cancelled before dispatch.
  cod_pending: ['collected', 'failed', 'voided'],
  // The checkout handler's signature proves an authorisation; the webhook then says captured.
  authorized: ['captured'],
  captured: [],
  // UPI: payment.failed can be followed by payment.captured for the same order. After a failure the shopper may
  // switch to cash on delivery; money that still arrives then is the payment row's to refund (unmatched).
  failed: ['authorized', 'captured', 'cod_pending'],
  collected: [],
  voided: [],
};

const REFUND_MOVES: Record<RefundState, readonly RefundState[]> = {
  none: ['pending', 'processing'],
  pending: ['processing'],
  // Settled: in full, in part (the rest still owed goes back to pending), or refused by the provider.
  processing: ['refunded', 'partial', 'pending', 'failed'],
  partial: ['pending', 'processing'],
  failed: ['pending', 'processing'],
  // More money arrived after everything was refunded (a second payment): owed again.
  refunded: ['pending'],
};

const FULFILMENT_MOVES: Record<FulfilmentState, readonly FulfilmentState[]> = {
  not_started: ['queued'],
  queued: ['submitted', 'processing', 'shipped', 'exception', 'cancelled'],
  // The partner's statuses may skip steps between two polls.
  submitted: ['processing', 'shipped', 'delivered', 'returned', 'cancelled', 'exception'],
  processing: ['shipped', 'delivered', 'returned', 'cancelled', 'exception'],
  shipped: ['delivered', 'returned', 'exception'],
  // Queued again when staff send a refused order to the partner once more.
  exception: ['queued', 'submitted', 'processing', 'shipped', 'delivered', 'returned', 'cancelled'],
  delivered: ['returned'],
  returned: [],
  cancelled: [],
};

/**
 * A defect return (docs/orders-lifecycle.md#returns): staff approve or reject a request; a printed garment often
 * needs no pickup, so an approved return may be resolved at once (reprint or refund), or picked up and received
 * first. A garment received and found without the defect may still be rejected.
 */
export const RETURN_MOVES: Record<ReturnState, readonly ReturnState[]> = {
  requested: ['approved', 'rejected'],
  approved: ['pickup', 'received', 'reprinted', 'refunded'],
  pickup: ['received'],
  received: ['reprinted', 'refunded', 'rejected'],
  rejected: [],
  reprinted: [],
  refunded: [],
};

export const canMoveReturn = (from: ReturnState, to: ReturnState): boolean => RETURN_MOVES[from].includes(to);

export const MOVES = {
  order: ORDER_MOVES,
  payment: PAYMENT_MOVES,
  fulfilment: FULFILMENT_MOVES,
  refund: REFUND_MOVES,
} as const;

/** The order row's field each machine's state is kept in. */
export const STATE_FIELD = {
  order: 'state',
  payment: 'paymentState',
  fulfilment: 'fulfilmentState',
  refund: 'refundState',
} as const satisfies Record<Machine, string>;

export function canTransition<M extends Machine>(machine: M, from: StateOf[M], to: StateOf[M]): boolean {
  return (MOVES[machine] as Record<string, readonly string[]>)[from]?.includes(to) ?? false;
}

/** A move the table does not allow: a bug in the caller, never a client's mistake (so it is a 500). */
export class InvalidTransitionError extends Error {
  constructor(machine: Machine, from: string, to: string) {
    super(`order ${machine} state cannot move from ${from} to ${to}`);
    this.name = 'InvalidTransitionError';
  }
}

export interface DisplayInput {
  state: OrderState;
  paymentState: PaymentState;
  fulfilmentState: FulfilmentState;
  refundState: RefundState;
}

/**
 * The one status word a shopper sees (docs/orders-lifecycle.md). Payment problems show while unpaid; once confirmed the
 * parcel's progress shows. A parcel on its way back (RTO) is 'disputed': the order neither arrived nor was
 * cancelled by anyone. A partner hold ('exception') is the partner's problem, not the shopper's: 'processing'. An
 * expired attempt is not listed to its shopper; asked for directly, it is 'cancelled'.
 */
export function displayStatus(order: DisplayInput): OrderStatus {
  if (order.refundState === 'refunded') return 'refunded';
  switch (order.state) {
    case 'payment_pending':
      return order.paymentState === 'failed' ? 'payment_failed' : 'payment_pending';
    case 'cancelled':
    case 'expired':
      return 'cancelled';
    case 'cancel_requested':
      return 'cancellation_requested';
    case 'confirmed':
      return parcelStatus(order.fulfilmentState);
  }
}

function parcelStatus(fulfilment: FulfilmentState): OrderStatus {
  switch (fulfilment) {
    case 'not_started':
    case 'queued':
      return 'confirmed';
    case 'submitted':
    case 'processing':
    case 'exception':
      return 'processing';
    case 'shipped':
      return 'shipped';
    case 'delivered':
      return 'delivered';
    case 'returned':
      return 'disputed';
    case 'cancelled':
      return 'cancelled';
  }
}
