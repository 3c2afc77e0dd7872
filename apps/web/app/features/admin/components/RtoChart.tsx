// The RTO report's chart (docs/admin.md#rto): the share of parcels returned to origin, week by week. Loaded lazily
// from the report alone, with the dashboard's uPlot chart, so neither reaches any other page. The numbers are in
// the table beside it for screen readers.
import type { AdminRtoReport } from '@rangrez/contract/schemas/cod';
import type uPlot from 'uplot';
import { Chart } from './DashboardCharts';

/** A week's Monday 'YYYY-MM-DD' as uPlot's x value, at noon UTC so every time zone draws it on its own day. */
const weekToSeconds = (week: string) => Date.parse(`${week}T12:00:00Z`) / 1000;

const OPTIONS: Omit<uPlot.Options, 'width' | 'height'> = {
  scales: { x: { time: true }, y: { range: [0, 100] } },
  series: [{}, { label: 'RTO rate (%)', stroke: '#c2410c', width: 2 }],
  axes: [{}, {}],
};

export function RtoChart({ report }: { report: AdminRtoReport }) {
  const data: uPlot.AlignedData = [
    report.byWeek.map((w) => weekToSeconds(w.week)),
    report.byWeek.map((w) => w.rate),
  ];
  return <Chart title="RTO rate by week (%)" options={OPTIONS} data={data} />;
}
