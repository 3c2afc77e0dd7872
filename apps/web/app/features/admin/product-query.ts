// The products page's search, filters, sort and page as GET /admin/products's query (docs/admin.md#products).
// The server searches, filters, sorts and pages: the list may hold thousands of products.
import type {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_PRODUCT_STOCK_FILTERS,
} from '@rangrez/contract/schemas/admin-catalogue';

export type ProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export type ProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];
export type ProductStockFilter = (typeof ADMIN_PRODUCT_STOCK_FILTERS)[number];

export interface ProductListView {
  /** Name or SKU, as typed (sent trimmed once the typing pauses). */
  q: string;
  status: ProductStatus | '';
  stock: ProductStockFilter | '';
  sort: ProductSort;
  dir: 'asc' | 'desc';
}

export const PRODUCT_PAGE_SIZE = 50;

/** What the page opens with: the server's own default order, most recently changed first. */
export const DEFAULT_PRODUCT_VIEW: ProductListView = {
  q: '',
  status: '',
  stock: '',
  sort: 'updated',
  dir: 'desc',
};

/** The query string for the page of products that starts at `offset`. */
export function productQueryString(view: ProductListView, offset = 0): string {
  const params = new URLSearchParams();
  const q = view.q.trim();
  if (q) params.set('q', q);
  if (view.status) params.set('status', view.status);
  if (view.stock) params.set('stock', view.stock);
  params.set('sort', view.sort);
  params.set('dir', view.dir);
  params.set('limit', String(PRODUCT_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

/**
 * A click on a column's header: the same column turns its direction round; another column starts with the
 * direction a reader expects of it (names A to Z, the rest largest or newest first).
 */
export function nextSort(view: ProductListView, sort: ProductSort): Pick<ProductListView, 'sort' | 'dir'> {
  if (view.sort === sort) return { sort, dir: view.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: sort === 'name' ? 'asc' : 'desc' };
}
