// The COLLECTIONS panel: groups as a vertical tab list, their sub-categories as thumbnail tiles. Loaded on
// first use (or when the browser is idle) so its code is not part of a page's first load.
import type { SubcategoriesData } from '@rangrez/contract/schemas';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { collectionHref } from './collection-href';
import { Picture } from './Picture';

const TAB = '[role="tab"]';
const TILE = '[data-menu-tile]';

export interface MegaMenuPanelProps {
  id: string;
  groups: [string, SubcategoriesData[string]][];
  active: number;
  onActive: (index: number) => void;
  /** Move focus to the selected group once shown (the menu was opened from the keyboard). */
  focusTab: boolean;
  onFocusTabDone: () => void;
  onNavigate: () => void;
}

export function MegaMenuPanel({
  id,
  groups,
  active,
  onActive,
  focusTab,
  onFocusTabDone,
  onNavigate,
}: MegaMenuPanelProps) {
  const root = useRef<HTMLDivElement>(null);
  const current = groups[Math.min(active, groups.length - 1)];

  useEffect(() => {
    if (!focusTab) return;
    root.current?.querySelector<HTMLElement>(`${TAB}[aria-selected="true"]`)?.focus();
    onFocusTabDone();
  }, [focusTab, onFocusTabDone]);

  function focusAt(selector: string, index: number) {
    const nodes = root.current?.querySelectorAll<HTMLElement>(selector);
    if (!nodes || nodes.length === 0) return;
    nodes[((index % nodes.length) + nodes.length) % nodes.length]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: groups.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      const next = ((target % groups.length) + groups.length) % groups.length;
      onActive(next);
      focusAt(TAB, next);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusAt(TILE, 0);
    }
  }

  function onTileKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number, count: number) {
    const key = event.key;
    if (key === 'ArrowRight' || key === 'ArrowDown') focusAt(TILE, index + 1);
    else if (key === 'ArrowLeft' && index === 0) focusAt(TAB, active);
    else if (key === 'ArrowLeft' || key === 'ArrowUp') focusAt(TILE, index - 1);
    else if (key === 'Home') focusAt(TILE, 0);
    else if (key === 'End') focusAt(TILE, count - 1);
    else return;
    event.preventDefault();
  }

  if (!current) return null;
  return (
    <div
      ref={root}
      id={id}
      className="absolute inset-x-0 top-full border-t border-black/10 bg-white text-left font-normal tracking-normal shadow-xl"
    >
      <div className="mx-auto grid max-h-[60vh] max-w-7xl grid-cols-[13rem_1fr] overflow-y-auto">
        <div
          role="tablist"
          aria-orientation="vertical"
          aria-label="Collections"
          className="flex flex-col gap-1 border-r border-black/5 p-4"
        >
          {groups.map(([group], i) => (
            <button
              key={group}
              id={`${id}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={i === active}
              aria-controls={`${id}-tabpanel`}
              tabIndex={i === active ? 0 : -1}
              onPointerEnter={() => onActive(i)}
              onFocus={() => onActive(i)}
              onClick={() => onActive(i)}
              onKeyDown={(event) => onTabKeyDown(event, i)}
              className={`rounded-lg px-3 py-2 text-left text-sm font-bold uppercase tracking-wide ${
                i === active ? 'bg-ink text-white' : 'hover:bg-black/5'
              }`}
            >
              {group}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${active}`} className="p-4">
          <ul className="grid grid-cols-3 gap-3 lg:grid-cols-5">
            {current[1].map((sub, i) => (
              <li key={sub.id}>
                <Link
                  to={collectionHref(current[0], sub.name)}
                  data-menu-tile=""
                  onKeyDown={(event) => onTileKeyDown(event, i, current[1].length)}
                  onClick={onNavigate}
                  className="group flex items-center gap-3 rounded-lg p-2 hover:bg-black/5 focus-visible:bg-black/5"
                >
                  <Picture
                    src={sub.thumbnail}
                    alt=""
                    ladder="thumbnail"
                    sizes="64px"
                    width={64}
                    height={64}
                    className="h-16 w-16 shrink-0 rounded-md bg-neutral-100 object-cover"
                  />
                  <span className="text-sm font-semibold">{sub.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
