// Cart quantity rules (docs/product/rules.md#cart-lines-and-quantities): minimum 1 through the controls;
// 0 removes the line; the quantity input ignores empty or 0 entries.

import { WHOLE_NUMBER_TEXT_PATTERN } from './patterns.ts';

export const MIN_CART_QUANTITY = 1;

/**
 * Reads the cart page's quantity input. Returns the new quantity (a whole number >= 1) or null when the
 * entry must be ignored: empty, 0, negative, fractional or not a number.
 */
export function parseQuantityInput(raw: string): number | null {
  const quantity = quantityFromText(raw);
  return Number.isSafeInteger(quantity) && quantity >= MIN_CART_QUANTITY ? quantity : null;
}

/** The minus button: does nothing at 1. */
export function decrementQuantity(quantity: number): number {
  return Math.max(MIN_CART_QUANTITY, quantity - 1);
}

/** The plus button. */
export function incrementQuantity(quantity: number): number {
  return quantity + 1;
}

/** A quantity of 0 (or less) removes the line from the cart. */
export function removesLine(quantity: number): boolean {
  return quantity <= 0;
}

/**
 * A quantity as requests send it, a number or its text ("2", " 2 "): the number, or NaN for any other text. The
 * caller decides the range.
 */
export function quantityFromText(value: number | string): number {
  if (typeof value === 'number') return value;
  return WHOLE_NUMBER_TEXT_PATTERN.test(value) ? Number(value) : Number.NaN;
}
