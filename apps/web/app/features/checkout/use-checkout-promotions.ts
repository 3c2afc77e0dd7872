// The checkout's promotions (docs/promotions.md#the-shoppers-side): the code (a cart checkout starts with the one kept
// with the cart), priced with the items and the payment method by the public preview. The server prices the order
// again at placement; these figures make the total the shopper agrees to.
import type { Gateway } from '@rangrez/contract/rules/shipping';
import { useEffect, useState } from 'react';
import {
  type CheckoutItem,
  NO_PROMOTIONS,
  type PromotionSummary,
  codeFailure,
  previewItems,
  summaryFromPreview,
} from '../cart';
import { checkoutApi } from './api';
import type { CheckoutItems } from './use-checkout-items';

export interface CheckoutPromotions {
  summary: PromotionSummary;
  /** The code the order is placed with. */
  code: string | null;
  /** A code is applied and the preview for the current items and payment method has not answered yet. */
  pending: boolean;
  apply: (code: string) => Promise<string | null>;
  remove: () => Promise<void>;
}

const itemsOf = (lines: readonly CheckoutItem[]) =>
  previewItems(lines.map((line) => ({ productId: line.id, quantity: line.quantity })));

export function useCheckoutPromotions(
  items: CheckoutItems,
  lines: readonly CheckoutItem[],
  gateway: Gateway,
  setGateway: (gateway: Gateway) => void,
): CheckoutPromotions {
  const cartCode = items.status === 'ready' && !items.isBuyNow ? (items.cartCode ?? null) : null;
  const [code, setCode] = useState<string | null>(cartCode);
  const [summary, setSummary] = useState<PromotionSummary>(NO_PROMOTIONS);
  const [answered, setAnswered] = useState('');
  // The cart answered (or answered again after a refused total): its kept code is the one to use.
  const [cartCodeSeen, setCartCodeSeen] = useState(cartCode);
  if (cartCodeSeen !== cartCode) {
    setCartCodeSeen(cartCode);
    setCode(cartCode);
  }

  const key = JSON.stringify([itemsOf(lines), code, gateway]);
  useEffect(() => {
    const [body, sent, chosen] = JSON.parse(key) as [ReturnType<typeof itemsOf>, string | null, Gateway];
    if (body.length === 0) return;
    const controller = new AbortController();
    checkoutApi
      .previewPromotions(
        { items: body, gateway: chosen, ...(sent === null ? {} : { code: sent }) },
        controller.signal,
      )
      .then((res) => setSummary(summaryFromPreview(res.data, sent)))
      // No preview: the order is priced by the server anyway, which says what it refuses.
      .catch(() => {
        if (!controller.signal.aborted) setSummary({ ...NO_PROMOTIONS, couponCode: sent });
      })
      .finally(() => {
        if (!controller.signal.aborted) setAnswered(key);
      });
    return () => controller.abort();
  }, [key]);

  async function apply(typed: string): Promise<string | null> {
    try {
      if (items.status === 'ready' && !items.isBuyNow) await checkoutApi.applyCartCode(typed);
      // Before the payment method: a prepaid-only code applies and turns cash on delivery off.
      const { data } = await checkoutApi.previewPromotions({ items: itemsOf(lines), code: typed });
      if (data.couponMessage !== undefined) return data.couponMessage;
      if (data.prepaidOnly) setGateway('Prepaid');
      setCode(data.couponCode ?? typed.trim().toUpperCase());
      return null;
    } catch (error) {
      return codeFailure(error);
    }
  }

  async function remove(): Promise<void> {
    if (items.status === 'ready' && !items.isBuyNow)
      await checkoutApi.removeCartCode().catch(() => undefined);
    setCode(null);
  }

  // Only a code waits for the preview: without one the server also takes the total before automatic promotions.
  return { summary, code, pending: code !== null && lines.length > 0 && answered !== key, apply, remove };
}
