// The slide's daily impressions and clicks, and its click-through rate on a scale of its own, drawn with uPlot
// (a small canvas chart library). This module is loaded lazily from the stats section, so neither uPlot nor its
// stylesheet reaches any page but a slide's in the back office. The numbers are also in a table beside it: the
// canvas itself is hidden from screen readers.
import type { AdminSlideStatsResponse } from '@rangrez/contract/schemas/admin-slides';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { canvasCanDraw } from './canvas';

const HEIGHT = 260;

/** A day 'YYYY-MM-DD' as uPlot's x value: seconds, at noon UTC so every time zone draws it on its own day. */
const dayToSeconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

export function SlideChart({ days }: { days: AdminSlideStatsResponse['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || !canvasCanDraw()) return;
    const data: uPlot.AlignedData = [
      days.map((d) => dayToSeconds(d.day)),
      days.map((d) => d.impressions),
      days.map((d) => d.clicks),
      days.map((d) => d.ctr * 100),
    ];
    let chart: uPlot | null = null;
    try {
      chart = new uPlot(
        {
          width: Math.max(280, target.clientWidth || 640),
          height: HEIGHT,
          scales: { x: { time: true }, pct: { range: [0, 100] } },
          series: [
            {},
            { label: 'Impressions', stroke: '#1d4ed8', width: 2 },
            { label: 'Clicks', stroke: '#e11d48', width: 2 },
            { label: 'CTR %', stroke: '#047857', width: 1, dash: [4, 4], scale: 'pct' },
          ],
          axes: [{}, {}, { scale: 'pct', side: 1, grid: { show: false } }],
        },
        data,
        target,
      );
    } catch {
      // A browser without canvas: the table below has the same numbers.
    }
    return () => chart?.destroy();
  }, [days]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-x-auto" />;
}
