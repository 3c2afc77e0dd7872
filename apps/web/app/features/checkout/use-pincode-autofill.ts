// The PIN code fills in city and state once six digits are typed; a newer PIN cancels the older look-up.
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { CheckoutErrors } from '@rangrez/contract/rules/checkout-validators';
import type { CheckoutForm } from './checkout-form';
import { type PincodeLookup, lookupPincode } from './pincode';

export type PinState = { kind: 'idle' } | { kind: 'loading' } | PincodeLookup;

export function usePincodeAutofill(
  setForm: Dispatch<SetStateAction<CheckoutForm>>,
  setErrors: Dispatch<SetStateAction<CheckoutErrors>>,
) {
  const pinRequest = useRef<AbortController | null>(null);
  const [pin, setPin] = useState<PinState>({ kind: 'idle' });

  useEffect(() => () => pinRequest.current?.abort(), []);

  function onPincode(value: string) {
    pinRequest.current?.abort();
    pinRequest.current = null;
    if (value.length < 6) {
      setPin({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    pinRequest.current = controller;
    setPin({ kind: 'loading' });
    lookupPincode(value, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setPin(result);
        if (result.kind !== 'found') return;
        setForm((current) => ({
          ...current,
          city: result.city || current.city,
          state: result.state || current.state,
        }));
        setErrors((current) => ({ ...current, city: undefined, state: undefined }));
      })
      .catch(() => {
        // Aborted by a newer PIN.
      });
  }

  return { pin, onPincode };
}
