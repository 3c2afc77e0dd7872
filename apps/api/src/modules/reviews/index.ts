// What the rest of the API may use of the reviews module (docs/decisions/013-module-boundaries.md).
export { type ReviewsService, createReviewsService } from './service.ts';
export { reviewAdminRoutes, reviewRoutes } from './routes.ts';
