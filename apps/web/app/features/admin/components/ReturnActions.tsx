// A return's decisions, as its state allows them (the server's return machine decides; these are the moves it
// offers): each is asked once more, with the focus on the confirming button, and rejecting needs a reason, a
// refund by hand its payout reference.
import { RETURN_MESSAGES } from '@rangrez/contract/rules/returns';
import type { AdminReturn } from '@rangrez/contract/schemas/returns';
import { useEffect, useRef, useState } from 'react';
import type { ReturnAction } from '../api-returns';
import type { ReturnPageState } from '../use-return';
import { TextAreaField, TextField, buttonClass, secondaryButtonClass } from './ui';

const OFFERED: Record<AdminReturn['status'], ReturnAction[]> = {
  requested: ['approve', 'reject'],
  approved: ['reprint', 'refund', 'pickup', 'received'],
  pickup: ['received'],
  received: ['reprint', 'refund', 'reject'],
  rejected: [],
  reprinted: [],
  refunded: [],
};

const LABELS: Record<ReturnAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  pickup: 'Schedule pickup',
  received: 'Mark received',
  reprint: 'Reprint',
  refund: 'Refund',
};

const QUESTIONS: Record<ReturnAction, string> = {
  approve: 'Approve this return?',
  reject: 'Reject this return? The shopper sees the reason.',
  pickup: 'Schedule a pickup of the garment?',
  received: 'Mark the garment as received?',
  reprint: 'Send a reprint of the returned items to the print partner, at no charge?',
  refund: 'Refund this return?',
};

function ConfirmStep(props: {
  ret: AdminReturn;
  action: ReturnAction;
  page: ReturnPageState;
  onClose: () => void;
}) {
  const { ret, action, page, onClose } = props;
  const confirm = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(String(ret.linesValue));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const byHand = ret.payout === 'upi' || ret.payout === 'bank';
  useEffect(() => confirm.current?.focus(), []);

  async function go() {
    if (action === 'reject' && !reason.trim()) return setError(RETURN_MESSAGES.rejectionReasonRequired);
    if (action === 'refund' && byHand && !reference.trim())
      return setError(RETURN_MESSAGES.referenceRequired);
    setSending(true);
    const body =
      action === 'reject'
        ? { reason: reason.trim() }
        : action === 'refund'
          ? { amount: Number(amount), ...(byHand ? { reference: reference.trim() } : {}) }
          : undefined;
    if (await page.decide(action, body)) onClose();
    setSending(false);
  }

  return (
    <div
      role="group"
      aria-label={QUESTIONS[action]}
      className="flex flex-col gap-3 rounded-lg border border-black/10 p-4"
    >
      <p className="font-semibold">{QUESTIONS[action]}</p>
      {action === 'reject' ? (
        <TextAreaField
          id="return-reject-reason"
          label="Reason"
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      ) : null}
      {action === 'refund' ? (
        <>
          <TextField
            id="return-refund-amount"
            label="Amount (₹)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          {byHand ? (
            <TextField
              id="return-refund-reference"
              label="Payout reference (UPI or bank transfer)"
              value={reference}
              error={error}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          ref={confirm}
          type="button"
          className={buttonClass}
          disabled={sending}
          onClick={() => void go()}
        >
          {`Yes, ${LABELS[action].toLowerCase()}`}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={sending} onClick={onClose}>
          Not now
        </button>
      </div>
    </div>
  );
}

export function ReturnActions({
  ret,
  page,
  canDecide,
  canRefund,
}: {
  ret: AdminReturn;
  page: ReturnPageState;
  canDecide: boolean;
  canRefund: boolean;
}) {
  const [asking, setAsking] = useState<ReturnAction | null>(null);
  const offered = OFFERED[ret.status].filter((a) => (a === 'refund' ? canRefund : canDecide));
  if (offered.length === 0) return null;
  return (
    <section aria-labelledby="return-actions" className="flex flex-col gap-3">
      <h2 id="return-actions" className="text-lg font-bold">
        Decide
      </h2>
      {asking ? (
        <ConfirmStep ret={ret} action={asking} page={page} onClose={() => setAsking(null)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {offered.map((action) => (
            <button
              key={action}
              type="button"
              className={action === offered[0] ? buttonClass : secondaryButtonClass}
              onClick={() => setAsking(action)}
            >
              {LABELS[action]}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
