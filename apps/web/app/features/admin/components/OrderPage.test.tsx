// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type AdminOrderDetail,
  adminDeskActionResponseSchema,
  adminOrderDetailResponseSchema,
} from '@rangrez/contract/schemas/admin-orders-desk';
import { adminRefundResponseSchema } from '@rangrez/contract/schemas/admin-orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { OrderPage } from './OrderPage';

const flush = () => act(async () => {});
const AT = '2026-11-20T08:00:00.000Z';

function makeOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    _id: '7d1e2f30-4b5c-4d6e-8f70-91a2b3c4d5e6',
    orderNumber: 'RZ123',
    createdAt: AT,
    gateway: 'Prepaid',
    state: 'confirmed',
    paymentState: 'captured',
    fulfilmentState: 'submitted',
    refundState: 'none',
    status: 'processing',
    totals: { subtotal: 1598, discount: 0, shipping: 0, total: 1598, paid: 1598, refundable: 1598 },
    items: [
      {
        _id: 'line-1',
        productId: 'p1',
        productName: 'Oni Tee',
        sku: 'T1',
        size: 'M',
        color: 'Bk',
        quantity: 1,
        price: 799,
        image: null,
      },
      {
        _id: 'line-2',
        productId: 'p2',
        productName: 'Kaiju Tee',
        sku: 'T2',
        size: 'L',
        color: 'Wh',
        quantity: 1,
        price: 799,
        image: null,
      },
    ],
    customer: {
      _id: 'u1',
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      orderCount: 1,
      otherOrders: [],
    },
    address: {
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      doorNo: '12B',
      address: 'Linking Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
      editable: false,
    },
    payment: {
      _id: 'pay-row',
      provider: 'razorpay',
      providerOrderId: 'order_1',
      providerPaymentId: 'pay_1',
      amount: 1598,
      status: 'captured',
    },
    refunds: [],
    fulfilment: null,
    returns: [],
    reprintOf: null,
    reprints: [],
    notes: [],
    needsAction: null,
    actions: { cancel: true, refund: true, resend: false, confirmCancellation: false, editAddress: false },
    timeline: [
      { kind: 'event', at: AT, title: 'payment: pending → captured', detail: 'webhook', actor: null },
    ],
    ...overrides,
  };
}

let calls: FakeCall[];
let refuse: string | null;

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  refuse = null;
  calls = fakeAdminApi((call) => {
    if (call.method === 'GET') return apiResponse(adminOrderDetailResponseSchema, { order: makeOrder() });
    if (refuse) return errorAnswer(refuse, 409);
    const amount = (call.body as { amount: number }).amount;
    return apiResponse(
      adminRefundResponseSchema,
      {
        success: true,
        refund: {
          _id: 'r1',
          amount,
          reason: 'x',
          method: 'provider',
          reference: null,
          status: 'pending',
          providerRefundId: null,
          failureReason: null,
          createdBy: 'ops@staff.test',
          createdAt: AT,
          processedAt: null,
        },
      },
      201,
    );
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Page = () => <OrderPage orderId="RZ123" />;

describe('OrderPage', () => {
  it('refunds the lines chosen, with a reason, and says what the server did', async () => {
    renderInSession(Page, makeStaff('ops'));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Order RZ123' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund RZ123', hidden: true });
    const amount = within(dialog).getByLabelText('Amount (₹)');
    expect((amount as HTMLInputElement).value).toBe('1598');
    fireEvent.click(within(dialog).getByLabelText('Kaiju Tee (Wh, L) × 1: ₹799'));
    expect((amount as HTMLInputElement).value).toBe('799');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Print faded' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Refund', hidden: true }).closest('form')!);
    await flush();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => [c.path, c.body])).toEqual([
      ['/orders/RZ123/refunds', { amount: 799, reason: 'Print faded', method: 'provider' }],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Refund of ₹799 sent to the payment provider');
  });

  it('confirms a COD order waiting for the shopper after a phone call, with a note of what was said', async () => {
    const waiting = makeOrder({
      gateway: 'COD',
      paymentState: 'cod_pending',
      fulfilmentState: 'not_started',
      status: 'confirmed',
      codConfirmation: {
        state: 'pending',
        deadline: '2026-11-21T08:00:00.000Z',
        confirmedAt: null,
        confirmedBy: null,
      },
    });
    calls = fakeAdminApi((call) =>
      call.method === 'GET'
        ? apiResponse(adminOrderDetailResponseSchema, { order: waiting })
        : apiResponse(adminDeskActionResponseSchema, {
            success: true,
            message: 'Thank you! Your order is confirmed and goes to print now.',
          }),
    );
    renderInSession(Page, makeStaff('ops'));
    await flush();
    expect(screen.getByText(/^Cash on delivery awaiting the shopper's confirmation until /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm COD after a call' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Did the shopper confirm RZ123 on the phone?',
      hidden: true,
    });
    fireEvent.change(within(dialog).getByLabelText('What was said (kept in the audit log)'), {
      target: { value: 'Called: she wants it' },
    });
    fireEvent.submit(
      within(dialog)
        .getByRole('button', { name: 'Confirm and send to print', hidden: true })
        .closest('form')!,
    );
    await flush();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/orders/RZ123/cod-confirmation', { action: 'confirm', note: 'Called: she wants it' }],
    ]);
    expect(screen.getByRole('button', { name: 'Cancel unconfirmed COD' })).toBeTruthy();
  });

  it('shows a refusal inside the dialog in the server’s words', async () => {
    refuse = 'This refund is more than the ₹1,598 that can still be refunded.';
    renderInSession(Page, makeStaff('ops'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund RZ123', hidden: true });
    fireEvent.change(within(dialog).getByLabelText('Amount (₹)'), { target: { value: '5000' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Refund', hidden: true }).closest('form')!);
    await flush();
    expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe(refuse);
  });

  it('lists the invoice and credit notes, each downloaded with the staff token under its own path', async () => {
    const order = makeOrder({
      taxDocuments: [
        { kind: 'invoice', number: 'RZ/26-27/000001', amount: 1598 },
        { kind: 'credit_note', number: 'RZC/26-27/000001', amount: 799 },
      ],
    });
    calls = fakeAdminApi((call) =>
      call.method === 'GET' && call.path === '/orders/RZ123'
        ? apiResponse(adminOrderDetailResponseSchema, { order })
        : errorAnswer('This order has no invoice yet', 404),
    );
    renderInSession(Page, makeStaff('support'));
    await flush();
    const list = screen.getByRole('list', { name: 'Tax documents' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Invoice RZ/26-27/000001 · ₹1,598Download RZ/26-27/000001',
      'Credit note RZC/26-27/000001 · ₹799Download RZC/26-27/000001',
    ]);
    fireEvent.click(within(list).getByRole('button', { name: 'Download RZC/26-27/000001' }));
    await flush();
    expect(calls.at(-1)).toMatchObject({
      path: `/orders/${order._id}/credit-notes/RZC-26-27-000001`,
      authorization: 'Bearer staff-token-1',
    });
    expect(within(list).getByRole('alert').textContent).toBe('This order has no invoice yet');
  });

  it('offers support no action', async () => {
    renderInSession(Page, makeStaff('support'));
    await flush();
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Timeline' }).textContent).toContain(
      'payment: pending → captured',
    );
  });
});
