// The dashboard's charts, drawn with Recharts. Loaded lazily from the owner's dashboard alone, so the library never
// reaches a shop page or any other back-office page (docs/decisions/025). The drawings are hidden from screen
// readers: the same numbers are in the tables beside them (DashboardTables).
import type { AdminDashboardResponse } from '@rangrez/contract/schemas/admin-dashboard';
import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const INK = '#1d4ed8';
const SECOND = '#c2410c';
const SLICES = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce'];

function Frame({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="flex flex-col gap-2 rounded-xl border border-black/10 bg-white p-4" aria-hidden="true">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function Ranked({
  title,
  rows,
  pick,
}: {
  title: string;
  rows: AdminDashboardResponse['topProducts'];
  pick: 'amount' | 'count';
}) {
  return (
    <Frame title={title}>
      <BarChart data={rows} layout="vertical" margin={{ left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" />
        <YAxis type="category" dataKey="label" width={120} />
        <Tooltip />
        <Bar dataKey={pick} fill={INK} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function DashboardCharts({ answer }: { answer: AdminDashboardResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Frame title="Sales and orders per day">
        <LineChart data={answer.days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis yAxisId="sales" />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="sales"
            dataKey="sales"
            name="Sales (₹)"
            stroke={INK}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            stroke={SECOND}
            strokeDasharray="4 2"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </Frame>
      <Ranked title="Top products (₹)" rows={answer.topProducts} pick="amount" />
      <Ranked title="Top sizes (units)" rows={answer.topSizes} pick="count" />
      <Ranked title="Sales by state (₹)" rows={answer.states} pick="amount" />
      <Frame title="Payment methods (orders)">
        <PieChart>
          <Pie data={answer.paymentMethods} dataKey="count" nameKey="label" isAnimationActive={false} label>
            {answer.paymentMethods.map((m, i) => (
              <Cell key={m.key} fill={SLICES[i % SLICES.length]} />
            ))}
          </Pie>
          <Legend />
          <Tooltip />
        </PieChart>
      </Frame>
      <Ranked title="Refund reasons (₹)" rows={answer.refundReasons} pick="amount" />
      <Ranked title="Return reasons (requests)" rows={answer.returnReasons} pick="count" />
    </div>
  );
}
