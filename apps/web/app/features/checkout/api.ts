// The checkout's calls (docs/api.md#orders-and-payment), typed by the contract. Every order call carries the
// attempt's Idempotency-Key, so a double click or a retried request places one order.
import type {
  AddressesResponse,
  CartResponse,
  CheckoutCodQuery,
  CheckoutCodResponse,
  InitiatePaymentResponse,
  PaymentConfigResponse,
  PlaceOrderResponse,
  ProductDetail,
  PromotionPreviewBody,
  PromotionPreviewResponse,
  UserResponse,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';
import type { CheckoutOrderBody } from './checkout-form';

export interface ProviderIds {
  paymentId: string;
  razorpayOrderId: string;
  razorpaySignature: string;
}

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export const checkoutApi = {
  user: (id: string, signal?: AbortSignal) =>
    api<UserResponse>(`/user/${encodeURIComponent(id)}`, { signal }),
  cart: (signal?: AbortSignal) => api<CartResponse>('/cart', { signal }),
  /** The shopper's address book, the default first, then the most recently used (docs/accounts.md#address-book). */
  addresses: (signal?: AbortSignal) => api<AddressesResponse>('/addresses', { signal }),
  product: (id: string) => api<ProductDetail>(`/product/${encodeURIComponent(id)}`, { auth: false }),
  placeCodOrder: (body: CheckoutOrderBody, key: string) =>
    api<PlaceOrderResponse>('/qikink/order', { method: 'POST', body, headers: idempotent(key) }),
  initiatePayment: (body: CheckoutOrderBody, key: string) =>
    api<InitiatePaymentResponse>('/razorpay/initiate-payment', {
      method: 'POST',
      body,
      headers: idempotent(key),
    }),
  /** Public: the key id and where the provider's checkout script comes from (the sandbox's or Razorpay's). */
  paymentConfig: () => api<PaymentConfigResponse>('/razorpay/config', { auth: false }),
  /** Public: what these items get with this code and payment method (docs/promotions.md#the-shoppers-side). */
  previewPromotions: (body: PromotionPreviewBody, signal?: AbortSignal) =>
    api<PromotionPreviewResponse>('/promotions/preview', { method: 'POST', body, signal, auth: false }),
  /** A cart checkout keeps its code with the cart, where the shopper's own facts (a first order) are checked. */
  applyCartCode: (code: string) => api<CartResponse>('/cart/coupon', { method: 'POST', body: { code } }),
  removeCartCode: () => api<CartResponse>('/cart/coupon', { method: 'DELETE' }),
  /** Whether this order may be paid in cash, and why not (docs/cod.md#checkout). */
  codAvailability: (query: CheckoutCodQuery, signal?: AbortSignal) =>
    api<CheckoutCodResponse>(
      `/checkout/cod?${new URLSearchParams({
        pincode: query.pincode,
        value: String(query.value),
        ...(query.phone ? { phone: query.phone } : {}),
      }).toString()}`,
      { signal },
    ),
  processOrder: (body: CheckoutOrderBody & ProviderIds, key: string) =>
    api<PlaceOrderResponse>('/razorpay/process-order', { method: 'POST', body, headers: idempotent(key) }),
};
