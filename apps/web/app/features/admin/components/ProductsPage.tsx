// /admin/products (products:read; a new product needs products:write): every product, searched, filtered and
// sorted by the server, a page at a time, with the number of matches.
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { Link } from 'react-router';
import { useAdminSession } from '../session';
import { useProductList } from '../use-product-list';
import { ExportButton } from './ExportButton';
import { ProductFilters } from './ProductFilters';
import { ProductTable } from './ProductTable';
import { RequirePermission } from './RequirePermission';
import { Notice, PageHeading, buttonClass, secondaryButtonClass } from './ui';

export function ProductsPage() {
  return (
    <RequirePermission permission="products:read">
      <ProductList />
    </RequirePermission>
  );
}

const matches = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'product' : 'products'}`;

function ProductList() {
  const { staff } = useAdminSession();
  const list = useProductList();
  const shown = list.products.length;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title="Products">
          Search, filter and sort the catalogue; open a product to edit it.
        </PageHeading>
        <div className="flex flex-wrap items-start gap-2">
          <ExportButton />
          {roleCan(staff.role, 'products:write') ? (
            <>
              <Link to="/admin/products/import" className={secondaryButtonClass}>
                Import CSV
              </Link>
              <Link to="/admin/products/new" className={buttonClass}>
                New product
              </Link>
            </>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <ProductFilters view={list.view} onChange={list.change} />
        {list.error ? <Notice notice={{ kind: 'error', text: list.error }} /> : null}
        <p role="status" aria-live="polite" className="text-sm text-neutral-700">
          {list.loading
            ? 'Loading products…'
            : `${matches(list.total)}, ${shown.toLocaleString('en-IN')} shown`}
        </p>
        {list.error ? null : shown > 0 ? (
          <div aria-busy={list.loading || undefined}>
            <ProductTable products={list.products} total={list.total} view={list.view} onSort={list.sortBy} />
          </div>
        ) : list.loading ? null : (
          <p className="text-neutral-600">No products match.</p>
        )}
        {list.more.error ? <Notice notice={{ kind: 'error', text: list.more.error }} /> : null}
        {list.hasMore ? (
          <button
            type="button"
            onClick={() => void list.loadMore()}
            disabled={list.more.busy}
            aria-busy={list.more.busy || undefined}
            className={`${secondaryButtonClass} self-center`}
          >
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}
