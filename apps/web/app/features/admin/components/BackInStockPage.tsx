// /admin/back-in-stock (products:read): how many shoppers wait for each out-of-stock product, colour and size, most
// wanted first (docs/admin.md#back-in-stock). Read only: raising the stock on the product's page serves them.
import { colourByCode } from '@rangrez/contract/rules/colours';
import { Link } from 'react-router';
import type { AdminApi } from '../api';
import { formatDateTime } from '../format';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, PageHeading } from './ui';

const variantName = (v: { size: string; color: string }) =>
  v.size ? `${colourByCode(v.color).name}, ${v.size}` : 'Any colour and size';

export function BackInStockPage() {
  return (
    <RequirePermission permission="products:read">
      <PageHeading title="Back-in-stock requests">
        Shoppers waiting for an e-mail when a product, or a colour and size of it, can be bought again. Each
        is e-mailed once, within a minute of the stock coming back.
      </PageHeading>
      <Demand />
    </RequirePermission>
  );
}

const loadDemand = (api: AdminApi) => api.backInStockDemand();

function Demand() {
  const { data, error } = useAdminData(loadDemand);
  if (error) return <Notice notice={{ kind: 'error', text: error }} />;
  if (!data) return <AdminLoading label="Loading the back-in-stock requests" />;
  const { products } = data;
  if (products.length === 0) return <p>No one is waiting for a product.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Waiting</th>
          <th scope="col">For</th>
          <th scope="col">Stock now</th>
          <th scope="col">Oldest request</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.productId} className="border-t border-black/10 align-top">
            <td className="py-2">
              <Link
                to={`/admin/products/${encodeURIComponent(p.productId)}`}
                className="font-semibold underline"
              >
                {p.name}
              </Link>
              <div className="text-xs text-neutral-600">{p.sku}</div>
            </td>
            <td className="py-2 font-bold">{p.waiting}</td>
            <td className="py-2">
              <ul>
                {p.variants.map((v) => (
                  <li key={`${v.color}/${v.size}`}>{`${variantName(v)}: ${v.waiting}`}</li>
                ))}
              </ul>
            </td>
            <td className="py-2">{p.stock}</td>
            <td className="py-2">{formatDateTime(p.oldest)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
