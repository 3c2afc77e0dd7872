// The checkout summary passed from the cart (or BUY NOW) to /place-order (docs/product/screens.md#checkout).
// Kept in sessionStorage so a reload of /place-order keeps it; the server re-prices everything anyway.
import { isBuyableLine } from '@rangrez/contract/rules/cart-lines';
import type { CartLine } from '@rangrez/contract/schemas';

export interface CheckoutItem {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  /** Whole rupees, as the catalogue API gives them. */
  price: number;
  /** The crossed-out MRP by the product's rule, whole rupees: the summary's discount is (mrp - price) x quantity. */
  mrp: number;
  size: string;
  color: string;
  image: string;
  subtotal: number;
}

export interface CheckoutSummary {
  items: CheckoutItem[];
  summary: { totalAmount: number; itemCount: number; finalTotal: number; noOfItems?: number };
  orderDetails: { createdAt: string; currency: 'INR'; status: 'pending'; isBuyNow: boolean };
}

const KEY = 'rangrez.checkout';

export function saveCheckoutSummary(summary: CheckoutSummary): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(summary));
  } catch {
    // Private mode or storage full: /place-order falls back to the server cart.
  }
}

export function readCheckoutSummary(): CheckoutSummary | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const summary = JSON.parse(raw) as CheckoutSummary;
    // A hand-off saved before items carried their MRP shows no discount rather than failing the summary.
    const items = summary.items.map((i) => (Number.isSafeInteger(i.mrp) ? i : { ...i, mrp: i.price }));
    return { ...summary, items };
  } catch {
    return null;
  }
}

export function clearCheckoutSummary(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * The cart's lines as checkout items: only those the server would sell as they are (the contract's isBuyableLine),
 * at current prices, with the thumbnail the summary shows.
 */
export function checkoutItemsFromLines(lines: readonly CartLine[]): CheckoutItem[] {
  return lines.filter(isBuyableLine).map((line) => ({
    id: line.product._id,
    name: line.product.name,
    sku: line.product.sku,
    quantity: line.quantity,
    price: line.product.price,
    mrp: line.product.mrp,
    size: line.size,
    color: line.color,
    image: line.product.thumbnail,
    subtotal: line.product.price * line.quantity,
  }));
}

/** Builds the summary from lines (rupees); shared by BUY NOW and the cart's Checkout button. */
export function buildCheckoutSummary(
  items: Omit<CheckoutItem, 'subtotal'>[],
  isBuyNow: boolean,
): CheckoutSummary {
  const withSubtotals = items.map((i) => ({ ...i, subtotal: i.price * i.quantity }));
  const totalAmount = withSubtotals.reduce((sum, i) => sum + i.subtotal, 0);
  const itemCount = withSubtotals.reduce((sum, i) => sum + i.quantity, 0);
  return {
    items: withSubtotals,
    summary: {
      totalAmount,
      itemCount,
      finalTotal: totalAmount,
      ...(isBuyNow ? {} : { noOfItems: itemCount }),
    },
    orderDetails: { createdAt: new Date().toISOString(), currency: 'INR', status: 'pending', isBuyNow },
  };
}
