// The wishlist's state and how to read it: small, because every product card reads it.
import type { WishlistProduct } from '@rangrez/contract/schemas';

type WishlistLoad = 'idle' | 'loading' | 'ready' | 'error';
export type PendingChange = 'add' | 'remove';

export interface WishlistState {
  /** The signed-in shopper, or null (signed out, or not known yet). */
  userId: string | null;
  load: WishlistLoad;
  /** What the server last said, newest first. */
  products: readonly WishlistProduct[];
  /** Toggles the server has not answered yet, by product id. */
  pending: ReadonlyMap<string, PendingChange>;
}

export function isLiked(state: WishlistState | null, productId: string): boolean {
  if (!state) return false;
  const change = state.pending.get(productId);
  return change ? change === 'add' : state.products.some((p) => p._id === productId);
}

/** The list as the shopper sees it: a removal hides the product at once. */
export function visibleProducts(state: WishlistState): WishlistProduct[] {
  return state.products.filter((p) => state.pending.get(p._id) !== 'remove');
}
