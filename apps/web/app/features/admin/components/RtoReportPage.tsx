// /admin/rto (orders:read; docs/admin.md#rto): of the orders placed in a range of India days that reached the
// courier, how many came back to origin, by PIN code, by state and by week (a chart, loaded lazily), and the
// returned orders with the partner's word, each linking to its order page.
import type { AdminRtoReport } from '@rangrez/contract/schemas/cod';
import { type FormEvent, Suspense, lazy, useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { AdminApi } from '../api';
import { indiaToday, lastDays } from '../dashboard-display';
import { formatINR } from '@rangrez/contract/rules/money';
import { formatDateTime } from '../format';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, PageHeading, secondaryButtonClass } from './ui';

const RtoChart = lazy(() => import('./RtoChart').then((m) => ({ default: m.RtoChart })));

/** Twelve weeks, as the server's default. */
const DEFAULT_DAYS = 84;

export function RtoReportPage() {
  return (
    <RequirePermission permission="orders:read">
      <RtoReport />
    </RequirePermission>
  );
}

function RtoReport() {
  const [range, setRange] = useState(() => lastDays(DEFAULT_DAYS, indiaToday()));
  const load = useCallback((api: AdminApi) => api.rtoReport(range.from, range.to), [range]);
  const { data, error, loading } = useAdminData(load);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from')), to: String(form.get('to')) });
  };
  return (
    <>
      <PageHeading title="RTO">
        Parcels returned to origin: of the orders placed in the range that reached the courier, how many came
        back.
      </PageHeading>
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3" aria-label="Range">
        <label className="text-sm font-semibold">
          From
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            className="ml-2 rounded border px-2 py-1"
          />
        </label>
        <label className="text-sm font-semibold">
          To
          <input type="date" name="to" defaultValue={range.to} className="ml-2 rounded border px-2 py-1" />
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </form>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {data ? (
        <Report report={data.report} />
      ) : loading ? (
        <AdminLoading label="Loading the RTO report" />
      ) : null}
    </>
  );
}

type Figures = { shipped: number; rto: number; rate: number };

function FiguresTable<T extends Figures>({
  caption,
  head,
  rows,
  keyOf,
}: {
  caption: string;
  head: string;
  rows: readonly T[];
  keyOf: (row: T) => string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-black/10 bg-white p-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">Shipped</th>
            <th scope="col">RTO</th>
            <th scope="col">Rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} className="border-t border-black/10">
              <th scope="row" className="font-normal">
                {keyOf(row)}
              </th>
              <td>{row.shipped}</td>
              <td>{row.rto}</td>
              <td>{`${row.rate}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report }: { report: AdminRtoReport }) {
  const { total } = report;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg">
        <strong>{`${total.rate}%`}</strong>
        {` returned to origin: ${total.rto} of ${total.shipped} orders that reached the courier.`}
      </p>
      <Suspense fallback={null}>
        <RtoChart report={report} />
      </Suspense>
      <div className="grid gap-4 lg:grid-cols-3">
        <FiguresTable caption="By week" head="Week of" rows={report.byWeek} keyOf={(r) => r.week} />
        <FiguresTable caption="By state" head="State" rows={report.byState} keyOf={(r) => r.state} />
        <FiguresTable
          caption="By PIN code"
          head="PIN code"
          rows={report.byPincode}
          keyOf={(r) => r.pincode}
        />
      </div>
      <section aria-labelledby="rto-orders-heading">
        <h2 id="rto-orders-heading" className="text-lg font-semibold">
          Returned orders
        </h2>
        {report.orders.length === 0 ? (
          <p className="mt-2 text-sm">No order came back in this range.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Payment</th>
                  <th scope="col">PIN code</th>
                  <th scope="col">State</th>
                  <th scope="col">Total</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Returned</th>
                </tr>
              </thead>
              <tbody>
                {report.orders.map((o) => (
                  <tr key={o.orderId} className="border-t border-black/10">
                    <td>
                      <Link to={`/admin/orders/${encodeURIComponent(o.orderNumber)}`} className="underline">
                        {o.orderNumber}
                      </Link>
                    </td>
                    <td>{o.paymentMethod === 'COD' ? 'Cash on Delivery' : 'Online'}</td>
                    <td>{o.pincode}</td>
                    <td>{o.state}</td>
                    <td>{formatINR(o.total)}</td>
                    <td>{o.reason}</td>
                    <td>{formatDateTime(o.returnedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
