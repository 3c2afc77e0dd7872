// /admin/needs-action (orders:read): what waits for a person (docs/admin.md#the-needs-action-queue), oldest first,
// each entry saying what happened with the actions that resolve it: pages open, calls ask first.
import type { NeedsActionEntry } from '@rangrez/contract/schemas/admin-orders-desk';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminApi } from '../api';
import { formatDateTime } from '../format';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { ActionDialog } from './ActionDialog';
import { RequirePermission } from './RequirePermission';
import { type NoticeState, Notice, PageHeading, TextAreaField } from './ui';

const loadQueue = (api: AdminApi) => api.needsAction();

export function NeedsActionPage() {
  return (
    <RequirePermission permission="orders:read">
      <Queue />
    </RequirePermission>
  );
}

type Action = NeedsActionEntry['actions'][number];

/** A call of the queue that needs words from the member (a refund's or a cancellation's reason). */
const needsReason = (path: string) => /\/(refunds?|cancel)$/.test(path);

function CallAction({ action, done }: { action: Action; done: (n: NoticeState) => void }) {
  const { api } = useAdminSession();
  const [reason, setReason] = useState('');
  const asks = needsReason(action.path);
  return (
    <ActionDialog
      label={action.label}
      title={`${action.label}?`}
      confirmLabel={action.label}
      onConfirm={async () => {
        const answer = await api.post(action.path, asks ? { reason } : undefined);
        done({ kind: 'success', text: answer.message ?? 'Done' });
      }}
    >
      {asks ? (
        <TextAreaField
          id={`reason-${action.path}`}
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : undefined}
    </ActionDialog>
  );
}

function EntryActions({ entry, done }: { entry: NeedsActionEntry; done: (n: NoticeState) => void }) {
  const { staff } = useAdminSession();
  const mayAct = roleCan(staff.role, 'orders:write') || roleCan(staff.role, 'refunds:write');
  return (
    <div className="flex flex-wrap gap-2">
      {entry.actions.map((action) =>
        action.method === 'GET' ? (
          <Link
            key={action.path}
            to={action.path}
            className="inline-flex min-h-11 items-center rounded-lg border border-black/20 bg-white px-3 text-sm font-semibold"
          >
            {action.label}
          </Link>
        ) : mayAct ? (
          <CallAction key={action.path} action={action} done={done} />
        ) : null,
      )}
    </div>
  );
}

function Queue() {
  const queue = useAdminData(loadQueue);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const done = (n: NoticeState) => {
    setNotice(n);
    queue.reload();
  };
  const entries = queue.data ?? [];
  return (
    <>
      <PageHeading title="Needs action">
        Partner refusals, cancellations to make at the partner, money owed, dead webhooks, return requests and
        late cash-on-delivery parcels, oldest first.
      </PageHeading>
      <div className="flex flex-col gap-4">
        <Notice notice={notice} />
        {queue.error ? <Notice notice={{ kind: 'error', text: queue.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {queue.loading && !queue.data
            ? 'Loading…'
            : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`}
        </p>
        <ul aria-label="Needs action" aria-busy={queue.loading || undefined} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li
              key={`${entry.kind}-${entry.orderId ?? entry.paymentId ?? entry.webhookId ?? entry.returnId}`}
              className="flex flex-col gap-2 rounded-xl border border-black/10 bg-white p-4"
            >
              <p className="font-semibold">{entry.what}</p>
              <p className="text-sm text-neutral-700">Since {formatDateTime(entry.since)}</p>
              <EntryActions entry={entry} done={done} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
