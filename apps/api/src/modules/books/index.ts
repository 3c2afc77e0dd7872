// What the rest of the API may use of the books module (docs/decisions/013-module-boundaries.md): it reads the tax
// documents the invoices module wrote, and nothing imports it but the wiring.
export { booksAdminRoutes } from './routes.ts';
export { createBooksService } from './service.ts';
