// Phones (docs/product/screens.md#product-page): once the page's own BUY NOW and ADD TO CART have scrolled up out of
// view, a bar above the bottom navigation offers the price and the same two buttons, doing exactly what those do.
// It is fixed, so showing it moves nothing; while it shows, the page gets its height as extra bottom padding (the
// root layout reads --buy-bar-height) so it never covers the end of the footer.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Price } from '../components/Price';

export function StickyBuyBar({
  watch,
  price,
  mrp,
  disabled,
  onAct,
}: {
  /** The page's own buttons: the bar shows while they are above the viewport. */
  watch: RefObject<HTMLElement | null>;
  price: number;
  mrp: number;
  disabled: boolean;
  onAct: (kind: 'buy' | 'cart') => void;
}) {
  const [shown, setShown] = useState(false);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // The viewport stretched far downwards: the buttons leave it only by going above the top, and a jump straight
    // from below the viewport to above it (a fling, an anchor) is still a crossing the observer reports.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
      },
      { rootMargin: '0px 0px 10000% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);

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
