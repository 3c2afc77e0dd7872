// What every page loads of the cart: the header count. The store itself is fetched right after the page has
// come up (first use of the count, or the first add), keeping the catalogue pages' first load as it was.
import { useSyncExternalStore } from 'react';
import { lazyStore } from '../../lib/lazy-store';
import type { CartState, CartStore } from './cart-store';

const cart = lazyStore<CartStore, CartState>(() => import('./cart-instance').then((m) => m.cartStore), {
  loadOnSubscribe: true,
});

/** The tab's cart store, loading its code on first call. Rejects when the code cannot be fetched (offline). */
export const loadCart = cart.load;

/** Units in the cart (the header count), or null while unknown. */
export function cartCount(state: CartState | null): number | null {
  if (!state || state.mode === 'unknown') return null;
  const lines: readonly { quantity: number }[] =
    state.mode === 'user' && state.server ? state.server.items : state.guest;
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function useCartCount(): number | null {
  return cartCount(useSyncExternalStore(cart.subscribe, cart.snapshot, cart.serverSnapshot));
}
