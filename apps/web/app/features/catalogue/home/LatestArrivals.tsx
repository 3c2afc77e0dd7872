// 'LATEST ARRIVALS' (docs/product/screens.md#home) for the group whose name contains 'newly added': phones swipe
// one card per slide with dots and an 'n of m' counter, tablets two-card pages, desktops a row. Plain CSS scroll
// snapping: no carousel library, and the server HTML already has the final layout. Card images come with the
// scripts (ProductCard imageAfterHydration): on a phone they would otherwise be fetched while the hero image loads.
import { useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { type CardProduct, ProductCard, ProductCardSkeleton } from '../components/ProductCard';

export function isNewlyAdded(group: string): boolean {
  return group.toLowerCase().includes('newly added');
}

const CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 768px) 50vw, 100vw';

export function LatestArrivalsSkeleton() {
  return (
    <div className="flex gap-0" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className={`w-full shrink-0 px-2 md:w-1/2 lg:w-1/4 ${i > 0 ? 'hidden md:block' : ''} ${i > 1 ? 'md:hidden lg:block' : ''}`}
        >
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}

export function LatestArrivalsCarousel({ products }: { products: CardProduct[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  const [page, setPage] = useState(0);
  const count = products.length;
  if (count === 0) return null;
  const tabletPages = Math.ceil(count / 2);

  const scrollToPage = (index: number) => {
    const el = scroller.current;
    if (el) el.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
  };
  const scrollByPage = (delta: number) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: delta * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className="relative">
      <ul
        ref={scroller}
        aria-label="Latest arrivals"
        onScroll={(event) => {
          const el = event.currentTarget;
          setPage(el.clientWidth > 0 ? Math.round(el.scrollLeft / el.clientWidth) : 0);
        }}
        className="no-scrollbar -mx-2 flex snap-x snap-mandatory overflow-x-auto scroll-smooth"
      >
        {products.map((product) => (
          <li key={product._id} className="w-full shrink-0 snap-start px-2 md:w-1/2 lg:w-1/4">
            <ProductCard product={product} sizes={CARD_SIZES} imageAfterHydration />
          </li>
        ))}
      </ul>
      <Dots pages={count} page={page} onSelect={scrollToPage} className="flex md:hidden" />
      <p className="mt-1 text-center text-sm text-neutral-600 md:hidden" aria-live="polite">
        {`${Math.min(page + 1, count)} of ${count}`}
      </p>
      {tabletPages > 1 ? (
        <Dots pages={tabletPages} page={page} onSelect={scrollToPage} className="hidden md:flex lg:hidden" />
      ) : null}
      {count > 4 ? (
        <div className="pointer-events-none absolute inset-y-0 -left-4 -right-4 hidden items-center justify-between lg:flex">
          <button
            type="button"
            aria-label="Previous products"
            onClick={() => scrollByPage(-1)}
            className="pointer-events-auto flex h-10 w-10 items-center justify-center rounded-full bg-white shadow ring-1 ring-black/10 hover:bg-neutral-100"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            aria-label="Next products"
            onClick={() => scrollByPage(1)}
            className="pointer-events-auto flex h-10 w-10 items-center justify-center rounded-full bg-white shadow ring-1 ring-black/10 hover:bg-neutral-100"
          >
            <ChevronRightIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Dots({
  pages,
  page,
  onSelect,
  className,
}: {
  pages: number;
  page: number;
  onSelect: (page: number) => void;
  className: string;
}) {
  return (
    <div className={`mt-4 items-center justify-center gap-1 ${className}`}>
      {Array.from({ length: pages }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-label={`Show page ${i + 1} of ${pages}`}
          aria-current={i === page ? 'true' : undefined}
          onClick={() => onSelect(i)}
          className="flex h-6 w-6 items-center justify-center"
        >
          <span
            className={`block h-2 rounded-full transition-all ${i === page ? 'w-5 bg-ink' : 'w-2 bg-black/25'}`}
          />
        </button>
      ))}
    </div>
  );
}
