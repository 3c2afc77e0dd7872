import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  initiatePaymentBodySchema,
  initiatePaymentResponseSchema,
  processOrderBodySchema,
} from '../src/schemas/payments.ts';
import { orderBodySchema, orderSchema, placeOrderResponseSchema } from '../src/schemas/orders.ts';

const validBody = () => ({
  orderItems: [{ productId: 'p1', size: 'M', quantity: '2', color: 'Bk' }],
  deliveryAddress: {
    firstName: ' Ravi ',
    lastName: 'Kumar',
    email: ' Ravi@Example.IN ',
    phone: '98765 43210',
    doorNo: '12B',
    address: '4th Cross, MG Road',
    city: 'Bengaluru',
    state: 'karnataka',
    pincode: '560001',
  },
  customerId: 'u1',
  customerName: 'Ravi Kumar',
  totalAmount: 2947,
  gateway: 'COD',
  gift_wrap: 0,
  rush_order: 0,
  orderType: 'CART_CHECKOUT',
});

function firstMessage(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('order body', () => {
  it('coerces "2" to 2, normalises the address and strips unknown fields', () => {
    const body = {
      ...validBody(),
      shippingEstimate: 50,
      orderItems: [{ ...validBody().orderItems[0], extra: true }],
    };
    const parsed = orderBodySchema.parse(body);
    expect(parsed.orderItems).toEqual([{ productId: 'p1', size: 'M', quantity: 2, color: 'Bk' }]);
    expect(parsed).not.toHaveProperty('shippingEstimate');
    expect(parsed.deliveryAddress).toEqual({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '9876543210',
      doorNo: '12B',
      address: '4th Cross, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });
    expect(parsed.gift_wrap).toBe(0);
  });

  it('accepts numeric quantities and union territories, defaults the flags', () => {
    const body = validBody();
    const { gift_wrap: _g, rush_order: _r, ...withoutFlags } = body;
    const parsed = orderBodySchema.parse({
      ...withoutFlags,
      orderItems: [{ ...body.orderItems[0], quantity: 3 }],
      deliveryAddress: { ...body.deliveryAddress, state: 'Delhi' },
    });
    expect(parsed.orderItems[0]?.quantity).toBe(3);
    expect(parsed.deliveryAddress.state).toBe('Delhi');
    expect(parsed.gift_wrap).toBe(0);
    expect(parsed.rush_order).toBe(0);
  });

  it.each([-1, 0, '-1', '0', '2.5', 2.5, 'two', '', 101, null])(
    'rejects quantity %j naming the field',
    (quantity) => {
      const body = validBody();
      const result = orderBodySchema.safeParse({
        ...body,
        orderItems: [{ ...body.orderItems[0], quantity }],
      });
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe('quantity must be a whole number from 1 to 100');
      expect(result.error?.issues[0]?.path).toEqual(['orderItems', 0, 'quantity']);
    },
  );

  it.each(['cod', 'Online', '', 1])('rejects gateway %j naming the field', (gateway) => {
    const result = orderBodySchema.safeParse({ ...validBody(), gateway });
    expect(firstMessage(result)).toBe('gateway must be COD or Prepaid');
  });

  it('rejects a missing gateway, bad orderType, size and empty items with field names', () => {
    const { gateway: _gateway, ...noGateway } = validBody();
    expect(firstMessage(orderBodySchema.safeParse(noGateway))).toBe('gateway must be COD or Prepaid');
    expect(firstMessage(orderBodySchema.safeParse({ ...validBody(), orderType: 'LATER' }))).toBe(
      'orderType must be BUY_NOW or CART_CHECKOUT',
    );
    expect(firstMessage(orderBodySchema.safeParse({ ...validBody(), orderItems: [] }))).toBe(
      'orderItems must contain at least one item',
    );
    const body = validBody();
    expect(
      firstMessage(
        orderBodySchema.safeParse({ ...body, orderItems: [{ ...body.orderItems[0], size: 'XXXXL' }] }),
      ),
    ).toBe('size must be one of XS, S, M, L, XL, XXL, XXXL');
    expect(firstMessage(orderBodySchema.safeParse({ ...body, totalAmount: -1 }))).toBe(
      'totalAmount must not be negative',
    );
    expect(firstMessage(orderBodySchema.safeParse({ ...body, totalAmount: '2947' }))).toBe(
      'totalAmount must be a number of whole rupees',
    );
    expect(firstMessage(orderBodySchema.safeParse({ ...body, gift_wrap: 2 }))).toBe(
      'gift_wrap must be 0 or 1',
    );
  });

  it('uses the checkout messages for the address', () => {
    const body = validBody();
    const withAddress = (patch: Record<string, unknown>) =>
      orderBodySchema.safeParse({ ...body, deliveryAddress: { ...body.deliveryAddress, ...patch } });
    expect(firstMessage(withAddress({ phone: '12345' }))).toBe(
      'Please enter a valid 10-digit Indian mobile number',
    );
    expect(firstMessage(withAddress({ pincode: '012345' }))).toBe('Please enter a valid 6-digit PIN code');
    expect(firstMessage(withAddress({ firstName: 'R' }))).toBe('First name should be 2-30 characters long');
    expect(firstMessage(withAddress({ city: 'B4ngalore' }))).toBe(
      'City should contain only letters and be 2-50 characters long',
    );
    expect(firstMessage(withAddress({ state: 'Gotham' }))).toBe(
      'Please select a valid state or union territory',
    );
    expect(firstMessage(withAddress({ email: 'nope' }))).toBe('Please enter a valid email address');
    expect(firstMessage(withAddress({ doorNo: undefined }))).toBe('Door number is required');
    expect(firstMessage(withAddress({ pincode: 560001 }))).toBe('pincode must be text');
    expect(withAddress({ phone: '12345' }).error?.issues[0]?.path).toEqual(['deliveryAddress', 'phone']);
  });
});

describe('payments', () => {
  it('initiate-payment accepts { amount } alone, stripping the rest', () => {
    expect(initiatePaymentBodySchema.parse({ amount: 2947, note: 'x' })).toEqual({ amount: 2947 });
  });

  it('initiate-payment accepts the full order body', () => {
    const parsed = initiatePaymentBodySchema.parse({ ...validBody(), amount: 2947 });
    expect(parsed).toMatchObject({ amount: 2947, gateway: 'COD', orderItems: [{ quantity: 2 }] });
  });

  it('initiate-payment reports a malformed order instead of stripping it', () => {
    const body = validBody();
    const result = initiatePaymentBodySchema.safeParse({
      ...body,
      amount: 2947,
      orderItems: [{ ...body.orderItems[0], quantity: -1 }],
    });
    expect(firstMessage(result)).toBe('quantity must be a whole number from 1 to 100');
    expect(result.error?.issues[0]?.path).toEqual(['orderItems', 0, 'quantity']);
  });

  it('initiate-payment rejects a missing, zero or fractional amount', () => {
    expect(firstMessage(initiatePaymentBodySchema.safeParse({}))).toBe(
      'amount must be a number of whole rupees',
    );
    expect(firstMessage(initiatePaymentBodySchema.safeParse({ amount: 0 }))).toBe(
      'amount must be more than 0',
    );
    expect(firstMessage(initiatePaymentBodySchema.safeParse({ amount: 10.5 }))).toBe(
      'amount must be a number of whole rupees',
    );
    expect(initiatePaymentBodySchema.safeParse(null).success).toBe(false);
  });

  it('process-order needs the provider ids and signature', () => {
    const ok = { ...validBody(), paymentId: 'pay_1', razorpayOrderId: 'order_1', razorpaySignature: 'sig' };
    expect(processOrderBodySchema.parse(ok).razorpaySignature).toBe('sig');
    expect(firstMessage(processOrderBodySchema.safeParse({ ...ok, razorpaySignature: ' ' }))).toBe(
      'razorpaySignature is required',
    );
  });

  it('initiate-payment answer is in paise with currency INR', () => {
    const answer = {
      success: true,
      razorpayOrderId: 'order_1',
      amount: 294_700,
      currency: 'INR',
      keyId: 'rzp_test',
    };
    expect(initiatePaymentResponseSchema.parse({ ...answer, secret: 'x' })).toEqual(answer);
    expect(initiatePaymentResponseSchema.safeParse({ ...answer, currency: 'USD' }).success).toBe(false);
  });
});

describe('order responses', () => {
  const order = {
    _id: 'o1',
    orderId: 'RZ-1001',
    createdAt: '2025-01-05T10:00:00.000Z',
    status: 'confirmed',
    paymentMethod: 'COD',
    totalAmount: 2947,
    qikinkOrderId: 'QK1',
    items: [{ _id: 'i1', productName: 'Tee', quantity: 2, size: 'M', color: 'Bk', price: 799, mrp: 1099 }],
    deliveryAddress: {
      fullName: 'Ravi Kumar',
      doorNo: '12B',
      street: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '9876543210',
      email: 'ravi@example.in',
    },
  };

  it('keeps exactly the listed fields', () => {
    const parsed = orderSchema.parse({ ...order, userId: 'u1', internalNote: 'x', awbNo: 'AWB1' });
    expect(parsed).toEqual({ ...order, awbNo: 'AWB1' });
  });

  it('rejects free-form statuses and non-ISO dates', () => {
    expect(orderSchema.safeParse({ ...order, status: 'Shipped' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('places qikinkOrderId at the top level of the placement answer', () => {
    const answer = { success: true, message: 'Order placed', qikinkOrderId: 'QK1', order };
    expect(placeOrderResponseSchema.parse(answer)).toEqual(answer);
  });
});
