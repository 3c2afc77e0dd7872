// The orders page's rows (docs/admin.md#orders): the first page for the filters in the address, then the next
// pages by the server's cursor ("Load more"), appended.
import type { AdminOrderRow } from '@rangrez/contract/schemas/admin-orders-desk';
import { useEffect, useState } from 'react';
import { errorText } from './api';
import { orderQueryString } from './order-query';
import { useAdminSession } from './session';

interface Found {
  /** The query these rows answer, so an answer to an older view is never shown. */
  query: string;
  orders: AdminOrderRow[];
  nextCursor: string | null;
  error?: string;
}

export function useOrderList(params: URLSearchParams) {
  const { api } = useAdminSession();
  const query = orderQueryString(params);
  const [found, setFound] = useState<Found | null>(null);
  const [more, setMore] = useState<{ query: string; busy: boolean; error?: string } | null>(null);

  useEffect(() => {
    let live = true;
    api.orders(query).then(
      ({ orders, nextCursor }) => live && setFound({ query, orders, nextCursor }),
      (error: unknown) => live && setFound({ query, orders: [], nextCursor: null, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, query]);

  const current = found?.query === query ? found : null;
  const moreNow = more?.query === query ? more : { query, busy: false };

  async function loadMore() {
    if (!current?.nextCursor || moreNow.busy) return;
    setMore({ query, busy: true });
    try {
      const page = await api.orders(orderQueryString(params, current.nextCursor));
      setFound((prev) =>
        prev?.query === query
          ? { ...prev, orders: [...prev.orders, ...page.orders], nextCursor: page.nextCursor }
          : prev,
      );
      setMore({ query, busy: false });
    } catch (error) {
      setMore({ query, busy: false, error: errorText(error) });
    }
  }

  return {
    query,
    // The previous rows stay on screen while the next filter's answer is on its way.
    orders: found?.orders ?? [],
    error: current?.error,
    loading: current === null,
    hasMore: Boolean(current?.nextCursor),
    more: moreNow,
    loadMore,
  };
}
