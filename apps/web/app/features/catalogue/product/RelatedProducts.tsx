// Related Products (docs/product/screens.md#product-page): a row of fixed-width cards, scrolled by swipe or arrows.
import { useRef } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { type CardProduct, ProductCard } from '../components/ProductCard';

/** Card width in px (w-56). */
const CARD_WIDTH = 224;

export function RelatedProducts({ products }: { products: CardProduct[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  if (products.length === 0) return null;
  const scroll = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * (CARD_WIDTH + 16) * 2, behavior: 'smooth' });
  return (
    <section aria-labelledby="related-products" className="deferred-layout mt-8 [--deferred-height:26rem]">
      <div className="flex items-center justify-between">
        <h2 id="related-products" className="text-2xl font-extrabold tracking-tight">
          Related Products
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Scroll related products back"
            onClick={() => scroll(-1)}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white ring-1 ring-black/10 hover:bg-neutral-100"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            aria-label="Scroll related products forward"
            onClick={() => scroll(1)}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white ring-1 ring-black/10 hover:bg-neutral-100"
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <ul ref={scroller} className="no-scrollbar mt-4 flex snap-x gap-4 overflow-x-auto scroll-smooth pb-2">
        {products.map((product) => (
          <li key={product._id} className="w-56 shrink-0 snap-start">
            <ProductCard product={product} sizes={`${CARD_WIDTH}px`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
