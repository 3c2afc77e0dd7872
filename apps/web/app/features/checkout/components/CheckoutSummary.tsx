// The order summary beside the checkout form (docs/product/rules.md#order-summary-totals): the lines, then
// Original Price, Discount, Subtotal, Shipping and Total from the contract's one totals rule.
import { colourByCode } from '@rangrez/contract/rules/colours';
import { formatINR } from '@rangrez/contract/rules/money';
import { type CheckoutItem, type PromotionSummary, PromotionRows } from '../../cart';
import type { checkoutTotals } from '../checkout-form';

export function CheckoutSummary({
  items,
  totals,
  promotions,
}: {
  items: readonly CheckoutItem[];
  totals: ReturnType<typeof checkoutTotals>;
  /** Their rows follow the subtotal (free shipping among them); `totals` has them taken off. */
  promotions?: PromotionSummary;
}) {
  return (
    <div>
      <ul className="divide-y divide-black/10">
        {items.map((item) => (
          <li key={`${item.id}|${item.size}|${item.color}`} className="flex gap-3 py-3">
            {item.image ? (
              <img
                src={item.image}
                alt=""
                width={64}
                height={80}
                loading="lazy"
                className="h-20 w-16 flex-none rounded-md bg-neutral-100 object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-20 w-16 flex-none rounded-md bg-neutral-100" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{item.name}</p>
              <p className="text-neutral-600">
                {`Size ${item.size} · ${colourByCode(item.color).name} · Qty ${item.quantity}`}
              </p>
            </div>
            <p className="text-sm font-semibold">{formatINR(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-black/10 pt-4 text-sm">
        <Row label="Original Price" value={formatINR(totals.originalPrice)} />
        <Row
          label="Discount"
          value={`-${formatINR(totals.discount)} (${totals.discountPercent}%)`}
          className="text-green-700"
        />
        <Row label="Subtotal" value={formatINR(totals.subtotal)} />
        {promotions ? <PromotionRows summary={promotions} /> : null}
        <Row label="Shipping" value={formatINR(totals.shipping)} />
        <Row
          label="Total"
          value={formatINR(totals.total)}
          className="border-t border-black/10 pt-2 text-base font-bold"
        />
      </dl>
    </div>
  );
}

function Row({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
