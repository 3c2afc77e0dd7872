// What the rest of the API may use of the newsletter module (docs/decisions/013-module-boundaries.md): its public
// and back-office routes and the services behind them.
export { adminSubscriberRoutes } from './admin-routes.ts';
export { createAdminSubscribersService } from './admin-service.ts';
export { newsletterRoutes } from './routes.ts';
export { createNewsletterService, type NewsletterService } from './service.ts';
