// The back office's small shared pieces: labelled fields whose errors are announced and linked to the input,
// notices, buttons and the loading state. Plain Tailwind, one column on a phone.
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import '../admin.css';

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-black/20 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-60';
const controlClass =
  'mt-1 block w-full rounded-lg border border-black/20 bg-white px-3 py-2.5 text-base outline-none focus:border-ink focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-700';

interface FieldFrame {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** The attributes that tie a text-like control to its label, its error and its hint. */
function controlProps(id: string, error: unknown, hint: unknown) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: controlClass,
  };
}

function FieldNotes({ id, error, hint }: Omit<FieldFrame, 'label'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A label above the control, then its hint and its error (announced). */
function Field({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextField({
  id,
  label,
  error,
  hint,
  ref,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input ref={ref} {...controlProps(id, error, hint)} {...input} />
    </Field>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  ref,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select ref={ref} {...controlProps(id, error, hint)} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ref,
  ...textarea
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea ref={ref} rows={4} {...controlProps(id, error, hint)} {...textarea} />
    </Field>
  );
}

/** A checkbox with its label beside it (a 44px target on touch screens), its note and its error below. */
export function CheckboxField({
  id,
  label,
  error,
  hint,
  ref,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div>
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-3 text-sm font-semibold">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="h-5 w-5 accent-ink"
          {...input}
        />
        {label}
      </label>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

export interface NoticeState {
  kind: 'error' | 'success';
  text: string;
}

/** An error (role=alert, read out at once) or a confirmation (role=status, read out when the reader is idle). */
export function Notice({ notice }: { notice: NoticeState | null | undefined }) {
  if (!notice) return null;
  const error = notice.kind === 'error';
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={`rounded-lg border p-3 text-sm ${error ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
    >
      {notice.text}
    </p>
  );
}

/** Shown while a page's data is on its way. */
export function AdminLoading({ label = 'Loading the back office' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-black/10 border-t-ink"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children ? <p className="mt-1 text-neutral-600">{children}</p> : null}
    </div>
  );
}

/** A list table's head: one column heading each. */
export function ColumnHeads({ headings }: { headings: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-black/10">
        {headings.map((h) => (
          <th key={h} scope="col" className="py-2 pr-3">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
