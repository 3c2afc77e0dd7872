// Mobile collections sheet content (docs/product/screens.md#shell): expandable groups with their item counts,
// and the totals of categories and items.
import type { SubcategoriesData } from '@rangrez/contract/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { collectionHref } from './collection-href';
import { Picture } from './Picture';
import { ChevronDownIcon } from './icons';

function collectionTotals(collections: SubcategoriesData | null): {
  categories: number;
  items: number;
} {
  const groups = Object.values(collections ?? {});
  return { categories: groups.length, items: groups.reduce((sum, subs) => sum + subs.length, 0) };
}

export function CollectionsSheetContent({
  collections,
  onNavigate,
}: {
  collections: SubcategoriesData | null;
  onNavigate: () => void;
}) {
  const groups = Object.entries(collections ?? {});
  const [expanded, setExpanded] = useState<string | null>(groups[0]?.[0] ?? null);
  const base = useId();
  const totals = collectionTotals(collections);
  return (
    <div>
      <p className="px-3 pb-3 text-sm text-neutral-600">
        {`${totals.categories} ${totals.categories === 1 ? 'category' : 'categories'} · ${totals.items} ${totals.items === 1 ? 'item' : 'items'}`}
      </p>
      <ul className="space-y-1">
        {groups.map(([group, subs], i) => {
          const isOpen = expanded === group;
          const listId = `${base}-${i}`;
          return (
            <li key={group}>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => setExpanded(isOpen ? null : group)}
                className="flex w-full items-center justify-between rounded-lg px-3 py-3 text-left font-bold uppercase tracking-wide hover:bg-black/5"
              >
                <span>{group}</span>
                <span className="flex items-center gap-2">
                  <span
                    className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-semibold"
                    aria-label={`${subs.length} items`}
                  >
                    {subs.length}
                  </span>
                  <ChevronDownIcon className={`h-4 w-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
                </span>
              </button>
              <ul id={listId} hidden={!isOpen} className="grid grid-cols-2 gap-2 px-2 pb-2">
                {subs.map((sub) => (
                  <li key={sub.id}>
                    <Link
                      to={collectionHref(group, sub.name)}
                      onClick={onNavigate}
                      className="flex items-center gap-2 rounded-lg p-2 text-sm font-semibold hover:bg-black/5"
                    >
                      <Picture
                        src={sub.thumbnail}
                        alt=""
                        ladder="thumbnail"
                        sizes="48px"
                        width={48}
                        height={48}
                        className="h-12 w-12 shrink-0 rounded-md bg-neutral-100 object-cover"
                      />
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
