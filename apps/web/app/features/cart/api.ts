// The signed-in cart calls (docs/decisions/007-cart-api.md). Every mutation answers the whole cart.
import type { CartMergeBodyInput, CartMergeResponse, CartResponse } from '@rangrez/contract/schemas';
import { api } from '../../lib/api';
import type { LineKey } from './guest-cart';

export interface CartApi {
  get(): Promise<CartResponse>;
  add(key: LineKey): Promise<CartResponse>;
  setQuantity(key: LineKey, quantity: number): Promise<CartResponse>;
  remove(key: LineKey): Promise<CartResponse>;
  merge(body: CartMergeBodyInput): Promise<CartMergeResponse>;
}

const lineKey = ({ productId, size, color }: LineKey) => ({ productId, size, color });

export const cartApi: CartApi = {
  get: () => api<CartResponse>('/cart'),
  add: (key) => api<CartResponse>('/cart/items', { method: 'POST', body: lineKey(key) }),
  setQuantity: (key, quantity) =>
    api<CartResponse>('/cart/items', { method: 'PUT', body: { ...lineKey(key), quantity } }),
  remove: (key) => api<CartResponse>('/cart/items', { method: 'DELETE', body: lineKey(key) }),
  merge: (body) => api<CartMergeResponse>('/cart/merge', { method: 'POST', body }),
};
