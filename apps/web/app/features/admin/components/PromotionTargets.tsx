// What a promotion applies to (docs/promotions.md#kinds): the whole order, or products found by name or SKU, or
// categories ticked from the shop's menu, or garment types by id. The chosen ones are listed, each with a button
// that removes it.
import type { PromotionScope } from '@rangrez/contract/rules/promotions';
import type { AdminCategory } from '@rangrez/contract/schemas/admin-settings';
import { useEffect, useState } from 'react';
import type { AdminApi } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { useDebouncedValue } from '../use-debounced-value';
import type { SectionProps } from './PromotionForm';
import { CheckboxField, SelectField, TextAreaField, TextField, secondaryButtonClass } from './ui';

const SCOPE_LABELS: Record<PromotionScope, string> = {
  order: 'The whole order',
  products: 'Chosen products',
  categories: 'Chosen categories',
  types: 'Chosen garment types',
};

const loadCategories = (api: AdminApi) => api.categories().then((answer) => answer.categories);

function categoryName(c: AdminCategory, all: readonly AdminCategory[]): string {
  const parent = all.find((p) => p._id === c.parentId);
  return parent ? `${parent.name} › ${c.name}` : c.name;
}

function CategoryPicker({ values, set, field }: SectionProps) {
  const { data, error } = useAdminData(loadCategories);
  const chosen = new Set(values.targetIds);
  const toggle = (id: string, on: boolean) =>
    set('targetIds', on ? [...values.targetIds, id] : values.targetIds.filter((x) => x !== id));
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p role="status">Loading the categories…</p>;
  return (
    <fieldset aria-describedby={field('targetIds').error ? 'promotion-targetIds-error' : undefined}>
      <legend className="text-sm font-semibold">Categories</legend>
      {data.map((c) => (
        <CheckboxField
          key={c._id}
          id={`promotion-category-${c._id}`}
          label={categoryName(c, data)}
          checked={chosen.has(c._id)}
          disabled={field('targetIds').disabled}
          onChange={(e) => toggle(c._id, e.currentTarget.checked)}
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

/** The box keeps what is typed (blank lines too); the form gets the ids. */
function TypeIds({ values, set, field }: SectionProps) {
  const [text, setText] = useState(values.targetIds.join('\n'));
  return (
    <TextAreaField
      label="Garment type ids (one a line)"
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        set(
          'targetIds',
          typed
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
      {...field('targetIds')}
    />
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
      {values.target === 'categories' ? <CategoryPicker {...props} /> : null}
      {values.target === 'types' ? (
        <TypeIds {...props} />
      ) : targetIds.error ? (
        <p id="promotion-targetIds-error" role="alert" className="text-sm text-red-700">
          {targetIds.error}
        </p>
      ) : null}
    </fieldset>
  );
}
