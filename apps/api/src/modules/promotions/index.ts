// What the rest of the API may use of the promotions module (docs/decisions/013-module-boundaries.md): the back
// office's routes and service, the shopper's public reads (the preview and the product page's best offer). Placement, the cart and the lifecycle's release build on this module's pure rule
// (contract rules/promotions.ts) and its tables (decision 029).
export { adminPromotionRoutes } from './admin-routes.ts';
export { createAdminPromotionsService } from './admin-service.ts';
export { shopPromotionRoutes } from './shop-routes.ts';
export { productOffer } from './shop.ts';
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
