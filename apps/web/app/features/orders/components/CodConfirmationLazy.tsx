// The COD confirmation where an order waits for it, its code loaded only then: most orders never need it.
import { lazy, Suspense, useState } from 'react';
import type { Order } from '@rangrez/contract/schemas';

const CodConfirmation = lazy(() => import('./CodConfirmation').then((m) => ({ default: m.CodConfirmation })));

export function CodConfirmationLazy(props: { order: Order; onChanged: (order: Order) => void }) {
  // Decided once: after the shopper's word the section stays to say how it went.
  const [needed] = useState(() => props.order.codConfirmation === 'pending');
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CodConfirmation {...props} />
    </Suspense>
  );
}
