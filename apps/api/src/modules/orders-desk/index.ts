// What the rest of the API may use of the orders desk (docs/decisions/013-module-boundaries.md): its routes. The
// desk reads orders, payments, fulfilment, returns and the audit trail, and changes orders only through the orders
// and refunds services.
export { ordersDeskRoutes } from './routes.ts';
