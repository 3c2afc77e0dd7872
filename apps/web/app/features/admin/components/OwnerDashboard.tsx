// The owner's figures on /admin (reports:read; docs/admin.md#dashboard): a range of India days, the tiles with
// their change against the range before it in words, and the charts (loaded lazily: Recharts stays out of every
// other page) with their numbers as tables for screen readers.
import { DASHBOARD_TILES, type AdminDashboardResponse } from '@rangrez/contract/schemas/admin-dashboard';
import { type FormEvent, Suspense, lazy, useCallback, useState } from 'react';
import type { AdminApi } from '../api';
import { TILE_SPECS, indiaToday, lastDays, tileChange, tileValue } from '../dashboard-display';
import { useAdminData } from '../use-admin-data';
import { DashboardTables } from './DashboardTables';
import { Notice, secondaryButtonClass } from './ui';

const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

const PRESETS = [7, 30, 90, 365];
const ARROWS = { up: '▲', down: '▼', same: '■' } as const;

function Tiles({ answer }: { answer: AdminDashboardResponse }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Figures">
      {DASHBOARD_TILES.map((name) => {
        const spec = TILE_SPECS[name];
        const tile = answer.tiles[name];
        const change = tileChange(name, tile);
        const tone =
          change.good === null ? 'text-neutral-600' : change.good ? 'text-green-800' : 'text-red-800';
        return (
          <li key={name} className="rounded-xl border border-black/10 bg-white p-4">
            <span className="block text-sm text-neutral-600">{spec.label}</span>
            <span className="mt-1 block text-2xl font-bold tabular-nums">
              {tileValue(spec.kind, tile.value)}
            </span>
            <span className={`mt-1 block text-sm ${tone}`}>
              {change.direction === 'none' ? null : (
                <span aria-hidden="true">{ARROWS[change.direction]} </span>
              )}
              {change.text}
              <span className="sr-only">
                {' '}
                against {tileValue(spec.kind, tile.previous)} in the previous period
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RangePicker({
  range,
  onChange,
}: {
  range: { from: string; to: string };
  onChange: (r: { from: string; to: string }) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({ from: String(form.get('from')), to: String(form.get('to')) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Range">
      {PRESETS.map((days) => (
        <button
          key={days}
          type="button"
          className={secondaryButtonClass}
          onClick={() => onChange(lastDays(days, indiaToday()))}
        >
          Last {days} days
        </button>
      ))}
      <label className="flex flex-col text-sm">
        From
        <input
          key={`from-${range.from}`}
          name="from"
          type="date"
          defaultValue={range.from}
          required
          className="rounded-md border border-black/20 px-2 py-1"
        />
      </label>
      <label className="flex flex-col text-sm">
        To
        <input
          key={`to-${range.to}`}
          name="to"
          type="date"
          defaultValue={range.to}
          required
          className="rounded-md border border-black/20 px-2 py-1"
        />
      </label>
      <button type="submit" className={secondaryButtonClass}>
        Show
      </button>
    </form>
  );
}

export function OwnerDashboard() {
  const [range, setRange] = useState(() => lastDays(30, indiaToday()));
  const load = useCallback((api: AdminApi) => api.dashboard(range.from, range.to), [range]);
  const { data: answer, error, loading } = useAdminData(load);
  return (
    // Contained (relative, so the visually hidden tables are too): nothing in it may push a phone's page sideways.
    <section
      aria-labelledby="owner-dashboard"
      className="relative mb-8 flex min-w-0 flex-col gap-4 overflow-x-auto"
    >
      <h2 id="owner-dashboard" className="text-lg font-semibold">
        Sales, {range.from} to {range.to}
      </h2>
      <RangePicker range={range} onChange={setRange} />
      <p role="status" className="text-sm text-neutral-600">
        {loading
          ? 'Loading the figures…'
          : answer
            ? `Compared with ${answer.previousFrom} to ${answer.previousTo}`
            : ''}
      </p>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {answer ? (
        <>
          <Tiles answer={answer} />
          <DashboardTables answer={answer} />
          <Suspense fallback={null}>
            <DashboardCharts answer={answer} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
