// /admin/returns/:returnId (orders:read; deciding needs returns:write, refunding refunds:write): the evidence, the
// items, the order and customer, where a refund would go, and the decisions (docs/admin.md#returns).
import { formatINR } from '@rangrez/contract/rules/money';
import { RETURN_PAYOUT_LABELS, RETURN_STATUS_LABELS } from '@rangrez/contract/rules/returns';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminReturn } from '@rangrez/contract/schemas/returns';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAdminSession } from '../session';
import { type ReturnPageState, useReturn } from '../use-return';
import { RequirePermission } from './RequirePermission';
import { ReturnActions } from './ReturnActions';
import { AdminLoading, Notice, PageHeading } from './ui';

export function ReturnPage() {
  const { returnId = '' } = useParams();
  return (
    <RequirePermission permission="orders:read">
      <ReturnDetail id={returnId} />
    </RequirePermission>
  );
}

/** A video fetched with the staff token, shown once it is here. */
function Video({ page, evidenceId, n }: { page: ReturnPageState; evidenceId: string; n: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    page.video(evidenceId).then(
      (file) => setUrl((made = URL.createObjectURL(file))),
      () => undefined,
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
    // The page's calls are stable for its return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [evidenceId]);
  return url ? (
    <video
      src={url}
      controls
      aria-label={`Video ${n} of the defect`}
      className="max-h-80 w-full max-w-md rounded-lg bg-black"
    />
  ) : (
    <p className="text-sm text-neutral-600">Loading the video…</p>
  );
}

function Evidence({ ret, page }: { ret: AdminReturn; page: ReturnPageState }) {
  return (
    <section aria-labelledby="return-evidence">
      <h2 id="return-evidence" className="text-lg font-bold">
        Evidence
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3">
        {ret.evidence.map((e, i) => (
          <li key={e._id}>
            {e.kind === 'photo' ? (
              <a href={e.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={e.url}
                  alt={`Photo ${i + 1} of the defect`}
                  className="h-40 w-40 rounded-lg object-cover ring-1 ring-black/10"
                />
              </a>
            ) : (
              <Video page={page} evidenceId={e._id} n={i + 1} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Facts({ ret }: { ret: AdminReturn }) {
  const d = ret.payoutDetails;
  const rows: [string, string][] = [
    ['Status', RETURN_STATUS_LABELS[ret.status]],
    ['Reason', ret.reasonLabel],
    ['Description', ret.description],
    ['Customer', `${ret.customer.name} · ${ret.customer.email} · ${ret.customer.phone}`],
    [
      'Payment',
      `${ret.order.paymentMethod} (${ret.order.paymentState}), total ${formatINR(ret.order.total)}`,
    ],
    ['Delivered', ret.order.deliveredAt ? new Date(ret.order.deliveredAt).toLocaleString('en-IN') : '—'],
    ['Refund to', RETURN_PAYOUT_LABELS[ret.payout]],
    ...(d.upiId ? [['UPI ID', d.upiId] as [string, string]] : []),
    ...(d.accountNumber
      ? [
          ['Bank account', `${d.accountName ?? ''} · ${d.accountNumber} · ${d.ifsc ?? ''}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Returned items value', formatINR(ret.linesValue)],
    ...(ret.rejectionReason ? [['Rejected because', ret.rejectionReason] as [string, string]] : []),
    ...(ret.reprintOrderId ? [['Reprint order', ret.reprintOrderId] as [string, string]] : []),
    ...(ret.refundAmount !== null ? [['Refunded', formatINR(ret.refundAmount)] as [string, string]] : []),
    ...(ret.decidedBy ? [['Last decided by', ret.decidedBy] as [string, string]] : []),
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReturnDetail({ id }: { id: string }) {
  const { staff } = useAdminSession();
  const page = useReturn(id);
  const { ret } = page;
  if (!ret)
    return page.notice ? <Notice notice={page.notice} /> : <AdminLoading label="Loading the return" />;
  return (
    <>
      <PageHeading title={`Return for order ${ret.orderId}`}>
        <Link to="/admin/returns" className="underline underline-offset-2">
          All returns
        </Link>
        {' · '}
        <Link to={`/admin/orders/${ret.orderId}`} className="underline underline-offset-2">
          The order
        </Link>
      </PageHeading>
      <div className="flex flex-col gap-6">
        <Notice notice={page.notice} />
        <Facts ret={ret} />
        <section aria-labelledby="return-items">
          <h2 id="return-items" className="text-lg font-bold">
            Items
          </h2>
          <ul className="mt-2 text-sm">
            {ret.items.map((item) => (
              <li
                key={item.itemId}
              >{`${item.productName} · size ${item.size} · ${item.color} · qty ${item.quantity} · ${formatINR(item.price)} each`}</li>
            ))}
          </ul>
        </section>
        <Evidence ret={ret} page={page} />
        <ReturnActions
          ret={ret}
          page={page}
          canDecide={roleCan(staff.role, 'returns:write')}
          canRefund={roleCan(staff.role, 'refunds:write')}
        />
      </div>
    </>
  );
}
