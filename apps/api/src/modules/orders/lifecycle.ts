// What each thing that happens to an order does to its machines, as pure functions of its states
// (docs/decisions/026-order-lifecycle-money-never-stuck.md). The database code asks `nextSnapshot` where an event
// takes an order and carries out the effects it names; the rules the combined states must keep are `violations`,
// and a test walks every state reachable through these events and checks them.
import {
  canTransition,
  type FulfilmentState,
  type OrderState,
  type PaymentState,
  type RefundState,
} from './state-machine.ts';

/**
 * Whether the shopper (or staff after a call) confirmed a cash-on-delivery order: only a confirmed one is handed to
 * the partner (docs/cod-confirmation.md).
 */
export type CodConfirmation = 'pending' | 'confirmed' | 'cancelled';

export interface Snapshot {
  method: 'COD' | 'Prepaid';
  order: OrderState;
  payment: PaymentState;
  fulfilment: FulfilmentState;
  refund: RefundState;
  /** The order's units are taken from stock and not given back. */
  stockHeld: boolean;
  /**
   * A reprint for a defect return: a prepaid order at no charge (docs/orders-lifecycle.md#returns). Nothing was
   * paid for it, so nothing is ever owed back, whatever happens to the parcel.
   */
  free?: true;
  /** Cash on delivery only; absent for a prepaid order. */
  codConfirmation?: CodConfirmation;
}

export type PartnerMove = Extract<
  FulfilmentState,
  'submitted' | 'processing' | 'shipped' | 'delivered' | 'returned' | 'cancelled' | 'exception'
>;

export type LifecycleEvent =
  /** Online money arrived; `stock` says whether an order whose reservation ran out could take its stock again. */
  | { kind: 'paid'; as: 'authorized' | 'captured'; stock: 'held' | 'retaken' | 'gone' }
  /** Money arrived that the order cannot keep: a second payment, a short one. */
  | { kind: 'paid-unkeepable' }
  /** The shopper gave up paying online and chose cash on delivery for the same order. */
  | { kind: 'switched-to-cod' }
  /** The shopper pays again for an attempt whose reservation ran out; the caller took its stock again first. */
  | { kind: 'revived' }
  | { kind: 'payment-failed' }
  | { kind: 'reservation-expired' }
  | { kind: 'partner'; to: PartnerMove }
  /** A shopper or staff member cancels; before the hand-over it happens at once, after it the partner decides. */
  | { kind: 'cancel' }
  | { kind: 'partner-cancel-confirmed' }
  | { kind: 'partner-cancel-too-late' }
  /** The shopper or staff confirmed a cash-on-delivery order: it goes to the partner now. */
  | { kind: 'cod-confirmed' }
  /** The shopper declined a cash-on-delivery order, or its window to confirm ran out: cancelled at once. */
  | { kind: 'cod-cancelled' }
  /** Staff send a refused hand-over to the partner again (docs/admin.md#orders). */
  | { kind: 'resubmit' }
  /** Money going back: asked for (`pending`), sent to the provider, settled. */
  | { kind: 'refund-owed' }
  | { kind: 'refund-sent' }
  | { kind: 'refund-settled'; outcome: 'processed-in-full' | 'processed-in-part' | 'failed' };

export type Effect =
  | 'return-stock'
  | 'take-stock'
  /** Confirmed: the e-mails and the cart, and the hand-over. */
  | 'start-fulfilment'
  /** Cash on delivery placed or switched to: the e-mails and the cart, and the request to confirm; no hand-over. */
  | 'await-cod-confirmation'
  /** A cash-on-delivery order was confirmed: only the hand-over (its e-mails went out when it was placed). */
  | 'hand-over'
  | 'raise-partner-cancel-task'
  | 'refund-automatically';

export interface Outcome {
  snapshot: Snapshot;
  effects: Effect[];
}

const MONEY_IN: readonly PaymentState[] = ['authorized', 'captured', 'collected'];
const AT_PARTNER: readonly FulfilmentState[] = ['submitted', 'processing', 'exception'];
const BEFORE_HAND_OVER: readonly FulfilmentState[] = ['not_started', 'queued'];

/** Cancelled, expired, or cancelled or returned at the partner: the shopper will not get (or keep) the goods. */
export const willNotArrive = (s: Pick<Snapshot, 'order' | 'fulfilment'>) =>
  s.order === 'cancelled' ||
  s.order === 'expired' ||
  s.fulfilment === 'cancelled' ||
  s.fulfilment === 'returned';

export const hasMoney = (s: Pick<Snapshot, 'payment'>) => MONEY_IN.includes(s.payment);

/**
 * Where a new order starts: cash on delivery is confirmed and waits for the shopper to confirm it before the
 * hand-over (docs/cod-confirmation.md), online waits for its money.
 */
