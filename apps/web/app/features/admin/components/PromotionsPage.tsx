// /admin/promotions (promotions:read): every promotion, newest first, filtered by status and found by code or
// title; each opens its page (docs/admin.md#promotions).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminPromotion } from '@rangrez/contract/schemas/admin-promotions';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminApi } from '../api';
import {
  PROMOTION_STATUSES,
  PROMOTION_STATUS_LABELS,
  type PromotionStatus,
  budgetText,
  howText,
  offerText,
  promotionMatches,
  promotionStatus,
  usedText,
  windowText,
} from '../promotion-display';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { RequirePermission } from './RequirePermission';
import { ColumnHeads, Notice, PageHeading, SelectField, TextField, buttonClass } from './ui';

const loadPromotions = (api: AdminApi) => api.promotions().then((answer) => answer.promotions);

export function PromotionsPage() {
  return (
    <RequirePermission permission="promotions:read">
      <PromotionList />
    </RequirePermission>
  );
}

function PromotionList() {
  const { staff } = useAdminSession();
  const { data, error } = useAdminData(loadPromotions);
  const [status, setStatus] = useState<PromotionStatus | ''>('');
  const [query, setQuery] = useState('');
  // The moment the page opened: statuses do not shift under the reader while they filter.
  const [now] = useState(() => Date.now());
  const rows = (data ?? []).filter(
    (p) => (status === '' || promotionStatus(p, now) === status) && promotionMatches(p, query),
  );
  return (
    <>
      <PageHeading title="Promotions">
        Codes, automatic offers and batches of single-use codes. Open one to edit it, switch it off or see
        what it has given.
      </PageHeading>
      <div className="flex flex-col gap-4">
        {roleCan(staff.role, 'promotions:write') ? (
          <Link to="/admin/promotions/new" className={`${buttonClass} self-start`}>
            New promotion
          </Link>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="promotion-search"
            label="Search by code or title"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <SelectField
            id="promotion-status"
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as PromotionStatus | '')}
          >
            <option value="">All</option>
            {PROMOTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PROMOTION_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {data ? `${rows.length} ${rows.length === 1 ? 'promotion' : 'promotions'}` : 'Loading promotions…'}
        </p>
        {rows.length > 0 ? <PromotionTable rows={rows} now={now} /> : null}
      </div>
    </>
  );
}

const HEADINGS = ['Title', 'Code', 'Offer', 'Status', 'Used / limit', 'Budget used', 'Window'];

function PromotionTable({ rows, now }: { rows: AdminPromotion[]; now: number }) {
  return (
    <div role="region" aria-label="Promotions" tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <ColumnHeads headings={HEADINGS} />
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-b border-black/5">
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link to={`/admin/promotions/${p.id}`} className="font-semibold underline underline-offset-2">
                  {p.title || howText(p)}
                </Link>
              </th>
              <td className="py-2 pr-3">{howText(p)}</td>
              <td className="py-2 pr-3">{offerText(p)}</td>
              <td className="py-2 pr-3">{PROMOTION_STATUS_LABELS[promotionStatus(p, now)]}</td>
              <td className="py-2 pr-3 tabular-nums">{usedText(p)}</td>
              <td className="py-2 pr-3 tabular-nums">{budgetText(p)}</td>
              <td className="py-2 pr-3">{windowText(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
