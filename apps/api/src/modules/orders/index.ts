// What the rest of the API may use of the orders module; its other files are its own
// (docs/decisions/013-module-boundaries.md). Payments and fulfilment build on orders; orders imports neither.
export {
  ORDER_MESSAGES,
  OutOfStockError,
  PaidButUnfillableError,
  PaymentVerificationError,
  PriceChangedError,
  colourUnavailable,
  sizeUnavailable,
} from './errors.ts';
export type { OrderItemRow, OrderRow } from './repository.ts';
export { customerIsCaller, idempotencyKeyOf } from './routes.ts';
export { orderAdminRoutes } from './admin-routes.ts';
export { handOverLockKey } from './service.ts';
export { displayStatus } from './state-machine.ts';
export type { ConfirmOutcome, OrdersService, ReprintLine } from './service.ts';
export { canMoveReturn, type ReturnState } from './state-machine.ts';
export { recordReturnMove } from './transitions.ts';
export type { InvoicingHook } from './apply-event.ts';
export { issuesInvoice, voidsCashOnDelivery } from './lifecycle.ts';
