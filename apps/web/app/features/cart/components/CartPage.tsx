// /cart (docs/product/screens.md#cart-drawer-and-cart-page, mobile layout at every width): the lines with size,
// a quantity input (min 1; empty or 0 is ignored), a remove icon, the totals and Checkout to /place-order.
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import { parseQuantityInput } from '@rangrez/contract/rules/cart-quantity';
import { MAX_LINE_QUANTITY } from '@rangrez/contract/rules/constants';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cartView, type CartViewLine } from '../cart-view';
import { useCart, useCartStore } from '../use-cart';
import type { PromotionSummary } from '../promotions';
import {
  CartTotals,
  CheckoutButton,
  LineDetails,
  LinePicture,
  atStockLimit,
  lineLabel,
  stockNoteId,
} from './CartParts';
import { TrashIcon } from './cart-icons';

// The code field: its own chunk, after the page (the summary's promotion rows are the page's).
const CartPromotions = lazy(() => import('./CartPromotions'));

export function CartPage() {
  const store = useCartStore();
  const state = useCart();
  const view = cartView(state);
  // A guest's cart is priced by the code field's preview; a signed-in cart's answer carries its promotions.
  const [guestPromotions, setGuestPromotions] = useState<PromotionSummary | null>(null);
  const promotions = state.mode === 'user' ? state.server : state.guest.length > 0 ? guestPromotions : null;

  useEffect(() => {
    void store.refresh();
  }, [store]);

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-black tracking-tight">Your Cart</h1>
      {view.status === 'loading' ? (
        <p role="status" className="py-12 text-center text-neutral-600">
          {CART_MESSAGES.loading}
        </p>
      ) : view.status === 'error' ? (
        <p
          role="alert"
          className="my-8 rounded-lg border border-red-200 bg-red-50 p-4 text-center text-red-800"
        >
          {CART_MESSAGES.pageLoadFailed}
        </p>
      ) : view.status === 'empty' ? (
        <div className="py-12 text-center">
          <p className="text-neutral-600">{CART_MESSAGES.emptyPage}</p>
          <Link to="/" className="mt-4 inline-block font-semibold underline underline-offset-4">
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label="Cart items" className="mt-4 divide-y divide-black/10">
            {view.lines.map((line) => (
              <PageLine key={line._id} line={line} />
            ))}
          </ul>
          <div className="mt-4 space-y-4 rounded-xl bg-white p-4 ring-1 ring-black/5">
            <h2 className="text-base font-extrabold">Order Summary</h2>
            <Suspense fallback={null}>
              <CartPromotions state={state} onGuestSummary={setGuestPromotions} />
            </Suspense>
            <CartTotals totals={view.totals} promotions={promotions} />
            <CheckoutButton view={view} />
          </div>
        </>
      )}
    </section>
  );
}

function PageLine({ line }: { line: CartViewLine }) {
  const store = useCartStore();
  const label = lineLabel(line);
  // What the shopper is typing; the line's quantity shows again when the field is left.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <li className="flex gap-3 py-4">
      <LinePicture line={line} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <LineDetails line={line} />
        <div className="mt-auto flex items-end justify-between pt-1">
          <label className="flex flex-col text-xs font-semibold text-neutral-600">
            Quantity
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              aria-label={`Quantity of ${label}`}
              aria-describedby={!line.note && atStockLimit(line) ? stockNoteId(line) : undefined}
              value={draft ?? String(line.quantity)}
              onChange={(event) => {
                setDraft(event.target.value);
                const quantity = parseQuantityInput(event.target.value);
                if (quantity !== null && quantity !== line.quantity)
                  void store.setQuantity(line.key, quantity);
              }}
              onBlur={() => setDraft(null)}
              className="mt-1 h-10 w-20 rounded-lg border border-black/20 px-2 text-base text-ink"
            />
          </label>
          <button
            type="button"
            aria-label={`Remove ${label} from cart`}
            onClick={() => void store.remove(line.key)}
            className="flex h-10 w-10 items-center justify-center rounded-full text-neutral-600 hover:bg-red-50 hover:text-red-700"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}
