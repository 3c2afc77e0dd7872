// 'Confirm your order' under a cash-on-delivery order waiting for the shopper's word (docs/cod-confirmation.md):
// the deadline, Confirm and Cancel, and what happened in the server's words. Its code loads only for such an
// order (CodConfirmationLazy), so pages without one keep their first load.
import { useEffect, useRef, useState } from 'react';
import { codDeadlineText } from '@rangrez/contract/rules/cod-confirmation';
import type { Order } from '@rangrez/contract/schemas';
import { ordersApi } from '../api';

export function CodConfirmation({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The buttons are gone or disabled once answered: focus goes to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function decide(action: 'confirm' | 'cancel') {
    setSending(true);
    try {
      const res = await ordersApi.codConfirmation(order.orderId, action);
      setOutcome({ kind: 'status', text: res.message });
      onChanged(res.order);
    } catch (error) {
      setOutcome({ kind: 'alert', text: error instanceof Error ? error.message : String(error) });
    }
    setSending(false);
  }

  const pending = order.codConfirmation === 'pending';
  return (
    <section
      aria-label="Confirm your Cash on Delivery order"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm"
    >
      {outcome ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.kind}
          className={outcome.kind === 'alert' ? 'text-red-800' : 'text-neutral-800'}
        >
          {outcome.text}
        </p>
      ) : null}
      {pending ? (
        <>
          <p>
            {`Please confirm your Cash on Delivery order${order.codConfirmBy ? ` by ${codDeadlineText(new Date(order.codConfirmBy))}` : ''}. We print it once you confirm; unconfirmed orders are cancelled.`}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={sending}
              onClick={() => void decide('confirm')}
              className="rounded-lg bg-black px-3 py-1.5 font-semibold text-white disabled:opacity-60"
            >
              Confirm order
            </button>
            <button
              type="button"
              disabled={sending}
              onClick={() => void decide('cancel')}
              className="rounded-lg px-3 py-1.5 font-semibold text-red-800 ring-1 ring-red-300 disabled:opacity-60"
            >
              Cancel order
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
