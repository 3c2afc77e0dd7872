// Promise against reality (docs/delivery.md#the-report): per zone, how many delivered orders arrived by their
// promised day and the median days they took, over a range of days the orders were placed in.
import { addDays, indiaDate } from '@rangrez/contract/rules/india-days';
import { DELIVERY_ZONE_LABELS } from '@rangrez/contract/rules/delivery-promise';
import type { DeliveryReport } from '@rangrez/contract/schemas/delivery';
import { type FormEvent, useState } from 'react';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { Notice, TextField, secondaryButtonClass } from './ui';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10}%`);
const daysText = (days: number | null) => (days === null ? '–' : String(days));

/** The goal line, as the report script prints it. */
function goalLine(report: DeliveryReport): string {
  const verdict = report.goalMet === null ? 'no deliveries yet' : report.goalMet ? 'met' : 'not met';
  return `>= ${Math.round(report.goal * 100)}% delivered on or before the promise: ${verdict}`;
}

export function DeliveryReportSection() {
  const { api } = useAdminSession();
  const [to, setTo] = useState(() => indiaDate(new Date()));
  const [from, setFrom] = useState(() => addDays(indiaDate(new Date()), -89));
  const [report, setReport] = useState<DeliveryReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function show(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    try {
      setReport(await api.deliveryReport(from, to));
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <section aria-labelledby="delivery-report" className="mt-10 flex flex-col gap-4">
      <h2 id="delivery-report" className="text-xl font-bold">
        Promise against reality
      </h2>
      <form onSubmit={(e) => void show(e)} className="flex flex-wrap items-end gap-4">
        <TextField id="report-from" label="Orders placed from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField id="report-to" label="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </form>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {report ? <ReportTable report={report} /> : null}
    </section>
  );
}

function ReportTable({ report }: { report: DeliveryReport }) {
  const rows = [
    ...report.zones.map((z) => ({ key: z.zone, label: DELIVERY_ZONE_LABELS[z.zone], row: z })),
    { key: 'overall', label: 'All zones', row: report.overall },
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">{goalLine(report)}</caption>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Delivered</th>
            <th scope="col">On or before the promise</th>
            <th scope="col">Share</th>
            <th scope="col">Median days</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, row }) => (
            <tr key={key} className="border-t border-black/10">
              <th scope="row">{label}</th>
              <td>{row.delivered}</td>
              <td>{row.onTime}</td>
              <td>{percent(row.onTimeShare)}</td>
              <td>{daysText(row.medianDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
