// What the rest of the API may use of the search module (docs/decisions/013-module-boundaries.md).
export { adminSearchRoutes } from './admin-routes.ts';
export { searchRoutes } from './routes.ts';
export { type SearchService, createSearch } from './service.ts';
