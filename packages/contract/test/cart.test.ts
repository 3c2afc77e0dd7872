import { describe, expect, it } from 'vitest';
import { cartTotals, cartTotalsPaise } from '../src/rules/cart-totals.ts';
import {
  decrementQuantity,
  incrementQuantity,
  parseQuantityInput,
  removesLine,
} from '../src/rules/cart-quantity.ts';
import { COD_FEE_RUPEES, isGateway, shippingFee, shippingFeePaise } from '../src/rules/shipping.ts';

describe('shipping', () => {
  it('charges the COD fee given (50 by default) for COD and nothing for Prepaid', () => {
    expect(COD_FEE_RUPEES).toBe(50);
    expect(shippingFee('COD', COD_FEE_RUPEES)).toBe(50);
    expect(shippingFee('COD', 75)).toBe(75);
    expect(shippingFee('Prepaid', 75)).toBe(0);
    expect(shippingFeePaise('COD', 5000)).toBe(5000);
    expect(shippingFeePaise('COD', 0)).toBe(0);
    expect(shippingFeePaise('Prepaid', 5000)).toBe(0);
  });

  it('knows the two gateways, case-sensitive', () => {
    expect(isGateway('COD')).toBe(true);
    expect(isGateway('Prepaid')).toBe(true);
    expect(isGateway('cod')).toBe(false);
    expect(isGateway(1)).toBe(false);
  });
});

describe('cartTotals', () => {
  it('sums 2 x 799 + 1 x 1299 with COD', () => {
    const totals = cartTotals({
      lines: [
        { price: 799, mrp: 1099, quantity: 2 },
        { price: 1299, mrp: 1599, quantity: 1 },
      ],
      shipping: shippingFee('COD', COD_FEE_RUPEES),
    });
    expect(totals).toEqual({
      itemCount: 3,
      originalPrice: 3797,
      discount: 900,
      discountPercent: 24,
      subtotal: 2897,
      shipping: 50,
      tax: 0,
      total: 2947,
    });
  });

  it('adds tax at taxRate percent of the subtotal, rounded to paise', () => {
    const totals = cartTotals({ lines: [{ price: 999, mrp: 1299, quantity: 1 }], shipping: 0, taxRate: 5 });
    expect(totals.tax).toBe(49.95);
    expect(totals.total).toBe(1048.95);
    const paise = cartTotalsPaise({
      lines: [{ pricePaise: 33_333, mrpPaise: 63_333, quantity: 1 }],
      taxRate: 12.5,
    });
    expect(paise.taxPaise).toBe(4167);
    expect(paise.totalPaise).toBe(37_500);
  });

  it('is all zeros for an empty cart', () => {
    expect(cartTotals({ lines: [] })).toEqual({
      itemCount: 0,
      originalPrice: 0,
      discount: 0,
      discountPercent: 0,
      subtotal: 0,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });

  it('refuses negative or fractional quantities, prices and MRPs', () => {
    expect(() => cartTotals({ lines: [{ price: 799, mrp: 1099, quantity: -1 }] })).toThrow(RangeError);
    expect(() => cartTotals({ lines: [{ price: 799, mrp: 1099, quantity: 1.5 }] })).toThrow(RangeError);
    expect(() => cartTotals({ lines: [{ price: 799.5, mrp: 1099, quantity: 1 }] })).toThrow(RangeError);
    expect(() => cartTotals({ lines: [{ price: 799, mrp: 1099.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => cartTotalsPaise({ lines: [{ pricePaise: -1, mrpPaise: 0, quantity: 1 }] })).toThrow(
      RangeError,
    );
    expect(() => cartTotalsPaise({ lines: [{ pricePaise: 100, mrpPaise: -1, quantity: 1 }] })).toThrow(
      RangeError,
    );
    expect(() => cartTotals({ lines: [], taxRate: -1 })).toThrow(RangeError);
  });
});

describe('cart quantity rules', () => {
  it('ignores empty, 0, negative and non-numeric entries', () => {
    expect(parseQuantityInput('')).toBeNull();
    expect(parseQuantityInput('  ')).toBeNull();
    expect(parseQuantityInput('0')).toBeNull();
    expect(parseQuantityInput('-2')).toBeNull();
    expect(parseQuantityInput('1.5')).toBeNull();
    expect(parseQuantityInput('abc')).toBeNull();
    expect(parseQuantityInput('3')).toBe(3);
    expect(parseQuantityInput(' 12 ')).toBe(12);
  });

  it('does nothing on minus at 1 and removes lines at 0', () => {
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(3)).toBe(2);
    expect(incrementQuantity(1)).toBe(2);
    expect(removesLine(0)).toBe(true);
    expect(removesLine(1)).toBe(false);
  });
});
