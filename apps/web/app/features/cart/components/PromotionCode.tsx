// The discount code field of the cart drawer, the cart page and checkout (docs/promotions.md#the-shoppers-side).
// Loaded after the page (its own chunk): the summary rows and the totals are the page's. Not a <form>: checkout's
// field sits inside the checkout form, so Enter applies the code instead of placing the order.
import { useEffect, useId, useRef, useState } from 'react';
import type { PromotionSummary } from '../promotions';

/** The entered code is kept and eligible, but the shopper is better off with the automatic promotions. */
function codeOutdone({ couponCode, couponMessage, promotions }: PromotionSummary): boolean {
  return couponCode !== null && couponMessage === null && !promotions.some((p) => p.code === couponCode);
}

export interface PromotionCodeProps {
  summary: PromotionSummary;
  /** Resolves to the refusal in the shopper's words, or null when the code applies. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => Promise<void>;
  disabled?: boolean;
}

export function PromotionCode({ summary, onApply, onRemove, disabled = false }: PromotionCodeProps) {
  const inputId = useId();
  const messageId = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = summary.couponCode;
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const focusNext = useRef(false);

  // The control the shopper used goes away: focus moves to the one that replaces it, once it is enabled again.
  useEffect(() => {
    if (!focusNext.current || busy) return;
    focusNext.current = false;
    (applied ? remove : input).current?.focus();
  }, [applied, busy]);

  async function apply() {
    const code = draft.trim();
    if (code === '' || busy) return;
    setBusy(true);
    // Set before the answer: the code shows as applied as soon as the answer is in.
    focusNext.current = true;
    const refused = await onApply(code);
    setBusy(false);
    setRefusal(refused);
    if (refused === null) setDraft('');
    else focusNext.current = false;
  }

  async function removeCode() {
    setBusy(true);
    focusNext.current = true;
    await onRemove();
    setBusy(false);
    setRefusal(null);
  }

  const message = refusal ?? summary.couponMessage;
  return (
    <div className="text-sm">
      {applied ? (
        <p className="flex items-center justify-between gap-3">
          <span className="font-semibold text-green-800">{`Code ${applied} applied`}</span>
          <button
            ref={remove}
            type="button"
            onClick={() => void removeCode()}
            disabled={busy || disabled}
            className="font-semibold underline underline-offset-4 disabled:opacity-50"
          >
            Remove code
          </button>
        </p>
      ) : (
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="flex flex-1 flex-col text-xs font-semibold text-neutral-600">
            Discount code
            <input
              ref={input}
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void apply();
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              disabled={disabled}
              aria-invalid={refusal !== null || undefined}
              aria-describedby={refusal !== null ? messageId : undefined}
              className="mt-1 h-10 rounded-lg border border-black/20 px-3 text-base uppercase text-ink"
            />
          </label>
          <button
            type="button"
            onClick={() => void apply()}
            disabled={busy || disabled}
            className="h-10 rounded-lg bg-ink px-4 font-bold text-white disabled:opacity-50"
          >
            Apply
          </button>
        </div>
      )}
      {message ? (
        <p id={messageId} role="alert" className="mt-2 text-xs font-semibold text-red-700">
          {message}
        </p>
      ) : codeOutdone(summary) ? (
        <p className="mt-2 text-xs text-neutral-600">{`Your cart already gets a better offer than ${applied}.`}</p>
      ) : null}
    </div>
  );
}
