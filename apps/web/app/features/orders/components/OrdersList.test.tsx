// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { type Order, ordersResponseSchema } from '@rangrez/contract/schemas';
import { apiResponse } from '../../../lib/test-helpers';
import { OrdersList } from './OrdersList';

/**
 * Written by hand, not through apiResponse: the default answer carries a status word the contract does not know
 * (an older client meeting a newer API), which the schema would rightly refuse.
 */
const rawJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shipped: Order = {
  _id: 'o2',
  orderId: 'RZ2611210002',
  createdAt: '2026-11-21T10:15:00.000Z',
  status: 'shipped',
  paymentMethod: 'Prepaid',
  totalAmount: 1598,
  qikinkOrderId: 'RZ2611210002',
  items: [
    { _id: 'i1', productName: 'Oni Mask Tee', quantity: 2, size: 'L', color: 'Bk', price: 799, mrp: 1099 },
  ],
  deliveryAddress: {
    fullName: 'Asha Verma',
    doorNo: '12',
    street: 'FC Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411004',
    phone: '9876543210',
    email: 'asha@example.in',
  },
  awbNo: 'AWB123',
  trackingLink: 'https://track.example/AWB123',
  summary: {
    itemCount: 2,
    originalPrice: 2198,
    discount: 600,
    discountPercent: 27,
    subtotal: 1598,
    shipping: 0,
    tax: 0,
    total: 1598,
  },
};
const older: Order = {
  ...shipped,
  _id: 'o1',
  orderId: 'RZ2610010001',
  qikinkOrderId: 'RZ2610010001',
  createdAt: '2026-10-01T08:00:00.000Z',
  status: 'mystery_state' as Order['status'],
  awbNo: undefined,
  trackingLink: undefined,
};

let answer: () => Response | Promise<Response>;
const urls: string[] = [];

