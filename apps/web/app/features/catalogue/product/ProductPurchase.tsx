// The buying column of the product page: name, rating, wishlist, share, stock, price, size chart, sizes,
// colours, BUY NOW / ADD TO CART (size, then colour, must be chosen first) and the detail lines.
import { colourByCode } from '@rangrez/contract/rules/colours';
import { NO_REVIEWS_TEXT, averageRating, reviewCountText } from '@rangrez/contract/rules/rating';
import { isInStock, stockBand, stockLabel } from '@rangrez/contract/rules/stock';
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import type { ProductDetail } from '@rangrez/contract/schemas';
import { Suspense, lazy, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Stars } from '../../../components/Stars';
import { deferred } from '../../../lib/deferred';
import { notify } from '../../../components/toast-store';
import { ShareIcon } from '../../../components/icons';
import { WishlistButton } from '../../wishlist';
import { Price } from '../components/Price';
import { selectionError, shareProduct, variantStock } from './product-logic';
import { useScrolledPast } from './use-scrolled-past';

// Phones only, once the page's own buttons have scrolled away: its code comes then.
const StickyBuyBar = lazy(() => import('./StickyBuyBar').then((m) => ({ default: m.StickyBuyBar })));
const SizeChartModal = lazy(() => import('./SizeChartModal').then((m) => ({ default: m.SizeChartModal })));
// Only for what is out of stock: its code is not part of the page's first load.
const NotifyMe = deferred(() => import('./NotifyMe').then((m) => m.NotifyMe));

const STOCK_TONE = {
  out_of_stock: 'bg-red-100 text-red-800',
  low: 'bg-amber-100 text-amber-900',
  hurry: 'bg-orange-100 text-orange-900',
  in_stock: 'bg-green-100 text-green-800',
} as const;

