// /admin/returns (orders:read): defect returns, the open ones first, filtered by state, newest first, a page at a
// time; each opens its return page (docs/admin.md#returns).
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, RETURN_STATUSES } from '@rangrez/contract/rules/returns';
import type { AdminReturnRow } from '@rangrez/contract/schemas/returns';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { RequirePermission } from './RequirePermission';
import { ColumnHeads, Notice, PageHeading, SelectField, secondaryButtonClass } from './ui';

const FILTERS = [
  ['open', 'Open (needs a decision or a resolution)'],
  ['', 'All'],
  ...RETURN_STATUSES.map((s) => [s, RETURN_STATUS_LABELS[s]]),
] as const;

export function ReturnsPage() {
  return (
    <RequirePermission permission="orders:read">
      <ReturnList />
    </RequirePermission>
  );
}

interface Loaded {
  key: string;
  rows: AdminReturnRow[];
  next: string | null;
  error?: string;
}

function ReturnList() {
  const { api } = useAdminSession();
  const [state, setState] = useState('open');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    const query = state ? `state=${state}` : '';
    api.returns(query).then(
      (page) => live && setLoaded({ key: state, rows: page.returns, next: page.nextCursor }),
      (error: unknown) => live && setLoaded({ key: state, rows: [], next: null, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, state]);

  const current = loaded?.key === state ? loaded : null;
  async function more() {
    if (!current?.next) return;
    const params = new URLSearchParams({ cursor: current.next, ...(state ? { state } : {}) });
    const page = await api.returns(params.toString());
    setLoaded({ ...current, rows: [...current.rows, ...page.returns], next: page.nextCursor });
  }

  return (
    <>
      <PageHeading title="Returns">
        Defect returns shoppers asked for: approve or reject, then reprint or refund.
      </PageHeading>
      <div className="flex flex-col gap-4">
        <div className="max-w-sm">
          <SelectField
            id="return-state"
            label="Show"
            value={state}
            onChange={(e) => setState(e.currentTarget.value)}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        {current?.error ? <Notice notice={{ kind: 'error', text: current.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {current
            ? `${current.rows.length}${current.next ? '+' : ''} ${current.rows.length === 1 ? 'return' : 'returns'}`
            : 'Loading returns…'}
        </p>
        {current && current.rows.length > 0 ? <ReturnTable rows={current.rows} /> : null}
        {current?.next ? (
          <button type="button" className={`${secondaryButtonClass} self-start`} onClick={() => void more()}>
            Show more
          </button>
        ) : null}
      </div>
    </>
  );
}

const RETURN_HEADINGS = ['Order', 'Customer', 'Reason', 'Status', 'Asked'];

function ReturnTable({ rows }: { rows: AdminReturnRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <ColumnHeads headings={RETURN_HEADINGS} />
        <tbody>
          {rows.map((r) => (
            <tr key={r._id} className="border-b border-black/5">
              <td className="py-2 pr-3">
                <Link to={`/admin/returns/${r._id}`} className="font-semibold underline underline-offset-2">
                  {r.orderId}
                </Link>
              </td>
              <td className="py-2 pr-3">{r.customer}</td>
              <td className="py-2 pr-3">{RETURN_REASON_LABELS[r.reason]}</td>
              <td className="py-2 pr-3">{RETURN_STATUS_LABELS[r.status]}</td>
              <td className="py-2 pr-3">{new Date(r.createdAt).toLocaleString('en-IN')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
