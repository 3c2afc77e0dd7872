// The products page's search box and filters. The search is sent once the typing pauses; the filters at once.
import type { ProductListView, ProductStatus, ProductStockFilter } from '../product-query';
import { SelectField, TextField } from './ui';

const STATUS_OPTIONS: readonly [ProductStatus | '', string][] = [
  ['', 'Any status'],
  ['published', 'Published'],
  ['draft', 'Draft'],
  ['archived', 'Archived'],
];

const STOCK_OPTIONS: readonly [ProductStockFilter | '', string][] = [
  ['', 'Any stock'],
  ['out', 'Out of stock'],
  ['low', 'Low (1 to 10)'],
  ['in', 'In stock'],
];

export function ProductFilters({
  view,
  onChange,
}: {
  view: ProductListView;
  onChange: (patch: Partial<ProductListView>) => void;
}) {
  return (
    <form
      role="search"
      aria-label="Search and filter products"
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-4 rounded-xl border border-black/10 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr] sm:p-6"
    >
      <TextField
        id="products-q"
        label="Search by name or SKU"
        type="search"
        autoComplete="off"
        value={view.q}
        maxLength={100}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <SelectField
        id="products-status"
        label="Status"
        value={view.status}
        onChange={(e) => onChange({ status: e.target.value as ProductStatus | '' })}
      >
        {STATUS_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="products-stock"
        label="Stock"
        value={view.stock}
        onChange={(e) => onChange({ stock: e.target.value as ProductStockFilter | '' })}
      >
        {STOCK_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </form>
  );
}
