// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminProductListResponseSchema } from '@rangrez/contract/schemas/admin-catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeProductRow, makeStaff, renderInSession } from '../test-helpers';
import { ProductsPage } from './ProductsPage';

let calls: FakeCall[];
let total: number;
const flush = () => act(async () => {});
const queryOf = (call: FakeCall | undefined) =>
  Object.fromEntries(new URLSearchParams((call?.path ?? '').split('?')[1]));
const lastQuery = () => queryOf(calls.at(-1));
const bodyRows = () =>
  within(screen.getByRole('region', { name: 'Products' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  total = 2;
  calls = fakeAdminApi((call) => {
    const offset = Number(queryOf(call).offset ?? 0);
    const count = Math.max(0, Math.min(50, total - offset));
    const products = Array.from({ length: count }, (_, i) => makeProductRow(offset + i + 1));
    if (offset === 0 && total === 2) {
      products[0] = makeProductRow(1, { name: 'Kesari Tee', price: 124999, stock: 3, published: false });
      products[1] = makeProductRow(2, { name: 'Neel Hoodie', stock: 0, archived: true, published: false });
    }
    return apiResponse(adminProductListResponseSchema, { products, total });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductsPage', () => {
  it('lists the products with price in rupees, the storefront’s stock label, status and the total', async () => {
    renderInSession(ProductsPage, makeStaff('catalogue'));
    await flush();
    expect(lastQuery()).toEqual({ sort: 'updated', dir: 'desc', limit: '50' });
    const [kesari, neel] = bodyRows();
    expect(within(kesari!).getByRole('link', { name: 'Kesari Tee' }).getAttribute('href')).toBe(
      `/admin/products/${makeProductRow(1)._id}`,
    );
    expect(kesari!.textContent).toContain('RGZ-1');
    expect(kesari!.textContent).toContain('₹1,24,999');
    expect(kesari!.textContent).toContain('Only 3 Left');
    expect(kesari!.textContent).toContain('Draft');
    expect(kesari!.textContent).toContain('Oversized T-shirts');
    expect(neel!.textContent).toContain('Out of Stock');
    expect(neel!.textContent).toContain('Archived');
    expect(screen.getByText('2 products, 2 shown')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New product' })).toBeTruthy();
  });

  it('builds the query from the search (once typing pauses), the filters and the header clicked', async () => {
    renderInSession(ProductsPage, makeStaff('catalogue'));
    await flush();
    fireEvent.change(screen.getByLabelText('Search by name or SKU'), { target: { value: ' kes' } });
    await waitFor(() => expect(lastQuery().q).toBe('kes'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    await flush();
    expect(lastQuery()).toEqual({
      q: 'kes',
      status: 'draft',
      stock: 'low',
      sort: 'updated',
      dir: 'desc',
      limit: '50',
    });

    const price = screen.getByRole('button', { name: 'Price' });
    fireEvent.click(price);
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'price', dir: 'desc' });
    expect(price.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'price', dir: 'asc' });
    expect(screen.getByRole('button', { name: 'Updated' }).closest('th')?.getAttribute('aria-sort')).toBe(
      'none',
    );
    // SKU is not a sort the server offers.
    expect(screen.queryByRole('button', { name: 'SKU' })).toBeNull();
  });

  it('loads the next page from the rows shown, until the total', async () => {
    total = 70;
    renderInSession(ProductsPage, makeStaff('support'));
    await flush();
    expect(screen.getByText('70 products, 50 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await flush();
    expect(lastQuery()).toMatchObject({ offset: '50', sort: 'updated' });
    expect(screen.getByText('70 products, 70 shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Support reads the catalogue and changes nothing.
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();
  });

  it('keeps only the rows near the screen in the page, whatever the list’s length', async () => {
    total = 1000;
    renderInSession(ProductsPage, makeStaff('catalogue'));
    await flush();
    for (let i = 0; i < 3; i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await flush();
    }
    expect(screen.getByText('1,000 products, 200 shown')).toBeTruthy();
    expect(bodyRows().length).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1001');
  });

  it("downloads the CSV export with the staff token, within a file transfer's time", async () => {
    const saved: string[] = [];
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const spies = [
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export'),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
      timeouts,
    ];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.href} ${this.download}`);
    });
    calls = fakeAdminApi((call) =>
      call.path === '/products/export.csv'
        ? new Response('handle,name\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="rangrez-products-2026-11-26.csv"',
            },
          })
        : apiResponse(adminProductListResponseSchema, { products: [], total: 0 }),
    );
    renderInSession(ProductsPage, makeStaff('support'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual(['blob:export rangrez-products-2026-11-26.csv']);
    expect(calls.find((c) => c.path === '/products/export.csv')?.authorization).toBe('Bearer staff-token-1');
    // The list's calls get the API's 10 seconds; the whole catalogue's file gets five minutes.
    expect(timeouts.mock.calls.map(([ms]) => ms)).toEqual([10_000, 300_000]);
    for (const spy of [...spies, click]) spy.mockRestore();
  });
});
