// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  readCheckoutSummary,
  saveCheckoutSummary,
  buildCheckoutSummary,
  clearCheckoutSummary,
} from './checkout-handoff';
import type { CartState } from './cart-store';
import { cartCheckoutSummary, cartView, refreshCartCheckout } from './cart-view';
import { cartData, line, product } from './test-helpers';

const tee = product();
const hoodie = product({ _id: 'p2', name: 'Zip Hoodie', sku: 'RZ-HD-2', price: 1299, mrp: 1599, stock: 1 });
const base: CartState = {
  mode: 'user',
  guest: [],
  server: null,
  optimistic: false,
  loading: false,
  error: null,
  guestCode: null,
};

afterEach(() => clearCheckoutSummary());

describe('cartView', () => {
  it("totals a guest cart with the contract rule: each line's MRP less its price, 300 per item by default", () => {
    const view = cartView({
      ...base,
      mode: 'guest',
      guest: [
        { productId: 'p1', size: 'M', color: 'Bk', quantity: 2, product: tee },
        { productId: 'p2', size: 'S', color: 'Wh', quantity: 1, product: hoodie },
      ],
    });
    expect(view).toMatchObject({ status: 'ready', guest: true, blocking: [] });
    expect(view.totals).toEqual({
      itemCount: 3,
      originalPrice: 2297 + 900,
      discount: 900,
      discountPercent: 28,
      subtotal: 2297,
      shipping: 0,
      tax: 0,
      total: 2297,
    });
  });

  it('tells loading, failure and empty apart', () => {
    expect(cartView({ ...base, mode: 'unknown' }).status).toBe('loading');
    expect(cartView({ ...base, loading: true }).status).toBe('loading');
    expect(cartView({ ...base, error: 'No internet connection' })).toMatchObject({
      status: 'error',
      error: 'No internet connection',
    });
    expect(cartView({ ...base, server: cartData([]) }).status).toBe('empty');
    expect(cartView({ ...base, mode: 'guest' }).status).toBe('empty');
  });

  it("shows the server's words for a line that cannot be bought and holds Checkout back", () => {
    const soldOut = line(hoodie, 'S', 'Wh', 1, { status: 'out_of_stock', _id: 'l2' });
    const dearer = line(tee, 'M', 'Bk', 1, { status: 'price_changed', previousPrice: 399, _id: 'l1' });
    const view = cartView({
      ...base,
      server: cartData(
        [dearer, soldOut],
        [
          {
            lineId: 'l1',
            productId: 'p1',
            size: 'M',
            color: 'Bk',
            status: 'price_changed',
            message: 'The price of Oversized Tee changed from ₹399 to ₹499',
          },
          {
            lineId: 'l2',
            productId: 'p2',
            size: 'S',
            color: 'Wh',
            status: 'out_of_stock',
            message: 'Out of Stock: Zip Hoodie',
          },
        ],
      ),
    });
    expect(view.lines.map((l) => l.note)).toEqual([
      'The price of Oversized Tee changed from ₹399 to ₹499',
      'Out of Stock: Zip Hoodie',
    ]);
    // A changed price can still be bought (at the new price); a sold-out line cannot.
    expect(view.blocking).toEqual(['Out of Stock: Zip Hoodie']);
    expect(view.totals.subtotal).toBe(499);
  });

  it('recomputes the totals while an edit waits for the server', () => {
    const server = cartData([line(tee, 'M', 'Bk', 1)]);
    const edited = { ...server, items: [line(tee, 'M', 'Bk', 3)] };
    expect(cartView({ ...base, server: edited, optimistic: false }).totals.subtotal).toBe(499);
    expect(cartView({ ...base, server: edited, optimistic: true }).totals.subtotal).toBe(1497);
  });
});

describe('checkout summary', () => {
  it('carries the buyable lines as a checkout summary, not as a direct purchase', () => {
    const summary = cartCheckoutSummary([
      line(tee, 'M', 'Bk', 2),
      line(hoodie, 'S', 'Wh', 1, { status: 'unavailable' }),
    ]);
    expect(summary.items).toEqual([
      {
        id: 'p1',
        name: 'Oversized Tee',
        sku: 'RZ-TEE-1',
        quantity: 2,
        price: 499,
        mrp: 799,
        size: 'M',
        color: 'Bk',
        image: tee.thumbnail,
        subtotal: 998,
      },
    ]);
    expect(summary.summary).toEqual({ totalAmount: 998, itemCount: 2, finalTotal: 998, noOfItems: 2 });
    expect(summary.orderDetails).toMatchObject({ currency: 'INR', status: 'pending', isBuyNow: false });
  });

  it('rebuilds a waiting cart summary from the merged cart, never a BUY NOW one', () => {
    saveCheckoutSummary(cartCheckoutSummary([line(tee, 'M', 'Bk', 1)]));
    refreshCartCheckout(cartData([line(tee, 'M', 'Bk', 3)]));
    expect(readCheckoutSummary()?.summary.itemCount).toBe(3);

    const buyNow = buildCheckoutSummary(
      [
        {
          id: 'p2',
          name: 'Zip Hoodie',
          sku: 'x',
          quantity: 1,
          price: 1299,
          mrp: 1599,
          size: 'S',
          color: 'Wh',
          image: '',
        },
      ],
      true,
    );
    saveCheckoutSummary(buyNow);
    refreshCartCheckout(cartData([line(tee, 'M', 'Bk', 3)]));
    expect(readCheckoutSummary()).toEqual(buyNow);
  });
});
