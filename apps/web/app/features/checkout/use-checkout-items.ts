// What the checkout is buying: the BUY NOW hand-off as it is, else the server cart once the sign-in merge has
// settled (a guest who signed in on the way here may have had lines merged into an existing cart).
import { useEffect, useMemo, useState } from 'react';
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import {
  type CheckoutItem,
  type CheckoutSummary as Handoff,
  checkoutItemsFromLines,
  loadCart,
  readCheckoutSummary,
  saveCheckoutSummary,
} from '../cart';
import { checkoutApi } from './api';
import { withCurrentPrices } from './items';

export type CheckoutItems =
  | { status: 'loading' }
  | {
      status: 'ready';
      items: CheckoutItem[];
      isBuyNow: boolean;
      fromHandoff: boolean;
      /** The promotion code kept with the cart (a cart checkout). */
      cartCode?: string | null;
    }
  | { status: 'error'; message: string };

export function useCheckoutItems() {
  // This page renders only in the browser (behind the sign-in guard), so the hand-off can be read at once.
  const [handoff] = useState<Handoff | null>(() =>
    typeof window === 'undefined' ? null : readCheckoutSummary(),
  );
  const [items, setItems] = useState<CheckoutItems>(() =>
    handoff && handoff.items.length > 0 && handoff.orderDetails.isBuyNow
      ? { status: 'ready', items: handoff.items, isBuyNow: true, fromHandoff: true }
      : { status: 'loading' },
  );

  const needsCart = items.status === 'loading';
  useEffect(() => {
    if (!needsCart) return;
    const controller = new AbortController();
    loadCart()
      .then((store) => store.settled())
      .then(() => checkoutApi.cart(controller.signal))
      .then((res) =>
        setItems({
          status: 'ready',
          items: checkoutItemsFromLines(res.data.items),
          isBuyNow: false,
          fromHandoff: false,
          cartCode: res.data.couponCode ?? null,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setItems({
          status: 'error',
          message: error instanceof Error ? error.message : CART_MESSAGES.loadFailed,
        });
      });
    return () => controller.abort();
  }, [needsCart]);

  const lines = useMemo(() => (items.status === 'ready' ? items.items : []), [items]);

  /** After the server refused a stale total: the same lines at the prices it answers now. */
  async function reprice(current: CheckoutItem[], fromHandoff: boolean, isBuyNow: boolean) {
    try {
      if (!fromHandoff) {
        const res = await checkoutApi.cart();
        setItems({
          status: 'ready',
          items: checkoutItemsFromLines(res.data.items),
          isBuyNow,
          fromHandoff,
          cartCode: res.data.couponCode ?? null,
        });
        return;
      }
      const ids = [...new Set(current.map((item) => item.id))];
      const products = await Promise.all(ids.map((id) => checkoutApi.product(id)));
      const next = withCurrentPrices(
        current,
        new Map(products.map((p) => [p._id, { price: p.price, mrp: p.mrp }])),
      );
      if (handoff) saveCheckoutSummary({ ...handoff, items: next });
      setItems({ status: 'ready', items: next, isBuyNow, fromHandoff });
    } catch {
      // The message already on screen tells the shopper to review; the next attempt is refused again if stale.
    }
  }

  return { items, lines, reprice };
}