export function placed(method: Snapshot['method']): Snapshot {
  return method === 'COD'
    ? {
        method,
        order: 'confirmed',
        payment: 'cod_pending',
        fulfilment: 'not_started',
        refund: 'none',
        stockHeld: true,
        codConfirmation: 'pending',
      }
    : {
        method,
        order: 'payment_pending',
        payment: 'pending',
        fulfilment: 'not_started',
        refund: 'none',
        stockHeld: true,
      };
}

/**
 * Where a reprint starts: confirmed and queued at once, prepaid with nothing to pay (its payment counts as
 * captured, at ₹0), its units taken from stock like any order's.
 */
export function reprinted(): Snapshot {
  return {
    method: 'Prepaid',
    order: 'confirmed',
    payment: 'captured',
    fulfilment: 'queued',
    refund: 'none',
    stockHeld: true,
    free: true,
  };
}

/** Money that must go back: prepaid money is refunded by a job, cash is refunded by ops when it was collected. */
function oweRefund(s: Snapshot, effects: Effect[]): Snapshot {
  if (
    s.free ||
    !hasMoney(s) ||
    s.refund === 'pending' ||
    s.refund === 'processing' ||
    s.refund === 'refunded'
  )
    return s;
  if (s.payment !== 'collected') effects.push('refund-automatically');
  return { ...s, refund: 'pending' };
}

/** The order will not reach the shopper: its stock comes back, cash will not be collected, money goes back. */
function unwind(s: Snapshot, effects: Effect[], fulfilment: FulfilmentState): Snapshot {
  let next: Snapshot = { ...s, fulfilment };
  if (next.stockHeld) {
    effects.push('return-stock');
    next.stockHeld = false;
  }
  if (next.payment === 'cod_pending') next.payment = fulfilment === 'returned' ? 'failed' : 'voided';
  next = oweRefund(next, effects);
  return next;
}

function onPaid(s: Snapshot, event: Extract<LifecycleEvent, { kind: 'paid' }>): Outcome | null {
  if (s.method !== 'Prepaid') return null;
  const effects: Effect[] = [];
  const moved = { ...s, payment: s.payment === 'captured' ? s.payment : event.as };
  if (s.order === 'payment_pending' && event.stock === 'held') {
    effects.push('start-fulfilment');
    return { snapshot: { ...moved, order: 'confirmed', fulfilment: 'queued' }, effects };
  }
  // The first money for an attempt whose reservation ran out: it stands if its stock could be taken again.
  if (s.order === 'expired' && !hasMoney(s) && s.refund === 'none') {
    if (event.stock === 'retaken') {
      effects.push('take-stock', 'start-fulfilment');
      return { snapshot: { ...moved, order: 'confirmed', fulfilment: 'queued', stockHeld: true }, effects };
    }
    if (event.stock === 'held') return null;
  }
  if (s.order === 'cancelled' || s.order === 'expired')
    return { snapshot: oweRefund(moved, effects), effects };
  // A confirmed order: the authorisation is followed by its capture; nothing else changes.
  if (s.order === 'confirmed' || s.order === 'cancel_requested') return { snapshot: moved, effects };
  return null;
}

function onPartner(s: Snapshot, to: PartnerMove): Outcome | null {
  if (s.order !== 'confirmed' && s.order !== 'cancel_requested') return null;
  // The partner's words may arrive late or skip steps: a move the machine does not allow is ignored.
  if (!canTransition('fulfilment', s.fulfilment, to)) return null;
  const effects: Effect[] = [];
  if (to === 'cancelled' || to === 'returned') {
    const next = unwind(s, effects, to);
    return { snapshot: to === 'cancelled' ? { ...next, order: 'cancelled' } : next, effects };
  }
  const snapshot: Snapshot = { ...s, fulfilment: to };
  if (to === 'delivered' && s.payment === 'cod_pending') snapshot.payment = 'collected';
  // Shipped or delivered: too late for a cancellation the shopper asked for.
  if ((to === 'shipped' || to === 'delivered') && s.order === 'cancel_requested')
    snapshot.order = 'confirmed';
  return { snapshot, effects };
}

function onCancel(s: Snapshot): Outcome | null {
  const effects: Effect[] = [];
  if (s.order === 'payment_pending') {
    return { snapshot: { ...unwind(s, effects, s.fulfilment), order: 'cancelled' }, effects };
  }
  if (s.order !== 'confirmed') return null;
  if (BEFORE_HAND_OVER.includes(s.fulfilment)) {
    // A cash-on-delivery order declined before its confirmation never started its fulfilment.
    const fulfilment = s.fulfilment === 'not_started' ? 'not_started' : 'cancelled';
    const next: Snapshot = { ...unwind(s, effects, fulfilment), order: 'cancelled' };
    if (next.codConfirmation === 'pending') next.codConfirmation = 'cancelled';
    return { snapshot: next, effects };
  }
  if (AT_PARTNER.includes(s.fulfilment)) {
    return { snapshot: { ...s, order: 'cancel_requested' }, effects: ['raise-partner-cancel-task'] };
  }
  return null;
}

