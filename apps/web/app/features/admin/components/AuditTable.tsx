// The audit trail as a table, newest first (the server's order): when, who and as what, what they did to which
// entity, and each changed field before and after. TanStack Table lays out the columns; the server pages.
import type { AuditEntry } from '@rangrez/contract/schemas/admin';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { formatDateTime } from '../format';
import { Changes } from './AuditChanges';

const column = createColumnHelper<AuditEntry>();

const COLUMNS = [
  column.accessor('at', {
    header: 'Time',
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
  }),
  column.accessor('actor', {
    header: 'Actor',
    cell: (c) => <span className="break-all">{c.getValue()}</span>,
  }),
  column.accessor('role', { header: 'Role' }),
  column.accessor('action', {
    header: 'Action',
    cell: (c) => <code className="text-xs">{c.getValue()}</code>,
  }),
  column.display({
    id: 'entity',
    header: 'Entity',
    cell: ({ row }) => (
      <>
        {row.original.entityType}
        <span className="block font-mono text-xs break-all text-neutral-600">{row.original.entityId}</span>
      </>
    ),
  }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row }) => <Changes before={row.original.before} after={row.original.after} />,
  }),
];

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  // The app does not run the React Compiler, which is what this rule guards: it would skip memoizing here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (entry) => entry._id,
  });
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too. Positioned, so that what is
    // positioned inside (the screen-reader-only words) scrolls with it rather than widening the page.
    <div
      tabIndex={0}
      role="region"
      aria-label="Audit entries"
      className="relative overflow-x-auto rounded-xl border border-black/10 bg-white"
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="bg-neutral-100 text-xs uppercase tracking-wide text-neutral-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-t border-black/10 align-top">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
