// The lines of a delivery promise, as the product page, the checkout and the orders show them (docs/delivery.md).
import { cutoffCountdownLabel, deliveredByLabel } from '@rangrez/contract/rules/delivery-promise';
import { PREPAID_FEE_RUPEES } from '@rangrez/contract/rules/shipping';
import type { DeliveryLookup } from '@rangrez/contract/schemas';

const COD_AVAILABLE = 'Cash on Delivery available';
const COD_NOT_AVAILABLE = 'Cash on Delivery not available';
const FREE_PREPAID_SHIPPING = 'Free shipping on prepaid orders';

/** The promise for a PIN: the date, the near cut-off, cash on delivery, and free prepaid shipping. */
export function DeliveryPromiseLines({ lookup, now = new Date() }: { lookup: DeliveryLookup; now?: Date }) {
  const countdown = cutoffCountdownLabel(now, new Date(lookup.cutoffAt));
  return (
    <div className="space-y-1 text-sm">
      <p>
        <strong className="text-green-800">{deliveredByLabel(lookup.deliveryBy)}</strong>
        {countdown ? <span className="text-neutral-700">{` ${countdown}`}</span> : null}
      </p>
      <p className="text-neutral-700">{`To ${lookup.city}, ${lookup.state}`}</p>
      <p className={lookup.cod ? 'text-neutral-800' : 'text-red-800'}>
        {lookup.cod ? COD_AVAILABLE : COD_NOT_AVAILABLE}
      </p>
      {PREPAID_FEE_RUPEES === 0 ? <p className="text-neutral-800">{FREE_PREPAID_SHIPPING}</p> : null}
    </div>
  );
}

/** 'Delivered by Thu, 28 Nov' for an order with a promise; nothing for older orders. */
export function OrderDeliveryBy({ deliveryBy, className }: { deliveryBy?: string | null; className?: string }) {
  if (!deliveryBy) return null;
  return <span className={className}>{deliveredByLabel(deliveryBy)}</span>;
}
