// Checkout items at the prices the catalogue answers now; the items themselves come from the cart feature.
import type { CheckoutItem } from '../cart';

/** The same lines at the prices and MRPs the catalogue answers now (after the server refused the old total). */
export function withCurrentPrices(
  items: readonly CheckoutItem[],
  prices: ReadonlyMap<string, { price: number; mrp: number }>,
): CheckoutItem[] {
  return items.map((item) => {
    const { price, mrp } = prices.get(item.id) ?? item;
    return { ...item, price, mrp, subtotal: price * item.quantity };
  });
}
