// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@rangrez/contract/schemas';
import { CompletePayment } from './CompletePayment';
import { OrderRefunds } from './OrderRefunds';

const unpaid: Order = {
  _id: 'o3',
  orderId: 'RZ2611210003',
  createdAt: '2026-11-21T10:15:00.000Z',
  status: 'payment_failed',
  paymentMethod: 'Prepaid',
  totalAmount: 799,
  qikinkOrderId: 'RZ2611210003',
  items: [
    { _id: 'i1', productName: 'Oni Mask Tee', quantity: 1, size: 'L', color: 'Bk', price: 799, mrp: 1099 },
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
  summary: {
    itemCount: 1,
    originalPrice: 1099,
    discount: 300,
    discountPercent: 27,
    subtotal: 799,
    shipping: 0,
    tax: 0,
    total: 799,
  },
};
const switched: Order = {
  ...unpaid,
  status: 'confirmed',
  paymentMethod: 'COD',
  totalAmount: 849,
  summary: { ...unpaid.summary!, shipping: 50, total: 849 },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: (url: string) => Response;
const calls: string[] = [];
/** The cash on delivery fee the owner set, as GET /cod/fee answers it. */
let codFee = 50;

beforeEach(() => {
  calls.length = 0;
  codFee = 50;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/cod/fee') return json(200, { success: true, fee: codFee });
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return answer(url);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => {});

describe('CompletePayment', () => {
  it('says no money was taken and offers Pay now and Switch to Cash on Delivery', () => {
    render(<CompletePayment order={unpaid} onChanged={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Complete payment' })).toBeTruthy();
    expect(screen.getByText('Your payment did not go through. No money was taken.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to Cash on Delivery' })).toBeTruthy();
  });

  it('shows nothing for an order that is not waiting for an online payment', () => {
    const { container } = render(<CompletePayment order={switched} onChanged={() => undefined} />);
    expect(container.textContent).toBe('');
  });

  it('asks with the new total, switches, announces the answer and focuses it', async () => {
    answer = () =>
      json(200, {
        success: true,
        message: 'Your order is confirmed. You will pay in cash on delivery.',
        order: switched,
      });
    const onChanged = vi.fn();
    render(<CompletePayment order={unpaid} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Cash on Delivery' }));
    const group = screen.getByRole('group', { name: 'Switch to Cash on Delivery?' });
    expect(group.textContent).toContain('New total: ₹849 (includes the ₹50 cash on delivery fee).');
    const yes = screen.getByRole('button', { name: 'Yes, switch' });
    expect(document.activeElement).toBe(yes);
    expect(calls).toEqual([]);
    fireEvent.click(yes);
    await flush();
    expect(calls).toEqual(['POST /api/v1/orders/RZ2611210003/cod']);
    expect(onChanged).toHaveBeenCalledWith(switched);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Your order is confirmed. You will pay in cash on delivery.');
    expect(document.activeElement).toBe(status);
  });

  it('asks with the cash on delivery fee the owner set', async () => {
    codFee = 75;
    render(<CompletePayment order={unpaid} onChanged={() => undefined} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Cash on Delivery' }));
    const group = screen.getByRole('group', { name: 'Switch to Cash on Delivery?' });
    expect(group.textContent).toContain('New total: ₹874 (includes the ₹75 cash on delivery fee).');
  });

  it("shows the server's refusal as an alert", async () => {
    answer = () =>
      json(409, {
        success: false,
        message:
          'A payment for this order has already been received, so it cannot be switched to Cash on Delivery.',
      });
    render(<CompletePayment order={unpaid} onChanged={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Cash on Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, switch' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'A payment for this order has already been received, so it cannot be switched to Cash on Delivery.',
    );
  });
});

describe('OrderRefunds', () => {
  it("lists the order's refunds with their amount and status in words", () => {
    render(
      <OrderRefunds
        order={{
          ...unpaid,
          refunds: [
            { _id: 'r1', amount: 399.5, status: 'processed', createdAt: '2026-11-22T10:00:00.000Z' },
            { _id: 'r2', amount: 100, status: 'pending', createdAt: '2026-11-23T10:00:00.000Z' },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^₹399\.50Refunded/);
    expect(items[1]).toMatch(/^₹100On its way/);
  });
});
