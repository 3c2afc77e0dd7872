// /wishlist (docs/product/screens.md#wishlist-page): the liked products with a count badge, and its messages.
import { formatINR } from '@rangrez/contract/rules/money';
import { WISHLIST_MESSAGES } from '@rangrez/contract/rules/wishlist-messages';
import type { WishlistProduct } from '@rangrez/contract/schemas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../../components/Picture';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../../account';
import { loadWishlist, useWishlist } from '../use-wishlist';
import { type WishlistState, visibleProducts } from '../wishlist-state';
import { WishlistButton } from './WishlistButton';

const NOT_LOADED: WishlistState = { userId: null, load: 'idle', products: [], pending: new Map() };

/** Loads the list again; `onCodeFailed` hears when the store's own code could not be fetched. */
function reload(onCodeFailed: (failed: boolean) => void) {
  loadWishlist().then(
    (store) => store.ensureLoaded(true),
    () => onCodeFailed(true),
  );
}

export function WishlistPage() {
  const { status, user } = useSession();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  const loaded = useWishlist();
  const [codeFailed, setCodeFailed] = useState(false);
  const state = loaded && loaded.userId === userId ? loaded : NOT_LOADED;
  const products = visibleProducts(state);

  // Always fresh here: the list may have changed on another device.
  useEffect(() => {
    if (userId) reload(setCodeFailed);
  }, [userId]);

  if (status === 'signedOut') {
    return (
      <section className="mx-auto max-w-5xl px-4 py-12 text-center">
        <p className="text-lg font-semibold">{WISHLIST_MESSAGES.loginToView}</p>
        <Link
          to={loginHref('/wishlist')}
          className="mt-4 inline-block font-semibold underline underline-offset-4"
        >
          Login
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-black tracking-tight">My Wishlist</h1>
        {state.load === 'ready' ? (
          <span className="flex h-7 min-w-7 items-center justify-center rounded-full bg-accent px-2 text-sm font-bold text-white">
            {products.length}
            <span className="sr-only">{products.length === 1 ? ' item' : ' items'}</span>
          </span>
        ) : null}
      </div>
      {state.load === 'error' || codeFailed ? (
        <div role="alert" className="my-12 text-center">
          <p className="text-lg font-semibold text-red-800">{WISHLIST_MESSAGES.pageError}</p>
          <button
            type="button"
            onClick={() => {
              setCodeFailed(false);
              reload(setCodeFailed);
            }}
            className="mt-4 rounded-full bg-ink px-5 py-2 text-sm font-bold text-white"
          >
            Try again
          </button>
        </div>
      ) : state.load !== 'ready' ? (
        <p role="status" className="py-12 text-center text-neutral-600">
          Loading your wishlist...
        </p>
      ) : products.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-neutral-600">Your wishlist is empty.</p>
          <Link to="/" className="mt-4 inline-block font-semibold underline underline-offset-4">
            Continue shopping
          </Link>
        </div>
      ) : (
        <ul
          aria-label="Wishlist"
          className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        >
          {products.map((product) => (
            <li key={product._id}>
              <WishlistCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistCard({ product }: { product: WishlistProduct }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
      <Link to={`/product/${encodeURIComponent(product._id)}`} className="flex flex-1 flex-col">
        <div className="aspect-[4/5] overflow-hidden bg-neutral-100">
          <Picture
            src={product.image}
            alt=""
            ladder="product"
            sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
            width={400}
            height={500}
            className="h-full w-full object-cover"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h2 className="line-clamp-2 text-sm font-semibold leading-snug">{product.name}</h2>
          <p className="flex items-baseline gap-2 text-sm">
            <span className="font-extrabold">{formatINR(product.price)}</span>
            {product.mrp > product.price ? (
              <s className="text-xs text-neutral-500">
                <span className="sr-only">MRP </span>
                {formatINR(product.mrp)}
              </s>
            ) : null}
          </p>
        </div>
      </Link>
      <div className="absolute right-2 top-2">
        <WishlistButton productId={product._id} productName={product.name} />
      </div>
    </article>
  );
}
