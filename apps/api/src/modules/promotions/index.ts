// What the rest of the API may use of the promotions module (docs/decisions/013-module-boundaries.md): the back
// office's routes and service. Placement, the cart and the lifecycle's release build on this module's pure rule
// (contract rules/promotions.ts) and its tables (decision 029).
export { adminPromotionRoutes } from './admin-routes.ts';
export { createAdminPromotionsService } from './admin-service.ts';
export {
  type PricedPromotions,
  cartPromotions,
  PromotionUsedUpError,
  pricePromotions,
  redeemPromotions,
  holdsPrepaidOnly,
  releasePromotions,
  retakePromotions,
  snapshotOf as promotionSnapshotOf,
} from './pricing.ts';
export { mintWelcomeCode, type WelcomeTerms } from './welcome.ts';
