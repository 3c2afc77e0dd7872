// The two axes of a product's variants: its colours (added by code, from the fulfilment partner's list or any code
// the contract accepts, and removed) and its sizes (ticked). The new-product form and the variants grid share them.
import { COLOURS, colourByCode } from '@rangrez/contract/rules/colours';
import { SIZES, type Size } from '@rangrez/contract/rules/size-chart';
import { useId, useState } from 'react';
import { secondaryButtonClass } from './ui';

/** A colour's name and code as staff read them: 'Black (Bk)', or the code alone when it is not a known one. */
export function colourName(code: string): string {
  const { name } = colourByCode(code);
  return name === code ? code : `${name} (${code})`;
}

/**
 * A colour code field and its Add button. `onAdd` answers an error message or null; Enter adds too, without
 * submitting the form around it.
 */
export function ColourAdder({
  onAdd,
  disabled,
}: {
  onAdd: (code: string) => string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const problem = onAdd(code);
    setError(problem);
    if (!problem) setCode('');
  };
  return (
    <div>
      <label htmlFor={`${id}-code`} className="block text-sm font-semibold">
        Colour code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          list={`${id}-colours`}
          value={code}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          className="block w-40 rounded-lg border border-black/20 bg-white px-3 py-2.5 text-base outline-none focus:border-ink focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-700"
        />
        <button type="button" onClick={add} disabled={disabled} className={secondaryButtonClass}>
          Add colour
        </button>
      </div>
      <datalist id={`${id}-colours`}>
        {COLOURS.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          The print partner&apos;s code, such as Bk for black (case matters).
        </p>
      )}
    </div>
  );
}

export function ColourList({
  colors,
  onRemove,
  disabled,
}: {
  colors: readonly string[];
  onRemove: (code: string) => void;
  disabled?: boolean;
}) {
  if (colors.length === 0) return <p className="text-sm text-neutral-600">No colours yet.</p>;
  return (
    <ul aria-label="Colours" className="flex flex-wrap gap-2">
      {colors.map((code) => (
        <li
          key={code}
          className="flex items-center gap-2 rounded-full border border-black/15 bg-white py-1 pr-1 pl-2"
        >
          <span
            aria-hidden="true"
            className="h-4 w-4 rounded-full border border-black/20"
            style={{ background: colourByCode(code).hex }}
          />
          <span className="text-sm">{colourName(code)}</span>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(code)}
            className="min-h-9 rounded-full px-2 text-sm font-semibold hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-ink"
          >
            Remove<span className="sr-only"> {colourName(code)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SizeTicks({
  sizes,
  onToggle,
  disabled,
  error,
}: {
  sizes: readonly string[];
  onToggle: (size: Size) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold">Sizes</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {SIZES.map((size) => (
          <label key={size} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={sizes.includes(size)}
              disabled={disabled}
              onChange={() => onToggle(size)}
              className="h-5 w-5 accent-ink"
            />
            {size}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
