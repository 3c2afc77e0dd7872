// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryPromiseLines, OrderDeliveryBy } from './DeliveryPromise';

afterEach(cleanup);

const lookup = {
  pincode: '400050',
  city: 'Mumbai',
  state: 'Maharashtra',
  serviceable: true,
  cod: true,
  deliveryBy: '2024-11-28',
  cutoffAt: '2024-11-25T08:30:00.000Z',
};

const lines = (container: HTMLElement) => [...container.querySelectorAll('p')].map((p) => p.textContent);

describe('the delivery promise lines', () => {
  it('show the date, the near cut-off, cash on delivery and free prepaid shipping', () => {
    const { container } = render(
      <DeliveryPromiseLines lookup={lookup} now={new Date('2024-11-25T05:10:00.000Z')} />,
    );
    expect(lines(container)).toEqual([
      'Delivered by Thu, 28 Nov if ordered in the next 3 h 20 min',
      'To Mumbai, Maharashtra',
      'Cash on Delivery available',
      'Free shipping on prepaid orders',
    ]);
  });

  it('leave the countdown out when the cut-off is far, and say when cash on delivery is not possible', () => {
    const { container } = render(
      <DeliveryPromiseLines lookup={{ ...lookup, cod: false }} now={new Date('2024-11-25T01:00:00.000Z')} />,
    );
    expect(lines(container).slice(0, 3)).toEqual([
      'Delivered by Thu, 28 Nov',
      'To Mumbai, Maharashtra',
      'Cash on Delivery not available',
    ]);
  });

  it("show an order's promised day, and nothing for an order without one", () => {
    expect(render(<OrderDeliveryBy deliveryBy="2026-12-05" />).container.textContent).toBe(
      'Delivered by Sat, 5 Dec',
    );
    expect(render(<OrderDeliveryBy deliveryBy={null} />).container.textContent).toBe('');
  });
});
