// /admin/promotions/new (promotions:write) and /admin/promotions/:id (promotions:read; changes need
// promotions:write): a promotion's summary, its on/off switch, its form, its batch of single-use codes, what it has
// given per day and the orders that used it (docs/admin.md#promotions).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminPromotion } from '@rangrez/contract/schemas/admin-promotions';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdminApi, errorText } from '../api';
import {
  PROMOTION_STATUS_LABELS,
  budgetText,
  howText,
  offerText,
  promotionStatus,
  usedText,
  windowText,
} from '../promotion-display';
import { EMPTY_PROMOTION_FORM, formFromPromotion } from '../promotion-form';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { PromotionCodes } from './PromotionCodes';
import { PromotionForm } from './PromotionForm';
import { PromotionGstCheck } from './PromotionGstCheck';
import { PromotionOrders } from './PromotionOrders';
import { PromotionReport } from './PromotionReport';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, type NoticeState, PageHeading, secondaryButtonClass } from './ui';

const backLink = (
  <Link to="/admin/promotions" className="text-sm font-semibold underline">
    Back to promotions
  </Link>
);

export function NewPromotionPage() {
  return (
    <RequirePermission permission="promotions:write">
      <NewPromotion />
    </RequirePermission>
  );
}

function NewPromotion() {
  const { api } = useAdminSession();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="New promotion">Amounts in whole rupees; times in India time.</PageHeading>
      <PromotionForm
        initial={EMPTY_PROMOTION_FORM}
        canWrite
        promotion={null}
        onSave={async (body) => {
          const { promotion } = await api.createPromotion(body);
          await navigate(`/admin/promotions/${promotion.id}`);
          return null;
        }}
      />
      <div className="mt-6">{backLink}</div>
    </>
  );
}

export function PromotionEditorPage({ id }: { id: string }) {
  return (
    <RequirePermission permission="promotions:read">
      <PromotionEditor id={id} />
    </RequirePermission>
  );
}

function Summary({ promotion }: { promotion: AdminPromotion }) {
  const [now] = useState(() => Date.now());
  const rows: [string, string][] = [
    ['Offer', offerText(promotion)],
    ['Code', howText(promotion)],
    ['Status', PROMOTION_STATUS_LABELS[promotionStatus(promotion, now)]],
    ['Used / limit', usedText(promotion)],
    ['Budget used', budgetText(promotion)],
    ['Window', windowText(promotion)],
  ];
  return (
    <dl className="mb-6 grid gap-x-6 gap-y-2 rounded-xl border border-black/10 bg-white p-4 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OnOffSwitch({
  promotion,
  onChanged,
}: {
  promotion: AdminPromotion;
  onChanged: (p: AdminPromotion) => void;
}) {
  const { api } = useAdminSession();
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  async function flip() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.updatePromotion(promotion.id, { active: !promotion.active });
      onChanged(answer.promotion);
      setNotice({ kind: 'success', text: answer.promotion.active ? 'Switched on.' : 'Switched off.' });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-6 flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void flip()}
        disabled={busy}
        aria-busy={busy || undefined}
        className={`${secondaryButtonClass} self-start`}
      >
        {promotion.active ? 'Switch off' : 'Switch on'}
      </button>
      <Notice notice={notice} />
    </div>
  );
}

function PromotionEditor({ id }: { id: string }) {
  const { staff, api } = useAdminSession();
  const canWrite = roleCan(staff.role, 'promotions:write');
  const load = useCallback(
    (client: AdminApi) => client.promotion(id).then((answer) => answer.promotion),
    [id],
  );
  const { data: loaded, error } = useAdminData(load);
  const [saved, setSaved] = useState<AdminPromotion | null>(null);
  const promotion = saved ?? loaded;
  if (error) return <Notice notice={{ kind: 'error', text: error }} />;
  if (!promotion) return <AdminLoading label="Loading the promotion" />;
  return (
    <>
      <PageHeading title={promotion.title || howText(promotion)} />
      <Summary promotion={promotion} />
      {canWrite ? <OnOffSwitch promotion={promotion} onChanged={setSaved} /> : null}
      {!promotion.automatic && promotion.code === null ? (
        <PromotionCodes promotion={promotion} canWrite={canWrite} onChanged={setSaved} />
      ) : null}
      {/* Keyed by the last save: the offer may have changed. */}
      <PromotionGstCheck key={promotion.updatedAt} id={id} />
      <PromotionReport id={id} />
      <PromotionOrders id={id} />
      {promotion.managedBy === 'settings' ? (
        <p className="mt-8 rounded-xl bg-amber-50 p-4 text-sm">
          This is the newsletter&apos;s welcome offer: its percent, cap and minimum order are set in{' '}
          <Link to="/admin/settings" className="font-semibold underline">
            Settings
          </Link>
          , and every code sent follows them.
        </p>
      ) : (
        <section aria-labelledby="promotion-edit" className="mt-8">
          <h2 id="promotion-edit" className="mb-4 text-lg font-bold">
            {canWrite ? 'Edit' : 'Settings'}
          </h2>
          <PromotionForm
            // The switch above starts the form again, so a save never sends back the state before it.
            key={String(promotion.active)}
            initial={formFromPromotion(promotion)}
            canWrite={canWrite}
            promotion={promotion}
            onSave={async (body) => {
              const answer = await api.updatePromotion(id, body);
              setSaved(answer.promotion);
              return 'Saved.';
            }}
          />
        </section>
      )}
      <div className="mt-6">{backLink}</div>
    </>
  );
}
