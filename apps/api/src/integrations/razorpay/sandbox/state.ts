// The sandbox keeps its orders, payments, refunds and webhook events in shared_state (one row per entity), so
// several app instances behind a load balancer agree on them, as they would with the real gateway.
export { listState, nextNumber, readState, writeState, type Tx } from '../../../lib/shared-state.ts';

export const KEY_PREFIX = 'razorpay.sandbox.';

export const keys = {
  order: (id: string) => `${KEY_PREFIX}order.${id}`,
  payment: (id: string) => `${KEY_PREFIX}payment.${id}`,
  refund: (id: string) => `${KEY_PREFIX}refund.${id}`,
  refundByIdempotencyKey: (paymentId: string, key: string) => `${KEY_PREFIX}refund-key.${paymentId}.${key}`,
  /** A payment's refund ids, oldest first (written under the payment's row lock). */
  refundsOfPayment: (paymentId: string) => `${KEY_PREFIX}refunds-of.${paymentId}`,
  /** How a pending refund will end when it settles: 'processed' or 'failed' (decided when it is created). */
  refundOutcome: (id: string) => `${KEY_PREFIX}refund-outcome.${id}`,
  /** The tests' refund controls (timing, planned failures), the same for every instance. */
  refundControls: `${KEY_PREFIX}refund-controls`,
  event: (id: string) => `${KEY_PREFIX}event.${id}`,
  eventSequence: `${KEY_PREFIX}event-sequence`,
};
