// What a promotion applies to (docs/promotions.md#kinds): the whole order, or products found by name or SKU (the
// chosen ones listed, each with a button that removes it), or categories or garment types ticked from a list.
import type { PromotionScope } from '@rangrez/contract/rules/promotions';
import type { AdminCategory } from '@rangrez/contract/schemas/admin-settings';
import { useEffect, useState } from 'react';
import type { AdminApi } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { useDebouncedValue } from '../use-debounced-value';
import type { SectionProps } from './PromotionForm';
import { CheckboxField, SelectField, TextField, secondaryButtonClass } from './ui';

const SCOPE_LABELS: Record<PromotionScope, string> = {
  order: 'The whole order',
  products: 'Chosen products',
  categories: 'Chosen categories',
  types: 'Chosen garment types',
};

interface Choice {
  id: string;
  name: string;
}

const loadCategories = (api: AdminApi): Promise<Choice[]> =>
  api
    .categories()
    .then(({ categories }) => categories.map((c) => ({ id: c._id, name: categoryName(c, categories) })));
const loadTypes = (api: AdminApi): Promise<Choice[]> =>
  api.promotionGarmentTypes().then((answer) => answer.types);

function categoryName(c: AdminCategory, all: readonly AdminCategory[]): string {
  const parent = all.find((p) => p._id === c.parentId);
  return parent ? `${parent.name} › ${c.name}` : c.name;
}

/** Ticks from a list the API gives: the shop's categories, or its garment types. */
function ChoicePicker({
  values,
  set,
  field,
  legend,
  load,
}: SectionProps & { legend: string; load: (api: AdminApi) => Promise<Choice[]> }) {
  const { data, error } = useAdminData(load);
  const chosen = new Set(values.targetIds);
  const toggle = (id: string, on: boolean) =>
    set('targetIds', on ? [...values.targetIds, id] : values.targetIds.filter((x) => x !== id));
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p role="status">Loading the choices…</p>;
  return (
    <fieldset aria-describedby={field('targetIds').error ? 'promotion-targetIds-error' : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {data.map((c) => (
        <CheckboxField
          key={c.id}
          id={`promotion-target-${c.id}`}
          label={c.name}
          checked={chosen.has(c.id)}
          disabled={field('targetIds').disabled}
          onChange={(e) => toggle(c.id, e.currentTarget.checked)}
        />
      ))}
    </fieldset>
  );
}

interface Found {
  id: string;
  name: string;
}

function ProductPicker({ values, set, field }: SectionProps) {
  const { api } = useAdminSession();
  const [query, setQuery] = useState('');
  const typed = useDebouncedValue(query.trim(), 300);
  const [found, setFound] = useState<Found[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (typed === '') return;
    let live = true;
    const params = new URLSearchParams({ q: typed, limit: '10' });
    api.products(params.toString()).then(
      (answer) => live && setFound(answer.products.map((p) => ({ id: p._id, name: `${p.name} (${p.sku})` }))),
      () => live && setFound([]),
    );
    return () => {
      live = false;
    };
  }, [api, typed]);
  // A stored promotion names its products by id: their names are fetched once for the list.
  const [initialIds] = useState(values.targetIds);
  useEffect(() => {
    let live = true;
    for (const id of initialIds) {
      api.product(id).then(
        ({ product }) => live && setNames((n) => ({ ...n, [id]: product.name })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [api, initialIds]);
  const add = (p: Found) => {
    setNames((n) => ({ ...n, [p.id]: p.name }));
    if (!values.targetIds.includes(p.id)) set('targetIds', [...values.targetIds, p.id]);
  };
  const disabled = field('targetIds').disabled;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        id="promotion-product-search"
        label="Find products by name or SKU"
        type="search"
        autoComplete="off"
        value={query}
        disabled={disabled}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {typed !== '' ? (
        <ul aria-label="Products found" className="flex flex-col gap-1">
          {found.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={disabled}
                onClick={() => add(p)}
              >
                Add {p.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ul aria-label="Chosen products" className="flex flex-col gap-1">
        {values.targetIds.map((id) => (
          <li key={id} className="flex items-center gap-2 text-sm">
            <span>{names[id] ?? id}</span>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={disabled}
              onClick={() =>
                set(
                  'targetIds',
                  values.targetIds.filter((x) => x !== id),
                )
              }
            >
              Remove {names[id] ?? id}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PromotionTargets(props: SectionProps) {
  const { values, set, field } = props;
  const targetIds = field('targetIds');
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-black/10 p-4">
      <legend className="px-1 font-bold">What it applies to</legend>
      <SelectField
        label="Applies to"
        value={values.target}
        onChange={(e) => {
          set('target', e.currentTarget.value as PromotionScope);
          set('targetIds', []);
        }}
        {...field('target')}
      >
        {Object.entries(SCOPE_LABELS).map(([scope, label]) => (
          <option key={scope} value={scope}>
            {label}
          </option>
        ))}
      </SelectField>
      {values.target === 'products' ? <ProductPicker {...props} /> : null}
      {values.target === 'categories' ? (
        <ChoicePicker {...props} legend="Categories" load={loadCategories} />
      ) : null}
      {values.target === 'types' ? <ChoicePicker {...props} legend="Garment types" load={loadTypes} /> : null}
      {targetIds.error ? (
        <p id="promotion-targetIds-error" role="alert" className="text-sm text-red-700">
          {targetIds.error}
        </p>
      ) : null}
    </fieldset>
  );
}
