// Size chart (docs/product/rules.md#size-charts): the garment type's table in Inches or Cms (inches x 2.54, 2
// decimals); 'Size chart not available' when the type has none.
import { PRODUCT_ERROR_MESSAGES } from '@rangrez/contract/rules/product-messages';
import {
  SIZE_CHART_MEASURES,
  SIZE_UNITS,
  type SizeChartRow,
  type SizeUnit,
  sizeChartRowIn,
} from '@rangrez/contract/rules/size-chart';
import type { ProductCategory } from '@rangrez/contract/schemas';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CloseIcon } from '../../../components/icons';

const MEASURE_LABELS: Record<(typeof SIZE_CHART_MEASURES)[number], string> = {
  chest: 'Chest',
  length: 'Length',
  shoulder: 'Shoulder',
  sleeveOpen: 'Sleeve Open',
  sleeveLength: 'Sleeve Length',
};

export function SizeChartModal({ category, onClose }: { category: ProductCategory; onClose: () => void }) {
  const [unit, setUnit] = useState<SizeUnit>('Inches');
  const headingId = useId();
  const rows: SizeChartRow[] = (category.sizeChart ?? []).map((row) => sizeChartRowIn(row, unit));
  const measures = SIZE_CHART_MEASURES.filter((m) => rows.some((row) => row[m] !== undefined));
  return (
    <Dialog
      onClose={onClose}
      labelledBy={headingId}
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-black/10 px-5 py-4">
        <h2 id={headingId} className="text-lg font-extrabold">
          {`Size Chart: ${category.name}`}
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="p-5">
        {rows.length === 0 ? (
          <p className="text-neutral-600">{PRODUCT_ERROR_MESSAGES.sizeChartUnavailable}</p>
        ) : (
          <>
            <div role="group" aria-label="Unit" className="inline-flex rounded-full bg-black/5 p-1">
              {SIZE_UNITS.map((u) => (
                <button
                  key={u}
                  type="button"
                  aria-pressed={unit === u}
                  onClick={() => setUnit(u)}
                  className={`rounded-full px-4 py-1.5 text-sm font-bold ${unit === u ? 'bg-ink text-white' : 'text-neutral-700'}`}
                >
                  {u}
                </button>
              ))}
            </div>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{`${category.name} measurements in ${unit}`}</caption>
                <thead>
                  <tr className="border-b border-black/10">
                    <th scope="col" className="py-2 pr-4 font-bold">
                      Size
                    </th>
                    {measures.map((m) => (
                      <th key={m} scope="col" className="py-2 pr-4 font-bold">
                        {`${MEASURE_LABELS[m]} (${unit === 'Inches' ? 'in' : 'cm'})`}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.size} className="border-b border-black/5">
                      <th scope="row" className="py-2 pr-4 font-bold">
                        {row.size}
                      </th>
                      {measures.map((m) => (
                        <td key={m} className="py-2 pr-4 tabular-nums">
                          {row[m] ?? '–'}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
