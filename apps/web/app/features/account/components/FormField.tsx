// A labelled input with its error linked by aria-describedby (and an optional hint).
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-black/20 bg-white px-3 py-2.5 text-base outline-none focus:border-black focus:ring-2 focus:ring-black/10 disabled:cursor-not-allowed disabled:bg-neutral-100 aria-[invalid=true]:border-red-600';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra content beside the input (a show/hide button). */
  adornment?: ReactNode;
}

export function FormField({
  id,
  label,
  error,
  hint,
  inputRef,
  adornment,
  className,
  ...input
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${adornment ? 'pr-12' : ''}`}
          {...input}
        />
        {adornment}
      </div>
      {hint ? <div id={hintId}>{hint}</div> : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PasswordToggle({
  visible,
  onToggle,
  controls,
  disabled,
}: {
  visible: boolean;
  onToggle: () => void;
  controls: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={visible ? 'Hide password' : 'Show password'}
      aria-controls={controls}
      aria-pressed={visible}
      disabled={disabled}
      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-neutral-600 hover:text-black disabled:opacity-50"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        className="h-5 w-5"
        aria-hidden="true"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {visible ? null : <path d="M3 3l18 18" strokeLinecap="round" />}
      </svg>
    </button>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-black/10 border-t-black"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Moves focus to the first field that has an error (spec: focus the first invalid field on submit). */
export function focusFirstInvalid<K extends string>(
  order: readonly K[],
  errors: Partial<Record<K, string>>,
  form: HTMLFormElement | null,
  ids: Record<K, string>,
) {
  const first = order.find((key) => errors[key]);
  if (!first || !form) return;
  form.ownerDocument.getElementById(ids[first])?.focus();
}
