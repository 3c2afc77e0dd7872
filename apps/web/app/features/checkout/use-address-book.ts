// The checkout's address book (docs/accounts.md#address-book): the shopper's saved addresses, the first of them
// (the default, else the most recently used) pre-filled, a choice among them or 'A new address', and whether
// to save the address with the order ('Save this address', on by default).
import { useEffect, useState } from 'react';
import type { SavedAddress } from '@rangrez/contract/schemas';
import { checkoutApi } from './api';
import { type BookFill, type CheckoutForm, NEW_ADDRESS_FIELDS, formFromSavedAddress } from './checkout-form';

/** The choice that is no saved address. */
export const NEW_ADDRESS = 'new';

export function useAddressBook(fill: (values: Partial<CheckoutForm>, how: BookFill) => void) {
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [chosen, setChosen] = useState(NEW_ADDRESS);
  const [save, setSave] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    checkoutApi
      .addresses(controller.signal)
      .then((res) => {
        setAddresses(res.addresses);
        const first = res.addresses[0];
        if (!first) return;
        setChosen(first._id);
        fill(formFromSavedAddress(first), 'prefill');
      })
      .catch(() => {
        // Without the book the profile's prefill stays; nothing here blocks checking out.
      });
    return () => controller.abort();
  }, [fill]);

  function choose(id: string) {
    setChosen(id);
    const saved = addresses.find((a) => a._id === id);
    fill(
      saved ? formFromSavedAddress(saved) : Object.fromEntries(NEW_ADDRESS_FIELDS.map((f) => [f, ''])),
      'chosen',
    );
  }

  return { addresses, chosen, choose, save, setSave };
}

export type AddressBookState = ReturnType<typeof useAddressBook>;
