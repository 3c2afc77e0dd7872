// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RETURN_MESSAGES } from '@rangrez/contract/rules/returns';
import type { Order, ReturnJson } from '@rangrez/contract/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderReturns from './OrderReturns';

const delivered = {
  _id: 'o1',
  orderId: 'RZ2611210001',
  status: 'delivered',
  paymentMethod: 'COD',
  totalAmount: 849,
  items: [
    { _id: 'i1', productName: 'Oni Mask Tee', quantity: 1, size: 'L', color: 'Bk', price: 799, mrp: 1099 },
  ],
} as unknown as Order;

const reprinted: ReturnJson = {
  _id: 'r1',
  orderId: 'RZ2611210001',
  status: 'reprinted',
  statusLabel: 'Reprinted',
  reason: 'misprint',
  reasonLabel: 'Misprint',
  description: 'Smudged',
  items: [],
  evidence: [],
  payout: 'upi',
  rejectionReason: null,
  reprintOrderId: 'RZ2611250009',
  refundAmount: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T11:00:00.000Z',
};

let answer: unknown;
const requests: { url: string; method: string }[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, method: init?.method ?? 'GET' });
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => {});

describe('a delivered order’s return', () => {
  it('shows the return’s status in words, with the reprint’s order number, and no new request', async () => {
    answer = { success: true, returns: [reprinted], canRequest: false, refusal: RETURN_MESSAGES.alreadyOpen };
    render(<OrderReturns order={delivered} />);
    await flush();
    expect(requests).toEqual([{ url: '/api/v1/orders/RZ2611210001/returns', method: 'GET' }]);
    expect(screen.getByTestId('return-status').textContent).toBe(
      'Return: ReprintedA new print is on its way as order RZ2611250009.',
    );
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('offers the form while a return may be asked for, and checks it before anything is sent', async () => {
    answer = { success: true, returns: [], canRequest: true, refusal: null };
    render(<OrderReturns order={delivered} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Request a return' }));
    expect(screen.getByRole('form', { name: 'Return for a defect' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Oni Mask Tee/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send return request' }));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      RETURN_MESSAGES.reasonInvalid,
      RETURN_MESSAGES.descriptionRequired,
      RETURN_MESSAGES.evidenceRequired,
      RETURN_MESSAGES.upiInvalid,
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
    fireEvent.click(screen.getByRole('radio', { name: 'To a bank account' }));
    fireEvent.change(screen.getByLabelText('IFSC code'), { target: { value: 'HDFC1001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(screen.getByText(RETURN_MESSAGES.ifscInvalid)).toBeTruthy();
    expect(screen.getByText(RETURN_MESSAGES.accountNumberInvalid)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
