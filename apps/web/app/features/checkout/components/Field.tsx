// A labelled checkout input or select, its error linked by aria-describedby and announced (role=alert), and an
// optional live note (the PIN auto-detect result).
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';

const controlClass =
  'mt-1 block w-full rounded-lg border border-black/20 bg-white px-3 py-2.5 text-base outline-none focus:border-black focus:ring-2 focus:ring-black/10 disabled:cursor-not-allowed disabled:bg-neutral-100 aria-[invalid=true]:border-red-600';

interface Common {
  id: string;
  label: string;
  error?: string | undefined;
  /** Shown under the control and announced politely (role=status). */
  note?: ReactNode;
  className?: string;
}

function describedBy(id: string, error?: string, note?: ReactNode) {
  return [error ? `${id}-error` : null, note ? `${id}-note` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, note }: Pick<Common, 'id' | 'error' | 'note'>) {
  return (
    <>
      <div id={`${id}-note`} role="status" aria-live="polite" className="empty:hidden">
        {note}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function InputField({
  id,
  label,
  error,
  note,
  className,
  inputRef,
  ...input
}: Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, note)}
        className={controlClass}
        {...input}
      />
      <Messages id={id} error={error} note={note} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  error,
  note,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, note)}
        className={controlClass}
        {...select}
      >
        {children}
      </select>
      <Messages id={id} error={error} note={note} />
    </div>
  );
}
