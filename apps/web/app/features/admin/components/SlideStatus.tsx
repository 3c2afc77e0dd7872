// A slide's standing now and its window, in words: the list and the editor say the same.
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import { formatDateTime } from '../format';

const STATUS: Record<AdminSlide['status'], { label: string; className: string }> = {
  live: { label: 'Live', className: 'bg-emerald-100 text-emerald-900' },
  scheduled: { label: 'Scheduled', className: 'bg-sky-100 text-sky-900' },
  ended: { label: 'Ended', className: 'bg-neutral-200 text-neutral-800' },
  off: { label: 'Off', className: 'bg-amber-100 text-amber-900' },
};

export function StatusBadge({ status }: { status: AdminSlide['status'] }) {
  const { label, className } = STATUS[status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

export function windowText({ startsAt, endsAt }: Pick<AdminSlide, 'startsAt' | 'endsAt'>): string {
  if (!startsAt && !endsAt) return 'Always, while on';
  if (!endsAt) return `From ${formatDateTime(startsAt ?? '')}`;
  if (!startsAt) return `Until ${formatDateTime(endsAt)}`;
  return `${formatDateTime(startsAt)} to ${formatDateTime(endsAt)}`;
}
