// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type AdminDashboardResponse,
  adminDashboardResponseSchema,
} from '@rangrez/contract/schemas/admin-dashboard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { indiaToday, lastDays } from '../dashboard-display';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { DashboardPage } from './DashboardPage';

const tile = (value: number | null, previous: number | null) => ({ value, previous });
const ranked = (key: string, count: number, amount: number) => ({ key, label: key, count, amount });

function answer(from: string, to: string): AdminDashboardResponse {
  return {
    success: true,
    from,
    to,
    previousFrom: '2026-09-01',
    previousTo: '2026-09-30',
    tiles: {
      netSales: tile(11_200, 10_000),
      orders: tile(14, 14),
      averageOrderValue: tile(800, 750),
      codShare: tile(0.5, 0.6),
      refunds: tile(500, 0),
      returnRate: tile(0.1, 0.05),
      rtoRate: tile(null, null),
      newShoppers: tile(9, 10),
      returningShoppers: tile(5, 4),
      slideClickConversion: tile(0.2, null),
    },
    days: [{ day: to, sales: 11_200, orders: 14 }],
    topProducts: [ranked('Block Tee', 10, 7990)],
    topSizes: [ranked('M', 10, 7990)],
    states: [ranked('Karnataka', 4, 3200)],
    paymentMethods: [
      { key: 'COD', label: 'Cash on delivery', count: 7, amount: 5600 },
      { key: 'Prepaid', label: 'Prepaid', count: 7, amount: 5600 },
    ],
    refundReasons: [ranked('Print faded', 1, 500)],
    returnReasons: [ranked('misprint', 1, 0)],
  };
}

let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    const query = new URLSearchParams(call.path.split('?')[1]);
    return apiResponse(adminDashboardResponseSchema, answer(query.get('from')!, query.get('to')!));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DashboardPage's figures", () => {
  it('shows the owner the last 30 days: each tile with its change in words, and the charts as tables', async () => {
    renderInSession(DashboardPage, makeStaff('owner'));
    await flush();
    const { from, to } = lastDays(30, indiaToday());
    expect(calls.map((c) => c.path)).toEqual([`/dashboard?from=${from}&to=${to}`]);
    const tiles = within(screen.getByRole('list', { name: 'Figures' })).getAllByRole('listitem');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'Net sales₹11,200▲ Up 12% against ₹10,000 in the previous period',
      'Orders14■ No change against 14 in the previous period',
      'Average order value₹800▲ Up 6.7% against ₹750 in the previous period',
      'COD share50.0%▼ Down 10.0 points against 60.0% in the previous period',
      'Refunds₹500▲ Up from ₹0 against ₹0 in the previous period',
      'Return rate10.0%▲ Up 5.0 points against 5.0% in the previous period',
      'RTO rate–Nothing to compare with against – in the previous period',
      'New shoppers9▼ Down 10% against 10 in the previous period',
      'Returning shoppers5▲ Up 25% against 4 in the previous period',
      'Orders per slide click20.0%Nothing to compare with against – in the previous period',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Compared with 2026-09-01 to 2026-09-30');
    const table = screen.getByRole('table', { name: 'Sales by state' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Karnataka');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '₹3,200']);
    for (const name of [
      'Sales and orders per day',
      'Top products',
      'Top sizes',
      'Payment methods',
      'Refund reasons',
      'Return reasons',
    ]) {
      expect(screen.getByRole('table', { name })).toBeTruthy();
    }
  });

  it('asks again for a preset range and for two dates', async () => {
    renderInSession(DashboardPage, makeStaff('owner'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await flush();
    const week = lastDays(7, indiaToday());
    expect(calls.at(-1)!.path).toBe(`/dashboard?from=${week.from}&to=${week.to}`);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await flush();
    expect(calls.at(-1)!.path).toBe('/dashboard?from=2026-01-01&to=2026-01-31');
    expect(screen.getByRole('heading', { name: 'Sales, 2026-01-01 to 2026-01-31' })).toBeTruthy();
  });

  it("keeps the other roles' page as it was, without asking for figures", async () => {
    renderInSession(DashboardPage, makeStaff('ops'));
    await flush();
    expect(calls).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Figures' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'You may open' })).toBeTruthy();
  });
});
