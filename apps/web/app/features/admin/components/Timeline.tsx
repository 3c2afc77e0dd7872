// One entity's own audit entries, newest first (a product's, a slide's, a staff member's): when, who, what, and
// each field before and after. The page loads them from the entity's timeline call (docs/admin.md#audit-trail);
// until they arrive, or if they cannot, the list says so in its place.
import type { AuditEntry } from '@rangrez/contract/schemas/admin';
import { useId } from 'react';
import { formatDateTime } from '../format';
import { Changes } from './AuditChanges';
import { Notice } from './ui';

interface TimelineProps {
  /** Undefined while they load. */
  entries: AuditEntry[] | undefined;
  /** The list's accessible name: 'Changes to this product'. */
  label: string;
  error?: string | undefined;
}

/** The entries alone, for a place that has its own heading (a staff member's disclosure). */
export function TimelineEntries({ entries, label, error }: TimelineProps) {
  if (error) return <Notice notice={{ kind: 'error', text: error }} />;
  if (!entries) return <p role="status">Loading the timeline…</p>;
  if (entries.length === 0) return <p className="text-sm text-neutral-600">No changes recorded yet.</p>;
  return (
    <ol aria-label={label} className="flex flex-col divide-y divide-black/10">
      {entries.map((entry) => (
        <li key={entry._id} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <div className="min-w-0 text-sm">
            <time dateTime={entry.at} className="block font-semibold">
              {formatDateTime(entry.at)}
            </time>
            <span className="block break-all text-neutral-700">{entry.actor}</span>
            <code className="text-xs">{entry.action}</code>
          </div>
          <div className="min-w-0 break-words">
            <Changes before={entry.before} after={entry.after} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The entries as a section of the entity's page, under the heading "Timeline". */
export function Timeline(props: TimelineProps) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="rounded-xl border border-black/10 bg-white p-4 sm:p-6">
      <h2 id={heading} className="mb-4 text-lg font-semibold">
        Timeline
      </h2>
      <TimelineEntries {...props} />
    </section>
  );
}
