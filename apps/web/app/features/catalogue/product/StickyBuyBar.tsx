// Phones (docs/product/screens.md#product-page): once the page's own BUY NOW and ADD TO CART have scrolled up out of
// view, a bar above the bottom navigation offers the price and the same two buttons, doing exactly what those do.
// It is fixed, so showing it moves nothing; while it shows, the page gets its height as extra bottom padding (the
// root layout reads --buy-bar-height) so it never covers the end of the footer.
// Its code loads when the bar is first wanted (useScrolledPast, in the page's first load, decides when).
import { useEffect, useRef } from 'react';
import { Price } from '../components/Price';

export function StickyBuyBar({
  shown,
  price,
  mrp,
  disabled,
  onAct,
}: {
  shown: boolean;
  price: number;
  mrp: number;
  disabled: boolean;
  onAct: (kind: 'buy' | 'cart') => void;
}) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.style.setProperty('--buy-bar-height', `${bar.current?.offsetHeight ?? 0}px`);
    return () => {
      root.style.removeProperty('--buy-bar-height');
    };
  }, [shown]);

  const button =
    'min-h-11 whitespace-nowrap rounded-full px-3 py-2 text-xs font-black uppercase tracking-wide text-white disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div
      ref={bar}
      role="region"
      aria-label="Buy"
      hidden={!shown}
      className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-30 flex items-center gap-2 border-t border-black/10 bg-white px-4 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden"
    >
      <div className="mr-auto min-w-0">
        <Price price={price} mrp={mrp} />
      </div>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAct('buy')}
        className={`${button} bg-accent`}
      >
        BUY NOW
      </button>
      <button type="button" disabled={disabled} onClick={() => onAct('cart')} className={`${button} bg-ink`}>
        ADD TO CART
      </button>
    </div>
  );
}
