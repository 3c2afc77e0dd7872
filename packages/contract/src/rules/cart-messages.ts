// Messages of the cart (docs/product/texts.md#cart).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

import { MAX_LINE_QUANTITY } from './constants.ts';

export const CART_MESSAGES = {
  loadFailed: 'Failed to load cart',
  saveFailed: 'Failed to save cart',
  addFailed: 'Failed to add item to cart',
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
  notInCart: 'Product not found in cart',
  pageLoadFailed: 'Failed to load cart items. Please try again later.',
  drawerFallback: 'Something went wrong!',
  added: 'Item added to cart!',
  loading: 'Loading cart...',
  empty: 'Your cart is empty.',
  emptyPage: 'Your cart is empty',
  checkoutEmpty: 'Cart Empty',
  checkout: 'Checkout',
} as const;

/** The cart drawer's error line: 'Error: {message}' or 'Something went wrong!'. */
export function cartDrawerErrorMessage(message: string | undefined): string {
  return message ? `Error: ${message}` : CART_MESSAGES.drawerFallback;
}

/** Cart quantity: minimum 1; the input ignores empty or 0 entries (cart-quantity.ts, docs/product/rules.md). */
export const CART_QUANTITY_MESSAGES = {
  /** Our own words: the API's answer to a quantity that is not a whole number from 1 to the cap. */
  quantityInvalid: `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`,
} as const;
