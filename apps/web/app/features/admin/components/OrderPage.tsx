// /admin/orders/:orderId (orders:read): one order as the desk sees it (docs/admin.md#orders): its states, lines
// with images, customer and their other orders, address, payment, refunds, the parcel, returns, reprints, notes
// and one timeline of everything that happened; the actions the member's role and the order allow.
import type { AdminOrderDetail } from '@rangrez/contract/schemas/admin-orders-desk';
import { formatINR } from '@rangrez/contract/rules/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../format';
import { stateLabel } from '../order-query';
import { useOrderPage } from '../use-order-page';
import { ExportButton } from './ExportButton';
import { OrderActions } from './OrderActions';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, PageHeading } from './ui';

export function OrderPage({ orderId }: { orderId: string }) {
  return (
    <RequirePermission permission="orders:read">
      <OrderView orderId={orderId} />
    </RequirePermission>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${title}`} className="rounded-xl border border-black/10 bg-white p-4">
      <h2 id={`section-${title}`} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="min-w-0 break-words">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Items({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Items">
      <ul className="flex flex-col gap-3">
        {order.items.map((item) => (
          <li key={item._id} className="flex items-center gap-3 text-sm">
            {item.image ? (
              <img
                src={item.image}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-14 w-14 rounded bg-neutral-100" />
            )}
            <span className="min-w-0">
              <Link to={`/admin/products/${item.productId}`} className="font-semibold underline">
                {item.productName}
              </Link>{' '}
              ({item.sku}, {item.color}, {item.size}) × {item.quantity} · {formatINR(item.price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        Total {formatINR(order.totals.total)} (shipping {formatINR(order.totals.shipping)}) · paid{' '}
        {formatINR(order.totals.paid)} · refundable {formatINR(order.totals.refundable)}
      </p>
    </Section>
  );
}

function Customer({ order }: { order: AdminOrderDetail }) {
  const { customer, address } = order;
  return (
    <Section title="Customer">
      <Facts
        rows={[
          ['Name', customer.name],
          ['E-mail', customer.email],
          ['Phone', customer.phone],
          ['Orders', customer.orderCount],
          [
            'Deliver to',
            `${address.firstName} ${address.lastName}, ${address.doorNo}, ${address.address}, ${address.city}, ${address.state} ${address.pincode}`,
          ],
        ]}
      />
      {customer.otherOrders.length > 0 ? (
        <ul aria-label="Other orders" className="mt-2 text-sm">
          {customer.otherOrders.map((o) => (
            <li key={o._id}>
              <Link to={`/admin/orders/${o.orderNumber}`} className="underline">
                {o.orderNumber}
              </Link>{' '}
              {formatDateTime(o.createdAt)} · {formatINR(o.total)} · {stateLabel(o.status)}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function Money({ order }: { order: AdminOrderDetail }) {
  const p = order.payment;
  return (
    <Section title="Payment and refunds">
      <Facts
        rows={[
          ['Gateway', order.gateway],
          ['Provider order', p?.providerOrderId],
          ['Payment id', p?.providerPaymentId],
          ['Amount', p ? formatINR(p.amount) : null],
          ['Payment row', p?.status],
        ]}
      />
      {order.refunds.length > 0 ? (
        <ul aria-label="Refunds" className="mt-2 flex flex-col gap-1 text-sm">
          {order.refunds.map((r) => (
            <li key={r._id}>
              {formatINR(r.amount)} · {r.status} · {stateLabel(r.method)}
              {r.reference ? ` (${r.reference})` : ''} · {r.reason} · by {r.createdBy}
              {r.failureReason ? ` · ${r.failureReason}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm">No refunds.</p>
      )}
      <TaxDocuments order={order} />
    </Section>
  );
}

/** The order's invoice and credit notes, each downloaded with the staff token (docs/gst.md#downloads). */
function TaxDocuments({ order }: { order: AdminOrderDetail }) {
  const documents = order.taxDocuments ?? [];
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Tax documents" className="mt-2 flex flex-col gap-2 text-sm">
      {documents.map((d) => (
        <li key={d.number} className="flex flex-wrap items-center gap-2">
          <span>
            {d.kind === 'invoice' ? 'Invoice' : 'Credit note'} {d.number} · {formatINR(d.amount)}
          </span>
          <ExportButton
            label={`Download ${d.number}`}
            load={(api) => api.taxDocument(order._id, d.kind === 'invoice' ? undefined : d.number)}
            baseName={d.number.replaceAll('/', '-')}
          />
        </li>
      ))}
    </ul>
  );
}

