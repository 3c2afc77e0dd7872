import { describe, expect, it, vi } from 'vitest';
import type { PlaceOrderResponse } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';
import type { CheckoutOrderBody } from './checkout-form';
import { type PlaceOrderDeps, placeOrder } from './place-order';
import { PaymentScriptError, type RazorpayConstructor } from './razorpay';

const body: CheckoutOrderBody = {
  orderItems: [{ productId: 'p1', size: 'L', quantity: '1', color: 'Bk' }],
  deliveryAddress: {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    doorNo: '12',
    address: 'FC Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411004',
  },
  customerId: 'u1',
  customerName: 'Asha Verma',
  totalAmount: 799,
  gateway: 'Prepaid',
  gift_wrap: 0,
  rush_order: 0,
  orderType: 'BUY_NOW',
};

const placed = { success: true, message: 'ok', qikinkOrderId: 'RZ123' } as PlaceOrderResponse;
const FakeRazorpay = class {} as unknown as RazorpayConstructor;
const prefill = { name: 'Asha Verma', email: 'asha@example.in', contact: '9876543210' };

function deps(overrides: Partial<PlaceOrderDeps> = {}): PlaceOrderDeps {
  return {
    placeCodOrder: vi.fn(async () => placed),
    initiatePayment: vi.fn(async () => ({
      success: true as const,
      razorpayOrderId: 'order_abc',
      amount: 79900,
      currency: 'INR' as const,
      keyId: 'rzp_test_key',
      orderId: 'RZ123',
      qikinkOrderId: 'RZ123',
    })),
    paymentConfig: vi.fn(async () => ({
      success: true as const,
      keyId: 'rzp_test_key',
      checkoutScriptUrl: '/__razorpay/checkout.js',
    })),
    processOrder: vi.fn(async () => placed),
    loadRazorpay: vi.fn(async () => FakeRazorpay),
    pay: vi.fn(async () => ({
      kind: 'paid' as const,
      response: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_abc', razorpay_signature: 'sig' },
    })),
    ...overrides,
  };
}

describe('cash on delivery', () => {
  it('posts the order with the attempt key and answers the placed order', async () => {
    const d = deps();
    const codBody = { ...body, gateway: 'COD' as const };
    const result = await placeOrder({ body: codBody, gateway: 'COD', idempotencyKey: 'k1', prefill }, d);
    expect(result).toEqual({ kind: 'placed', response: placed });
    expect(d.placeCodOrder).toHaveBeenCalledWith(codBody, 'k1');
    expect(d.initiatePayment).not.toHaveBeenCalled();
  });

  it("shows the server's message, 'Failed to create order' without one, and the fallback for anything else", async () => {
    const run = (error: unknown) =>
      placeOrder(
        { body, gateway: 'COD', idempotencyKey: 'k', prefill },
        deps({ placeCodOrder: vi.fn(async () => Promise.reject(error)) }),
      );
    expect(await run(new ApiError(409, 'Prices have changed. Please review your order.'))).toEqual({
      kind: 'error',
      message: 'Prices have changed. Please review your order.',
      conflict: true,
    });
    expect(await run(new ApiError(500, 'Request failed'))).toEqual({
      kind: 'error',
      message: 'Failed to create order',
      conflict: false,
    });
    expect(await run(new TypeError('boom'))).toEqual({
      kind: 'error',
      message: 'An error occurred. Please try again.',
      conflict: false,
    });
  });
});

describe('online payment', () => {
  it('initiates, opens the pop-up with the provider order and posts the signed ids with the same key', async () => {
    const d = deps();
    const result = await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k2', prefill }, d);
    expect(result).toEqual({ kind: 'placed', response: placed });
    expect(d.initiatePayment).toHaveBeenCalledWith(body, 'k2');
    expect(d.loadRazorpay).toHaveBeenCalledWith('/__razorpay/checkout.js');
    expect(d.pay).toHaveBeenCalledWith(
      FakeRazorpay,
      expect.objectContaining({
        key: 'rzp_test_key',
        amount: 79900,
        currency: 'INR',
        order_id: 'order_abc',
        prefill,
      }),
    );
    expect(d.processOrder).toHaveBeenCalledWith(
      { ...body, paymentId: 'pay_1', razorpayOrderId: 'order_abc', razorpaySignature: 'sig' },
      'k2',
    );
  });

  it('loads the script from the address the API names', async () => {
    const d = deps({
      paymentConfig: vi.fn(async () => ({
        success: true as const,
        keyId: 'rzp_live_key',
        checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      })),
    });
    await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d);
    expect(d.loadRazorpay).toHaveBeenCalledWith('https://checkout.razorpay.com/v1/checkout.js');
  });

  it("says 'Failed to load Razorpay script' when the configuration cannot be read", async () => {
    const d = deps({ paymentConfig: vi.fn(async () => Promise.reject(new ApiError(0, 'Request failed'))) });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'error',
      message: 'Failed to load Razorpay script',
      conflict: false,
    });
    expect(d.loadRazorpay).not.toHaveBeenCalled();
    expect(d.pay).not.toHaveBeenCalled();
  });

  it("says 'Failed to load Razorpay script' when the script does not load", async () => {
    const d = deps({ loadRazorpay: vi.fn(async () => Promise.reject(new PaymentScriptError())) });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'error',
      message: 'Failed to load Razorpay script',
      conflict: false,
    });
    expect(d.pay).not.toHaveBeenCalled();
  });

  it("shows the provider's reason for a declined payment and confirms nothing", async () => {
    const d = deps({
      pay: vi.fn(async () => ({ kind: 'failed' as const, message: 'Payment declined by bank' })),
    });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'error',
      message: 'Payment declined by bank',
      conflict: false,
    });
    expect(d.processOrder).not.toHaveBeenCalled();
  });

  it('ends quietly when the shopper closes the pop-up', async () => {
    const d = deps({ pay: vi.fn(async () => ({ kind: 'dismissed' as const })) });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'dismissed',
    });
    expect(d.processOrder).not.toHaveBeenCalled();
  });

  it("refuses a signature the server cannot verify with 'Payment verification failed. Please contact support.'", async () => {
    const d = deps({
      processOrder: vi.fn(async () =>
        Promise.reject(new ApiError(400, 'Payment verification failed. Please contact support.')),
      ),
    });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'error',
      message: 'Payment verification failed. Please contact support.',
      conflict: false,
    });
    const network = deps({
      processOrder: vi.fn(async () => Promise.reject(new ApiError(0, 'Request failed'))),
    });
    expect(
      await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, network),
    ).toMatchObject({
      message: 'Payment verification failed. Please contact support.',
    });
  });

  it('reports an initiate failure like an order failure', async () => {
    const d = deps({
      initiatePayment: vi.fn(async () => Promise.reject(new ApiError(502, 'Request failed'))),
    });
    expect(await placeOrder({ body, gateway: 'Prepaid', idempotencyKey: 'k', prefill }, d)).toEqual({
      kind: 'error',
      message: 'Failed to create order',
      conflict: false,
    });
  });
});
