// A slide's last 30 days (GET /admin/slides/{id}/stats): a chart, loaded only when a slide's page opens, and the
// same numbers as a table, which is what a screen reader reads (docs/admin.md#hero-slides).
import type { AdminSlideStatsResponse } from '@rangrez/contract/schemas/admin-slides';
import { Suspense, lazy, useCallback } from 'react';
import type { AdminApi } from '../api';
import { useAdminData } from '../use-admin-data';
import { Notice } from './ui';

const SlideChart = lazy(() => import('./SlideChart').then((m) => ({ default: m.SlideChart })));

const percent = (ctr: number) =>
  `${(ctr * 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
const whole = (n: number) => n.toLocaleString('en-IN');
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

function StatsTable({ stats }: { stats: AdminSlideStatsResponse }) {
  const cell = 'p-2 text-right tabular-nums';
  return (
    <div role="region" aria-label="Daily counts" tabIndex={0} className="relative max-h-96 overflow-auto">
      <table className="w-full border-collapse bg-white text-sm">
        <caption className="sr-only">
          Impressions, clicks and click-through rate per day, {stats.from} to {stats.to}
        </caption>
        <thead className="sticky top-0 bg-white">
          <tr className="border-b border-black/10">
            <th scope="col" className="p-2 text-left">
              Day
            </th>
            <th scope="col" className="p-2 text-right">
              Impressions
            </th>
            <th scope="col" className="p-2 text-right">
              Clicks
            </th>
            <th scope="col" className="p-2 text-right">
              Click-through rate
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.days.map((d) => (
            <tr key={d.day} className="border-b border-black/5">
              <th scope="row" className="p-2 text-left font-normal">
                <time dateTime={d.day}>{dayLabel(d.day)}</time>
              </th>
              <td className={cell}>{whole(d.impressions)}</td>
              <td className={cell}>{whole(d.clicks)}</td>
              <td className={cell}>{percent(d.ctr)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="p-2 text-left">
              Total
            </th>
            <td className={cell}>{whole(stats.totals.impressions)}</td>
            <td className={cell}>{whole(stats.totals.clicks)}</td>
            <td className={cell}>{percent(stats.totals.ctr)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function SlideStats({ id }: { id: string }) {
  const load = useCallback((api: AdminApi) => api.slideStats(id), [id]);
  const { data: stats, error } = useAdminData(load);
  return (
    <section
      aria-labelledby="slide-stats"
      className="mt-8 flex flex-col gap-4 rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="slide-stats" className="text-lg font-bold">
        Last 30 days
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {stats ? (
        <>
          <Suspense fallback={null}>
            <SlideChart days={stats.days} />
          </Suspense>
          <StatsTable stats={stats} />
        </>
      ) : error ? null : (
        <p role="status">Loading the counts…</p>
      )}
    </section>
  );
}
