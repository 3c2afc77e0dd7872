// COLLECTIONS mega-menu (docs/product/screens.md#shell): collection groups on the left (a vertical tab list), their
// sub-categories as thumbnail tiles on the right, at most 60% of the viewport tall and scrolling inside.
// Opens on hover, on focus, and with Enter/Space/ArrowDown (which also move focus into it); Escape closes and
// returns focus to the button; arrows move between groups and between tiles; leaving it closes it.
import type { SubcategoriesData } from '@rangrez/contract/schemas';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from './icons';

const loadPanel = () => import('./MegaMenuPanel');
const MegaMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MegaMenuPanel })));

export function MegaMenu({ collections }: { collections: SubcategoriesData | null }) {
  const groups = Object.entries(collections ?? {});
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [focusTab, setFocusTab] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Focus returned to the button by Escape must not reopen the menu through onFocus.
  const ignoreFocus = useRef(false);
  const id = useId();
  const { pathname } = useLocation();

  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  // The panel's code is fetched once the page is idle, so the first hover opens it at once.
  useEffect(() => {
    if (!window.matchMedia('(min-width: 768px)').matches) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(() => void loadPanel());
  }, []);

  // The button is in the page before this code is (lib/deferred.tsx), and React does not always replay a hover
  // that came before hydration: a pointer already resting on the menu, or focus already in it, opens it now.
  useEffect(() => {
    const root = rootRef.current;
    if (root && (root.matches(':hover') || root.contains(document.activeElement))) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onFocusTabDone = useCallback(() => setFocusTab(false), []);
  const onNavigate = useCallback(() => setOpen(false), []);

  if (groups.length === 0) return null;

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) {
      ignoreFocus.current = true;
      triggerRef.current?.focus();
      ignoreFocus.current = false;
    }
  }

  return (
    <li
      ref={rootRef}
      className="flex h-16 items-center"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onFocus={() => {
          if (!ignoreFocus.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
          setFocusTab(true);
        }}
        className={`flex items-center gap-1 border-b-2 py-1 ${open ? 'border-accent' : 'border-transparent hover:border-black/40'}`}
      >
        COLLECTIONS
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        // The fallback carries the panel's id: the button's aria-controls must name an element while the panel's
        // code is still on its way.
        <Suspense fallback={<div id={`${id}-panel`} aria-busy="true" />}>
          <MegaMenuPanel
            id={`${id}-panel`}
            groups={groups}
            active={active}
            onActive={setActive}
            focusTab={focusTab}
            onFocusTabDone={onFocusTabDone}
            onNavigate={onNavigate}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
