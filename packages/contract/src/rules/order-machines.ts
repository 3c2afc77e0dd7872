// The states of an order's machines (docs/orders-lifecycle.md): one list each, for the database's CHECK
// constraints and the back office's filters alike. The moves between them are the API's (orders/state-machine.ts).
export const ORDER_STATES = [
  'payment_pending',
  'confirmed',
  'cancel_requested',
  'cancelled',
  'expired',
] as const;
/** How the money came in (or will): refunds are the refund machine's, not a payment state. */
export const PAYMENT_STATES = [
  'pending',
  'cod_pending',
  'authorized',
  'captured',
  'failed',
  'collected',
  'voided',
] as const;
/** How money goes back: `pending` is owed, `processing` sent to the provider, `partial` some returned. */
export const REFUND_STATES = ['none', 'pending', 'processing', 'partial', 'refunded', 'failed'] as const;
export const FULFILMENT_STATES = [
  'not_started',
  'queued',
  'submitted',
  'processing',
  'shipped',
  'delivered',
  'returned',
  'cancelled',
  'exception',
] as const;
