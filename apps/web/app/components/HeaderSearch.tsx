// The header's search field on every page (docs/search.md#the-header-field): a plain GET form to /search that works
// before any script, made a combobox with suggestions by code loaded on first focus, so the header adds almost
// nothing to a page's first load (docs/decisions/025).
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SuggestionsProps } from './SearchSuggestions';
import { SearchIcon } from './icons';

let loadSuggestions: Promise<ComponentType<SuggestionsProps>> | null = null;

export function HeaderSearch({ className = '' }: { className?: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const [state, setState] = useState<{ expanded: boolean; active: string | undefined }>({
    expanded: false,
    active: undefined,
  });
  const load = () => {
    if (Suggestions) return;
    loadSuggestions ??= import('./SearchSuggestions').then((m) => m.SearchSuggestions);
    void loadSuggestions.then((component) => setSuggestions(() => component));
  };
  // A field focused while its code was still on the way never sees that focus: load the suggestions now.
  useEffect(() => {
    if (document.activeElement === input.current) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render in the browser
  }, []);
  const go = (href: string) => {
    setText('');
    input.current?.blur();
    void navigate(href);
  };
  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        go(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search products
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-neutral-500" />
      <input
        ref={input}
        id={`${id}-q`}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={state.expanded}
        aria-activedescendant={state.active}
        autoComplete="off"
        maxLength={100}
        placeholder="Search products..."
        value={text}
        onFocus={load}
        onPointerEnter={load}
        onChange={(event) => setText(event.target.value)}
        className="h-10 w-full rounded-full border border-black/15 bg-white pl-10 pr-4 text-base outline-none focus:border-ink focus:ring-2 focus:ring-ink/20"
      />
      {Suggestions ? (
        <Suggestions input={input} text={text} listId={listId} onState={setState} onPick={go} />
      ) : (
        <div id={listId} hidden />
      )}
    </form>
  );
}
