// GET /orders/{userId} (docs/api.md#orders-and-payment): the signed-in shopper's orders, newest first; and the
// shopper's cancellation of one (docs/orders-lifecycle.md#cancellation).
import type { OrderActionResponse, OrdersResponse } from '@rangrez/contract/schemas';
import { api } from '../../lib/api';

export const ordersApi = {
  list: (userId: string, signal?: AbortSignal) =>
    api<OrdersResponse>(`/orders/${encodeURIComponent(userId)}`, { signal }),
  cancel: (orderId: string) =>
    api<OrderActionResponse>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' }),
};
