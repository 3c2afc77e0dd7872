// What the rest of the API may use of the returns module; its other files are its own
// (docs/decisions/013-module-boundaries.md). Returns build on orders (the reprint, the history) and refunds.
export { returnAdminRoutes } from './admin-routes.ts';
export { returnRoutes } from './routes.ts';
export { createReturnsService, type ReturnsService } from './service.ts';
