// Whether the order may be paid in cash (docs/cod.md#checkout): asked of the server for the delivery PIN, the
// items' value after promotions and the delivery phone, again whenever one of them changes. Until a valid PIN is
// typed (or when the call fails) cash on delivery stays offered: the server checks again at placement and says
// why it refuses. The fee comes with every answer.
import { INDIAN_MOBILE_PATTERN, PIN_CODE_PATTERN } from '@rangrez/contract/rules/patterns';
import { useEffect, useState } from 'react';
import { useCodFee } from '../../lib/cod-fee';
import { checkoutApi } from './api';

export interface CodAvailability {
  /** The cash on delivery fee in force (rupees). */
  fee: number;
  /** Why cash on delivery is not offered for this order, word for word as placement would refuse it; or null. */
  refusal: string | null;
}

export function useCodAvailability(input: {
  pincode: string;
  phone: string;
  value: number;
  /** The items are known: before, there is no value to ask about. */
  ready: boolean;
}): CodAvailability {
  const baseFee = useCodFee();
  const [answer, setAnswer] = useState<{ key: string; fee: number; refusal: string | null } | null>(null);
  const pincode = input.ready && PIN_CODE_PATTERN.test(input.pincode) ? input.pincode : '';
  const phone = INDIAN_MOBILE_PATTERN.test(input.phone) ? input.phone : '';
  const value = Math.max(0, Math.round(input.value));
  const key = JSON.stringify([pincode, phone, value]);
  useEffect(() => {
    if (pincode === '') return;
    const controller = new AbortController();
    checkoutApi
      .codAvailability({ pincode, value, ...(phone ? { phone } : {}) }, controller.signal)
      .then((res) => setAnswer({ key, fee: res.fee, refusal: res.available ? null : res.message }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer(null);
      });
    return () => controller.abort();
  }, [key, pincode, phone, value]);
  // An answer for other inputs is not this order's: offered until the new one comes.
  const current = answer !== null && answer.key === key && pincode !== '' ? answer : null;
  return { fee: current?.fee ?? baseFee, refusal: current?.refusal ?? null };
}
