// Under a delivered order in My Orders: its defect return's status in words, or 'Request a return' while the
// published policy allows one (the server says so). Loaded only when such an order is opened, in a chunk of its own.
import { RETURN_STATUS_LABELS } from '@rangrez/contract/rules/returns';
import { formatINR } from '@rangrez/contract/rules/money';
import type { Order, OrderReturnsResponse, ReturnJson } from '@rangrez/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { RETURN_FORM_TEXTS } from '../return-form';
import { returnsApi } from '../returns-api';
import { ReturnRequest } from './ReturnRequest';

function ReturnStatus({ ret }: { ret: ReturnJson }) {
  return (
    <div className="text-sm" data-testid="return-status">
      <p>
        <span className="font-semibold">Return: </span>
        <span>{RETURN_STATUS_LABELS[ret.status]}</span>
      </p>
      {ret.rejectionReason ? <p className="text-neutral-700">{`Reason: ${ret.rejectionReason}`}</p> : null}
      {ret.reprintOrderId ? (
        <p className="text-neutral-700">{`A new print is on its way as order ${ret.reprintOrderId}.`}</p>
      ) : null}
      {ret.refundAmount !== null ? (
        <p className="text-neutral-700">{`${formatINR(ret.refundAmount)} refunded.`}</p>
      ) : null}
    </div>
  );
}

export default function OrderReturns({ order }: { order: Order }) {
  const [state, setState] = useState<OrderReturnsResponse | null>(null);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    returnsApi.ofOrder(order.orderId, controller.signal).then(setState, () => undefined);
    return () => controller.abort();
  }, [order.orderId]);

  if (!state) return null;
  const latest = state.returns[0];
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-black/10 pt-4">
      {message ? (
        <p role="status" className="text-sm text-neutral-800">
          {message}
        </p>
      ) : null}
      {latest ? <ReturnStatus ret={latest} /> : null}
      {state.canRequest && !asking ? (
        <button
          ref={button}
          type="button"
          onClick={() => setAsking(true)}
          className="self-start rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-black/20 hover:bg-black/[0.03]"
        >
          {RETURN_FORM_TEXTS.request}
        </button>
      ) : null}
      {asking ? (
        <ReturnRequest
          order={order}
          onDone={(answer) => {
            setAsking(false);
            setMessage(answer.message);
            setState({
              ...state,
              returns: [answer.return, ...state.returns],
              canRequest: false,
              refusal: null,
            });
          }}
          onCancel={() => {
            setAsking(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}
