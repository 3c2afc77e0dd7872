// GET /orders/{userId} (docs/api.md#orders-and-payment): the signed-in shopper's orders, newest first.
import type { OrdersResponse } from '@rangrez/contract/schemas';
import { api } from '../../lib/api';

export const ordersApi = {
  list: (userId: string, signal?: AbortSignal) =>
    api<OrdersResponse>(`/orders/${encodeURIComponent(userId)}`, { signal }),
};