function Parcel({ order }: { order: AdminOrderDetail }) {
  const f = order.fulfilment;
  return (
    <Section title="Fulfilment">
      <Facts
        rows={[
          ['Partner order', f?.partnerOrderId],
          ['Partner status', f?.partnerStatus],
          ['AWB', f?.awb],
          ['Courier', f?.courier],
          [
            'Tracking',
            f?.trackingLink ? (
              <a href={f.trackingLink} className="underline">
                {f.trackingLink}
              </a>
            ) : null,
          ],
          ['Attempts', f?.attempts],
          ['Last error', f?.lastError],
          ['Returns', order.returns.map((r) => `${stateLabel(r.state)} (${r.reason})`).join('; ') || null],
          [
            'Reprint of',
            order.reprintOf ? (
              <Link to={`/admin/orders/${order.reprintOf.orderNumber}`} className="underline">
                {order.reprintOf.orderNumber}
              </Link>
            ) : null,
          ],
          ['Reprints', order.reprints.map((o) => o.orderNumber).join(', ') || null],
        ]}
      />
    </Section>
  );
}

function OrderTimeline({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Timeline">
      <ol className="flex flex-col gap-2 text-sm">
        {order.timeline.map((e, i) => (
          <li key={`${e.at}-${i}`} className="border-l-2 border-black/10 pl-3">
            <span className="font-semibold">{e.title}</span>{' '}
            <span className="text-neutral-700">
              {formatDateTime(e.at)}
              {e.actor ? ` · ${e.actor}` : ''}
            </span>
            {e.detail ? <div className="break-words text-neutral-700">{e.detail}</div> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A COD order's confirmation (docs/cod-confirmation.md): waiting until when, or who confirmed it and when. */
function CodConfirmationNote({ order }: { order: AdminOrderDetail }) {
  const c = order.codConfirmation;
  if (!c) return null;
  const text =
    c.state === 'pending'
      ? `Cash on delivery awaiting the shopper's confirmation${c.deadline ? ` until ${formatDateTime(c.deadline)}` : ''}: not sent to the print partner yet.`
      : c.state === 'confirmed'
        ? `Cash on delivery confirmed${c.confirmedBy ? ` by ${c.confirmedBy}` : ''}${c.confirmedAt ? ` on ${formatDateTime(c.confirmedAt)}` : ''}.`
        : 'Cash on delivery declined or not confirmed in time: cancelled.';
  return <p className="rounded-lg border border-black/10 bg-white p-3 text-sm">{text}</p>;
}

function OrderView({ orderId }: { orderId: string }) {
  const page = useOrderPage(orderId);
  const { order } = page;
  if (!order)
    return page.error ? (
      <Notice notice={{ kind: 'error', text: page.error }} />
    ) : (
      <AdminLoading label="Loading the order" />
    );
  return (
    <>
      <PageHeading title={`Order ${order.orderNumber}`}>
        Placed {formatDateTime(order.createdAt)} · {stateLabel(order.status)} · order{' '}
        {stateLabel(order.state)}, payment {stateLabel(order.paymentState)}, fulfilment{' '}
        {stateLabel(order.fulfilmentState)}, refund {stateLabel(order.refundState)}
        {order.deliveryBy ? ` · promised for ${order.deliveryBy}` : ''}
      </PageHeading>
      <div className="flex flex-col gap-4">
        {order.needsAction ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
            Needs action: {order.needsAction}
          </p>
        ) : null}
        <CodConfirmationNote order={order} />
        <Notice notice={page.notice} />
        <OrderActions order={order} run={page.run} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Items order={order} />
          <Customer order={order} />
          <Money order={order} />
          <Parcel order={order} />
        </div>
        {order.notes.length > 0 ? (
          <Section title="Notes">
            <ul className="flex flex-col gap-1 text-sm">
              {order.notes.map((n) => (
                <li key={n._id}>
                  {n.body}{' '}
                  <span className="text-neutral-700">
                    — {n.author}, {formatDateTime(n.at)}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <OrderTimeline order={order} />
      </div>
    </>
  );
}
