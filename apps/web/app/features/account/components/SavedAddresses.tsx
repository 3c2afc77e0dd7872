// The profile's address book (docs/accounts.md#address-book): the saved addresses, the default first, each with
// 'Make default' and 'Delete'. The checkout pre-fills the default; addresses are added by ticking 'Save this
// address' there.
import { useEffect, useState } from 'react';
import type { SavedAddress } from '@rangrez/contract/schemas';
import { addressLine } from '@rangrez/contract/rules/address-line';
import { accountApi } from '../api';

const LOAD_FAILED = 'Failed to load your addresses. Please try again.';

type Note = { kind: 'status' | 'alert'; text: string } | null;

function useSavedAddresses() {
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);

  const load = (signal?: AbortSignal) =>
    accountApi
      .addresses(signal)
      .then((res) => setAddresses(res.addresses))
      .catch(() => {
        if (!signal?.aborted) setNote({ kind: 'alert', text: LOAD_FAILED });
      });
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, []);

  async function act(call: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      setNote({ kind: 'status', text: (await call()).message });
      await load();
    } catch (error) {
      setNote({ kind: 'alert', text: error instanceof Error ? error.message : String(error) });
    }
    setBusy(false);
  }

  return {
    addresses,
    note,
    busy,
    makeDefault: (id: string) => act(() => accountApi.makeDefaultAddress(id)),
    remove: (id: string) => act(() => accountApi.deleteAddress(id)),
  };
}

export function SavedAddresses() {
  const book = useSavedAddresses();
  return (
    <section aria-labelledby="saved-addresses-heading" className="mt-8 border-t border-black/10 pt-6">
      <h2 id="saved-addresses-heading" className="text-lg font-bold">
        Saved addresses
      </h2>
      {book.note ? (
        <p
          role={book.note.kind}
          className={`mt-3 text-sm ${book.note.kind === 'alert' ? 'text-red-800' : ''}`}
        >
          {book.note.text}
        </p>
      ) : null}
      {book.addresses?.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600">
          No saved addresses yet. Tick 'Save this address' at checkout to keep one.
        </p>
      ) : null}
      <ul className="mt-3 flex flex-col gap-3" aria-label="Saved addresses">
        {(book.addresses ?? []).map((a) => (
          <li key={a._id} className="rounded-lg border border-black/10 p-3 text-sm">
            <p>
              {addressLine(a)}
              {a.isDefault ? <strong className="ml-2 text-green-800">Default</strong> : null}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {a.isDefault ? null : (
                <button
                  type="button"
                  disabled={book.busy}
                  onClick={() => void book.makeDefault(a._id)}
                  aria-label={`Make default: ${addressLine(a)}`}
                  className="min-h-11 rounded-lg px-3 font-semibold ring-1 ring-black/20 hover:bg-black/5"
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                disabled={book.busy}
                onClick={() => void book.remove(a._id)}
                aria-label={`Delete: ${addressLine(a)}`}
                className="min-h-11 rounded-lg px-3 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
