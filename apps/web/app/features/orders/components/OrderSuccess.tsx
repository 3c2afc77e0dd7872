// /successPage/{qikinkOrderId} (docs/product/screens.md#success-page): 'Order Successful!', the order id, the
// delivery estimate, the order's recap (items, address, payment), Back to Home and View Orders. The checkout hands the placed order over in navigation
// state; after a reload the order is looked up among the shopper's orders. An online order still waiting for its
// money shows 'Complete payment' instead (docs/orders-lifecycle.md#paying-again).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { DELIVERY_ESTIMATE } from '@rangrez/contract/rules/constants';
import { formatINR } from '@rangrez/contract/rules/money';
import type { Order, PlaceOrderResponse } from '@rangrez/contract/schemas';
import { NotFound } from '../../../components/NotFound';
import { OrderDeliveryBy } from '../../delivery';
import { canCompletePayment } from '../format';
import { useOrders } from '../use-orders';
import { CodConfirmationLazy as CodConfirmation } from './CodConfirmationLazy';
import { CompletePaymentLazy as CompletePayment } from './CompletePaymentLazy';
import { OrderRecap } from './OrderRecap';

/** What the checkout puts in the navigation state when it opens this page. */
interface SuccessState {
  placed?: PlaceOrderResponse;
}

export function readSuccessState(state: unknown, qikinkOrderId: string): PlaceOrderResponse | null {
  const placed = (state as SuccessState | null | undefined)?.placed;
  return placed && placed.qikinkOrderId === qikinkOrderId ? placed : null;
}

export function OrderSuccess({
  qikinkOrderId,
  placed,
  userId,
}: {
  qikinkOrderId: string;
  placed: PlaceOrderResponse | null;
  userId: string | undefined;
}) {
  if (placed) return <SuccessView orderId={placed.qikinkOrderId} order={placed.order} />;
  return <SuccessAfterReload qikinkOrderId={qikinkOrderId} userId={userId} />;
}

function SuccessAfterReload({
  qikinkOrderId,
  userId,
}: {
  qikinkOrderId: string;
  userId: string | undefined;
}) {
  const state = useOrders(userId);
  if (state.status === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-24 text-center text-neutral-600">
        Loading your order…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24">
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      </section>
    );
  }
  const order = state.orders.find((o) => o.qikinkOrderId === qikinkOrderId || o.orderId === qikinkOrderId);
  if (!order) return <NotFound />;
  return <SuccessView orderId={order.qikinkOrderId} order={order} />;
}

/** An online order still waiting for its money shows 'Complete payment' first, then the success it leads to. */
function SuccessView({ orderId, order: shown }: { orderId: string; order: Order | undefined }) {
  const [order, setOrder] = useState(shown);
  if (order && canCompletePayment(order)) {
    return (
      <section className="mx-auto flex max-w-xl flex-col px-4 py-20">
        <CompletePayment order={order} onChanged={setOrder} heading="h1" />
        <p className="mt-4 text-lg">
          Order ID: <strong data-testid="order-id">{orderId}</strong>
        </p>
        <p className="mt-1 text-neutral-600">{`Total: ${formatINR(order.totalAmount)}`}</p>
      </section>
    );
  }
  return <Successful orderId={orderId} order={order} onChanged={setOrder} />;
}

function Successful({
  orderId,
  order,
  onChanged,
}: {
  orderId: string;
  order: Order | undefined;
  onChanged: (order: Order) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaced the checkout: move focus to what happened, so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
      >
        ✓
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-black tracking-tight outline-none">
        {PAYMENT_MESSAGES.orderSuccessful}
      </h1>
      <p className="mt-4 text-lg">
        Order ID: <strong data-testid="order-id">{orderId}</strong>
      </p>
      {order ? <p className="mt-1 text-neutral-600">{`Total: ${formatINR(order.totalAmount)}`}</p> : null}
      {order?.promotions?.length ? (
        <ul aria-label="Offers applied" className="mt-2 text-green-700">
          {order.promotions.map((promotion) => (
            <li
              key={`${promotion.kind}|${promotion.title}`}
            >{`${promotion.title}: -${formatINR(promotion.saved)}`}</li>
          ))}
        </ul>
      ) : null}
      {order ? <CodConfirmation order={order} onChanged={onChanged} /> : null}
      {order?.deliveryBy ? (
        <p className="mt-4 font-bold text-green-800">
          <OrderDeliveryBy deliveryBy={order.deliveryBy} />
        </p>
      ) : (
        <p className="mt-4 text-neutral-700">{`Estimated delivery: ${DELIVERY_ESTIMATE}`}</p>
      )}
      {order ? <OrderRecap order={order} /> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-black px-6 py-3 font-bold text-white hover:bg-neutral-800">
          Back to Home
        </Link>
        <Link to="/orders" className="rounded-lg border border-black/20 px-6 py-3 font-bold hover:bg-black/5">
          View Orders
        </Link>
      </div>
    </section>
  );
}
