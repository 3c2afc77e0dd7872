// An order's refunds in the expanded order (docs/product/screens.md#orders-page): each amount, its status in
// words and the day it was made, so the shopper can follow money going back.
import { formatINR } from '@rangrez/contract/rules/money';
import { REFUND_STATUS_LABELS } from '@rangrez/contract/rules/orders-messages';
import type { Order } from '@rangrez/contract/schemas';
import { formatOrderDate } from '../format';

export function OrderRefunds({ order, heading: Heading = 'h3' }: { order: Order; heading?: 'h3' | 'h4' }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <section aria-label="Refunds" className="mt-4 border-t border-black/10 pt-4 text-sm">
      <Heading className="text-sm font-bold uppercase tracking-wide text-neutral-500">Refunds</Heading>
      <ul className="mt-2 space-y-1">
        {refunds.map((refund) => (
          <li key={refund._id} className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold">{formatINR(refund.amount)}</span>
            <span>{REFUND_STATUS_LABELS[refund.status]}</span>
            <span className="text-neutral-600">{formatOrderDate(refund.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
