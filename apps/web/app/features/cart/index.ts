// What other features may use of the cart feature (eslint/web.js). The product page imports this file lazily
// (ADD TO CART, BUY NOW), the checkout statically; nothing in a page's first load imports it, so it may name the
// cart's actions without moving them into that first load. The header's cart button is composed by the root.
export { addToCart, buyNow } from './actions';
export { loadCart } from './cart-count';
export {
  type CheckoutItem,
  type CheckoutSummary,
  buildCheckoutSummary,
  checkoutItemsFromLines,
  clearCheckoutSummary,
  readCheckoutSummary,
  saveCheckoutSummary,
} from './checkout-handoff';
export { PromotionRows } from './components/PromotionRows';
export { PromotionCodeField } from './promotion-code-field';
export { NO_PROMOTIONS, type PromotionSummary, summaryFromPreview } from './promotions';
export { codeFailure, previewItems } from './code-calls';
