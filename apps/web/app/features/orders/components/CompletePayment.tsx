// 'Complete payment' on an online order still waiting for its money (docs/product/screens.md#orders-page,
// docs/orders-lifecycle.md#paying-again): says that no money was taken and offers Pay now (the provider's pop-up,
// its code loaded when pressed) and Switch to Cash on Delivery (asked once more, with the new total). The outcome
// is announced and takes the focus; the order as the server answers it replaces the one shown.
import { useEffect, useRef, useState } from 'react';
import { formatINR } from '@rangrez/contract/rules/money';
import { COMPLETE_PAYMENT_MESSAGES as M } from '@rangrez/contract/rules/complete-payment-messages';
import { useCodFee } from '../../../lib/cod-fee';
import { PAYMENT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import type { Order } from '@rangrez/contract/schemas';
import { ordersApi } from '../api';
import { canCompletePayment, cashOnDeliveryTotal } from '../format';
import type { PayAgainResult } from '../pay-again';

type Step = 'idle' | 'paying' | 'confirm' | 'switching';
type Outcome = { kind: 'status' | 'alert'; text: string };

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : PAYMENT_MESSAGES.fallback;

function outcomeOf(result: PayAgainResult): Outcome | null {
  if (result.kind === 'paid') return { kind: 'status', text: M.paid };
  if (result.kind === 'declined') {
    return { kind: 'alert', text: `${result.message.replace(/\.$/, '')}. ${M.notTaken}` };
  }
  if (result.kind === 'error') return { kind: 'alert', text: result.message };
  return null;
}

/** Pay now and Switch to Cash on Delivery, and what each answered. */
function useCompletePayment(order: Order, onChanged: (order: Order) => void) {
  const [step, setStep] = useState<Step>('idle');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function payNow() {
    setStep('paying');
    setOutcome(null);
    try {
      const { payAgain } = await import('../pay-again');
      const result = await payAgain(order);
      if (result.kind === 'paid') onChanged(result.response.order);
      setOutcome(outcomeOf(result));
    } catch (error) {
      setOutcome({ kind: 'alert', text: errorText(error) });
    }
    setStep('idle');
  }

  async function switchToCod() {
    setStep('switching');
    try {
      const res = await ordersApi.switchToCod(order.orderId);
      onChanged(res.order);
      setOutcome({ kind: 'status', text: res.message });
    } catch (error) {
      setOutcome({ kind: 'alert', text: errorText(error) });
    }
    setStep('idle');
  }

  return { step, setStep, outcome, outcomeRef, confirmRef, payNow, switchToCod };
}

export function CompletePayment({
  order,
  onChanged,
  heading: Heading = 'h3',
}: {
  order: Order;
  onChanged: (order: Order) => void;
  /** The heading's level where the section sits (the success page's h1, an order row's h3 or h4). */
  heading?: 'h1' | 'h2' | 'h3' | 'h4';
}) {
  const { step, setStep, outcome, outcomeRef, confirmRef, payNow, switchToCod } = useCompletePayment(
    order,
    onChanged,
  );
  const codFee = useCodFee();
  const offered = canCompletePayment(order);
  if (!offered && !outcome) return null;
  const busy = step === 'paying' || step === 'switching';
  return (
    <section
      aria-label={M.heading}
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      {offered ? (
        <>
          <Heading className={Heading === 'h1' ? 'text-2xl font-black' : 'font-bold'}>{M.heading}</Heading>
          <p className="mt-1">{order.status === 'payment_failed' ? M.failed : M.pending}</p>
        </>
      ) : null}
      <div aria-live="polite">
        {outcome ? (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            role={outcome.kind}
            className={`mt-2 font-semibold outline-none ${outcome.kind === 'alert' ? 'text-red-800' : 'text-green-800'}`}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      {offered && step !== 'confirm' && step !== 'switching' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void payNow()}
            className="rounded-lg bg-black px-4 py-2 font-bold text-white hover:bg-neutral-800 disabled:opacity-60"
          >
            {M.payNow}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setStep('confirm')}
            className="rounded-lg px-4 py-2 font-bold ring-1 ring-black/20 hover:bg-black/5 disabled:opacity-60"
          >
            {M.switchToCod}
          </button>
        </div>
      ) : null}
      {offered && (step === 'confirm' || step === 'switching') ? (
        <div role="group" aria-label={M.confirmSwitch} className="mt-3 flex flex-wrap items-center gap-2">
          <span className="font-semibold">{M.confirmSwitch}</span>
          <span>{M.newTotal(formatINR(cashOnDeliveryTotal(order, codFee)), formatINR(codFee))}</span>
          <button
            ref={confirmRef}
            type="button"
            disabled={step === 'switching'}
            onClick={() => void switchToCod()}
            className="rounded-lg bg-black px-3 py-1.5 font-semibold text-white disabled:opacity-60"
          >
            {M.yesSwitch}
          </button>
          <button
            type="button"
            disabled={step === 'switching'}
            onClick={() => setStep('idle')}
            className="rounded-lg px-3 py-1.5 font-semibold ring-1 ring-black/20"
          >
            {M.keepOnline}
          </button>
        </div>
      ) : null}
    </section>
  );
}
