import { type CardProduct, ProductCard } from './ProductCard';

/** The grid's columns: two on phones, up to five on wide screens. */
const CARD_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 50vw';

/**
 * Cards from this one on are laid out only when near the viewport (`.deferred-layout` in app.css): no phone or desktop
 * shows more than the first rows without scrolling.
 */
const EAGER_LAYOUT_CARDS = 4;

/** A collection's or a search's product cards, the first two images loaded eagerly (they are the LCP candidates). */
export function ProductGrid({ products }: { products: readonly CardProduct[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {products.map((product, i) => (
        <li key={product._id} className={i < EAGER_LAYOUT_CARDS ? undefined : 'deferred-layout'}>
          <ProductCard product={product} sizes={CARD_SIZES} priority={i < 2} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
