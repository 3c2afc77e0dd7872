// Validation messages (docs/product/texts.md), word for word. Forms, API schemas and tests use these constants;
// they live in one file per area (*-messages.ts) so that a page's bundle takes only its own.
export { PRODUCT_MESSAGES } from './product-messages.ts';
export { LOGIN_MESSAGES, SIGNUP_MESSAGES, PROFILE_MESSAGES } from './account-messages.ts';
export { CART_QUANTITY_MESSAGES } from './cart-messages.ts';
export { requiredMessage, CHECKOUT_FIELD_LABELS, CHECKOUT_MESSAGES } from './checkout-messages.ts';
export type { CheckoutField } from './checkout-messages.ts';
