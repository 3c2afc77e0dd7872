// A product's variants (docs/admin.md#products): its colours x its sizes, each cell with its stock, fulfilment SKU
// and whether it is sold, saved together with PUT .../variants. Checked with the contract's schema first, so a
// cell shows the message the API would answer. Each colour is a small table of its sizes: readable on a phone.
import type { Size } from '@rangrez/contract/rules/size-chart';
import type { AdminProduct } from '@rangrez/contract/schemas/admin-catalogue';
import { useState } from 'react';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import {
  type VariantCell,
  type VariantGrid,
  addColour,
  cellAt,
  cellKey,
  checkGrid,
  gridFromVariants,
  removeColour,
  setCell,
  toggleSize,
  totalStock,
} from '../variant-grid';
import { ColourAdder, ColourList, SizeTicks, colourName } from './VariantAxes';
import { Notice, buttonClass } from './ui';

const cellInput =
  'block w-full min-w-20 rounded-md border border-black/20 bg-white px-2 py-2 text-base outline-none focus:border-ink focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-700';

const cellName = (key: string) => {
  const [color = '', size = ''] = key.split('|');
  return `${colourName(color)}, ${size}`;
};

function useVariantGrid(product: AdminProduct, onSaved: (text: string) => void) {
  const { api } = useAdminSession();
  const [grid, setGrid] = useState(() => gridFromVariants(product.variants));
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const check = checkGrid(grid);
    setCellErrors(check.cellErrors);
    // Announced once (role=alert): the first problem, naming its cell; each cell shows its own below its input.
    const [firstCell] = Object.entries(check.cellErrors);
    const cellProblem = firstCell ? `${cellName(firstCell[0])}: ${firstCell[1]}` : null;
    setError(check.errors[0] ?? cellProblem);
    if (!check.body) return;
    setBusy(true);
    try {
      await api.putVariants(product._id, check.body);
      onSaved('Variants and stock saved.');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }
  return { grid, setGrid, cellErrors, error, busy, save };
}

export function VariantsGrid({
  product,
  canWrite,
  onSaved,
}: {
  product: AdminProduct;
  canWrite: boolean;
  onSaved: (text: string) => void;
}) {
  const { grid, setGrid, cellErrors, error, busy, save } = useVariantGrid(product, onSaved);
  const readOnly = !canWrite || busy;
  const onAdd = (code: string) => {
    const next = addColour(grid, code);
    if (typeof next === 'string') return next;
    setGrid(next);
    return null;
  };
  return (
    <section
      aria-labelledby="variants-heading"
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="variants-heading" className="text-lg font-semibold">
        Colours, sizes and stock
      </h2>
      <p className="mt-1 mb-4 text-sm text-neutral-700" aria-live="polite">
        Total stock: <strong>{totalStock(grid).toLocaleString('en-IN')}</strong> (sellable variants on this
        grid; saved: {product.stock.toLocaleString('en-IN')})
      </p>
      {canWrite ? (
        <div className="mb-4 flex flex-col gap-4">
          <ColourAdder onAdd={onAdd} disabled={readOnly} />
          <ColourList
            colors={grid.colors}
            onRemove={(c) => setGrid(removeColour(grid, c))}
            disabled={readOnly}
          />
          <SizeTicks
            sizes={grid.sizes}
            onToggle={(s: Size) => setGrid(toggleSize(grid, s))}
            disabled={readOnly}
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-4">
        {grid.colors.map((color) => (
          <ColourTable
            key={color}
            grid={grid}
            color={color}
            errors={cellErrors}
            readOnly={readOnly}
            onCell={(size, patch) => setGrid(setCell(grid, color, size, patch))}
          />
        ))}
      </div>
      {error ? (
        <div className="mt-4">
          <Notice notice={{ kind: 'error', text: error }} />
        </div>
      ) : null}
      {canWrite ? (
        <button
          type="button"
          onClick={() => void save()}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${buttonClass} mt-4`}
        >
          Save variants
        </button>
      ) : null}
    </section>
  );
}

function ColourTable({
  grid,
  color,
  errors,
  readOnly,
  onCell,
}: {
  grid: VariantGrid;
  color: string;
  errors: Record<string, string>;
  readOnly: boolean;
  onCell: (size: string, patch: Partial<VariantCell>) => void;
}) {
  const name = colourName(color);
  if (grid.sizes.length === 0) return null;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{name}</caption>
        <thead className="text-xs uppercase tracking-wide text-neutral-700">
          <tr>
            <th scope="col" className="w-16 py-1">
              Size
            </th>
            <th scope="col" className="py-1">
              Stock
            </th>
            <th scope="col" className="py-1">
              Fulfilment SKU
            </th>
            <th scope="col" className="w-20 py-1">
              Sellable
            </th>
          </tr>
        </thead>
        <tbody>
          {grid.sizes.map((size) => {
            const cell = cellAt(grid, color, size);
            const error = errors[cellKey(color, size)];
            const errorId = `variant-${color}-${size}-error`;
            const describe = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
            return (
              <tr key={size} className="border-t border-black/10 align-top">
                <th scope="row" className="py-2 font-semibold">
                  {size}
                </th>
                <td className="py-2 pr-2">
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    aria-label={`Stock, ${name}, ${size}`}
                    value={cell.stock}
                    readOnly={readOnly}
                    onChange={(e) => onCell(size, { stock: e.target.value })}
                    className={cellInput}
                    {...describe}
                  />
                  {error ? (
                    <p id={errorId} className="mt-1 text-xs text-red-700">
                      {error}
                    </p>
                  ) : null}
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Fulfilment SKU, ${name}, ${size}`}
                    placeholder="Product SKU, colour, size"
                    value={cell.fulfilmentSku}
                    readOnly={readOnly}
                    spellCheck={false}
                    onChange={(e) => onCell(size, { fulfilmentSku: e.target.value })}
                    className={cellInput}
                  />
                </td>
                <td className="py-2">
                  <input
                    type="checkbox"
                    aria-label={`Sellable, ${name}, ${size}`}
                    checked={cell.sellable}
                    disabled={readOnly}
                    onChange={(e) => onCell(size, { sellable: e.target.checked })}
                    className="h-6 w-6 accent-ink"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
