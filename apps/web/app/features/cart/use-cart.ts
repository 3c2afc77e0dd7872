// React face of the cart store for the drawer and the cart page. The context lets tests hand in their own store.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { cartStore } from './cart-instance';
import type { CartState, CartStore } from './cart-store';

export const CartStoreContext = createContext<CartStore>(cartStore);

export function useCartStore(): CartStore {
  return useContext(CartStoreContext);
}

export function useCart(): CartState {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
