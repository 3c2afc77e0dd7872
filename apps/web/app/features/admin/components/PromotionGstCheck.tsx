// The products a promotion would put between the GST slabs (GET /admin/promotions/{id}/gst-check,
// docs/gst.md#between-the-slabs): shown only when there are some, so the owner can change the offer or the price.
import { formatINR } from '@rangrez/contract/rules/money';
import { useCallback } from 'react';
import type { AdminApi } from '../api';
import { useAdminData } from '../use-admin-data';

export function PromotionGstCheck({ id }: { id: string }) {
  const load = useCallback((api: AdminApi) => api.promotionGstCheck(id), [id]);
  const { data } = useAdminData(load);
  if (!data || data.total === 0) return null;
  return (
    <section aria-labelledby="promotion-gst" className="mb-8 rounded-xl bg-amber-50 p-4 text-sm">
      <h2 id="promotion-gst" className="mb-2 text-lg font-bold">
        Prices between the GST slabs
      </h2>
      <p className="mb-2">
        After this offer, {data.total === 1 ? 'one product costs' : `${data.total} products cost`} a price per
        piece at which no GST rate is self-consistent: it is taxed at the higher rate. A slightly bigger or
        smaller discount avoids it.
      </p>
      <ul className="list-disc pl-5">
        {data.products.map((p) => (
          <li key={p.id}>
            {p.name}: {formatINR(p.price)} → {formatINR(p.priceAfter)} a piece
            {p.quantity > 1 ? ` (bought ${p.quantity} at a time)` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
