// What the rest of the API may use of the refunds module; its other files are its own
// (docs/decisions/013-module-boundaries.md). Refunds build on orders; payments hand it the refund webhooks.
export { refundAdminRoutes } from './admin-routes.ts';
export { createRefundsService, type RefundsService, toAdminRefund } from './service.ts';
