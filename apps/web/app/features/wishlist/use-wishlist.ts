// What product cards and the product page load of the wishlist: the hearts' state. The store's code is fetched
// only for a signed-in shopper (a guest's heart just asks to log in), after the page has come up.
import { useSyncExternalStore } from 'react';
import { lazyStore } from '../../lib/lazy-store';
import type { WishlistStore } from './wishlist-store';
import type { WishlistState } from './wishlist-state';

const wishlist = lazyStore<WishlistStore, WishlistState>(() =>
  import('./wishlist-instance').then((m) => m.wishlistStore),
);

/** The tab's wishlist store, loading its code on first call. Rejects when the code cannot be fetched. */
export const loadWishlist = wishlist.load;

/** The wishlist as last known; null until its store has loaded. */
export function useWishlist(): WishlistState | null {
  return useSyncExternalStore(wishlist.subscribe, wishlist.snapshot, wishlist.serverSnapshot);
}
