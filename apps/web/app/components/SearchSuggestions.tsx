// The header field's suggestions (docs/search.md#the-header-field), loaded on the field's first focus: products and
// collections for the text typed so far, as the listbox of a WAI-ARIA combobox. Arrow keys move through the
// options, Enter opens the active one (or searches the text when none is), Escape closes the list.
import type { SearchSuggestions as Suggestions } from '@rangrez/contract/schemas';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { api } from '../lib/api';

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 150;

export interface SuggestionsProps {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  listId: string;
  /** Whether the list shows and which option is active, for the input's aria attributes. */
  onState: (state: { expanded: boolean; active: string | undefined }) => void;
  onPick: (href: string) => void;
}

interface Option {
  key: string;
  label: string;
  detail: string;
  href: string;
  image?: string;
}

function optionsOf(q: string, found: Suggestions): Option[] {
  return [
    ...found.products.map((p) => ({
      key: `p-${p._id}`,
      label: p.name,
      detail: `₹${p.price}`,
      href: `/product/${encodeURIComponent(p._id)}`,
      image: p.thumbnail,
    })),
    ...found.categories.map((c) => ({ key: `c-${c.path}`, label: c.name, detail: c.group, href: c.path })),
    { key: 'all', label: `Search for "${q}"`, detail: '', href: `/search?q=${encodeURIComponent(q)}` },
  ];
}

function useSuggestions(text: string): Option[] {
  // Each answer is kept with the text it was for: a list for older text is never shown.
  const [found, setFound] = useState<{ q: string; options: Option[] }>({ q: '', options: [] });
  const q = text.trim();
  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<Suggestions>(`/search/suggest?q=${encodeURIComponent(q)}`, {
        auth: false,
        signal: controller.signal,
      })
        .then((answer) => setFound({ q, options: optionsOf(q, answer) }))
        .catch(() => {
          // Offline or aborted by newer typing: the field still searches on Enter.
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return q && found.q === q ? found.options : NONE;
}

const NONE: Option[] = [];

export function SearchSuggestions({ input, text, listId, onState, onPick }: SuggestionsProps) {
  const options = useSuggestions(text);
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const [seen, setSeen] = useState(options);
  if (seen !== options) {
    setSeen(options);
    setActive(-1);
    setClosed(false);
  }
  const open = !closed && options.length > 0;
  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  useEffect(() => onState({ expanded: open, active: activeId }), [open, activeId, onState]);

  const latest = useRef({ open, active, options, onPick });
  useEffect(() => {
    latest.current = { open, active, options, onPick };
  });
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { open, active, options, onPick } = latest.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return;
        event.preventDefault();
        setClosed(false);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(
          open ? (active + step + options.length) % options.length : step > 0 ? 0 : options.length - 1,
        );
      } else if (event.key === 'Enter' && open && active >= 0) {
        event.preventDefault();
        onPick(options[active]!.href);
      } else if (event.key === 'Escape' && open) {
        event.preventDefault();
        setClosed(true);
        setActive(-1);
      }
    };
    const onBlur = () => setClosed(true);
    field.addEventListener('keydown', onKeyDown);
    field.addEventListener('blur', onBlur);
    return () => {
      field.removeEventListener('keydown', onKeyDown);
      field.removeEventListener('blur', onBlur);
    };
  }, [input]);

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      hidden={!open}
      className="absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-xl bg-white py-1 shadow-xl ring-1 ring-black/10"
    >
      {options.map((option, i) => (
        <li
          key={option.key}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          // Keeps the field focused so the click lands (the field's blur would close the list first).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option.href)}
          className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm ${i === active ? 'bg-black/5' : ''}`}
        >
          {option.image ? (
            <img src={option.image} alt="" width={32} height={40} className="h-10 w-8 rounded object-cover" />
          ) : null}
          <span className="flex-1 font-semibold">{option.label}</span>
          {option.detail ? <span className="text-neutral-500">{option.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
