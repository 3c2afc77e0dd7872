// A report's days as a table with a totals row: what a screen reader reads of a chart of days (the drawings are
// hidden from it). The promotion report and the slides' statistics use it.
import type { ReactNode } from 'react';

/** '2026-11-26' as '26 Nov': the day is an India calendar date, so it is formatted as the date it names. */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A count the Indian way: 1,23,456. */
export const whole = (n: number) => n.toLocaleString('en-IN');

export interface DayColumn<Figures> {
  heading: string;
  value: (figures: Figures) => string;
}

export function DaysTable<Figures>({
  label,
  caption,
  days,
  totals,
  columns,
}: {
  /** The scrolling region's name. */
  label: string;
  caption: string;
  days: ReadonlyArray<Figures & { day: string }>;
  totals: Figures;
  columns: ReadonlyArray<DayColumn<Figures>>;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative max-h-96 overflow-auto">
      <table className="w-full border-collapse bg-white text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white">
          <tr className="border-b border-black/10">
            <th scope="col" className="p-2 text-left">
              Day
            </th>
            {columns.map((c) => (
              <th key={c.heading} scope="col" className="p-2 text-right">
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <FiguresRow key={d.day} className="border-b border-black/5" figures={d} columns={columns}>
              <th scope="row" className="p-2 text-left font-normal">
                <time dateTime={d.day}>{dayLabel(d.day)}</time>
              </th>
            </FiguresRow>
          ))}
        </tbody>
        <tfoot>
          <FiguresRow className="font-semibold" figures={totals} columns={columns}>
            <th scope="row" className="p-2 text-left">
              Total
            </th>
          </FiguresRow>
        </tfoot>
      </table>
    </div>
  );
}

/** A row: its heading cell, then one figure per column. */
function FiguresRow<Figures>({
  className,
  figures,
  columns,
  children,
}: {
  className: string;
  figures: Figures;
  columns: ReadonlyArray<DayColumn<Figures>>;
  children: ReactNode;
}) {
  return (
    <tr className={className}>
      {children}
      {columns.map((c) => (
        <td key={c.heading} className="p-2 text-right tabular-nums">
          {c.value(figures)}
        </td>
      ))}
    </tr>
  );
}
