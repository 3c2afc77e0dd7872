// The drawer's and the cart page's code field with what it needs (docs/promotions.md#the-shoppers-side): a signed-in
// cart's code goes through the store to the server cart; a guest's cart is priced by the public preview, which it
// hands to the page for the summary. Its own chunk, loaded after the page.
import type { CartState } from '../cart-store';
import type { PromotionSummary } from '../promotions';
import { useCartPromotions } from '../use-cart-promotions';
import { PromotionCode } from './PromotionCode';

export default function CartPromotions({
  state,
  onGuestSummary,
}: {
  state: CartState;
  onGuestSummary: (summary: PromotionSummary) => void;
}) {
  const { summary, apply, remove } = useCartPromotions(state, onGuestSummary);
  return <PromotionCode summary={summary} onApply={apply} onRemove={remove} />;
}
