// Sort and filters with counts (docs/search.md#the-pages): a GET form whose every change navigates, so the URL
// holds the whole view (shareable, and Back restores it). On phones the same form sits in a bottom sheet.
import { colourByCode } from '@rangrez/contract/rules/colours';
import { SEARCH_SORTS, SEARCH_SORT_LABELS } from '@rangrez/contract/rules/search';
import type { SearchFacets, SearchParams } from '@rangrez/contract/schemas';
import { useState } from 'react';
import { Form, useLocation, useSubmit } from 'react-router';
import { Sheet } from '../../../components/Sheet';
import { useHydrated } from '../../../lib/hydrated';
import { useFiltersKey } from './use-filters-key';

interface FiltersProps {
  facets: SearchFacets;
  params: SearchParams;
  /** Where the form goes: the page itself. */
  action: string;
  /** Parameters of the page the form carries along unchanged (a collection's own selection and search). */
  keep?: readonly (readonly [string, string])[];
}

/** The values of `keys` in the page's query, for the form to carry along. */
function kept(search: string, keys: readonly string[]): [string, string][] {
  const from = new URLSearchParams(search);
  return keys.flatMap((key) => {
    const value = from.get(key);
    return value === null ? [] : [[key, value] as [string, string]];
  });
}

const box = 'h-4 w-4 accent-ink';
const legend = 'mb-2 text-sm font-extrabold uppercase tracking-wide';

function priceValue(min: number, max: number | null) {
  return max === null ? `${min}-` : `${min}-${max}`;
}

function FilterFields({
  facets,
  params,
  keep,
  idPrefix,
}: Omit<FiltersProps, 'action'> & { idPrefix: string }) {
  const band =
    params.minPrice === undefined && params.maxPrice === undefined
      ? ''
      : priceValue(params.minPrice ?? 0, params.maxPrice ?? null);
  return (
    <>
      {keep ? (
        keep.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
      ) : params.q ? (
        <input type="hidden" name="q" value={params.q} />
      ) : null}
      <label htmlFor={`${idPrefix}-sort`} className={`${legend} block`}>
        Sort by
      </label>
      <select
        id={`${idPrefix}-sort`}
        name="sort"
        defaultValue={params.sort ?? (params.q ? 'relevance' : 'newest')}
        className="mb-5 w-full rounded-lg border border-black/15 bg-white px-3 py-2"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SEARCH_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <fieldset className="mb-5">
        <legend className={legend}>Size</legend>
        {facets.size.map((f) => (
          <label key={f.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="size"
              value={f.value}
              defaultChecked={params.size?.includes(f.value as never)}
              className={box}
            />
            {f.value} <span className="text-neutral-500">({f.count})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="mb-5">
        <legend className={legend}>Colour</legend>
        {facets.color.map((f) => (
          <label key={f.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="color"
              value={f.value}
              defaultChecked={params.color?.includes(f.value)}
              className={box}
            />
            <span
              aria-hidden
              className="h-4 w-4 rounded-full ring-1 ring-black/20"
              style={{ background: colourByCode(f.value).hex }}
            />
            {colourByCode(f.value).name} <span className="text-neutral-500">({f.count})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="mb-5">
        <legend className={legend}>Price</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="price" value="" defaultChecked={band === ''} className={box} />
          Any price
        </label>
        {facets.price.map((f) => (
          <label key={f.label} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="price"
              value={priceValue(f.min, f.max)}
              defaultChecked={band === priceValue(f.min, f.max)}
              className={box}
            />
            {f.label} <span className="text-neutral-500">({f.count})</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The form's fields as the page's query: the price band's radio becomes minPrice and maxPrice. */
function filterSearch(form: HTMLFormElement): string {
  const data = new FormData(form);
  const query = new URLSearchParams();
  // The default sort stays out of the URL, so a link without one and the same view after a change look alike.
  const defaultSort = data.get('q') ? 'relevance' : 'newest';
  for (const [key, value] of data) {
    if (typeof value !== 'string' || value === '') continue;
    if (key === 'sort' && value === defaultSort) continue;
    if (key === 'price') {
      const [min, max] = value.split('-');
      query.set('minPrice', min!);
      if (max) query.set('maxPrice', max);
    } else query.append(key, value);
  }
  return query.toString();
}

/**
 * Desktop: a column beside the results. Phones: a button that opens the same form in a bottom sheet. `keepKeys`
 * names the page's own parameters the form carries along (a collection's selection and search).
 */
export function SearchFilters({
  keepKeys,
  ...props
}: Omit<FiltersProps, 'keep'> & { keepKeys?: readonly string[] }) {
  const location = useLocation();
  const key = useFiltersKey();
  return <Filters key={key} {...props} keep={keepKeys ? kept(location.search, keepKeys) : undefined} />;
}

function Filters({ facets, params, action, keep }: FiltersProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [sheet, setSheet] = useState(false);
  const form = (idPrefix: string) => (
    <Form
      method="get"
      action={action}
      aria-label="Sort and filters"
      onChange={(event) => {
        const search = filterSearch(event.currentTarget);
        void submit(new URLSearchParams(search), { method: 'get', action, preventScrollReset: true });
      }}
    >
      <FilterFields facets={facets} params={params} keep={keep} idPrefix={idPrefix} />
      {/* Until this form's code has arrived (or without script), a change is applied by submitting. */}
      {hydrated ? null : (
        <button type="submit" className="min-h-11 rounded-full bg-ink px-4 py-2 text-white">
          Apply
        </button>
      )}
    </Form>
  );
  return (
    <>
      <div className="hidden md:block">{form('filters')}</div>
      <button
        type="button"
        onClick={() => setSheet(true)}
        className="min-h-11 rounded-full border border-black/15 px-4 text-sm font-semibold md:hidden"
      >
        Sort and filters
      </button>
      {sheet ? (
        <Sheet title="Sort and filters" onClose={() => setSheet(false)}>
          <div className="px-2">{form('sheet')}</div>
        </Sheet>
      ) : null}
    </>
  );
}
