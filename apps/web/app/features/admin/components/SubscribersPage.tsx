// /admin/subscribers (subscribers:read): the newsletter's subscribers, newest first, searched by address and
// filtered by status, with their consent dates and welcome code; the filtered set exports as CSV
// (docs/admin.md#subscribers).
import type { AdminSubscriber, AdminSubscriberList } from '@rangrez/contract/schemas/newsletter';
import { useEffect, useState } from 'react';
import { subscriberQueryString } from '../api-subscribers';
import { errorText } from '../api';
import { formatDateTime } from '../format';
import { useAdminSession } from '../session';
import { useDebouncedValue } from '../use-debounced-value';
import { ExportButton } from './ExportButton';
import { RequirePermission } from './RequirePermission';
import { ColumnHeads, Notice, PageHeading, SelectField, TextField, secondaryButtonClass } from './ui';

const STATUS_LABELS: Record<AdminSubscriber['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};
const SEARCH_DELAY_MS = 300;

export function SubscribersPage() {
  return (
    <RequirePermission permission="subscribers:read">
      <SubscriberList />
    </RequirePermission>
  );
}

interface Loaded {
  key: string;
  list: AdminSubscriberList | null;
  error?: string;
}

function useSubscribers(query: string) {
  const { api } = useAdminSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    api.subscribers(query).then(
      (list) => live && setLoaded({ key: query, list }),
      (error: unknown) => live && setLoaded({ key: query, list: null, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, query]);
  const current = loaded?.key === query ? loaded : null;
  async function more(filters: { q: string; status: string }) {
    if (!current?.list) return;
    const next = await api.subscribers(subscriberQueryString(filters, current.list.subscribers.length));
    setLoaded({
      ...current,
      list: { ...current.list, subscribers: [...current.list.subscribers, ...next.subscribers] },
    });
  }
  return { current, more };
}

function SubscriberList() {
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const query = subscriberQueryString({ q, status });
  const { current, more } = useSubscribers(query);
  const list = current?.list;
  return (
    <>
      <PageHeading title="Subscribers">
        The newsletter's subscribers: when they agreed, whether they confirmed, and their welcome code.
      </PageHeading>
      <div className="flex flex-col gap-4">
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <TextField
            id="subscriber-search"
            label="Search e-mail"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <SelectField
            id="subscriber-status"
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
          >
            <option value="">All</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="self-start">
          <ExportButton load={(api) => api.exportSubscribers(query)} baseName="rangrez-subscribers" />
        </div>
        {current?.error ? <Notice notice={{ kind: 'error', text: current.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {list
            ? `${list.total} ${list.total === 1 ? 'subscriber' : 'subscribers'}`
            : current
              ? ''
              : 'Loading subscribers…'}
        </p>
        {list && list.subscribers.length > 0 ? <SubscriberTable rows={list.subscribers} /> : null}
        {list && list.subscribers.length < list.total ? (
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => void more({ q, status })}
          >
            Show more
          </button>
        ) : null}
      </div>
    </>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function codeText(s: AdminSubscriber): string {
  if (s.code === null) return '—';
  return `${s.code} (${s.codeUsed ? 'used' : 'not used'})`;
}

function SubscriberTable({ rows }: { rows: AdminSubscriber[] }) {
  const headings = ['E-mail', 'Status', 'Agreed', 'Confirmed', 'Unsubscribed', 'Welcome code'];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <ColumnHeads headings={headings} />
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} className="border-b border-black/5">
              <th scope="row" className="py-2 pr-3 font-medium">
                {s.email}
              </th>
              <td className="py-2 pr-3">{STATUS_LABELS[s.status]}</td>
              <td className="py-2 pr-3">
                {when(s.consentedAt)}
                {s.source === 'signup' ? ' (sign-up)' : ''}
              </td>
              <td className="py-2 pr-3">{when(s.confirmedAt)}</td>
              <td className="py-2 pr-3">{when(s.unsubscribedAt)}</td>
              <td className="py-2 pr-3 font-mono">{codeText(s)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
