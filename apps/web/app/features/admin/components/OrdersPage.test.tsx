// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type AdminOrderRow,
  adminOrderListResponseSchema,
} from '@rangrez/contract/schemas/admin-orders-desk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { OrdersPage } from './OrdersPage';

const flush = () => act(async () => {});

const row = (n: number): AdminOrderRow => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  orderNumber: `RZ${n}`,
  createdAt: '2026-11-20T08:00:00.000Z',
  customerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  total: 849,
  gateway: 'COD',
  state: 'confirmed',
  paymentState: 'cod_pending',
  fulfilmentState: 'exception',
  refundState: 'none',
  status: 'processing',
  itemCount: 1,
  needsAction: n === 1 ? 'The print partner refused or is holding this order' : null,
});

let calls: FakeCall[];

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) =>
    call.path.includes('cursor=')
      ? apiResponse(adminOrderListResponseSchema, { orders: [row(2)], nextCursor: null })
      : apiResponse(adminOrderListResponseSchema, { orders: [row(1)], nextCursor: 'next-1' }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrdersPage', () => {
  it('lists the orders, filters through the address and loads the next page by the cursor', async () => {
    renderInSession(OrdersPage, makeStaff('support'), '/admin/orders');
    await flush();
    const table = screen.getByRole('region', { name: 'Orders table' });
    expect(within(table).getByRole('link', { name: 'RZ1' }).getAttribute('href')).toBe('/admin/orders/RZ1');
    expect(table.textContent).toContain('The print partner refused or is holding this order');
    expect(screen.getByRole('status').textContent).toBe('1 order shown, more to load');

    fireEvent.change(screen.getByLabelText('Gateway'), { target: { value: 'COD' } });
    fireEvent.click(screen.getByLabelText('Needs action only'));
    await flush();
    expect(calls.map((c) => c.path)).toEqual([
      '/orders?',
      '/orders?gateway=COD',
      '/orders?gateway=COD&needsAction=true',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await flush();
    expect(calls.at(-1)!.path).toBe('/orders?gateway=COD&needsAction=true&cursor=next-1');
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['RZ1', 'RZ2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
