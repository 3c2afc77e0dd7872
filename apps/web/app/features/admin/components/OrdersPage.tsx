// /admin/orders (orders:read): every order, newest first, with the filters in the page's address, a search by
// order number, phone, e-mail or AWB, "Load more" by the server's cursor and the filtered set as CSV
// (docs/admin.md#orders).
import type { AdminOrderRow } from '@rangrez/contract/schemas/admin-orders-desk';
import { formatINR } from '@rangrez/contract/rules/money';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../format';
import { ORDER_FILTERS, type OrderFilterKey, orderQueryString, stateLabel, withFilter } from '../order-query';
import { useDebouncedValue } from '../use-debounced-value';
import { useOrderList } from '../use-order-list';
import { ExportButton } from './ExportButton';
import { RequirePermission } from './RequirePermission';
import { CheckboxField, Notice, PageHeading, SelectField, TextField, secondaryButtonClass } from './ui';

const SEARCH_DELAY_MS = 300;

export function OrdersPage() {
  return (
    <RequirePermission permission="orders:read">
      <OrderList />
    </RequirePermission>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState(value);
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== value) onSearch(settled);
    // Only a pause in typing searches; a filter changed meanwhile keeps the typed text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextField
      id="orders-q"
      label="Search"
      type="search"
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      hint="Order number (or its start), phone, e-mail or AWB"
    />
  );
}

function FilterBar({
  params,
  set,
}: {
  params: URLSearchParams;
  set: (key: OrderFilterKey, value: string) => void;
}) {
  return (
    <form
      aria-label="Filter orders"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SearchBox value={params.get('q') ?? ''} onSearch={(q) => set('q', q)} />
      {ORDER_FILTERS.map((f) => (
        <SelectField
          key={f.key}
          id={`orders-${f.key}`}
          label={f.label}
          value={params.get(f.key) ?? ''}
          onChange={(e) => set(f.key, e.target.value)}
        >
          <option value="">Any</option>
          {f.values.map((v) => (
            <option key={v} value={v}>
              {stateLabel(v)}
            </option>
          ))}
        </SelectField>
      ))}
      <TextField
        id="orders-from"
        label="From"
        type="date"
        value={params.get('from') ?? ''}
        onChange={(e) => set('from', e.target.value)}
      />
      <TextField
        id="orders-to"
        label="To"
        type="date"
        value={params.get('to') ?? ''}
        onChange={(e) => set('to', e.target.value)}
      />
      <CheckboxField
        id="orders-needs-action"
        label="Needs action only"
        checked={params.get('needsAction') === 'true'}
        onChange={(e) => set('needsAction', e.target.checked ? 'true' : '')}
      />
    </form>
  );
}

function OrderRows({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Orders table"
      className="relative overflow-x-auto rounded-xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-ink"
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-black/10 bg-neutral-50 text-xs uppercase tracking-wide text-neutral-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
            <th scope="col" className="px-3 py-2">
              Placed
            </th>
            <th scope="col" className="px-3 py-2">
              Customer
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
            <th scope="col" className="px-3 py-2">
              Gateway
            </th>
            <th scope="col" className="px-3 py-2">
              States
            </th>
            <th scope="col" className="px-3 py-2">
              Needs action
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o._id} className="border-b border-black/5 align-top">
              <td className="px-3 py-2 font-semibold">
                <Link to={`/admin/orders/${o.orderNumber}`} className="underline">
                  {o.orderNumber}
                </Link>
                <div className="text-xs font-normal text-neutral-700">{stateLabel(o.status)}</div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.createdAt)}</td>
              <td className="px-3 py-2">
                {o.customerName}
                <div className="text-xs text-neutral-700">
                  {o.email} · {o.phone}
                </div>
              </td>
              <td className="px-3 py-2 text-right">{formatINR(o.total)}</td>
              <td className="px-3 py-2">{o.gateway}</td>
              <td className="px-3 py-2 text-xs">
                {stateLabel(o.state)} · {stateLabel(o.paymentState)} · {stateLabel(o.fulfilmentState)} ·
                refund {stateLabel(o.refundState)}
              </td>
              <td className="px-3 py-2 text-xs">{o.needsAction ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderList() {
  const [params, setParams] = useSearchParams();
  const list = useOrderList(params);
  const set = (key: OrderFilterKey, value: string) =>
    setParams(withFilter(params, key, value), { replace: true });
  return (
    <>
      <PageHeading title="Orders">Every order, newest first. Open one to act on it.</PageHeading>
      <div className="flex flex-col gap-4">
        <FilterBar params={params} set={set} />
        <div className="flex flex-wrap items-center gap-3">
          <ExportButton
            load={(api) => api.exportOrders(orderQueryString(params))}
            baseName="rangrez-orders"
          />
          <Link to="/admin/needs-action" className={secondaryButtonClass}>
            Needs action
          </Link>
        </div>
        {list.error ? <Notice notice={{ kind: 'error', text: list.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {list.loading && list.orders.length === 0
            ? 'Loading orders…'
            : `${list.orders.length.toLocaleString('en-IN')} ${list.orders.length === 1 ? 'order' : 'orders'} shown${list.hasMore ? ', more to load' : ''}`}
        </p>
        {list.orders.length > 0 ? <OrderRows orders={list.orders} /> : null}
        {list.more.error ? <Notice notice={{ kind: 'error', text: list.more.error }} /> : null}
        {list.hasMore ? (
          <button
            type="button"
            onClick={() => void list.loadMore()}
            disabled={list.more.busy}
            className={`${secondaryButtonClass} self-center`}
          >
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}
