// What the rest of the API may use of the invoices module (docs/decisions/013-module-boundaries.md). Invoices
// build on orders (the hook it is given) and read refunds and returns; nothing imports invoices but the wiring.
export { createInvoicesService, type InvoicesService } from './service.ts';
export { invoiceAdminRoutes, invoiceRoutes } from './routes.ts';
export { createInvoiceLinks, type InvoiceLinks } from './links.ts';