function onRefund(s: Snapshot, event: LifecycleEvent): Outcome | null {
  if (!hasMoney(s) || s.free) return null;
  switch (event.kind) {
    case 'refund-owed': {
      if (s.refund !== 'none' && s.refund !== 'partial' && s.refund !== 'failed') return null;
      const effects: Effect[] = s.payment === 'collected' ? [] : ['refund-automatically'];
      return { snapshot: { ...s, refund: 'pending' }, effects };
    }
    case 'refund-sent':
      return s.refund === 'refunded' || s.refund === 'processing'
        ? null
        : { snapshot: { ...s, refund: 'processing' }, effects: [] };
    case 'refund-settled': {
      if (s.refund !== 'processing') return null;
      if (event.outcome === 'processed-in-part' && willNotArrive(s)) {
        // Part of the money is back, the rest is still owed: the order is not the shopper's any more.
        return {
          snapshot: { ...s, refund: 'pending' },
          effects: s.payment === 'collected' ? [] : ['refund-automatically'],
        };
      }
      const refund: RefundState =
        event.outcome === 'failed'
          ? 'failed'
          : event.outcome === 'processed-in-full'
            ? 'refunded'
            : 'partial';
      return { snapshot: { ...s, refund }, effects: [] };
    }
    default:
      return null;
  }
}

const ended = (s: Snapshot) => s.order === 'cancelled' || s.order === 'expired';

/**
 * Whether the order gives back the promotions it took (decision 029, release): it is cancelled or expires (a
 * payment failing for good ends in expiry), or a refund settles in full. A partial refund keeps them.
 */
export function releasesPromotions(before: Snapshot, after: Snapshot): boolean {
  return (ended(after) && !ended(before)) || (after.refund === 'refunded' && before.refund !== 'refunded');
}

const HANDED_OVER: readonly FulfilmentState[] = ['submitted', 'processing', 'shipped', 'delivered'];

/**
 * Whether the move from `before` to `after` is the moment the order's tax invoice is issued (docs/gst.md#issuing):
 * a prepaid order when its payment is captured, a cash-on-delivery order when it is handed to the partner or
 * delivered, as the store's setting says. Never a reprint (nothing is charged) nor an order that will not arrive.
 */
export function issuesInvoice(
  before: Snapshot,
  after: Snapshot,
  codMoment: 'handover' | 'delivery',
): boolean {
  if (after.free || willNotArrive(after)) return false;
  if (after.method === 'Prepaid') return after.payment === 'captured' && before.payment !== 'captured';
  const reached = (s: Snapshot) =>
    codMoment === 'handover' ? HANDED_OVER.includes(s.fulfilment) : s.fulfilment === 'delivered';
  return reached(after) && !reached(before);
}

/** The cash an invoice may have counted on will not be collected: what it invoiced is credited back. */
export const voidsCashOnDelivery = (before: Snapshot, after: Snapshot) =>
  before.payment === 'cod_pending' && (after.payment === 'voided' || after.payment === 'failed');

/** A cash-on-delivery order still waiting for the shopper's word, not handed over. */
const awaitingConfirmation = (s: Snapshot) =>
  s.method === 'COD' &&
  s.order === 'confirmed' &&
  s.codConfirmation === 'pending' &&
  s.fulfilment === 'not_started';

