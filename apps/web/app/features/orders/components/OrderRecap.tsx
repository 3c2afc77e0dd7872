// The success page's recap of the order just placed (docs/accounts.md#after-the-order): the items with their
// pictures in the colour bought, where they go, how they are paid, and for cash on delivery the amount to keep
// ready.
import { formatINR } from '@rangrez/contract/rules/money';
import type { Order } from '@rangrez/contract/schemas';
import { OrderAddress, OrderItemRow } from './OrderParts';
import { PAYMENT_METHOD_LABELS } from '../format';

/** For cash on delivery: the amount the courier collects, formatted as every price. */
export function codCashNote(order: Pick<Order, 'paymentMethod' | 'totalAmount'>): string | null {
  return order.paymentMethod === 'COD'
    ? `Please keep ${formatINR(order.totalAmount)} ready at delivery`
    : null;
}

export function OrderRecap({ order }: { order: Order }) {
  const cashNote = codCashNote(order);
  return (
    <div className="mt-8 grid w-full gap-6 rounded-2xl bg-white p-5 text-left ring-1 ring-black/10 sm:grid-cols-2">
      <section aria-labelledby="recap-items" className="sm:col-span-2">
        <h2 id="recap-items" className="text-sm font-bold uppercase tracking-wide text-neutral-500">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-black/10 text-sm">
          {order.items.map((item) => (
            <OrderItemRow key={item._id} item={item} thumb="large" />
          ))}
        </ul>
      </section>
      <section aria-labelledby="recap-address">
        <h2 id="recap-address" className="text-sm font-bold uppercase tracking-wide text-neutral-500">
          Delivery Address
        </h2>
        <OrderAddress address={order.deliveryAddress} withEmail={false} />
      </section>
      <section aria-labelledby="recap-payment">
        <h2 id="recap-payment" className="text-sm font-bold uppercase tracking-wide text-neutral-500">
          Payment
        </h2>
        <p className="mt-2 text-sm font-semibold">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
        {cashNote ? <p className="mt-1 text-sm font-bold text-amber-900">{cashNote}</p> : null}
      </section>
    </div>
  );
}
