// The review's star rating as a radio group (native radios: the form and assistive technology know them). Arrow
// keys move and choose as in any radio group, wrapping around; Home and End go to 1 and 5 stars. The keys are
// handled here rather than left to the browser so that every browser moves the same way.
import { MAX_RATING } from '@rangrez/contract/rules/rating';
import type { KeyboardEvent, Ref } from 'react';
import { REVIEW_TEXTS, stars } from '../review-texts';

const VALUES = Array.from({ length: MAX_RATING }, (_, i) => i + 1);

function nextValue(key: string, current: number | null): number | null {
  const at = current ?? 0;
  if (key === 'ArrowRight' || key === 'ArrowUp') return at >= MAX_RATING ? 1 : at + 1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return at <= 1 ? MAX_RATING : at - 1;
  if (key === 'Home') return 1;
  if (key === 'End') return MAX_RATING;
  return null;
}

export function RatingInput({
  id,
  value,
  onChange,
  error,
  firstRef,
}: {
  id: string;
  value: number | null;
  onChange: (value: number) => void;
  error: string | undefined;
  /** The radio to focus when the rating is missing. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const next = nextValue(event.key, value);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    event.currentTarget.closest('fieldset')?.querySelectorAll('input')[next - 1]?.focus();
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{REVIEW_TEXTS.rating}</legend>
      <div className="mt-1 flex gap-1">
        {VALUES.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-1 text-3xl leading-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ink"
          >
            <input
              ref={n === 1 ? firstRef : undefined}
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              // Without a choice yet the first star takes the Tab stop, as in a native group.
              tabIndex={value === n || (value === null && n === 1) ? 0 : -1}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(n)}
              onKeyDown={onKeyDown}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={value !== null && n <= value ? 'text-amber-500' : 'text-neutral-300'}
            >
              ★
            </span>
            <span className="sr-only">{stars(n)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
