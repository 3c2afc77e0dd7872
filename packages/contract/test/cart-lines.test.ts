import { describe, expect, it } from 'vitest';
import { CART_LINE_STATUSES, isBuyableLine, quantityRefusal } from '../src/rules/cart-lines.ts';
import { MAX_LINE_QUANTITY } from '../src/rules/constants.ts';
import { quantityFromText } from '../src/rules/cart-quantity.ts';
import { isUuid } from '../src/rules/patterns.ts';
import { cartQuantitySchema } from '../src/schemas/cart.ts';

describe('isBuyableLine', () => {
  it('buys ok and price_changed lines only', () => {
    const buyable = CART_LINE_STATUSES.filter((status) => isBuyableLine({ status }));
    expect(buyable).toEqual(['ok', 'price_changed']);
  });
});

describe('quantityRefusal', () => {
  const tee = { name: 'Oversized Tee', stock: 3 };

  it('accepts up to the stock', () => {
    expect(quantityRefusal(tee, 1)).toBeNull();
    expect(quantityRefusal(tee, 3)).toBeNull();
  });

  it('refuses a sold-out product, then more than the stock, then more than a line holds', () => {
    expect(quantityRefusal({ ...tee, stock: 0 }, 1)).toBe('Out of Stock: Oversized Tee');
    expect(quantityRefusal(tee, 4)).toBe('Only 3 left of Oversized Tee');
    expect(quantityRefusal({ ...tee, stock: 1000 }, MAX_LINE_QUANTITY + 1)).toBe(
      `You can add at most ${MAX_LINE_QUANTITY} of Oversized Tee`,
    );
  });
});

describe('quantityFromText', () => {
  it('reads numbers and whole-number text, spaces around allowed', () => {
    expect(quantityFromText(2)).toBe(2);
    expect(quantityFromText('2')).toBe(2);
    expect(quantityFromText(' 12 ')).toBe(12);
  });

  it('gives NaN for any other text', () => {
    for (const text of ['', ' ', '2.5', '-1', '1e2', '0x10', 'two', '2 2']) {
      expect(quantityFromText(text)).toBeNaN();
    }
  });

  it('is what the request schema reads', () => {
    expect(cartQuantitySchema.parse(' 3 ')).toBe(3);
    expect(cartQuantitySchema.safeParse('1e2').success).toBe(false);
  });
});

describe('isUuid', () => {
  it('accepts any version in either case, nothing else', () => {
    expect(isUuid('0b7e6a4c-3f0e-4f57-9d43-1c2b3a4d5e6f')).toBe(true);
    expect(isUuid('0B7E6A4C-3F0E-4F57-9D43-1C2B3A4D5E6F')).toBe(true);
    expect(isUuid('0b7e6a4c-3f0e-4f57-9d43-1c2b3a4d5e6')).toBe(false);
    expect(isUuid('0b7e6a4c3f0e4f579d431c2b3a4d5e6f')).toBe(false);
    expect(isUuid("0b7e6a4c-3f0e-4f57-9d43-1c2b3a4d5e6f' or 1=1")).toBe(false);
  });
});
