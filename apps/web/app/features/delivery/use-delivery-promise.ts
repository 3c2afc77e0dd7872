// The promise for the checkout's delivery PIN, looked up again when the PIN or the products change.
import { useEffect, useState } from 'react';
import { type DeliveryCheck, checkDelivery } from './api';

export function useDeliveryPromise(pin: string, productIds: readonly string[]): DeliveryCheck | null {
  const [answer, setAnswer] = useState<{ for: string; result: DeliveryCheck } | null>(null);
  const key = productIds.join(',');
  const request = /^\d{6}$/.test(pin) ? `${pin}?${key}` : null;
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    checkDelivery(pin, key || undefined, controller.signal).then(
      (result) => setAnswer({ for: request, result }),
      () => {
        // Aborted by a newer PIN.
      },
    );
    return () => controller.abort();
  }, [request, pin, key]);
  // An answer for another PIN (or none typed yet) is not shown.
  return answer && answer.for === request ? answer.result : null;
}
