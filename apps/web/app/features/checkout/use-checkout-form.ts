// The checkout form's values and errors: prefilled from the profile (refreshed once from the server without
// overwriting what the shopper typed), errors shown on blur and followed while typing, the PIN code autofill. A
// saved address (use-address-book) fills its fields too, and the profile's refresh then leaves them alone.
import { type ChangeEvent, type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutField } from '@rangrez/contract/rules/checkout-messages';
import type { CheckoutErrors } from '@rangrez/contract/rules/checkout-validators';
import type { User } from '@rangrez/contract/schemas';
import { useSession } from '../account';
import { checkoutApi } from './api';
import {
  type BookFill,
  CHECKOUT_FIELDS,
  type CheckoutForm,
  formFromUser,
  stripInput,
  validateForm,
} from './checkout-form';
import { usePincodeAutofill } from './use-pincode-autofill';

export function useCheckoutForm(user: User) {
  const { updateUser } = useSession();
  const userId = user._id;
  const [form, setForm] = useState<CheckoutForm>(() => formFromUser(user));
  const edited = useRef(new Set<CheckoutField>());
  const fromBook = useRef(new Set<CheckoutField>());
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const { pin, onPincode } = usePincodeAutofill(setForm, setErrors);

  // The stored profile may be stale: prefill from the current one, without overwriting what the shopper typed.
  useEffect(() => {
    const controller = new AbortController();
    checkoutApi
      .user(userId, controller.signal)
      .then((res) => {
        updateUser(res.user);
        const fresh = formFromUser(res.user);
        setForm((current) => {
          const next = { ...current };
          for (const field of CHECKOUT_FIELDS) {
            if (!edited.current.has(field) && !fromBook.current.has(field)) next[field] = fresh[field];
          }
          return next;
        });
      })
      .catch(() => {
        // The stored profile stays as the prefill; nothing here blocks checking out.
      });
    return () => controller.abort();
  }, [userId, updateUser]);

  /** Values from the address book (see BookFill). */
  const fillFromBook = useCallback((values: Partial<CheckoutForm>, how: BookFill) => {
    const chosen = how === 'chosen';
    const fields = (Object.keys(values) as CheckoutField[]).filter((f) => chosen || !edited.current.has(f));
    for (const field of fields) fromBook.current.add(field);
    setForm((current) => {
      const next = { ...current };
      for (const field of fields) next[field] = values[field] ?? '';
      return next;
    });
    if (chosen) {
      setErrors((current) => {
        const next = { ...current };
        for (const field of fields) delete next[field];
        return next;
      });
    }
  }, []);

  function setField(field: CheckoutField, raw: string) {
    const value = stripInput(field, raw);
    edited.current.add(field);
    setForm((current) => ({ ...current, [field]: value }));
    // An error already shown follows the value; new ones wait for blur or submit.
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: validateForm({ ...form, [field]: value })[field] }));
    if (field === 'pincode') onPincode(value);
  }

  function onBlur(field: CheckoutField) {
    if (form[field].trim() === '' && !errors[field]) return;
    setErrors((current) => ({ ...current, [field]: validateForm(form)[field] }));
  }

  return {
    form,
    errors,
    setErrors,
    pin,
    fillFromBook,
    handleChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setField(event.target.name as CheckoutField, event.target.value),
    handleBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) =>
      onBlur(event.target.name as CheckoutField),
  };
}
