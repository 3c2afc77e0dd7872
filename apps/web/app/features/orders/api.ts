// GET /orders/{userId} (docs/api.md#orders-and-payment): the signed-in shopper's orders, newest first; and the
// shopper's cancellation of one (docs/orders-lifecycle.md#cancellation), paying for one again or switching it to
// cash on delivery.
import type {
  InitiatePaymentResponse,
  OrderActionResponse,
  OrdersResponse,
  PlaceOrderResponse,
  ProviderIds,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';

export const ordersApi = {
  list: (userId: string, signal?: AbortSignal) =>
    api<OrdersResponse>(`/orders/${encodeURIComponent(userId)}`, { signal }),
  cancel: (orderId: string) =>
    api<OrderActionResponse>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' }),
  /** Paying again (docs/orders-lifecycle.md#paying-again): the order's provider order, as initiate-payment answers. */
  payAgain: (orderId: string) =>
    api<InitiatePaymentResponse>(`/orders/${encodeURIComponent(orderId)}/pay`, { method: 'POST' }),
  /** The checkout's verify call with the provider's ids alone: the order already exists. */
  verifyPayment: (ids: ProviderIds) =>
    api<PlaceOrderResponse>('/razorpay/process-order', { method: 'POST', body: ids }),
  switchToCod: (orderId: string) =>
    api<OrderActionResponse>(`/orders/${encodeURIComponent(orderId)}/cod`, { method: 'POST' }),
  /** The shopper's word on a cash-on-delivery order waiting for it (docs/cod-confirmation.md). */
  codConfirmation: (orderId: string, action: 'confirm' | 'cancel') =>
    api<OrderActionResponse>(`/orders/${encodeURIComponent(orderId)}/cod-confirmation`, {
      method: 'POST',
      body: { action },
    }),
};
