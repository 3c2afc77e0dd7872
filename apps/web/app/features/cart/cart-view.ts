// What the drawer and the cart page show for a cart state: the lines, their problems, the totals (the contract's one
// rule, docs/product/rules.md) and whether Checkout may go ahead. Loaded with the drawer or the page, never up front.
import type { CartLine, CartTotalsJson } from '@rangrez/contract/schemas';
import { isBuyableLine } from '@rangrez/contract/rules/cart-lines';
import { cartTotals } from '@rangrez/contract/rules/cart-totals';
import {
  type CheckoutSummary,
  buildCheckoutSummary,
  checkoutItemsFromLines,
  readCheckoutSummary,
  saveCheckoutSummary,
} from './checkout-handoff';
import { type CartState, lineKeyOf } from './cart-store';
import type { LineKey } from './guest-cart';

export interface CartViewLine extends CartLine {
  key: LineKey;
  /** What is wrong with the line, in words for the shopper; absent when it can be bought as it is. */
  note?: string;
}

type CartViewStatus = 'loading' | 'error' | 'empty' | 'ready';

export interface CartView {
  status: CartViewStatus;
  /** The load failure (status 'error'); null when the reason is unknown. */
  error: string | null;
  lines: CartViewLine[];
  totals: CartTotalsJson;
  /** Why Checkout must wait: the lines that cannot be bought as they are. */
  blocking: string[];
  /** The anonymous cart: Checkout asks to sign in first. */
  guest: boolean;
}

function totalsOf(lines: readonly CartLine[]): CartTotalsJson {
  return cartTotals({
    lines: lines
      .filter(isBuyableLine)
      .map((line) => ({ price: line.product.price, mrp: line.product.mrp, quantity: line.quantity })),
  });
}

export function cartView(state: CartState): CartView {
  const guest = state.mode !== 'user';
  const empty = totalsOf([]);
  if (state.mode === 'unknown') {
    return { status: 'loading', error: null, lines: [], totals: empty, blocking: [], guest };
  }
  let lines: CartViewLine[];
  let totals: CartTotalsJson;
  if (state.mode === 'guest') {
    lines = state.guest.map((line) => ({
      _id: `${line.productId}:${line.size}:${line.color}`,
      key: { productId: line.productId, size: line.size, color: line.color },
      product: line.product,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      lineTotal: line.product.price * line.quantity,
      status: 'ok',
    }));
    totals = totalsOf(lines);
  } else {
    const server = state.server;
    if (!server) {
      return state.loading
        ? { status: 'loading', error: null, lines: [], totals: empty, blocking: [], guest }
        : { status: 'error', error: state.error, lines: [], totals: empty, blocking: [], guest };
    }
    const issues = new Map(server.issues.map((issue) => [issue.lineId, issue.message]));
    lines = server.items.map((line) => ({
      ...line,
      key: lineKeyOf(line),
      // The server words every problem (decision 007); the name stands in should an issue ever be missing.
      note: line.status === 'ok' ? undefined : (issues.get(line._id) ?? line.product.name),
    }));
    // An unconfirmed edit: the same rule as the server's, until its answer arrives.
    totals = state.optimistic ? totalsOf(lines) : server.totals;
  }
  const blocking = lines.filter((line) => !isBuyableLine(line)).map((line) => line.note ?? line.product.name);
  return { status: lines.length ? 'ready' : 'empty', error: null, lines, totals, blocking, guest };
}

/** Checkout from the cart (orderType CART_CHECKOUT): the buyable lines, as a checkout summary (summary.ts). */
export function cartCheckoutSummary(lines: readonly CartLine[]): CheckoutSummary {
  return buildCheckoutSummary(checkoutItemsFromLines(lines), false);
}

/**
 * A guest who pressed Checkout signs in and lands on /place-order with the summary of the anonymous cart; once
 * that cart is merged, the summary is rebuilt from the merged one (lines may have been dropped or capped).
 */
export function refreshCartCheckout(cart: { items: readonly CartLine[] }): void {
  const saved = readCheckoutSummary();
  if (saved && !saved.orderDetails.isBuyNow) saveCheckoutSummary(cartCheckoutSummary(cart.items));
}
