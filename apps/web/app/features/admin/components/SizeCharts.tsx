// The size chart of each garment type as an editable table (inches): one row per size, saved whole with
// PUT /admin/size-charts/{garmentType} after the API's own schema has checked it.
import { zodResolver } from '@hookform/resolvers/zod';
import { SIZES, SIZE_CHART_MEASURES } from '@rangrez/contract/rules/size-chart';
import { type AdminSizeChart, adminSizeChartBodySchema } from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { AdminLoading, Notice, type NoticeState, SelectField, buttonClass, secondaryButtonClass } from './ui';

const loadSizeCharts = (api: AdminApi) => api.sizeCharts().then((answer) => answer.sizeCharts);

/** An empty measure is left out (shoulder and sleeves are optional); anything else is checked as a number. */
const measureValue = (value: unknown) => {
  // react-hook-form also passes the stored number through here when the row is first registered.
  if (typeof value === 'number' || value === undefined) return value;
  const text = String(value).trim();
  return text === '' ? undefined : Number(text);
};

export function SizeCharts({ canWrite }: { canWrite: boolean }) {
  const { data, error, loading, reload } = useAdminData(loadSizeCharts);
  const [selected, setSelected] = useState(0);
  const chart = data?.[selected];
  return (
    <section
      aria-labelledby="size-charts-heading"
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="size-charts-heading" className="mb-4 text-lg font-semibold">
        Size charts
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {data ? (
        <SelectField
          id="size-chart-type"
          label="Garment type"
          value={String(selected)}
          onChange={(e) => setSelected(Number(e.target.value))}
        >
          {data.map((c, i) => (
            <option key={c.garmentType} value={i}>
              {c.garmentType}
            </option>
          ))}
        </SelectField>
      ) : loading ? (
        <AdminLoading label="Loading the size charts" />
      ) : null}
      {chart ? (
        <SizeChartForm key={chart.garmentType} chart={chart} canWrite={canWrite} onSaved={reload} />
      ) : null}
    </section>
  );
}

function SizeChartForm({
  chart,
  canWrite,
  onSaved,
}: {
  chart: AdminSizeChart;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const { api } = useAdminSession();
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const { register, getValues, reset, handleSubmit, formState } = useForm({
    resolver: zodResolver(adminSizeChartBodySchema),
    defaultValues: { rows: chart.rows },
  });
  // Rows are added and removed by resetting the form with the new list, not with useFieldArray: that hook would
  // add its helpers to the react-hook-form chunk the shop's sign-in and sign-up forms load.
  const [count, setCount] = useState(chart.rows.length);
  const editRows = (change: (rows: AdminSizeChart['rows']) => AdminSizeChart['rows']) => {
    const rows = change([...(getValues('rows') ?? [])]);
    reset({ rows });
    setCount(rows.length);
  };
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (body) => {
    setNotice(null);
    try {
      await api.putSizeChart(chart.garmentType, body);
      setNotice({ kind: 'success', text: `${chart.garmentType} size chart saved.` });
      onSaved();
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    }
  });
  const firstError = firstRowError(errors.rows);
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      {/* A fieldset is at least as wide as its content unless told otherwise: min-w-0 lets the table scroll. */}
      <fieldset disabled={!canWrite} className="relative min-w-0 overflow-x-auto">
        <legend className="sr-only">{`${chart.garmentType}, inches`}</legend>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-1">
                Size
              </th>
              {SIZE_CHART_MEASURES.map((m) => (
                <th key={m} scope="col" className="p-1">
                  {m}
                </th>
              ))}
              <th scope="col" className="p-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: count }, (_, i) => (
              <tr key={i}>
                <td className="p-1">
                  <select
                    aria-label={`Size of row ${i + 1}`}
                    className="rounded border p-1"
                    defaultValue={getValues(`rows.${i}.size`) ?? SIZES[0]}
                    {...register(`rows.${i}.size`)}
                  >
                    {SIZES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </td>
                {SIZE_CHART_MEASURES.map((m) => (
                  <td key={m} className="p-1">
                    <input
                      aria-label={`${m} of row ${i + 1}, inches`}
                      inputMode="decimal"
                      className="w-20 rounded border p-1"
                      {...register(`rows.${i}.${m}`, { setValueAs: measureValue })}
                    />
                  </td>
                ))}
                <td className="p-1">
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => editRows((rows) => rows.filter((_, j) => j !== i))}
                  >
                    Remove<span className="sr-only">{` row ${i + 1}`}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      {firstError ? <Notice notice={{ kind: 'error', text: firstError }} /> : null}
      <Notice notice={notice} />
      {canWrite ? (
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => editRows((rows) => [...rows, { size: SIZES[0], chest: 0, length: 0 }])}
          >
            Add a size
          </button>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            Save size chart
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The table's first error (the whole chart's, else the first row's first field's): shown under the table. */
function firstRowError(rows: unknown): string | undefined {
  if (!rows || typeof rows !== 'object') return undefined;
  const own = rows as { message?: string; root?: { message?: string } };
  if (own.message ?? own.root?.message) return own.message ?? own.root?.message;
  if (!Array.isArray(rows)) return undefined;
  const row = rows.find((r) => r) as Record<string, { message?: string } | undefined> | undefined;
  const key = ['size', ...SIZE_CHART_MEASURES].find((k) => row?.[k]?.message);
  return key ? row?.[key]?.message : undefined;
}
