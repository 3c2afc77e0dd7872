// Product card (collection grid, latest arrivals, related products): default image when the picture is missing, at
// most 2 colour swatches then '+N', wishlist toggle and share action (docs/product/screens.md#collection-page).
import { colourByCode, visibleSwatches } from '@rangrez/contract/rules/colours';
import { isInStock, stockLabel } from '@rangrez/contract/rules/stock';
import { MAX_RATING, reviewCountText } from '@rangrez/contract/rules/rating';
import type { ProductListItem } from '@rangrez/contract/schemas';
import { Link } from 'react-router';
import { AfterHydration } from '../../../components/AfterHydration';
import { DEFAULT_PRODUCT_IMAGE, Picture } from '../../../components/Picture';
import { Stars } from '../../../components/Stars';
import { notify } from '../../../components/toast-store';
import { ShareIcon } from '../../../components/icons';
import { useBrokenImage } from '../../../components/useBrokenImage';
import { WishlistButton } from '../../wishlist';
import { shareProduct } from '../product/product-logic';
import { Price } from './Price';

/**
 * What a card shows: loaders trim list items to this to keep the page payload small. `outOfStock` is there only
 * when nothing of the product can be bought.
 */
export type CardProduct = Pick<
  ProductListItem,
  '_id' | 'name' | 'price' | 'mrp' | 'image' | 'color' | 'averageRating' | 'reviewCount'
> & { outOfStock?: true };

export function toCardProduct(p: ProductListItem): CardProduct {
  const card = {
    _id: p._id,
    name: p.name,
    price: p.price,
    mrp: p.mrp,
    image: p.image,
    color: p.color,
    averageRating: p.averageRating,
    reviewCount: p.reviewCount,
  };
  return isInStock(p.stock) ? card : { ...card, outOfStock: true };
}

/** The stock label's own words for a product with nothing left (docs/product/rules.md#stock-labels). */
const OUT_OF_STOCK = stockLabel(0);

function productHref(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

async function shareCard(product: CardProduct) {
  const result = await shareProduct(typeof navigator === 'undefined' ? undefined : navigator, {
    name: product.name,
    description: '',
    url: new URL(productHref(product._id), window.location.origin).href,
  });
  if (result.outcome === 'copied') notify(result.message, 'success');
  else if (result.outcome === 'failed') notify(result.message, 'error');
}

export function ProductCard({
  product,
  sizes,
  priority = false,
  imageAfterHydration = false,
  headingLevel = 3,
}: {
  product: CardProduct;
  /** Rendered image width per breakpoint, for the srcset. */
  sizes: string;
  priority?: boolean;
  /** The image comes with the page's scripts (AfterHydration): for cards below the hero. */
  imageAfterHydration?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { visible, hiddenCount } = visibleSwatches(product.color);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
      <Link to={productHref(product._id)} className="flex flex-1 flex-col">
        <div className="relative aspect-[4/5] overflow-hidden bg-neutral-100">
          <CardImage
            key={product.image}
            product={product}
            sizes={sizes}
            priority={priority}
            afterHydration={imageAfterHydration}
          />
          {product.outOfStock ? (
            <span className="absolute bottom-2 left-2 rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">
              {OUT_OF_STOCK}
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <Heading className="line-clamp-2 text-sm font-semibold leading-snug">{product.name}</Heading>
          <Price price={product.price} mrp={product.mrp} />
          <CardRating average={product.averageRating} count={product.reviewCount} />
        </div>
      </Link>
      <div
        className="flex items-center gap-1.5 px-3 pb-3"
        aria-label={`${product.color.length} colours`}
        role="group"
      >
        {visible.map((code) => {
          const colour = colourByCode(code);
          return (
            <span
              key={code}
              title={colour.name}
              className="h-4 w-4 rounded-full ring-1 ring-black/20"
              style={{ backgroundColor: colour.hex }}
            >
              <span className="sr-only">{colour.name}</span>
            </span>
          );
        })}
        {hiddenCount > 0 ? (
          <span className="text-xs font-semibold text-neutral-600">{`+${hiddenCount}`}</span>
        ) : null}
      </div>
      <div className="absolute right-2 top-2 flex flex-col gap-2">
        <WishlistButton productId={product._id} productName={product.name} />
        <button
          type="button"
          aria-label={`Share ${product.name}`}
          onClick={() => void shareCard(product)}
          className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm ring-1 ring-black/5 hover:text-accent"
        >
          <ShareIcon className="h-4 w-4" />
        </button>
      </div>
    </article>
  );
}

/** Stars, average and count once a product has reviews; nothing before (no grey stars reading as a zero rating). */
export function CardRating({ average, count }: { average: number; count: number }) {
  if (count <= 0) return null;
  const reviews = reviewCountText(count);
  return (
    <p className="flex items-center gap-1 text-xs text-neutral-600">
      <span className="sr-only">{`Rated ${average} out of ${MAX_RATING}, ${reviews}`}</span>
      <span aria-hidden="true" className="flex items-center gap-1">
        <Stars rating={average} className="h-3.5 w-3.5" />
        {`${average.toFixed(1)} (${count})`}
      </span>
    </p>
  );
}

function CardImage({
  product,
  sizes,
  priority,
  afterHydration,
}: {
  product: CardProduct;
  sizes: string;
  priority: boolean;
  afterHydration: boolean;
}) {
  const { broken, ref, onError } = useBrokenImage();
  const image = broken ? (
    <img src={DEFAULT_PRODUCT_IMAGE} alt="" width={400} height={500} className="h-full w-full object-cover" />
  ) : (
    <Picture
      imgRef={ref}
      onError={onError}
      src={product.image}
      // The card's heading already names the product inside the same link.
      alt=""
      ladder="product"
      sizes={sizes}
      width={400}
      height={500}
      priority={priority}
      className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
    />
  );
  return afterHydration ? <AfterHydration>{image}</AfterHydration> : image;
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-black/5"
      aria-hidden="true"
    >
      <div className="aspect-[4/5] animate-pulse bg-neutral-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 animate-pulse rounded bg-neutral-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-neutral-200" />
      </div>
    </div>
  );
}