export function ProductPurchase({
  product,
  offer = null,
  color,
  onColor,
  shopperEmail = null,
}: {
  product: ProductDetail;
  /** 'Best offer: …' from the server (an automatic promotion for this product); null: none. */
  offer?: string | null;
  color: string | null;
  onColor: (code: string) => void;
  /** The signed-in shopper's e-mail, for 'Notify me' in one click; null for a visitor. */
  shopperEmail?: string | null;
}) {
  const [picked, setSize] = useState<string | null>(null);
  const [sizeChart, setSizeChart] = useState(false);
  const buttons = useRef<HTMLDivElement>(null);
  const scrolledPast = useScrolledPast(buttons);
  const navigate = useNavigate();
  const inStock = isInStock(product.stock);
  // In size order already (the loader sorts them).
  const sizes = product.size;
  const soldOut = (s: string) => color !== null && variantStock(product, color, s) <= 0;
  // A size sold out in the colour chosen after it is no longer chosen.
  const size = picked && !soldOut(picked) ? picked : null;
  const soldOutSizes = sizes.filter(soldOut);

  async function share() {
    const result = await shareProduct(navigator, {
      name: product.name,
      description: product.description,
      url: window.location.href,
    });
    if (result.outcome === 'copied') notify(result.message, 'success');
    else if (result.outcome === 'failed') notify(result.message, 'error');
  }

  function act(kind: 'buy' | 'cart') {
    const error = selectionError({ size, color });
    if (error || !size || !color) {
      // A second refusal replaces the first instead of stacking under it.
      notify(error ?? '', 'error', { replace: 'product-selection' });
      return;
    }
    // The cart caps a line by what its colour and size hold, not the whole product, and pictures the colour
    // chosen (the server's cart does the same).
    const colourImage = product.colorImages.find((c) => c.color === color)?.images[0];
    const selection = {
      productId: product._id,
      size,
      color,
      quantity: 1,
      product: {
        ...product,
        stock: variantStock(product, color, size),
        ...(colourImage ? { image: colourImage } : {}),
      },
    };
    // The cart's code is not part of the page's first load: it comes with the first click.
    void import('../../cart').then(
      ({ addToCart, buyNow }) => void (kind === 'buy' ? buyNow(selection, navigate) : addToCart(selection)),
      () => notify(CART_MESSAGES.addFailed, 'error'),
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{product.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <RatingSummary reviews={product.reviews} />
          <span className="ml-auto flex gap-2">
            <WishlistButton productId={product._id} productName={product.name} />
            <button
              type="button"
              aria-label="Share"
              onClick={() => void share()}
              className="flex h-9 w-9 items-center justify-center rounded-full bg-white text-ink shadow-sm ring-1 ring-black/10 hover:text-accent"
            >
              <ShareIcon className="h-4 w-4" />
            </button>
          </span>
        </div>
      </div>

      <p
        className={`self-start rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${STOCK_TONE[stockBand(product.stock)]}`}
      >
        {stockLabel(product.stock)}
      </p>

      <Price price={product.price} mrp={product.mrp} size="lg" taxNote />
      {offer ? <p className="text-sm font-bold text-green-800">{offer}</p> : null}

      <SizePicker
        sizes={sizes}
        size={size}
        soldOutIn={color ? colourByCode(color).name : null}
        soldOut={soldOut}
        onSize={setSize}
        onSizeChart={product.productCategory ? () => setSizeChart(true) : null}
      />

      <ColourPicker colours={product.color} color={color} onColor={onColor} />

      <div ref={buttons} className="grid grid-cols-2 gap-3">
        <button
          type="button"
          disabled={!inStock}
          onClick={() => act('buy')}
          className="rounded-full bg-accent px-4 py-3.5 text-sm font-black uppercase tracking-wide text-white hover:bg-accent/90 disabled:cursor-not-allowed disabled:opacity-50"
        >
          BUY NOW
        </button>
        <button
          type="button"
          disabled={!inStock}
          onClick={() => act('cart')}
          className="rounded-full bg-ink px-4 py-3.5 text-sm font-black uppercase tracking-wide text-white hover:bg-black/80 disabled:cursor-not-allowed disabled:opacity-50"
        >
          ADD TO CART
        </button>
      </div>
      {scrolledPast === null ? null : (
        <Suspense fallback={null}>
          <StickyBuyBar
            shown={scrolledPast}
            price={product.price}
            mrp={product.mrp}
            disabled={!inStock}
            onAct={act}
          />
        </Suspense>
      )}
      <RestockNotice
        productId={product._id}
        shopperEmail={shopperEmail}
        inStock={inStock}
        color={color}
        soldOutSizes={soldOutSizes}
      />

      {product.details.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700">
          {product.details.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}

      {sizeChart && product.productCategory ? (
        <Suspense fallback={null}>
          <SizeChartModal category={product.productCategory} onClose={() => setSizeChart(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** 'Notify me' for the whole product when it is out of stock, else for the chosen colour's sold-out sizes if any. */
function RestockNotice({
  productId,
  shopperEmail,
  inStock,
  color,
  soldOutSizes,
}: {
  productId: string;
  shopperEmail: string | null;
  inStock: boolean;
  color: string | null;
  soldOutSizes: string[];
}) {
  if (!inStock) return <NotifyMe productId={productId} shopperEmail={shopperEmail} />;
  if (!color || soldOutSizes.length === 0) return null;
  return (
    <NotifyMe productId={productId} shopperEmail={shopperEmail} variant={{ color, sizes: soldOutSizes }} />
  );
}

/** The size buttons: a size sold out in the chosen colour is disabled and says so. */
function SizePicker({
  sizes,
  size,
  soldOutIn,
  soldOut,
  onSize,
  onSizeChart,
}: {
  sizes: readonly string[];
  size: string | null;
  soldOutIn: string | null;
  soldOut: (size: string) => boolean;
  onSize: (size: string) => void;
  onSizeChart: (() => void) | null;
}) {
  return (
    <fieldset>
      <div className="flex items-center justify-between">
        <legend className="text-sm font-bold uppercase tracking-wide">Size</legend>
        {onSizeChart ? (
          <button
            type="button"
            onClick={onSizeChart}
            // A 44 px tap target that still looks like the text link it was: the negative margin keeps the row low.
            className="-my-2 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4"
          >
            Size Chart
          </button>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {sizes.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={size === s}
            disabled={soldOut(s)}
            title={soldOut(s) ? `Sold out in ${soldOutIn ?? ''}` : undefined}
            onClick={() => onSize(s)}
            className={`min-w-12 rounded-lg border px-3 py-2 text-sm font-bold disabled:cursor-not-allowed disabled:text-neutral-400 disabled:line-through ${
              size === s ? 'border-ink bg-ink text-white' : 'border-black/15 bg-white hover:border-ink'
            }`}
          >
            {s}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Five grey stars and "0.0" would read as a zero rating: a product without reviews says so. */
function RatingSummary({ reviews }: { reviews: ProductDetail['reviews'] }) {
  if (reviews.length === 0) return <span className="text-sm text-neutral-600">{NO_REVIEWS_TEXT}</span>;
  const average = averageRating(reviews);
  return (
    <>
      <Stars rating={average} />
      <span className="text-sm text-neutral-600">
        {`${average.toFixed(1)} (${reviewCountText(reviews.length)})`}
      </span>
    </>
  );
}

function ColourPicker({
  colours,
  color,
  onColor,
}: {
  colours: readonly string[];
  color: string | null;
  onColor: (code: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-bold uppercase tracking-wide">
        Colour
        {color ? <span className="ml-2 font-normal normal-case">{colourByCode(color).name}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {colours.map((code) => {
          const colour = colourByCode(code);
          return (
            <button
              key={code}
              type="button"
              aria-pressed={color === code}
              aria-label={colour.name}
              title={colour.name}
              onClick={() => onColor(code)}
              className={`h-9 w-9 rounded-full ring-offset-2 ${color === code ? 'ring-2 ring-ink' : 'ring-1 ring-black/20 hover:ring-black/50'}`}
              style={{ backgroundColor: colour.hex }}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
