// The checkout's address book parts: the saved addresses to choose from, and 'Save this address'.
import { addressLine } from '@rangrez/contract/rules/address-line';
import { type AddressBookState, NEW_ADDRESS } from '../use-address-book';

/** Shown only when the shopper has saved addresses; a radio group, so arrow keys move between them. */
export function SavedAddressChooser({ busy, book }: { busy: boolean; book: AddressBookState }) {
  if (book.addresses.length === 0) return null;
  const option = (value: string, label: string) => (
    <label
      key={value}
      className="flex cursor-pointer items-start gap-3 rounded-lg border border-black/10 p-3"
    >
      <input
        type="radio"
        name="savedAddress"
        value={value}
        checked={book.chosen === value}
        onChange={() => book.choose(value)}
        className="mt-1 h-4 w-4 accent-black"
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset disabled={busy} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <legend className="float-left mb-3 w-full text-lg font-bold">Saved addresses</legend>
      <div className="clear-both flex flex-col gap-2">
        {book.addresses.map((a) => option(a._id, `${addressLine(a)}${a.isDefault ? ' (Default)' : ''}`))}
        {option(NEW_ADDRESS, 'A new address')}
      </div>
    </fieldset>
  );
}

export function SaveAddressBox({ busy, book }: { busy: boolean; book: AddressBookState }) {
  return (
    <label className="-mt-4 flex cursor-pointer items-center gap-3 px-2">
      <input
        type="checkbox"
        name="saveAddress"
        checked={book.save}
        disabled={busy}
        onChange={(event) => book.setSave(event.target.checked)}
        className="h-5 w-5 accent-black"
      />
      <span>Save this address</span>
    </label>
  );
}
