import { describe, expect, it } from 'vitest';
import { STATES_AND_UTS } from '@rangrez/contract/rules/states';
import type { User } from '@rangrez/contract/schemas';
import {
  AttemptKeys,
  type CheckoutForm,
  buildOrderBody,
  checkoutTotals,
  firstInvalidField,
  formFromUser,
  randomKey,
  stripInput,
  submitBlocker,
  validateForm,
} from './checkout-form';
import type { CheckoutItem } from '../cart';

const user: User = {
  _id: 'user-1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'Asha.Verma@Example.in',
  phone: '+91 98765 43210',
  avatar: '',
  address: {
    country: 'India',
    state: 'Orissa',
    city: 'Bhubaneswar',
    street: 'Janpath Road',
    pincode: '751001',
    doorNo: '12B',
  },
};

const valid: CheckoutForm = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'Asha.Verma@Example.in',
  phone: '9876543210',
  doorNo: '12B',
  address: 'Janpath Road',
  city: 'Bhubaneswar',
  state: 'Odisha',
  pincode: '751001',
  country: 'India',
};

const item = (overrides: Partial<CheckoutItem> = {}): CheckoutItem => ({
  id: 'p1',
  name: 'Oni Mask Oversized Tee',
  sku: 'RZ-1',
  quantity: 2,
  price: 799,
  mrp: 1099,
  size: 'L',
  color: 'Bk',
  image: 'https://shop.example/img.webp',
  subtotal: 1598,
  ...overrides,
});

describe('prefill from the profile', () => {
  it('strips the phone to 10 national digits and brings old state names up to date', () => {
    const form = formFromUser(user);
    expect(form).toEqual({ ...valid, email: 'Asha.Verma@Example.in' });
  });

  it('leaves an unknown state for the shopper to choose and defaults the country to India', () => {
    const form = formFromUser({ ...user, address: { ...user.address, state: 'Atlantis', country: '' } });
    expect(form.state).toBe('');
    expect(form.country).toBe('India');
  });
});

describe('input stripping', () => {
  it('keeps phone digits only, at most 10', () => {
    expect(stripInput('phone', '98a76-54 3210 99')).toBe('9876543210');
  });
  it('keeps PIN digits only, at most 6', () => {
    expect(stripInput('pincode', '41 10-01x23')).toBe('411001');
  });
  it('keeps letters and spaces in city, state and country', () => {
    expect(stripInput('city', 'Navi Mumbai 2!')).toBe('Navi Mumbai ');
    expect(stripInput('state', 'Tamil-Nadu')).toBe('TamilNadu');
    expect(stripInput('country', 'India1')).toBe('India');
  });
  it('leaves the other fields as typed', () => {
    expect(stripInput('doorNo', '12/B-3')).toBe('12/B-3');
    expect(stripInput('email', 'A@B.in')).toBe('A@B.in');
  });
});

