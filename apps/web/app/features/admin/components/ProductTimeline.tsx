// A product's own audit entries under its form, newest first: when, who, what, and each field before and after.
import type { AuditEntry } from '@rangrez/contract/schemas/admin';
import { formatDateTime } from '../format';
import { Changes } from './AuditChanges';

export function ProductTimeline({ entries }: { entries: AuditEntry[] }) {
  return (
    <section
      aria-labelledby="timeline-heading"
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="timeline-heading" className="mb-4 text-lg font-semibold">
        Timeline
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-neutral-600">No changes recorded yet.</p>
      ) : (
        <ol aria-label="Changes to this product" className="flex flex-col divide-y divide-black/10">
          {entries.map((entry) => (
            <li key={entry._id} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
              <div className="text-sm">
                <time dateTime={entry.at} className="block font-semibold">
                  {formatDateTime(entry.at)}
                </time>
                <span className="block break-all text-neutral-700">{entry.actor}</span>
                <code className="text-xs">{entry.action}</code>
              </div>
              <Changes before={entry.before} after={entry.after} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
