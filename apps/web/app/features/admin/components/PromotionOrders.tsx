// The orders that used a promotion (GET /admin/promotions/{id}/orders), newest first, a page at a time; each links
// to its order page. A redemption the order gave back (cancelled, expired, refunded whole) says so.
import { formatINR } from '@rangrez/contract/rules/money';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { AdminApi } from '../api';
import { formatDateTime } from '../format';
import { useAdminData } from '../use-admin-data';
import { ColumnHeads, Notice, secondaryButtonClass } from './ui';

const HEADINGS = ['Order', 'Placed', 'Customer', 'Code', 'Total', 'Discount', 'Redemption'];

export function PromotionOrders({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const load = useCallback((api: AdminApi) => api.promotionOrders(id, page), [id, page]);
  const { data, error } = useAdminData(load);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section
      aria-labelledby="promotion-orders"
      className="mb-8 flex flex-col gap-4 rounded-xl border border-black/10 bg-white p-4"
    >
      <h2 id="promotion-orders" className="text-lg font-bold">
        Orders that used it
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      <p role="status" className="text-sm text-neutral-700">
        {data
          ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}, page ${data.page} of ${pages}`
          : 'Loading the orders…'}
      </p>
      {data && data.orders.length > 0 ? (
        <div role="region" aria-label="Orders that used it" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <ColumnHeads headings={HEADINGS} />
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.orderId} className="border-b border-black/5">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <Link
                      to={`/admin/orders/${o.orderId}`}
                      className="font-semibold underline underline-offset-2"
                    >
                      {o.orderId}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{formatDateTime(o.placedAt)}</td>
                  <td className="py-2 pr-3">{o.customer}</td>
                  <td className="py-2 pr-3">{o.code ?? 'Automatic'}</td>
                  <td className="py-2 pr-3 tabular-nums">{formatINR(o.total)}</td>
                  <td className="py-2 pr-3 tabular-nums">{formatINR(o.discount)}</td>
                  <td className="py-2 pr-3">
                    {o.releasedAt ? `Given back ${formatDateTime(o.releasedAt)}` : 'Held'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages of orders" className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous page
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next page
          </button>
        </nav>
      ) : null}
    </section>
  );
}
