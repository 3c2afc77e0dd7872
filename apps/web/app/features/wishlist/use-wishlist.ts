// What product cards and the product page load of the wishlist: the hearts' state. The store's code is fetched
// only for a signed-in shopper (a guest's heart just asks to log in), after the page has come up.
import { useSyncExternalStore } from 'react';
import type { WishlistStore } from './wishlist-store';
import type { WishlistState } from './wishlist-state';

let store: WishlistStore | null = null;
let loading: Promise<WishlistStore> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The tab's wishlist store, loading its code on first call. Rejects when the code cannot be fetched. */
export function loadWishlist(): Promise<WishlistStore> {
  loading ??= import('./wishlist-instance').then(
    (module) => {
      store = module.wishlistStore;
      store.subscribe(emit);
      emit();
      return store;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): WishlistState | null => store?.getSnapshot() ?? null;
const serverSnapshot = (): WishlistState | null => null;

/** The wishlist as last known; null until its store has loaded. */
export function useWishlist(): WishlistState | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
