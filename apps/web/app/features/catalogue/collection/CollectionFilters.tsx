// CATEGORIES (collection groups) and TYPE (sub-categories) checkboxes (docs/product/screens.md#collection-page).
import type { SubcategoriesData } from '@rangrez/contract/schemas';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import {
  type CollectionFilters as Filters,
  categoryOptions,
  toggleCategory,
  toggleType,
  typeOptions,
} from './filters';

export function CollectionFilters({
  filters,
  collections,
  onChange,
}: {
  filters: Filters;
  collections: SubcategoriesData | null;
  onChange: (next: Filters) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const groups = categoryOptions(collections);
  const types = typeOptions(collections, filters.categories);
  const selected = filters.categories.length + filters.types.length;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded-lg bg-white px-4 py-3 text-sm font-bold uppercase tracking-wide ring-1 ring-black/10 md:hidden"
      >
        {`Filters${selected > 0 ? ` (${selected})` : ''}`}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} mt-3 space-y-6 md:mt-0 md:block`}>
        <CheckboxGroup
          legend="CATEGORIES"
          options={groups}
          checked={filters.categories}
          onToggle={(slug) => onChange(toggleCategory(filters, slug, collections))}
        />
        <CheckboxGroup
          legend="TYPE"
          options={types}
          checked={filters.types}
          onToggle={(slug) => onChange(toggleType(filters, slug, collections))}
        />
      </div>
    </div>
  );
}

function CheckboxGroup({
  legend,
  options,
  checked,
  onToggle,
}: {
  legend: string;
  options: { slug: string; name: string }[];
  checked: string[];
  onToggle: (slug: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-black tracking-widest text-neutral-500">{legend}</legend>
      <ul className="space-y-1">
        {options.map((option) => (
          <li key={option.slug}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md px-1 py-1.5 text-sm hover:bg-black/5">
              <input
                type="checkbox"
                name={legend === 'TYPE' ? 'type' : 'cat'}
                value={option.slug}
                checked={checked.includes(option.slug)}
                onChange={() => onToggle(option.slug)}
                className="h-4 w-4 accent-ink"
              />
              {option.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
