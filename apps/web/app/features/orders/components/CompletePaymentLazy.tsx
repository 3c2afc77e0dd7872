// 'Complete payment' where an order may need it, its code loaded only for an order waiting for its money: most
// orders never need it, so the orders page and the success page keep their first load as it was.
import { lazy, Suspense, useState } from 'react';
import type { Order } from '@rangrez/contract/schemas';
import { canCompletePayment } from '../format';

const CompletePayment = lazy(() => import('./CompletePayment').then((m) => ({ default: m.CompletePayment })));

export function CompletePaymentLazy(props: {
  order: Order;
  onChanged: (order: Order) => void;
  heading?: 'h1' | 'h2' | 'h3' | 'h4';
}) {
  // Decided once: after a payment or a switch the section stays to say how it went.
  const [needed] = useState(() => canCompletePayment(props.order));
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CompletePayment {...props} />
    </Suspense>
  );
}
