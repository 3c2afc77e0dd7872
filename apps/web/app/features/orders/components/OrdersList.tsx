// The shopper's orders (docs/product/screens.md#orders-page): loading skeleton, error banner, 'No orders
// found', then one row per order (id, date, status badge) that expands to its items, delivery address and
// summary. Used by /orders and by the profile's orders panel.
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { formatINR } from '@rangrez/contract/rules/money';
import { ORDERS_MESSAGES } from '@rangrez/contract/rules/orders-messages';
import type { Order } from '@rangrez/contract/schemas';
import { OrderDeliveryBy } from '../../delivery';
import { ordersApi } from '../api';
import { OrderAddress, OrderItemRow } from './OrderParts';
import { PAYMENT_METHOD_LABELS, canAskToCancel, formatOrderDate, orderSummary, statusBadge } from '../format';
import { useOrders } from '../use-orders';
import { CodConfirmationLazy as CodConfirmation } from './CodConfirmationLazy';
import { CompletePaymentLazy as CompletePayment } from './CompletePaymentLazy';
import { OrderDocuments } from './OrderDocuments';
import { OrderRefunds } from './OrderRefunds';

// A delivered order's return (its status, or the form): its own chunk, fetched only when such an order is opened.
const OrderReturns = lazy(() => import('./OrderReturns'));