beforeEach(() => {
  urls.length = 0;
  answer = () =>
    rawJson(200, { success: true, orders: [older, shipped], message: 'Orders fetched successfully' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => {});

describe('OrdersList', () => {
  it('shows a skeleton, then the orders newest first with id, date and status badge', async () => {
    render(<OrdersList userId="u1" />);
    expect(screen.getByRole('status').textContent).toContain('Loading orders');
    await flush();
    expect(urls).toEqual(['/api/v1/orders/u1']);
    const rows = screen.getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Order RZ2611210002'),
      expect.stringContaining('Order RZ2610010001'),
    ]);
    expect(rows[0]?.textContent).toContain('Shipped');
    expect(rows[0]?.textContent).toMatch(/November 21, 2026 at \d{1,2}:\d{2} (AM|PM)/);
    // An unknown status still shows, in the default style.
    expect(within(rows[1]!).getByText('Mystery State').getAttribute('data-tone')).toBe('neutral');
  });

  it('expands a row to its items, delivery address, summary and tracking link', async () => {
    render(<OrdersList userId="u1" />);
    await flush();
    const row = screen.getByRole('button', { name: /RZ2611210002/ });
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Oni Mask Tee')).toBeNull();
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(row.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Oni Mask Tee')).toBeTruthy();
    expect(within(panel).getByText('Size L · Black · Qty 2')).toBeTruthy();
    expect(within(panel).getByText('Asha Verma')).toBeTruthy();
    expect(within(panel).getByText('Pune, Maharashtra 411004')).toBeTruthy();
    const summary = within(panel).getByLabelText('Order summary');
    expect(summary.textContent).toContain('Original Price₹2,198');
    expect(summary.textContent).toContain('Discount-₹600 (27%)');
    expect(summary.textContent).toContain('Subtotal₹1,598');
    expect(summary.textContent).toContain('Shipping₹0');
    expect(summary.textContent).toContain('Total₹1,598');
    expect(within(panel).getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      'https://track.example/AWB123',
    );
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists the promotions an order got with what each saved, free shipping on its own row', async () => {
    const promoted: Order = {
      ...shipped,
      paymentMethod: 'COD',
      totalAmount: 1439,
      summary: { ...shipped.summary!, shipping: 0, total: 1439 },
      promotions: [
        { code: 'SAVE10', kind: 'percentage', title: 'Ten off', saved: 159 },
        { code: null, kind: 'free_shipping', title: 'Free shipping', saved: 50 },
      ],
      promotionDiscount: 159,
    };
    answer = () =>
      rawJson(200, { success: true, orders: [promoted], message: 'Orders fetched successfully' });
    render(<OrdersList userId="u1" />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /RZ2611210002/ }));
    const summary = screen.getByLabelText('Order summary');
    const rows = [...summary.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Original Price₹2,198',
      'Discount-₹600 (27%)',
      'Subtotal₹1,598',
      'Ten off-₹159',
      'Free shipping-₹50',
      // The cash-on-delivery fee the free shipping took off: ₹1,598 - ₹159 - ₹50 + ₹50 = ₹1,439.
      'Shipping₹50',
      'Total₹1,439',
    ]);
  });

  it("says 'No orders found' when there are none", async () => {
    answer = () =>
      apiResponse(ordersResponseSchema, { success: true, orders: [], message: 'No orders found' });
    render(<OrdersList userId="u1" />);
    await flush();
    expect(screen.getByText('No orders found')).toBeTruthy();
  });

  it.each([
    [
      () => apiResponse(errorResponseSchema, { success: false, message: 'Internal server error' }, 500),
      'Failed to fetch orders',
    ],
    [() => Promise.reject(new TypeError('Failed to fetch')), 'Error connecting to server'],
  ])('shows a banner when loading fails (%#)', async (failure, message) => {
    answer = failure;
    render(<OrdersList userId="u1" />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it("cancels a cash-on-delivery order after asking once more, in the server's words", async () => {
    const cod: Order = {
      ...shipped,
      status: 'confirmed',
      paymentMethod: 'COD',
      awbNo: undefined,
      trackingLink: undefined,
    };
    answer = () => rawJson(200, { success: true, orders: [cod], message: 'Orders fetched successfully' });
    render(<OrdersList userId="u1" />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /RZ2611210002/ }));
    // A shipped prepaid order offers nothing; this one does.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('button', { name: 'Yes, cancel it' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my order' }));
    expect(screen.queryByRole('button', { name: 'Yes, cancel it' })).toBeNull();

    answer = () =>
      rawJson(200, {
        success: true,
        message: 'Your order has been cancelled.',
        order: { ...cod, status: 'cancelled' },
      });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await flush();
    expect(urls.at(-1)).toBe('/api/v1/orders/RZ2611210002/cancel');
    expect(screen.getByRole('status').textContent).toBe('Your order has been cancelled.');
    expect(screen.getByRole('button', { name: /RZ2611210002/ }).textContent).toContain('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks to confirm a cash-on-delivery order waiting for it, by its deadline, and confirms it', async () => {
    const waiting: Order = {
      ...shipped,
      status: 'confirmed',
      paymentMethod: 'COD',
      awbNo: undefined,
      trackingLink: undefined,
      codConfirmation: 'pending',
      codConfirmBy: '2026-11-22T10:15:00.000Z',
    };
    answer = () => rawJson(200, { success: true, orders: [waiting], message: 'Orders fetched successfully' });
    render(<OrdersList userId="u1" />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /RZ2611210002/ }));
    const ask = await screen.findByRole('region', { name: 'Confirm your Cash on Delivery order' });
    expect(ask.textContent).toContain(
      'Please confirm your Cash on Delivery order by Sun, 22 Nov, 3:45 pm. We print it once you confirm; unconfirmed orders are cancelled.',
    );
    // One way to cancel while it waits: the confirmation's own.
    expect(screen.getAllByRole('button', { name: 'Cancel order' })).toHaveLength(1);
    answer = () =>
      rawJson(200, {
        success: true,
        message: 'Thank you! Your order is confirmed and goes to print now.',
        order: { ...waiting, codConfirmation: 'confirmed', codConfirmBy: undefined },
      });
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm order' }));
    await flush();
    expect(urls.at(-1)).toBe('/api/v1/orders/RZ2611210002/cod-confirmation');
    const said = screen.getByRole('status');
    expect(said.textContent).toBe('Thank you! Your order is confirmed and goes to print now.');
    expect(document.activeElement).toBe(said);
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
  });

  it('says why a cancellation was refused', async () => {
    const cod: Order = { ...shipped, status: 'processing', paymentMethod: 'COD' };
    answer = () => rawJson(200, { success: true, orders: [cod], message: 'Orders fetched successfully' });
    render(<OrdersList userId="u1" />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /RZ2611210002/ }));
    answer = () =>
      rawJson(409, {
        success: false,
        message: 'This order has already shipped and can no longer be cancelled.',
      });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'This order has already shipped and can no longer be cancelled.',
    );
  });

  it("says 'No user data available' without a user", () => {
    render(<OrdersList userId={undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('No user data available');
    expect(urls).toEqual([]);
  });
  it('offers the invoice of an invoiced order, and says why a download failed', async () => {
    answer = () =>
      rawJson(200, {
        success: true,
        orders: [{ ...shipped, invoiceNumber: 'RZ/26-27/000042' }, older],
        message: 'Orders fetched successfully',
      });
    render(<OrdersList userId="u1" />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /RZ2610010001/ }));
    // The older order has no invoice: no button.
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /RZ2611210002/ }));
    answer = () => rawJson(404, { success: false, message: 'This order has no invoice yet' });
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    await flush();
    expect(urls.at(-1)).toBe('/api/v1/orders/RZ2611210002/invoice');
    expect(screen.getByRole('alert').textContent).toBe('This order has no invoice yet');
  });
});

describe('OrdersList: pictures', () => {
  it("shows each row's line pictures, and each opened line's picture named by product and colour", async () => {
    const pictured: Order = {
      ...shipped,
      items: [
        { ...shipped.items[0]!, image: 'https://store.test/media/oni-maroon-160.jpg', color: 'Mn' },
        { ...shipped.items[0]!, _id: 'i2', productName: 'Kaiju Tee' },
      ],
    };
    answer = () => apiResponse(ordersResponseSchema, { success: true, orders: [pictured], message: 'ok' });
    render(<OrdersList userId="u1" />);
    await act(async () => {});
    const row = screen.getByRole('button', { name: /Order RZ2611210002/ });
    expect(
      [...row.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')]),
    ).toEqual([['https://store.test/media/oni-maroon-160.jpg', '']]);
    fireEvent.click(row);
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('img').getAttribute('alt')).toBe('Oni Mask Tee, Maroon');
  });
});
