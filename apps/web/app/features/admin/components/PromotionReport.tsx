// A promotion's last 30 days in India (GET /admin/promotions/{id}/report): redemptions, revenue and discount per
// day as bars, and the same numbers as a table, which is what a screen reader reads (the drawings are hidden from
// it). Plain SVG: three small charts cost no library.
import { formatINR } from '@rangrez/contract/rules/money';
import type { AdminPromotionReportResponse } from '@rangrez/contract/schemas/admin-promotions';
import { useCallback } from 'react';
import type { AdminApi } from '../api';
import { useAdminData } from '../use-admin-data';
import { type DayColumn, DaysTable, whole } from './DaysTable';
import { Notice } from './ui';

type Day = AdminPromotionReportResponse['days'][number];

const WIDTH = 600;
const HEIGHT = 120;

function Bars({ title, days, pick }: { title: string; days: Day[]; pick: (d: Day) => number }) {
  const top = Math.max(1, ...days.map(pick));
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <figure className="flex flex-col gap-1" aria-hidden="true">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-28 w-full"
        preserveAspectRatio="none"
        role="presentation"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#d4d4d4" />
        {days.map((d, i) => {
          const h = (pick(d) / top) * (HEIGHT - 4);
          return (
            <rect
              key={d.day}
              x={i * slot + slot * 0.15}
              y={HEIGHT - h}
              width={slot * 0.7}
              height={h}
              fill="#1d4ed8"
            />
          );
        })}
      </svg>
    </figure>
  );
}

type Figures = AdminPromotionReportResponse['totals'];

const REPORT_COLUMNS: ReadonlyArray<DayColumn<Figures>> = [
  { heading: 'Redemptions', value: (f) => whole(f.redemptions) },
  { heading: 'Revenue', value: (f) => formatINR(f.revenue) },
  { heading: 'Discount', value: (f) => formatINR(f.discount) },
];

export function PromotionReport({ id }: { id: string }) {
  const load = useCallback((api: AdminApi) => api.promotionReport(id), [id]);
  const { data: report, error } = useAdminData(load);
  return (
    <section
      aria-labelledby="promotion-report"
      className="mb-8 flex flex-col gap-4 rounded-xl border border-black/10 bg-white p-4"
    >
      <h2 id="promotion-report" className="text-lg font-bold">
        Last 30 days
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {report ? (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <Bars title="Redemptions" days={report.days} pick={(d) => d.redemptions} />
            <Bars title="Revenue" days={report.days} pick={(d) => d.revenue} />
            <Bars title="Discount given" days={report.days} pick={(d) => d.discount} />
          </div>
          <DaysTable
            label="Redemptions per day"
            caption={`Redemptions, revenue and discount per day in India, ${report.from} to ${report.to}`}
            days={report.days}
            totals={report.totals}
            columns={REPORT_COLUMNS}
          />
        </>
      ) : error ? null : (
        <p role="status">Loading the report…</p>
      )}
    </section>
  );
}
