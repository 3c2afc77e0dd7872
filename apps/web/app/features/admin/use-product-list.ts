// The products page's rows: the first page for the current search, filters and sort, then further pages
// appended on request ("Load more"), with the server's total of matches.
import type { AdminProductRow } from '@rangrez/contract/schemas/admin-catalogue';
import { useEffect, useState } from 'react';
import { errorText } from './api';
import {
  DEFAULT_PRODUCT_VIEW,
  type ProductListView,
  type ProductSort,
  nextSort,
  productQueryString,
} from './product-query';
import { useAdminSession } from './session';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DELAY_MS = 300;

interface Found {
  /** The query of the first page these rows answer, so an answer to an older view is never shown. */
  query: string;
  products: AdminProductRow[];
  total: number;
  error?: string;
}

export function useProductList() {
  const { api } = useAdminSession();
  const [view, setView] = useState<ProductListView>(DEFAULT_PRODUCT_VIEW);
  const q = useDebouncedValue(view.q, SEARCH_DELAY_MS);
  const searched = { ...view, q };
  const query = productQueryString(searched);
  const [found, setFound] = useState<Found | null>(null);
  // "Load more" of one query: its state says nothing about the next query's.
  const [more, setMore] = useState<{ query: string; busy: boolean; error?: string } | null>(null);

  useEffect(() => {
    let live = true;
    api.products(query).then(
      ({ products, total }) => live && setFound({ query, products, total }),
      (error: unknown) => live && setFound({ query, products: [], total: 0, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, query]);

  const current = found?.query === query ? found : null;
  const moreNow = more?.query === query ? more : { query, busy: false };

  async function loadMore() {
    if (!current || moreNow.busy || current.products.length >= current.total) return;
    setMore({ query, busy: true });
    try {
      const page = await api.products(productQueryString(searched, current.products.length));
      setFound((prev) =>
        prev?.query === query ? { ...prev, products: [...prev.products, ...page.products] } : prev,
      );
      setMore({ query, busy: false });
    } catch (error) {
      setMore({ query, busy: false, error: errorText(error) });
    }
  }

  return {
    view,
    change: (patch: Partial<ProductListView>) => setView((prev) => ({ ...prev, ...patch })),
    sortBy: (sort: ProductSort) => setView((prev) => ({ ...prev, ...nextSort(prev, sort) })),
    // The previous rows stay on screen while the next search is under way.
    products: found?.products ?? [],
    total: found?.total ?? 0,
    error: current?.error,
    loading: current === null,
    hasMore: current ? current.products.length < current.total : false,
    more: moreNow,
    loadMore,
  };
}