/** Where `event` takes an order in state `s`, and what must be done; null when the event does not apply there. */
export function nextSnapshot(s: Snapshot, event: LifecycleEvent): Outcome | null {
  switch (event.kind) {
    case 'paid':
      return onPaid(s, event);
    case 'paid-unkeepable':
      // A second or short payment beside the one the order has: that money is owed back (to the provider's source).
      return s.method === 'Prepaid' &&
        hasMoney(s) &&
        !s.free &&
        s.refund !== 'pending' &&
        s.refund !== 'processing'
        ? { snapshot: { ...s, refund: 'pending' }, effects: ['refund-automatically'] }
        : null;
    case 'switched-to-cod':
      // A cash-on-delivery order like any other: the shopper confirms it before the hand-over.
      return s.order === 'payment_pending' && s.method === 'Prepaid'
        ? {
            snapshot: {
              ...s,
              method: 'COD',
              order: 'confirmed',
              payment: 'cod_pending',
              codConfirmation: 'pending',
            },
            effects: ['await-cod-confirmation'],
          }
        : null;
    case 'cod-confirmed':
      return awaitingConfirmation(s)
        ? { snapshot: { ...s, fulfilment: 'queued', codConfirmation: 'confirmed' }, effects: ['hand-over'] }
        : null;
    case 'cod-cancelled':
      return awaitingConfirmation(s) ? onCancel(s) : null;
    case 'revived':
      return s.order === 'expired' &&
        s.method === 'Prepaid' &&
        !hasMoney(s) &&
        s.refund === 'none' &&
        !s.stockHeld
        ? { snapshot: { ...s, order: 'payment_pending', stockHeld: true }, effects: ['take-stock'] }
        : null;
    case 'payment-failed':
      return s.order === 'payment_pending' && s.payment === 'pending'
        ? { snapshot: { ...s, payment: 'failed' }, effects: [] }
        : null;
    case 'reservation-expired': {
      if (s.order !== 'payment_pending') return null;
      const effects: Effect[] = [];
      return { snapshot: { ...unwind(s, effects, s.fulfilment), order: 'expired' }, effects };
    }
    case 'partner':
      return onPartner(s, event.to);
    case 'cancel':
      return onCancel(s);
    case 'partner-cancel-confirmed':
      if (s.order !== 'cancel_requested') return null;
      return onPartner(s, 'cancelled');
    case 'partner-cancel-too-late':
      return s.order === 'cancel_requested' ? { snapshot: { ...s, order: 'confirmed' }, effects: [] } : null;
    case 'resubmit':
      return s.order === 'confirmed' && s.fulfilment === 'exception'
        ? { snapshot: { ...s, fulfilment: 'queued' }, effects: [] }
        : null;
    default:
      return onRefund(s, event);
  }
}

/**
 * What the combined states must never say. Each entry is a sentence for the failing test; an empty list is a
 * consistent order.
 */
export function violations(s: Snapshot): string[] {
  const found: string[] = [];
  const gone = willNotArrive(s);
  if (hasMoney(s) && !s.free && gone && (s.refund === 'none' || s.refund === 'partial')) {
    found.push('money kept for an order that will not reach the shopper');
  }
  if (s.refund !== 'none' && (!hasMoney(s) || s.free)) found.push('a refund without money in');
  if (s.method === 'COD') {
    found.push(...codConfirmationViolations(s));
    if (s.fulfilment === 'delivered' && s.payment !== 'collected')
      found.push('COD delivered but not collected');
    // Returned undelivered: no cash. Returned after delivery (collected): the refund rule above applies.
    if (s.fulfilment === 'returned' && s.payment !== 'failed' && s.payment !== 'collected') {
      found.push('COD returned to origin, not failed');
    }
    if (s.order === 'cancelled' && s.payment !== 'voided' && s.payment !== 'collected') {
      found.push('COD cancelled but still expecting cash');
    }
    if (['authorized', 'captured', 'pending'].includes(s.payment))
      found.push('COD with an online payment state');
  } else {
    if (['cod_pending', 'collected', 'voided'].includes(s.payment))
      found.push('prepaid with a cash payment state');
    if (s.codConfirmation !== undefined) found.push('prepaid with a COD confirmation');
  }
  if (gone && s.stockHeld && !['shipped', 'delivered'].includes(s.fulfilment)) {
    found.push('stock held by an order that will not ship');
  }
  if (s.fulfilment !== 'not_started' && !['confirmed', 'cancel_requested', 'cancelled'].includes(s.order)) {
    found.push('fulfilment started for an order that was never confirmed');
  }
  if (s.order === 'confirmed' && !hasMoney(s) && s.payment !== 'cod_pending' && s.payment !== 'failed') {
    found.push('confirmed without money or a cash promise');
  }
  if (
    s.order === 'confirmed' &&
    s.payment === 'failed' &&
    !(s.method === 'COD' && s.fulfilment === 'returned')
  ) {
    found.push('confirmed with a failed payment');
  }
  if (s.order === 'payment_pending' && !['pending', 'failed'].includes(s.payment)) {
    found.push('waiting for a payment that already arrived');
  }
  return found;
}

/** A cash-on-delivery order reaches the partner only once confirmed, and a declined one is cancelled. */
function codConfirmationViolations(s: Snapshot): string[] {
  const found: string[] = [];
  if (s.codConfirmation === undefined) found.push('COD without a confirmation state');
  if (s.codConfirmation !== 'confirmed' && s.fulfilment !== 'not_started') {
    found.push('COD fulfilment started while unconfirmed');
  }
  if (s.codConfirmation === 'pending' && s.order !== 'confirmed') {
    found.push('COD awaiting confirmation but not confirmed');
  }
  if (s.codConfirmation === 'cancelled' && s.order !== 'cancelled')
    found.push('COD declined but not cancelled');
  return found;
}
