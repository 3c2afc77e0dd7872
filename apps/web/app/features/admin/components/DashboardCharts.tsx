// The dashboard's charts, drawn with uPlot (the canvas chart library the slide statistics already use). Loaded
// lazily from the owner's dashboard alone, so neither uPlot nor these charts reach a shop page or any other
// back-office page. Recharts was tried first: its CommonJS dependencies made the bundler export one more helper
// from the framework chunk every shop page loads, which changed the shop's files (docs/decisions/025). The canvases
// are hidden from screen readers: the same numbers are in the tables beside them (DashboardTables).
import type { AdminDashboardResponse, DashboardRanked } from '@rangrez/contract/schemas/admin-dashboard';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { canvasCanDraw } from './canvas';

const HEIGHT = 240;
const INK = '#1d4ed8';
const SECOND = '#c2410c';

/** A day 'YYYY-MM-DD' as uPlot's x value: seconds, at noon UTC so every time zone draws it on its own day. */
const dayToSeconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

export function Chart({
  title,
  options,
  data,
}: {
  title: string;
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || !canvasCanDraw()) return;
    let chart: uPlot | null = null;
    const width = () => Math.max(280, target.clientWidth || 560);
    try {
      chart = new uPlot({ ...options, width: width(), height: HEIGHT }, data, target);
    } catch {
      // A browser without canvas: the tables have the same numbers.
    }
    // Drawn again at the box's width when it changes (a phone turned, a window narrowed).
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart?.setSize({ width: width(), height: HEIGHT }));
    resized?.observe(target);
    return () => {
      resized?.disconnect();
      chart?.destroy();
    };
  }, [options, data]);
  return (
    // min-w-0: a grid item would otherwise grow to the canvas and push the page sideways on a phone.
    <figure
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-black/10 bg-white p-4"
      aria-hidden="true"
    >
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div ref={box} className="w-full overflow-x-auto" />
    </figure>
  );
}

function barsOptions(
  rows: DashboardRanked[],
  label: string,
  color: string,
): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    scales: { x: { time: false, range: [-0.5, Math.max(0.5, rows.length - 0.5)] } },
    series: [
      {},
      {
        label,
        fill: color,
        stroke: color,
        paths: uPlot.paths.bars!({ size: [0.6, 64] }),
        points: { show: false },
      },
    ],
    axes: [
      {
        splits: () => rows.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => rows[i]?.label ?? ''),
      },
      {},
    ],
    legend: { show: false },
  };
}

function Bars({
  title,
  rows,
  pick,
  color = INK,
}: {
  title: string;
  rows: DashboardRanked[];
  pick: 'amount' | 'count';
  color?: string;
}) {
  const data: uPlot.AlignedData = [rows.map((_, i) => i), rows.map((r) => r[pick])];
  return <Chart title={title} options={barsOptions(rows, title, color)} data={data} />;
}

function daysOptions(): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    scales: { x: { time: true } },
    series: [
      {},
      { label: 'Sales (₹)', stroke: INK, width: 2 },
      { label: 'Orders', stroke: SECOND, width: 2, dash: [4, 4], scale: 'orders' },
    ],
    axes: [{}, {}, { scale: 'orders', side: 1, grid: { show: false } }],
  };
}

export function DashboardCharts({ answer }: { answer: AdminDashboardResponse }) {
  const days: uPlot.AlignedData = [
    answer.days.map((d) => dayToSeconds(d.day)),
    answer.days.map((d) => d.sales),
    answer.days.map((d) => d.orders),
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Chart title="Sales and orders per day" options={daysOptions()} data={days} />
      <Bars title="Top products (₹)" rows={answer.topProducts} pick="amount" />
      <Bars title="Top sizes (units)" rows={answer.topSizes} pick="count" />
      <Bars title="Sales by state (₹)" rows={answer.states} pick="amount" />
      <Bars title="Payment methods (orders)" rows={answer.paymentMethods} pick="count" color={SECOND} />
      <Bars title="Refund reasons (₹)" rows={answer.refundReasons} pick="amount" color={SECOND} />
      <Bars title="Return reasons (requests)" rows={answer.returnReasons} pick="count" color={SECOND} />
    </div>
  );
}
