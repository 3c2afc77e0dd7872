// The signed-in cart calls (docs/decisions/007-cart-api.md). Every mutation answers the whole cart.
import type {
  CartMergeBodyInput,
  CartMergeResponse,
  CartResponse,
  PromotionPreviewBody,
  PromotionPreviewResponse,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';
import type { LineKey } from './guest-cart';

export interface CartApi {
  get(): Promise<CartResponse>;
  add(key: LineKey): Promise<CartResponse>;
  setQuantity(key: LineKey, quantity: number): Promise<CartResponse>;
  remove(key: LineKey): Promise<CartResponse>;
  merge(body: CartMergeBodyInput): Promise<CartMergeResponse>;
  /** Keeps a promotion code with the cart; 400 with the refusal when it does not apply (docs/promotions.md). */
  applyCoupon(code: string): Promise<CartResponse>;
  removeCoupon(): Promise<CartResponse>;
  /** Public: what a cart the server does not hold would get (a guest's, a BUY NOW at checkout). */
  previewPromotions(body: PromotionPreviewBody, signal?: AbortSignal): Promise<PromotionPreviewResponse>;
}

const lineKey = ({ productId, size, color }: LineKey) => ({ productId, size, color });

export const cartApi: CartApi = {
  get: () => api<CartResponse>('/cart'),
  add: (key) => api<CartResponse>('/cart/items', { method: 'POST', body: lineKey(key) }),
  setQuantity: (key, quantity) =>
    api<CartResponse>('/cart/items', { method: 'PUT', body: { ...lineKey(key), quantity } }),
  remove: (key) => api<CartResponse>('/cart/items', { method: 'DELETE', body: lineKey(key) }),
  merge: (body) => api<CartMergeResponse>('/cart/merge', { method: 'POST', body }),
  applyCoupon: (code) => api<CartResponse>('/cart/coupon', { method: 'POST', body: { code } }),
  removeCoupon: () => api<CartResponse>('/cart/coupon', { method: 'DELETE' }),
  previewPromotions: (body, signal) =>
    api<PromotionPreviewResponse>('/promotions/preview', { method: 'POST', body, signal, auth: false }),
};
