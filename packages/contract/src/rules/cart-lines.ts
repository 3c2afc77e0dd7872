// What the server cart and the browser's anonymous cart agree on about a line (docs/decisions/007-cart-api.md):
// its statuses, which of them can be bought, and why a quantity is refused, in the same words on both sides.
// Zod-free, so the browser's guest cart imports it instead of restating it.
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './constants.ts';
import { CART_MESSAGES } from './error-catalogue.ts';
import { colourByCode } from './colours.ts';
import { formatINR } from './money.ts';

/** How refusals name one colour and size of a product: 'Oni Mask Tee (Black, M)'. */
export function variantLabel(name: string, color: string, size: string): string {
  return `${name} (${colourByCode(color).name}, ${size})`;
}

/**
 * ok; out_of_stock (stock 0); insufficient_stock (quantity above stock); price_changed (the price differs from
 * the one seen when the line was added or last changed); unavailable (product withdrawn, or its size or colour
 * no longer offered).
 */
export const CART_LINE_STATUSES = [
  'ok',
  'out_of_stock',
  'insufficient_stock',
  'price_changed',
  'unavailable',
] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

/** Only these lines count in the totals and can be ordered (a changed price is shown, then accepted). */
export const BUYABLE_LINE_STATUSES: ReadonlySet<CartLineStatus> = new Set(['ok', 'price_changed']);

export function isBuyableLine(line: { status: CartLineStatus }): boolean {
  return BUYABLE_LINE_STATUSES.has(line.status);
}

/** Answers and refusals of the cart endpoints: our words, unless from CART_MESSAGES (docs/product/texts.md#cart). */
export const CART_API_MESSAGES = {
  productNotFound: 'Product not found',
  /** docs/product/texts.md#cart */
  notInCart: CART_MESSAGES.notInCart,
  /** The toast of docs/product/texts.md#cart. */
  added: CART_MESSAGES.added,
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  merged: 'Cart merged',
  mergeReplayed: 'Cart already merged',
  quantityInvalid: `quantity must be a whole number from 0 to ${MAX_LINE_QUANTITY}`,
  mergeIdInvalid: 'mergeId must be 8-100 letters, digits, hyphens or underscores',
  cartFull: `Your cart can hold at most ${MAX_ORDER_LINES} different items`,
  outOfStock: (name: string) => `Out of Stock: ${name}`,
  onlyLeft: (name: string, stock: number) => `Only ${stock} left of ${name}`,
  lineCap: (name: string) => `You can add at most ${MAX_LINE_QUANTITY} of ${name}`,
  sizeNotOffered: (sizes: readonly string[]) => `size must be one of ${sizes.join(', ')} for this product`,
  colourNotOffered: (colors: readonly string[]) =>
    `color must be one of ${colors.join(', ')} for this product`,
  noLongerAvailable: (name: string) => `${name} is no longer available`,
  noLongerAvailableIn: (name: string, size: string, color: string) =>
    `${name} is no longer available in size ${size} and colour ${color}`,
  priceChanged: (name: string, from: number, to: number) =>
    `The price of ${name} changed from ${formatINR(from)} to ${formatINR(to)}`,
} as const;

/**
 * Null when a line of the product may hold `quantity` units, else why not: sold out, more than the stock, more
 * than a line may hold. The server checks its own stock; the browser checks the stock the page showed.
 */
export function quantityRefusal(product: { name: string; stock: number }, quantity: number): string | null {
  if (product.stock <= 0) return CART_API_MESSAGES.outOfStock(product.name);
  if (quantity > product.stock) return CART_API_MESSAGES.onlyLeft(product.name, product.stock);
  if (quantity > MAX_LINE_QUANTITY) return CART_API_MESSAGES.lineCap(product.name);
  return null;
}

/**
 * The same for a cart line, whose `stock` is what its colour and size hold: sold out and short stock name the
 * variant ('Out of Stock: Oni Mask Tee (Black, M)'), the line cap names the product.
 */
export function lineQuantityRefusal(
  product: { name: string; stock: number },
  line: { color: string; size: string },
  quantity: number,
): string | null {
  if (quantity > product.stock || product.stock <= 0)
    return quantityRefusal(
      { name: variantLabel(product.name, line.color, line.size), stock: product.stock },
      quantity,
    );
  return quantityRefusal(product, quantity);
}
