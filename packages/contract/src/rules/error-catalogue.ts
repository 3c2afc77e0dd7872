// The error catalogue of docs/product/texts.md (and the few success notices around it), word for word, so the
// web app and the API share one copy. The messages live in one file per area (*-messages.ts) so that a page's
// bundle takes only its own; this module gathers them for code that wants the whole catalogue.
export { NETWORK_MESSAGES, SESSION_MESSAGES, NOT_FOUND_MESSAGES } from './site-messages.ts';
export {
  SLIDER_MESSAGES,
  COLLECTION_MESSAGES,
  collectionsErrorMessage,
  searchResultsMessage,
  COMING_SOON_MESSAGE,
} from './catalogue-messages.ts';
export { COLOUR_IMAGE_MESSAGES, PRODUCT_ERROR_MESSAGES, SHARE_MESSAGES } from './product-messages.ts';
export {
  LOGIN_ERROR_MESSAGES,
  loginErrorMessage,
  formatCountdown,
  loginLockMessage,
  GOOGLE_MESSAGES,
  SIGNUP_ERROR_MESSAGES,
  signupErrorMessage,
  PROFILE_ERROR_MESSAGES,
  profileErrorMessage,
} from './account-messages.ts';
export { WISHLIST_MESSAGES } from './wishlist-messages.ts';
export { ORDERS_MESSAGES } from './orders-messages.ts';
export { CART_MESSAGES, cartDrawerErrorMessage } from './cart-messages.ts';
export { PAYMENT_MESSAGES, PINCODE_MESSAGES } from './checkout-messages.ts';
