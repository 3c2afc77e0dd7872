// The cart drawer (docs/product/screens.md#cart-drawer-and-cart-page): slides in from the right, lists the
// lines with minus/plus and delete, the totals and Checkout. A modal dialog: focus stays inside, Escape
// closes, focus returns to the cart button. Loaded when first opened.
import { CART_MESSAGES, cartDrawerErrorMessage } from '@rangrez/contract/rules/cart-messages';
import { decrementQuantity, incrementQuantity } from '@rangrez/contract/rules/cart-quantity';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/Dialog';
import { CloseIcon } from '../../../components/icons';
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
import { MinusIcon, PlusIcon, TrashIcon } from './cart-icons';

// The code field: its own chunk, after the page (the summary's promotion rows are the page's).
const CartPromotions = lazy(() => import('./CartPromotions'));

export function CartDrawer({ onClose }: { onClose: () => void }) {
  const store = useCartStore();
  const state = useCart();
  const view = cartView(state);
  // A guest's cart is priced by the code field's preview; a signed-in cart's answer carries its promotions.
  const [guestPromotions, setGuestPromotions] = useState<PromotionSummary | null>(null);
  const promotions = state.mode === 'user' ? state.server : state.guest.length > 0 ? guestPromotions : null;
  const headingId = useId();

  // The cart may have changed on another device since the page loaded.
  useEffect(() => {
    void store.refresh();
  }, [store]);

  return (
    <Dialog
      onClose={onClose}
      labelledBy={headingId}
      className="fixed inset-y-0 left-auto right-0 m-0 flex h-full max-h-none w-full max-w-md flex-col bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40 [animation:slide-in-from-right_200ms_ease-out] motion-reduce:[animation:none]"
    >
      <div className="flex items-center justify-between border-b border-black/10 px-4 py-3">
        <h2 id={headingId} className="text-lg font-extrabold">
          Your Cart
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close cart"
          className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        {view.status === 'loading' ? (
          <p role="status" className="py-12 text-center text-neutral-600">
            {CART_MESSAGES.loading}
          </p>
        ) : view.status === 'error' ? (
          <p role="alert" className="py-12 text-center text-red-700">
            {cartDrawerErrorMessage(view.error ?? undefined)}
          </p>
        ) : view.status === 'empty' ? (
          <p className="py-12 text-center text-neutral-600">{CART_MESSAGES.empty}</p>
        ) : (
          <ul aria-label="Cart items" className="divide-y divide-black/10">
            {view.lines.map((line) => (
              <DrawerLine key={line._id} line={line} onNavigate={onClose} />
            ))}
          </ul>
        )}
      </div>
      <div className="space-y-4 border-t border-black/10 px-4 py-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        {view.status === 'ready' ? (
          <>
            <Suspense fallback={null}>
              <CartPromotions state={state} onGuestSummary={setGuestPromotions} />
            </Suspense>
            <CartTotals totals={view.totals} promotions={promotions} />
          </>
        ) : null}
        <CheckoutButton view={view} onNavigate={onClose} />
        {view.status === 'ready' ? (
          <Link
            to="/cart"
            onClick={onClose}
            className="block text-center text-sm font-semibold underline underline-offset-4"
          >
            View cart
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}

function DrawerLine({ line, onNavigate }: { line: CartViewLine; onNavigate: () => void }) {
  const store = useCartStore();
  const label = lineLabel(line);
  const atMinimum = decrementQuantity(line.quantity) === line.quantity;
  const full = !line.note && atStockLimit(line);
  return (
    <li className="flex gap-3 py-3">
      <LinePicture line={line} onNavigate={onNavigate} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <LineDetails line={line} />
        <div className="mt-auto flex items-center justify-between pt-1">
          <div className="flex items-center rounded-full ring-1 ring-black/15">
            <button
              type="button"
              aria-label={`Decrease quantity of ${label}`}
              // Minus does nothing at 1 (deleting is the bin's job).
              aria-disabled={atMinimum || undefined}
              onClick={() => {
                if (!atMinimum) void store.setQuantity(line.key, decrementQuantity(line.quantity));
              }}
              className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-black/5 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
            >
              <MinusIcon className="h-4 w-4" />
            </button>
            <output aria-label={`Quantity of ${label}`} className="min-w-8 text-center text-sm font-bold">
              {line.quantity}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${label}`}
              // At the stock limit it stays clickable: the click's toast and the line's note say why.
              aria-disabled={full || undefined}
              aria-describedby={full ? stockNoteId(line) : undefined}
              onClick={() => void store.setQuantity(line.key, incrementQuantity(line.quantity))}
              className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-black/5 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
            >
              <PlusIcon className="h-4 w-4" />
            </button>
          </div>
          <button
            type="button"
            aria-label={`Remove ${label} from cart`}
            onClick={() => void store.remove(line.key)}
            className="flex h-9 w-9 items-center justify-center rounded-full text-neutral-600 hover:bg-red-50 hover:text-red-700"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}
