// What the rest of the API may use of the COD confirmation module (docs/cod-confirmation.md).
export { codConfirmationAdminRoutes } from './admin-routes.ts';
export { createCodLinks } from './links.ts';
export { codConfirmationPages, codConfirmationRoutes } from './routes.ts';
export { createCodConfirmationService, type CodConfirmationService, type CodMessageKind } from './service.ts';
