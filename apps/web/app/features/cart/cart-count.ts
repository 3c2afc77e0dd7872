// What every page loads of the cart: the header count. The store itself is fetched right after the page has
// come up (first use of the count, or the first add), keeping the catalogue pages' first load as it was.
import { useSyncExternalStore } from 'react';
import type { CartState, CartStore } from './cart-store';

let store: CartStore | null = null;
let loading: Promise<CartStore> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The tab's cart store, loading its code on first call. Rejects when the code cannot be fetched (offline). */
export function loadCart(): Promise<CartStore> {
  loading ??= import('./cart-instance').then(
    (module) => {
      store = module.cartStore;
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
  // A failed fetch leaves the count unknown; the next use tries again.
  loadCart().catch(() => undefined);
  return () => listeners.delete(listener);
}

const snapshot = (): CartState | null => store?.getSnapshot() ?? null;
const serverSnapshot = (): CartState | null => null;

/** Units in the cart (the header count), or null while unknown. */
export function cartCount(state: CartState | null): number | null {
  if (!state || state.mode === 'unknown') return null;
  const lines: readonly { quantity: number }[] =
    state.mode === 'user' && state.server ? state.server.items : state.guest;
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function useCartCount(): number | null {
  return cartCount(useSyncExternalStore(subscribe, snapshot, serverSnapshot));
}
