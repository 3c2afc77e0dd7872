// The products list as a table (TanStack Table) whose rows are virtualised against the page's scroll
// (TanStack Virtual): only the rows near the screen are in the document, so a list loaded to thousands of rows
// stays quick. The server sorts: a header's button asks for its column's order. On a phone the table scrolls
// sideways inside its focusable region.
import { formatINR } from '@rangrez/contract/rules/money';
import type { AdminProductRow } from '@rangrez/contract/schemas/admin-catalogue';
import {
  type Header,
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../format';
import { priceBandWarning } from '../gst-band';
import { STATUS_TONE, productStatus, stockBadge } from '../product-display';
import type { ProductListView, ProductSort } from '../product-query';

const column = createColumnHelper<AdminProductRow>();
const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';
/**
 * Every row is one line high (long names are cut short, in full in their title), so each row's height is known
 * without measuring it: 64px and the 1px border between rows.
 */
const ROW_HEIGHT_PX = 65;

const COLUMNS = [
  column.accessor('thumbnail', {
    header: () => <span className="sr-only">Picture</span>,
    enableSorting: false,
    cell: (c) => {
      const src = c.getValue();
      return src ? (
        <img
          src={src}
          alt=""
          width={40}
          height={50}
          loading="lazy"
          className="h-12 w-10 rounded object-cover"
        />
      ) : (
        <span className="block h-12 w-10 rounded bg-neutral-200" aria-hidden="true" />
      );
    },
  }),
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: (c) => (
      <Link
        to={`/admin/products/${c.row.original._id}`}
        title={c.getValue()}
        className="block max-w-[18rem] truncate font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ink"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor('sku', {
    header: 'SKU',
    enableSorting: false,
    cell: (c) => <code className="text-xs whitespace-nowrap">{c.getValue()}</code>,
  }),
  column.accessor('price', {
    id: 'price',
    header: 'Price',
    cell: (c) => {
      const warning = priceBandWarning(c.getValue());
      return (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span className="tabular-nums">{formatINR(c.getValue())}</span>
          {warning ? (
            <span className={`${badge} bg-amber-100 text-amber-900`} title={warning}>
              Between GST rates
            </span>
          ) : null}
        </span>
      );
    },
  }),
  column.accessor('stock', {
    id: 'stock',
    header: 'Stock',
    cell: (c) => {
      const { label, tone } = stockBadge(c.getValue());
      return (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span className="tabular-nums">{c.getValue()}</span>
          <span className={`${badge} ${tone}`}>{label}</span>
        </span>
      );
    },
  }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const status = productStatus(row.original);
      return <span className={`${badge} ${STATUS_TONE[status]}`}>{status}</span>;
    },
  }),
  column.accessor('category', {
    header: 'Category',
    enableSorting: false,
    cell: (c) => (
      <span title={c.getValue()} className="block max-w-[12rem] truncate">
        {c.getValue()}
      </span>
    ),
  }),
  column.accessor('updatedAt', {
    id: 'updated',
    header: 'Updated',
    cell: (c) => (
      <time dateTime={c.getValue()} className="whitespace-nowrap">
        {formatDateTime(c.getValue())}
      </time>
    ),
  }),
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell({
  header,
  view,
  onSort,
}: {
  header: Header<AdminProductRow, unknown>;
  view: ProductListView;
  onSort: (sort: ProductSort) => void;
}) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" className="px-3 py-2 font-semibold">
        {label}
      </th>
    );
  }
  const sort = header.column.id as ProductSort;
  const sorted = view.sort === sort ? view.dir : null;
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} className="px-1 py-1 font-semibold">
      <button
        type="button"
        onClick={() => onSort(sort)}
        className="inline-flex min-h-9 items-center gap-1 rounded px-2 uppercase tracking-wide hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-ink"
      >
        {label}
        {/* The header cell's aria-sort tells a screen reader the order; the arrow is for the eye. */}
        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
      </button>
    </th>
  );
}

/** Where the table's body starts on the page: the virtualiser counts rows from there. */
function useOffsetTop() {
  const [top, setTop] = useState(0);
  const ref = useCallback((el: HTMLElement | null) => {
    if (el) setTop(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  return [top, ref] as const;
}

export function ProductTable({
  products,
  total,
  view,
  onSort,
}: {
  products: AdminProductRow[];
  total: number;
  view: ProductListView;
  onSort: (sort: ProductSort) => void;
}) {
  // The app does not run the React Compiler, which is what this rule guards: it would skip memoizing here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row._id,
    manualSorting: true,
  });
  const rows = table.getRowModel().rows;
  const [scrollMargin, bodyRef] = useOffsetTop();
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - scrollMargin) : 0;
  const columns = COLUMNS.length;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Products"
      className="relative overflow-x-auto rounded-xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-ink"
    >
      {/* aria-rowcount: every match on the server, and the header row, though only some rows are in the page. */}
      <table aria-rowcount={total + 1} className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-neutral-100 text-xs uppercase tracking-wide text-neutral-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} view={view} onSort={onSort} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={bodyRef}>
          {padTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: padTop, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2} className="h-16 border-t border-black/10">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-1 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: padBottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
