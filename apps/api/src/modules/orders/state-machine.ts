// The three state machines of an order, each allowed move listed once, and the status a shopper sees, derived
// from them by one pure function (docs/orders-lifecycle.md). Moves are made by transition()
// (transitions.ts), which checks this table and records every move in order_events.
import type { FULFILMENT_STATES, ORDER_STATES, PAYMENT_STATES } from '@rangrez/db/schema';
import type { OrderStatus } from '@rangrez/contract/rules';

export type OrderState = (typeof ORDER_STATES)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export type Machine = 'order' | 'payment' | 'fulfilment';

export interface StateOf {
  order: OrderState;
  payment: PaymentState;
  fulfilment: FulfilmentState;
}

const ORDER_MOVES: Record<OrderState, readonly OrderState[]> = {
  created: ['payment_pending', 'confirmed', 'cancelled'],
  // Paid (confirmed), or the stock reservation ran out (cancelled).
  payment_pending: ['confirmed', 'cancelled'],
  // COD cancelled before dispatch (refund policy): not offered by the API yet, but a legal move.
  confirmed: ['cancelled'],
  // A payment that arrives after the reservation ran out confirms the order if its stock can be taken again.
  cancelled: ['confirmed'],
};

const PAYMENT_MOVES: Record<PaymentState, readonly PaymentState[]> = {
  pending: ['authorized', 'captured', 'failed', 'cod_pending'],
  cod_pending: ['collected', 'failed'],
  // The checkout handler's signature proves an authorisation; the webhook then says captured.
  authorized: ['captured', 'failed', 'refund_pending'],
  captured: ['refund_pending'],
  // UPI: payment.failed can be followed by payment.captured for the same order.
  failed: ['authorized', 'captured', 'refund_pending'],
  refund_pending: ['refunded'],
  refunded: [],
  collected: ['refund_pending'],
};

const FULFILMENT_MOVES: Record<FulfilmentState, readonly FulfilmentState[]> = {
  not_started: ['queued', 'cancelled'],
  queued: ['submitted', 'processing', 'shipped', 'exception', 'cancelled'],
  // The partner's statuses may skip steps between two polls.
  submitted: ['processing', 'shipped', 'delivered', 'returned', 'cancelled', 'exception'],
  processing: ['shipped', 'delivered', 'returned', 'cancelled', 'exception'],
  shipped: ['delivered', 'returned', 'exception'],
  exception: ['submitted', 'processing', 'shipped', 'delivered', 'returned', 'cancelled'],
  delivered: ['returned'],
  returned: [],
  cancelled: [],
};

const MOVES = { order: ORDER_MOVES, payment: PAYMENT_MOVES, fulfilment: FULFILMENT_MOVES } as const;

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
}

/**
 * The one status word a shopper sees (docs/orders-lifecycle.md). Payment problems show while unpaid; once confirmed the
 * parcel's progress shows. A parcel on its way back (RTO) is 'disputed': the order neither arrived nor was
 * cancelled by anyone. A partner hold ('exception') is the partner's problem, not the shopper's: 'processing'.
 */
export function displayStatus(order: DisplayInput): OrderStatus {
  if (order.paymentState === 'refunded') return 'refunded';
  switch (order.state) {
    case 'created':
      return 'created';
    case 'payment_pending':
      return order.paymentState === 'failed' ? 'payment_failed' : 'payment_pending';
    case 'cancelled':
      return 'cancelled';
    case 'confirmed':
      switch (order.fulfilmentState) {
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
}
