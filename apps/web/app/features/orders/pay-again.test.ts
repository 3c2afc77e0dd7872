import { describe, expect, it, vi } from 'vitest';
import type { Order, PlaceOrderResponse } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import { type PayAgainDeps, payAgain } from './pay-again';

const order = {
  orderId: 'RZ2611210003',
  deliveryAddress: { fullName: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
} as Order;
const confirmed = { success: true, message: 'ok', qikinkOrderId: 'RZ2611210003' } as PlaceOrderResponse;
const FakeRazorpay = class {} as unknown as Parameters<PayAgainDeps['pay']>[0];
const ids = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_abc', razorpay_signature: 'sig' };

function deps(overrides: Partial<PayAgainDeps> = {}): PayAgainDeps {
  return {
    payAgain: vi.fn(async () => ({
      success: true as const,
      razorpayOrderId: 'order_abc',
      amount: 79900,
      currency: 'INR' as const,
      keyId: 'rzp_test_x',
      orderId: 'RZ2611210003',
    })),
    verifyPayment: vi.fn(async () => confirmed),
    paymentConfig: vi.fn(async () => ({
      success: true as const,
      keyId: 'rzp_test_x',
      checkoutScriptUrl: '/s.js',
    })),
    loadRazorpay: vi.fn(async () => FakeRazorpay),
    pay: vi.fn(async () => ({ kind: 'paid' as const, response: ids })),
    ...overrides,
  };
}

describe('payAgain', () => {
  it("pays the order's provider order in the pop-up and verifies it with the provider's ids alone", async () => {
    const d = deps();
    expect(await payAgain(order, d)).toEqual({ kind: 'paid', response: confirmed });
    expect(d.payAgain).toHaveBeenCalledWith('RZ2611210003');
    expect(d.pay).toHaveBeenCalledWith(FakeRazorpay, {
      key: 'rzp_test_x',
      amount: 79900,
      currency: 'INR',
      order_id: 'order_abc',
      name: 'Rangrez',
      description: 'Order RZ2611210003',
      prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '9876543210' },
      theme: { color: '#111111' },
    });
    expect(d.verifyPayment).toHaveBeenCalledWith({
      paymentId: 'pay_1',
      razorpayOrderId: 'order_abc',
      razorpaySignature: 'sig',
    });
  });

  it("says why the order cannot be paid in the server's words", async () => {
    const d = deps({
      payAgain: vi.fn(async () => {
        throw new ApiError(409, 'This order is already confirmed. There is nothing left to pay.');
      }),
    });
    expect(await payAgain(order, d)).toEqual({
      kind: 'error',
      message: 'This order is already confirmed. There is nothing left to pay.',
    });
    expect(d.pay).not.toHaveBeenCalled();
  });

  it('tells a declined payment from a closed pop-up and from a failed verification', async () => {
    const declined = deps({
      pay: vi.fn(async () => ({ kind: 'failed' as const, message: 'Payment failed' })),
    });
    expect(await payAgain(order, declined)).toEqual({ kind: 'declined', message: 'Payment failed' });
    expect(declined.verifyPayment).not.toHaveBeenCalled();
    const closed = deps({ pay: vi.fn(async () => ({ kind: 'dismissed' as const })) });
    expect(await payAgain(order, closed)).toEqual({ kind: 'dismissed' });
    const forged = deps({
      verifyPayment: vi.fn(async () => {
        throw new ApiError(400, 'Payment verification failed. Please contact support.');
      }),
    });
    expect(await payAgain(order, forged)).toEqual({
      kind: 'error',
      message: 'Payment verification failed. Please contact support.',
    });
  });

  it('says the script failed to load when the configuration or the script does not come', async () => {
    const d = deps({ loadRazorpay: vi.fn(async () => Promise.reject(new Error('nope'))) });
    expect(await payAgain(order, d)).toEqual({ kind: 'error', message: 'Failed to load Razorpay script' });
  });
});
