// 'Notify me' on the product page (docs/decisions/039-newly-added-and-back-in-stock.md): shown only when the product,
// or a size in the chosen colour, is out of stock, and loaded only then (the page's first load does not carry it).
// A signed-in shopper is told at their account's address with one click; anyone else types an address.
import { BACK_IN_STOCK_MESSAGES } from '@rangrez/contract/rules/back-in-stock-messages';
import { colourByCode } from '@rangrez/contract/rules/colours';
import { emailAddressProblem } from '@rangrez/contract/rules/patterns';
import type { SuccessMessageResponse } from '@rangrez/contract/schemas';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';

export interface NotifyMeProps {
  productId: string;
  /** The signed-in shopper's address (the route reads the session); null for a visitor. */
  shopperEmail: string | null;
  /** A colour and its sold-out sizes: the request names one of them. Absent: the whole product is out of stock. */
  variant?: { color: string; sizes: readonly string[] };
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' | 'error'; message: string };

export function NotifyMe({ productId, shopperEmail, variant }: NotifyMeProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [size, setSize] = useState(variant?.sizes[0] ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Its code arrives after the page's (lib/deferred.tsx): until then what is typed or clicked would be lost, so the
  // server's HTML has the field and the button disabled.
  const hydrated = useHydrated();
  const chosenSize = variant && variant.sizes.includes(size) ? size : (variant?.sizes[0] ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = shopperEmail ?? email;
    // The server's words for a missing or mistyped address, before any call.
    const problem = shopperEmail ? null : emailAddressProblem(email, BACK_IN_STOCK_MESSAGES);
    if (problem) {
      setState({ kind: 'error', message: problem });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const body = variant ? { email: address, size: chosenSize, color: variant.color } : { email: address };
      const res = await api<SuccessMessageResponse>(`/products/${encodeURIComponent(productId)}/notify`, {
        method: 'POST',
        body,
        auth: false,
      });
      setState({ kind: 'done', message: res.message });
    } catch (err) {
      setState({
        kind: 'error',
        message: err instanceof ApiError ? err.message : BACK_IN_STOCK_MESSAGES.failed,
      });
    }
  }

  if (state.kind === 'done') {
    return (
      <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm font-semibold text-green-800">
        {state.message}
      </p>
    );
  }
  const colour = variant ? colourByCode(variant.color).name : '';
  const heading = !variant
    ? 'Out of stock. Get an email when it is back.'
    : variant.sizes.length === 1
      ? `Size ${variant.sizes[0]} is sold out in ${colour}. Get an email when it is back.`
      : `Some sizes are sold out in ${colour}. Get an email when yours is back.`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4"
    >
      <p id={`${id}-heading`} className="text-sm font-bold">
        {heading}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {variant && variant.sizes.length > 1 ? (
          <label className="flex flex-col text-xs font-semibold">
            Size
            <select
              value={chosenSize}
              onChange={(event) => setSize(event.target.value)}
              className="mt-1 h-11 rounded-lg border border-neutral-300 px-2 text-sm"
            >
              {variant.sizes.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        ) : null}
        {shopperEmail ? null : (
          <label className="flex min-w-0 flex-1 flex-col text-xs font-semibold">
            Email
            <input
              id={`${id}-email`}
              type="email"
              required
              aria-invalid={state.kind === 'error' || undefined}
              aria-describedby={state.kind === 'error' ? `${id}-error` : undefined}
              disabled={!hydrated}
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="mt-1 h-11 rounded-lg border border-neutral-300 px-3 text-sm"
            />
          </label>
        )}
        <button
          type="submit"
          disabled={!hydrated || state.kind === 'sending'}
          className="h-11 rounded-full bg-ink px-5 text-sm font-bold text-white hover:bg-black/80 disabled:opacity-50"
        >
          {shopperEmail ? `Notify me at ${shopperEmail}` : 'Notify me'}
        </button>
      </div>
      {state.kind === 'error' ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
