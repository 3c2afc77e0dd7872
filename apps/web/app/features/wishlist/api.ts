// The wishlist calls (docs/api.md#wishlist; docs/decisions/007-cart-api.md for the answers).
import type { WishlistResponse } from '@rangrez/contract/schemas';
import { api } from '../../lib/api';

export interface WishlistApi {
  list(userId: string): Promise<WishlistResponse>;
  add(productId: string, userId: string): Promise<WishlistResponse>;
  remove(productId: string, userId: string): Promise<{ success: true; message: string }>;
}

export const wishlistApi: WishlistApi = {
  list: (userId) => api<WishlistResponse>('/wishlist', { method: 'POST', body: { userId } }),
  add: (productId, userId) =>
    api<WishlistResponse>('/wishlist/add', { method: 'POST', body: { productId, userId } }),
  remove: (productId, userId) =>
    api<{ success: true; message: string }>(`/wishlist/remove/${encodeURIComponent(productId)}`, {
      method: 'DELETE',
      body: { userId },
    }),
};