export function OrdersList({ userId, compact = false }: { userId: string | undefined; compact?: boolean }) {
  const state = useOrders(userId);
  if (state.status === 'loading') return <OrdersSkeleton rows={compact ? 2 : 3} />;
  if (state.status === 'error') {
    return (
      <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  if (state.orders.length === 0) return <p className="mt-4 text-neutral-600">{ORDERS_MESSAGES.noOrders}</p>;
  return (
    <ul className="mt-4 flex flex-col gap-3" aria-label="Orders">
      {state.orders.map((order) => (
        <li key={order._id}>
          <OrderRow order={order} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ status }: { status: string }) {
  const badge = statusBadge(status);
  return (
    <span
      data-tone={badge.tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}

/** The promised day is news while the parcel is still to come. */
const PROMISE_PENDING = new Set<Order['status']>(['confirmed', 'processing', 'shipped']);

function OrderRow({ order: listed, compact }: { order: Order; compact: boolean }) {
  const [open, setOpen] = useState(false);
  // The order as the last action left it (a cancellation answers the order as it is now).
  const [order, setOrder] = useState(listed);
  const panelId = useId();
  // The profile panel sits under an h2; the orders page's rows sit under its h1.
  const Heading = compact ? 'h3' : 'h2';
  return (
    <article className="rounded-xl bg-white ring-1 ring-black/10">
      <Heading className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 rounded-xl p-4 text-left hover:bg-black/[0.03]"
        >
          <RowHeader order={order} open={open} />
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="border-t border-black/10 p-4">
        {open ? (
          <>
            <OrderDetails order={order} compact={compact} />
            <OrderRefunds order={order} heading={compact ? 'h4' : 'h3'} />
            <CompletePayment order={order} onChanged={setOrder} heading={compact ? 'h4' : 'h3'} />
            <CodConfirmation order={order} onChanged={setOrder} />
            {order.codConfirmation === 'pending' ? null : <CancelOrder order={order} onChanged={setOrder} />}
            {order.status === 'delivered' || order.status === 'refunded' ? (
              <Suspense fallback={null}>
                <OrderReturns order={order} />
              </Suspense>
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The row's face, laid out for any width (docs/accounts.md#my-orders): the id (which may break, never run under the
 * badge) beside the badge; the date on one line with the total beside it, or under it when the row is narrow.
 */
function RowHeader({ order, open }: { order: Order; open: boolean }) {
  return (
    <>
      <span className="break-all font-bold">{`Order ${order.orderId}`}</span>
      <span className="flex items-center gap-2 justify-self-end">
        <StatusBadge status={order.status} />
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={`h-5 w-5 shrink-0 text-neutral-500 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06z" />
        </svg>
      </span>
      <span className="col-span-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="whitespace-nowrap text-sm text-neutral-600">
          {formatOrderDate(order.createdAt)}
        </span>
        <span className="font-semibold">{formatINR(order.totalAmount)}</span>
      </span>
      {PROMISE_PENDING.has(order.status) ? (
        <OrderDeliveryBy
          deliveryBy={order.deliveryBy}
          className="col-span-2 block text-sm font-semibold text-green-800"
        />
      ) : null}
      <ItemThumbnails order={order} />
    </>
  );
}

/** The first few lines' pictures, in the colour bought; decorative (the items are listed when the row opens). */
function ItemThumbnails({ order }: { order: Order }) {
  const pictured = order.items.filter((item) => item.image).slice(0, 4);
  if (pictured.length === 0) return null;
  return (
    <span className="col-span-2 mt-1 flex gap-2" data-testid="order-row-thumbnails">
      {pictured.map((item) => (
        <img
          key={item._id}
          src={item.image}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="h-12 w-12 rounded-md bg-neutral-100 object-cover"
        />
      ))}
    </span>
  );
}

function OrderDetails({ order, compact }: { order: Order; compact: boolean }) {
  const summary = orderSummary(order);
  // Each promotion's row says what it saved; free shipping's saving is shown on its own row, so the shipping row
  // shows the fee before it and the rows add up to the total.
  const promotions = order.promotions ?? [];
  const shippingSaved = promotions.reduce((sum, p) => sum + p.saved, 0) - (order.promotionDiscount ?? 0);
  const Heading = compact ? 'h4' : 'h3';
  return (
    <div className={`grid gap-6 ${compact ? '' : 'md:grid-cols-3'}`}>
      <section aria-label="Items">
        <Heading className="text-sm font-bold uppercase tracking-wide text-neutral-500">Items</Heading>
        <ul className="mt-2 divide-y divide-black/10 text-sm">
          {order.items.map((item) => (
            <OrderItemRow key={item._id} item={item} thumb="small" />
          ))}
        </ul>
      </section>
      <section aria-label="Delivery address">
        <Heading className="text-sm font-bold uppercase tracking-wide text-neutral-500">
          Delivery Address
        </Heading>
        <OrderAddress address={order.deliveryAddress} withEmail={true} />
        <p className="mt-3 text-sm">
          <span className="font-semibold">Payment: </span>
          {PAYMENT_METHOD_LABELS[order.paymentMethod]}
        </p>
        {order.trackingLink ? (
          <p className="mt-2 text-sm">
            <a
              href={order.trackingLink}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold underline"
            >
              Track your order
            </a>
            {order.awbNo ? <span className="text-neutral-600">{` (AWB ${order.awbNo})`}</span> : null}
          </p>
        ) : order.awbNo ? (
          <p className="mt-2 text-sm text-neutral-600">{`AWB ${order.awbNo}`}</p>
        ) : null}
        <OrderDocuments order={order} />
      </section>
      <section aria-label="Order summary">
        <Heading className="text-sm font-bold uppercase tracking-wide text-neutral-500">Summary</Heading>
        <dl className="mt-2 space-y-1.5 text-sm">
          <SummaryRow label="Original Price" value={formatINR(summary.originalPrice)} />
          <SummaryRow
            label="Discount"
            value={`-${formatINR(summary.discount)} (${summary.discountPercent}%)`}
          />
          <SummaryRow label="Subtotal" value={formatINR(summary.subtotal)} />
          {promotions.map((promotion) => (
            <SummaryRow
              key={`${promotion.kind}|${promotion.title}`}
              label={promotion.title}
              value={`-${formatINR(promotion.saved)}`}
            />
          ))}
          <SummaryRow label="Shipping" value={formatINR(summary.shipping + shippingSaved)} />
          <SummaryRow label="Total" value={formatINR(summary.total)} strong />
        </dl>
      </section>
    </div>
  );
}

/**
 * 'Cancel order' under an order the shopper may still cancel: asks once more (focus moves to the confirming
 * button), then says what happened in the server's words, cancelled at once or requested from the print partner.
 */
function CancelOrder({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'sending'>('idle');
  const [outcome, setOutcome] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);

  async function cancel() {
    setStep('sending');
    try {
      const res = await ordersApi.cancel(order.orderId);
      setOutcome({ kind: 'status', text: res.message });
      onChanged(res.order);
    } catch (error) {
      setOutcome({ kind: 'alert', text: error instanceof Error ? error.message : String(error) });
    }
    setStep('idle');
  }

  const offered = canAskToCancel(order);
  if (!offered && !outcome) return null;
  return (
    <div className="mt-4 border-t border-black/10 pt-4 text-sm">
      {outcome ? (
        <p role={outcome.kind} className={outcome.kind === 'alert' ? 'text-red-800' : 'text-neutral-800'}>
          {outcome.text}
        </p>
      ) : null}
      {offered && step === 'idle' ? (
        <button
          type="button"
          onClick={() => setStep('confirm')}
          className="mt-2 rounded-lg px-3 py-1.5 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
        >
          Cancel order
        </button>
      ) : null}
      {offered && step !== 'idle' ? (
        <div role="group" aria-label="Cancel this order?" className="mt-2 flex flex-wrap items-center gap-2">
          <span className="font-semibold">Cancel this order?</span>
          <button
            ref={confirmRef}
            type="button"
            disabled={step === 'sending'}
            onClick={() => void cancel()}
            className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
          >
            Yes, cancel it
          </button>
          <button
            type="button"
            disabled={step === 'sending'}
            onClick={() => setStep('idle')}
            className="rounded-lg px-3 py-1.5 font-semibold ring-1 ring-black/20"
          >
            Keep my order
          </button>
        </div>
      ) : null}
    </div>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? 'border-t border-black/10 pt-1.5 font-bold' : ''}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function OrdersSkeleton({ rows }: { rows: number }) {
  return (
    <div role="status" className="mt-4 flex flex-col gap-3">
      <span className="sr-only">Loading orders</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse rounded-xl bg-white p-4 ring-1 ring-black/10"
        >
          <div className="h-4 w-1/3 rounded bg-neutral-200" />
          <div className="mt-2 h-3 w-1/2 rounded bg-neutral-200" />
        </div>
      ))}
    </div>
  );
}
