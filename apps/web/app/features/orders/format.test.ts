import { describe, expect, it } from 'vitest';
import type { Order } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import { formatOrderDate, orderSummary, ordersErrorMessage, sortNewestFirst, statusBadge } from './format';

const order = (overrides: Partial<Order> = {}): Order => ({
  _id: 'o1',
  orderId: 'RZ2611210001',
  createdAt: '2026-11-21T10:15:00.000Z',
  status: 'confirmed',
  paymentMethod: 'COD',
  totalAmount: 1648,
  qikinkOrderId: 'RZ2611210001',
  items: [{ _id: 'i1', productName: 'Tee', quantity: 2, size: 'L', color: 'Bk', price: 799, mrp: 1099 }],
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
  ...overrides,
});

describe('order dates (US long format with time)', () => {
  it('prints month, day, year and the time with AM/PM', () => {
    expect(formatOrderDate('2026-11-21T10:15:00.000Z', 'UTC')).toBe('November 21, 2026 at 10:15 AM');
    expect(formatOrderDate('2026-01-05T18:05:00.000Z', 'UTC')).toBe('January 5, 2026 at 6:05 PM');
    expect(formatOrderDate('2026-11-21T10:15:00.000Z', 'Asia/Kolkata')).toBe('November 21, 2026 at 3:45 PM');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatOrderDate('yesterday')).toBe('yesterday');
  });
});

describe('status badges', () => {
  it('labels each status and gives it its tone', () => {
    expect(statusBadge('payment_pending')).toMatchObject({ label: 'Payment Pending', tone: 'warning' });
    expect(statusBadge('delivered')).toMatchObject({ label: 'Delivered', tone: 'success' });
    expect(statusBadge('payment_failed')).toMatchObject({ label: 'Payment Failed', tone: 'danger' });
  });

  it('gives an unknown status the default style', () => {
    expect(statusBadge('on_hold')).toMatchObject({ label: 'On Hold', tone: 'neutral' });
    expect(statusBadge('on_hold').className).toBe(statusBadge('refunded').className);
  });
});

describe('order summary', () => {
  it("uses the server's figures when the order has them", () => {
    const summary = {
      itemCount: 2,
      originalPrice: 2198,
      discount: 600,
      discountPercent: 27,
      subtotal: 1598,
      shipping: 50,
      tax: 0,
      total: 1648,
    };
    expect(orderSummary(order({ summary }))).toBe(summary);
  });

  it('otherwise applies the one totals rule with the shipping of the payment method', () => {
    expect(orderSummary(order())).toEqual({
      itemCount: 2,
      originalPrice: 2198,
      discount: 600,
      discountPercent: 27,
      subtotal: 1598,
      shipping: 50,
      tax: 0,
      total: 1648,
    });
    expect(orderSummary(order({ paymentMethod: 'Prepaid' })).total).toBe(1598);
  });

  it("takes each line's discount from the MRP it was sold with", () => {
    const items = [
      { _id: 'i1', productName: 'Tee', quantity: 2, size: 'L', color: 'Bk', price: 799, mrp: 999 },
      { _id: 'i2', productName: 'Cap', quantity: 1, size: 'M', color: 'Bk', price: 499, mrp: 499 },
    ];
    expect(orderSummary(order({ items }))).toMatchObject({
      itemCount: 3,
      subtotal: 2097,
      discount: 400,
      originalPrice: 2497,
      discountPercent: 16,
    });
  });
});

describe('the list', () => {
  it('puts the newest order first', () => {
    const list = sortNewestFirst([
      order({ _id: 'old', createdAt: '2026-01-01T00:00:00.000Z' }),
      order({ _id: 'new', createdAt: '2026-11-01T00:00:00.000Z' }),
    ]);
    expect(list.map((o) => o._id)).toEqual(['new', 'old']);
  });

  it('names a failed load in the documented words', () => {
    expect(ordersErrorMessage(new ApiError(0, 'Request failed'))).toBe('Error connecting to server');
    expect(ordersErrorMessage(new ApiError(0, 'No internet connection'))).toBe('No internet connection');
    expect(ordersErrorMessage(new ApiError(401, 'Session expired. Please login again.'))).toBe(
      'Session expired. Please login again.',
    );
    expect(ordersErrorMessage(new ApiError(500, 'Internal server error'))).toBe('Failed to fetch orders');
    expect(ordersErrorMessage(new TypeError('x'))).toBe('Error connecting to server');
  });
});
