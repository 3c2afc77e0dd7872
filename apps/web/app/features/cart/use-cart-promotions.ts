// The promotions the drawer and the cart page show (docs/promotions.md#the-shoppers-side): a signed-in cart's come
// with the server's answer; a guest's cart is priced by the public preview whenever its lines or code change.
import { useEffect, useMemo, useState } from 'react';
import type { CartState } from './cart-store';
import { NO_PROMOTIONS, type PromotionSummary, summaryFromCart, summaryFromPreview } from './promotions';
import { previewItems } from './code-calls';
import { useCartStore } from './use-cart';

const PREVIEW_SETTLE_MS = 250;

/** `onGuestSummary` hears each preview of a guest's cart, for the page's summary. */
export function useCartPromotions(state: CartState, onGuestSummary: (summary: PromotionSummary) => void) {
  const store = useCartStore();
  const guest = state.mode === 'guest';
  const [preview, setPreview] = useState<PromotionSummary>(NO_PROMOTIONS);
  // The preview's input as text: a new array with the same lines does not ask again.
  const key = guest ? JSON.stringify([previewItems(state.guest), state.guestCode]) : '';

  useEffect(() => {
    if (key === '') return;
    const [items, code] = JSON.parse(key) as [ReturnType<typeof previewItems>, string | null];
    if (items.length === 0) return;
    const controller = new AbortController();
    const ask = () =>
      store.api
        .previewPromotions({ items, ...(code === null ? {} : { code }) }, controller.signal)
        .then((res) => summaryFromPreview(res.data, code))
        // No preview (offline, rate limited): the cart shows its prices without promotions; checkout prices again.
        .catch(() => ({ ...NO_PROMOTIONS, couponCode: code }))
        .then((summary) => {
          if (controller.signal.aborted) return;
          setPreview(summary);
          onGuestSummary(summary);
        });
    // A run of quick changes (plus, plus, plus) asks once: the preview shares the code calls' rate limit.
    const timer = setTimeout(() => void ask(), PREVIEW_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, store, onGuestSummary]);

  const summary = useMemo(
    () =>
      guest
        ? state.guest.length === 0
          ? NO_PROMOTIONS
          : preview
        : state.server
          ? summaryFromCart(state.server)
          : NO_PROMOTIONS,
    [guest, preview, state.guest.length, state.server],
  );
  return {
    summary,
    apply: (code: string) => store.applyCode(code),
    remove: () => store.removeCode(),
  };
}
