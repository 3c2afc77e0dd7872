// 'Check delivery' on the product page (docs/delivery.md): a PIN input, remembered for the
// visit and filled from the signed-in shopper's address, and the promise in a live region. Its code is not in the
// page's first load (the route defers it); its HTML is.
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type DeliveryCheck, checkDelivery, rememberPin, rememberedPin } from './api';
import { DeliveryPromiseLines } from './DeliveryPromise';

type Shown = DeliveryCheck | { kind: 'checking' } | null;

function useDeliveryCheck(productId: string) {
  const [shown, setShown] = useState<Shown>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  async function check(pin: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setShown({ kind: 'checking' });
    try {
      const result = await checkDelivery(pin, productId, current.signal);
      if (result.kind === 'found') rememberPin(pin);
      setShown(result);
    } catch {
      // Aborted: a newer check or leaving the page replaced this one.
    }
  }
  return { shown, check };
}

const noSubscription = () => () => {};

/** The visit's PIN (sessionStorage), read after hydration: the server knows none. */
function useRememberedPin(): string | null {
  return useSyncExternalStore(noSubscription, rememberedPin, () => null);
}

export function CheckDelivery({ productId, profilePin }: { productId: string; profilePin?: string | undefined }) {
  const [typed, setTyped] = useState<string | null>(null);
  const { shown, check } = useDeliveryCheck(productId);
  // The visit's PIN first, else the profile's; checked at once so the date is simply there.
  const known = useRememberedPin() ?? (profilePin || null);
  const pin = typed ?? known ?? '';
  const checkedKnown = useRef(false);
  useEffect(() => {
    if (!known || checkedKnown.current || typed !== null) return;
    checkedKnown.current = true;
    void check(known);
    // check is recreated each render; one check per known PIN is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, typed]);

  function submit(event: FormEvent) {
    event.preventDefault();
    checkedKnown.current = true;
    void check(pin.trim());
  }

  return (
    <section aria-labelledby="check-delivery" className="rounded-xl border border-black/10 p-4">
      <h2 id="check-delivery" className="text-sm font-bold uppercase tracking-wide">
        Check delivery
      </h2>
      <form onSubmit={submit} className="mt-2 flex gap-2">
        <label htmlFor="delivery-pin" className="sr-only">
          Delivery PIN code
        </label>
        <input
          id="delivery-pin"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="PIN code"
          value={pin}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          className="w-32 rounded-lg border border-black/20 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-lg bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-black/80">
          Check
        </button>
      </form>
      <div role="status" aria-live="polite" className="mt-3 min-h-5">
        {shown?.kind === 'checking' ? <p className="text-sm text-neutral-600">Checking…</p> : null}
        {shown?.kind === 'error' ? <p className="text-sm text-red-800">{shown.message}</p> : null}
        {shown?.kind === 'found' ? <DeliveryPromiseLines lookup={shown.lookup} /> : null}
      </div>
    </section>
  );
}
