// A slide's last 30 days (GET /admin/slides/{id}/stats): a chart, loaded only when a slide's page opens, and the
// same numbers as a table, which is what a screen reader reads (docs/admin.md#hero-slides).
import type { AdminSlideStatsResponse } from '@rangrez/contract/schemas/admin-slides';
import { Suspense, lazy, useCallback } from 'react';
import type { AdminApi } from '../api';
import { useAdminData } from '../use-admin-data';
import { type DayColumn, DaysTable, whole } from './DaysTable';
import { Notice } from './ui';

const SlideChart = lazy(() => import('./SlideChart').then((m) => ({ default: m.SlideChart })));

const percent = (ctr: number) =>
  `${(ctr * 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

const STATS_COLUMNS: ReadonlyArray<DayColumn<AdminSlideStatsResponse['totals']>> = [
  { heading: 'Impressions', value: (f) => whole(f.impressions) },
  { heading: 'Clicks', value: (f) => whole(f.clicks) },
  { heading: 'Click-through rate', value: (f) => percent(f.ctr) },
];

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
          <DaysTable
            label="Daily counts"
            caption={`Impressions, clicks and click-through rate per day, ${stats.from} to ${stats.to}`}
            days={stats.days}
            totals={stats.totals}
            columns={STATS_COLUMNS}
          />
        </>
      ) : error ? null : (
        <p role="status">Loading the counts…</p>
      )}
    </section>
  );
}
