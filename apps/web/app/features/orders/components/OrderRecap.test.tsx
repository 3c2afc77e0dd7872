// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@rangrez/contract/schemas';
import { OrderRecap, codCashNote } from './OrderRecap';

const order: Order = {
  _id: 'o1',
  orderId: 'RZ2611210001',
  createdAt: '2026-11-21T10:15:00.000Z',
  status: 'created',
  paymentMethod: 'COD',
  totalAmount: 1648,
  qikinkOrderId: 'RZ2611210001',
  items: [
    {
      _id: 'i1',
      productName: 'Oni Mask Tee',
      quantity: 2,
      size: 'L',
      color: 'Mn',
      price: 799,
      mrp: 1099,
      image: 'https://store.test/media/oni-maroon-160.jpg',
    },
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
};

afterEach(cleanup);

describe('OrderRecap', () => {
  it('shows the items with their pictures, the address, the payment method and the cash to keep ready', () => {
    render(<OrderRecap order={order} />);
    const items = screen.getByRole('region', { name: 'Items' });
    const picture = within(items).getByRole('img');
    expect([picture.getAttribute('src'), picture.getAttribute('alt')]).toEqual([
      'https://store.test/media/oni-maroon-160.jpg',
      'Oni Mask Tee, Maroon',
    ]);
    expect(items.textContent).toContain('Size L · Maroon · Qty 2');
    expect(items.textContent).toContain('₹1,598');
    expect(screen.getByRole('region', { name: 'Delivery Address' }).textContent).toBe(
      'Delivery AddressAsha Verma12, FC RoadPune, Maharashtra 4110049876543210',
    );
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toBe(
      'PaymentCash on DeliveryPlease keep ₹1,648 ready at delivery',
    );
  });

  it('says nothing about cash for an order paid online', () => {
    render(<OrderRecap order={{ ...order, paymentMethod: 'Prepaid' }} />);
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toBe('PaymentOnline');
    expect(codCashNote({ paymentMethod: 'COD', totalAmount: 12345 })).toBe(
      'Please keep ₹12,345 ready at delivery',
    );
  });
});
