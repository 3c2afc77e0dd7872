import { describe, expect, it } from 'vitest';
import { codValueRefusal, COD_MESSAGES, normaliseIndianPhone, parsePinList } from '../src/rules/cod.ts';

describe('normaliseIndianPhone', () => {
  it('makes one key of the ways a number is written', () => {
    for (const raw of [
      '9876543210',
      '98765 43210',
      '+91 98765-43210',
      '919876543210',
      '09876543210',
      '(98765) 43.210',
    ]) {
      expect([raw, normaliseIndianPhone(raw)]).toEqual([raw, '9876543210']);
    }
  });

  it('keeps other numbers as their digits', () => {
    expect(normaliseIndianPhone('12345')).toBe('12345');
    expect(normaliseIndianPhone('+44 20 7946 0958')).toBe('442079460958');
  });
});

describe('parsePinList', () => {
  it('reads one a line or comma separated, drops blanks and repeats, and names what is not a PIN', () => {
    expect(parsePinList('110001\n 110002, 110003;110001\n\n0123456, 11000a')).toEqual({
      pins: ['110001', '110002', '110003'],
      invalid: ['0123456', '11000a'],
    });
    expect(parsePinList('')).toEqual({ pins: [], invalid: [] });
  });
});

describe('codValueRefusal', () => {
  const limits = { minOrderPaise: 50_000, maxOrderPaise: 150_000 };

  it('allows both ends and refuses a paisa outside, in rupees as the store writes them', () => {
    expect(codValueRefusal(limits, 50_000)).toBeNull();
    expect(codValueRefusal(limits, 150_000)).toBeNull();
    const message = 'Cash on Delivery is available for orders between ₹500 and ₹1,500.';
    expect(codValueRefusal(limits, 49_999)).toBe(message);
    expect(codValueRefusal(limits, 150_001)).toBe(message);
  });

  it('words the other refusals exactly', () => {
    expect(COD_MESSAGES.openOrders(2)).toBe(
      'You have 2 Cash on Delivery orders on the way. Please pay online for this one.',
    );
    expect(COD_MESSAGES.pincode).toBe('Cash on Delivery is not available for this PIN code.');
  });
});
