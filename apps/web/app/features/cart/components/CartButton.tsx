// The header's cart icon with the number of items (docs/product/screens.md#shell); opens the cart drawer. Only
// this and the count load with the page: the store follows right after, the drawer when it is first wanted.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BagIcon } from '../../../components/icons';
import { useCartCount } from '../cart-count';

const loadDrawer = () => import('./CartDrawer');
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

export function CartButton() {
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // A link inside the drawer (a product, Checkout) closes it.
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  // Back to the button once the drawer has gone (the dialog keeps focus until it is closed; some browsers do
  // not focus a clicked button, so the dialog cannot always know its opener).
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        className="relative flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5"
      >
        <BagIcon className="h-6 w-6" />
        {count ? (
          <span
            aria-hidden="true"
            className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] font-bold leading-none text-white"
          >
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
