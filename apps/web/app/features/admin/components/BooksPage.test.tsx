// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { booksSummaryResponseSchema } from '@rangrez/contract/schemas/books';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { BooksPage } from './BooksPage';

const totals = (count: number, taxable: number, igst: number, amount: number) => ({
  count,
  taxable,
  cgst: 0,
  sgst: 0,
  igst,
  amount,
});
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  // 20:00 UTC on 30 November is already 1 December in India.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T20:00:00.000Z'));
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) =>
    call.path.includes('from=2026-12-10&to=2026-12-01')
      ? errorAnswer('from must not be after to', 400)
      : apiResponse(booksSummaryResponseSchema, {
          success: true,
          period: { from: '2026-12-01', to: '2026-12-31' },
          invoices: totals(3, 4577.15, 581.81, 5197),
          creditNotes: totals(1, 285.72, 0, 300),
          net: totals(4, 4291.43, 581.81, 4897),
        }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BooksPage', () => {
  it("opens on India's current month with its totals and a button per file", async () => {
    renderInSession(BooksPage, makeStaff('owner'));
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/books/summary?month=2026-12']);
    expect((screen.getByLabelText('Month', { exact: true }) as HTMLInputElement).value).toBe('2026-12');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (cell) => cell.textContent))).toEqual([
      ['Invoices', '3', '₹4,577.15', '₹0', '₹0', '₹581.81', '₹5,197'],
      ['Credit notes', '1', '₹285.72', '₹0', '₹0', '₹0', '₹300'],
      ['Net', '4', '₹4,291.43', '₹0', '₹0', '₹581.81', '₹4,897'],
    ]);
    const gstr1 = screen.getByRole('region', { name: 'GSTR-1 tables, for the GST offline tool' });
    expect(
      within(gstr1)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'B2B (CSV)',
      'B2CL (CSV)',
      'B2CS (CSV)',
      'CDNR (CSV)',
      'CDNUR (CSV)',
      'HSN summary B2B (CSV)',
      'HSN summary B2C (CSV)',
    ]);
    expect(screen.getByRole('button', { name: 'Invoice register (XLSX)' })).toBeTruthy();
  });

  it("takes a range of dates, and shows the server's refusal without the downloads", async () => {
    renderInSession(BooksPage, makeStaff('owner'));
    await flush();
    fireEvent.click(screen.getByRole('radio', { name: 'A range of dates' }));
    await flush();
    expect(calls.at(-1)?.path).toBe('/books/summary?from=2026-12-01&to=2026-12-01');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-10' } });
    await flush();
    expect(calls.at(-1)?.path).toBe('/books/summary?from=2026-12-10&to=2026-12-01');
    expect(screen.getByRole('alert').textContent).toBe('from must not be after to');
    expect(screen.queryByRole('button', { name: 'B2CS (CSV)' })).toBeNull();
  });

  it('is closed to roles without books:read', async () => {
    renderInSession(BooksPage, makeStaff('ops'));
    await flush();
    expect(screen.getByText(STAFF_MESSAGES.forbidden)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