describe('validation (documented messages, word for word)', () => {
  it('accepts a complete form', () => {
    expect(validateForm(valid)).toEqual({});
  });

  it('names every empty field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as CheckoutForm;
    expect(validateForm(empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      doorNo: 'Door number is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      pincode: 'PIN code is required',
      country: 'Country is required',
    });
  });

  it('gives the rule messages for bad values', () => {
    expect(
      validateForm({
        ...valid,
        firstName: 'A',
        lastName: 'x'.repeat(31),
        email: 'asha@',
        phone: '5876543210',
        doorNo: 'x'.repeat(21),
        address: 'Road',
        city: 'M',
        pincode: '011001',
      }),
    ).toEqual({
      firstName: 'First name should be 2-30 characters long',
      lastName: 'Last name should be 2-30 characters long',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit Indian mobile number',
      doorNo: 'Door number should be 1-20 characters long',
      address: 'Address should be 5-200 characters long',
      city: 'City should contain only letters and be 2-50 characters long',
      pincode: 'Please enter a valid 6-digit PIN code',
    });
  });

  it('accepts all 28 states and 8 union territories, and nothing else', () => {
    expect(STATES_AND_UTS).toHaveLength(36);
    for (const state of STATES_AND_UTS) expect(validateForm({ ...valid, state })).toEqual({});
    expect(validateForm({ ...valid, state: 'Atlantis' }).state).toBeDefined();
  });

  it('finds the first invalid field in form order', () => {
    expect(firstInvalidField(validateForm({ ...valid, pincode: '', email: 'x' }))).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('blocks the submit in the documented words: login first, then the cart, then the form', () => {
    const errors = validateForm({ ...valid, city: '' });
    expect(submitBlocker({ signedIn: false, itemCount: 1, errors })).toBe('Please log in to place an order.');
    expect(submitBlocker({ signedIn: true, itemCount: 0, errors })).toBe(
      'Your cart is empty. Please add items before placing an order.',
    );
    expect(submitBlocker({ signedIn: true, itemCount: 1, errors })).toBe(
      'Please fix the errors in the form before submitting.',
    );
    expect(submitBlocker({ signedIn: true, itemCount: 1, errors: {} })).toBeNull();
  });
});

describe('totals and the order body', () => {
  it('charges ₹50 shipping for cash on delivery and nothing for online payment', () => {
    const items = [item(), item({ id: 'p2', price: 499, mrp: 799, quantity: 1, subtotal: 499 })];
    expect(checkoutTotals(items, 'COD', 50)).toEqual({
      itemCount: 3,
      originalPrice: 2997,
      discount: 900,
      discountPercent: 30,
      subtotal: 2097,
      shipping: 50,
      tax: 0,
      total: 2147,
    });
    expect(checkoutTotals(items, 'Prepaid', 50).total).toBe(2097);
  });

  it('charges the cash on delivery fee the owner set', () => {
    const items = [item()];
    expect(checkoutTotals(items, 'COD', 75).shipping).toBe(75);
    expect(checkoutTotals(items, 'Prepaid', 75).shipping).toBe(0);
  });

  it('sends quantities as text, the e-mail lower-cased and the total with shipping', () => {
    const body = buildOrderBody({
      form: { ...valid, firstName: ' Asha ', phone: '98765 43210', email: ' Asha.Verma@Example.IN ' },
      items: [item(), item({ id: 'p2', size: 'M', color: 'Wh', quantity: 1, price: 499, subtotal: 499 })],
      user,
      gateway: 'COD',
      codFee: 50,
      isBuyNow: false,
    });
    expect(body).toEqual({
      orderItems: [
        { productId: 'p1', size: 'L', quantity: '2', color: 'Bk' },
        { productId: 'p2', size: 'M', quantity: '1', color: 'Wh' },
      ],
      deliveryAddress: {
        firstName: 'Asha',
        lastName: 'Verma',
        email: 'asha.verma@example.in',
        phone: '9876543210',
        doorNo: '12B',
        address: 'Janpath Road',
        city: 'Bhubaneswar',
        state: 'Odisha',
        pincode: '751001',
      },
      customerId: 'user-1',
      customerName: 'Asha Verma',
      totalAmount: 2147,
      gateway: 'COD',
      gift_wrap: 0,
      rush_order: 0,
      orderType: 'CART_CHECKOUT',
    });
  });

  it('marks a direct purchase BUY_NOW and pays online without shipping', () => {
    const body = buildOrderBody({
      form: valid,
      items: [item({ quantity: 1 })],
      user,
      gateway: 'Prepaid',
      codFee: 50,
      isBuyNow: true,
    });
    expect(body.orderType).toBe('BUY_NOW');
    expect(body.gateway).toBe('Prepaid');
    expect(body.totalAmount).toBe(799);
    expect(body).not.toHaveProperty('gstin');
  });

  it("sends a business buyer's GSTIN upper-cased without spaces, and none when the field is empty", () => {
    const base = { form: valid, items: [item()], user, gateway: 'COD' as const, codFee: 50, isBuyNow: false };
    expect(buildOrderBody({ ...base, gstin: ' 29aaacr5055k1z5 ' }).gstin).toBe('29AAACR5055K1Z5');
    expect(buildOrderBody({ ...base, gstin: '  ' })).not.toHaveProperty('gstin');
  });
});

describe('one Idempotency-Key per attempt', () => {
  it('keeps the key while the body is unchanged and renews it when anything changes', () => {
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const body = buildOrderBody({
      form: valid,
      items: [item()],
      user,
      gateway: 'COD',
      codFee: 50,
      isBuyNow: false,
    });
    expect(keys.keyFor(body)).toBe('key-1');
    expect(keys.keyFor({ ...body })).toBe('key-1');
    expect(keys.keyFor({ ...body, gateway: 'Prepaid' })).toBe('key-2');
    expect(keys.keyFor({ ...body, gateway: 'Prepaid' })).toBe('key-2');
    expect(keys.keyFor(body)).toBe('key-3');
  });

  it('draws UUIDs the API accepts as keys', () => {
    const key = randomKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(key);
  });
});
