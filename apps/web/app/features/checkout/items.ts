// What is being bought: the hand-off from the cart or BUY NOW (summary.ts), else the server cart's buyable lines.
import { isBuyableLine } from '@rangrez/contract/rules/cart-lines';
import type { CartLine } from '@rangrez/contract/schemas';
import type { CheckoutItem } from '../cart';

/** Only lines the server would sell as they are (the contract's isBuyableLine), at current prices. */
export function itemsFromCartLines(lines: readonly CartLine[]): CheckoutItem[] {
  return lines.filter(isBuyableLine).map((line) => ({
    id: line.product._id,
    name: line.product.name,
    sku: line.product.sku,
    quantity: line.quantity,
    price: line.product.price,
    size: line.size,
    color: line.color,
    image: line.product.thumbnail,
    subtotal: line.product.price * line.quantity,
  }));
}

/** The same lines at the prices the catalogue answers now (after the server refused the old total). */
export function withCurrentPrices(
  items: readonly CheckoutItem[],
  prices: ReadonlyMap<string, number>,
): CheckoutItem[] {
  return items.map((item) => {
    const price = prices.get(item.id) ?? item.price;
    return { ...item, price, subtotal: price * item.quantity };
  });
}
