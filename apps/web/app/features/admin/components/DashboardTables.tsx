// The numbers behind each of the dashboard's charts, as tables for screen readers (the charts are hidden from
// them). Visually hidden: the charts show the same numbers.
import { formatINR } from '@rangrez/contract/rules/money';
import type { AdminDashboardResponse, DashboardRanked } from '@rangrez/contract/schemas/admin-dashboard';

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  // Hidden by a wrapper, not on the table: a table is never narrower than its longest word, so a "1px" table with
  // long product names would still push a phone's page sideways.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const whole = (n: number) => n.toLocaleString('en-IN');
const rankedRows = (rows: DashboardRanked[]) =>
  rows.map((r) => [r.label, whole(r.count), formatINR(r.amount)]);

export function DashboardTables({ answer }: { answer: AdminDashboardResponse }) {
  return (
    <>
      <Table
        caption="Sales and orders per day"
        head={['Day', 'Sales', 'Orders']}
        rows={answer.days.map((d) => [d.day, formatINR(d.sales), whole(d.orders)])}
      />
      <Table
        caption="Top products"
        head={['Product', 'Units', 'Sales']}
        rows={rankedRows(answer.topProducts)}
      />
      <Table caption="Top sizes" head={['Size', 'Units', 'Sales']} rows={rankedRows(answer.topSizes)} />
      <Table caption="Sales by state" head={['State', 'Orders', 'Sales']} rows={rankedRows(answer.states)} />
      <Table
        caption="Payment methods"
        head={['Method', 'Orders', 'Sales']}
        rows={rankedRows(answer.paymentMethods)}
      />
      <Table
        caption="Refund reasons"
        head={['Reason', 'Refunds', 'Amount']}
        rows={rankedRows(answer.refundReasons)}
      />
      <Table
        caption="Return reasons"
        head={['Reason', 'Requests']}
        rows={answer.returnReasons.map((r) => [r.label, whole(r.count)])}
      />
    </>
  );
}
