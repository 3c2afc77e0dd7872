// The signed-in shopper's orders, loaded once per mount (the orders page, the profile's panel, the success page
// after a reload).
import { useEffect, useState } from 'react';
import { ORDERS_MESSAGES } from '@rangrez/contract/rules/orders-messages';
import type { Order } from '@rangrez/contract/schemas';
import { ordersApi } from './api';
import { ordersErrorMessage, sortNewestFirst } from './format';

export type OrdersState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; orders: Order[] };

export function useOrders(userId: string | undefined): OrdersState {
  const [state, setState] = useState<{ userId: string | undefined; value: OrdersState }>({
    userId,
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    ordersApi
      .list(userId, controller.signal)
      .then((res) => setState({ userId, value: { status: 'ready', orders: sortNewestFirst(res.orders) } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ userId, value: { status: 'error', message: ordersErrorMessage(error) } });
      });
    return () => controller.abort();
  }, [userId]);

  if (!userId) return { status: 'error', message: ORDERS_MESSAGES.noUserData };
  // Another user's answer (the session changed) is not shown while this one's loads.
  return state.userId === userId ? state.value : { status: 'loading' };
}
