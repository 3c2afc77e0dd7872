import { describe, expect, it } from 'vitest';
import {
  normaliseIndianMobile,
  normalisePhoneForStorage,
  stripPhoneInput,
  stripPincodeInput,
} from '../src/rules/phone.ts';

describe('normaliseIndianMobile', () => {
  it('answers the 10-digit national number however it was written', () => {
    expect(normaliseIndianMobile('9876543210')).toBe('9876543210');
    expect(normaliseIndianMobile('+91 98765-43210')).toBe('9876543210');
    expect(normaliseIndianMobile('+91 (987) 654-3210')).toBe('9876543210');
    expect(normaliseIndianMobile('919876543210')).toBe('9876543210');
    expect(normaliseIndianMobile('09876543210')).toBe('9876543210');
    expect(normaliseIndianMobile(' 98765 43210 ')).toBe('9876543210');
    expect(normaliseIndianMobile('98765.43210')).toBe('9876543210');
  });

  it('drops a prefix only when a valid mobile remains', () => {
    // Ten digits starting 9: a mobile as it stands, not 91 followed by eight digits.
    expect(normaliseIndianMobile('9198765432')).toBe('9198765432');
    expect(normaliseIndianMobile('915876543210')).toBeNull();
    expect(normaliseIndianMobile('05876543210')).toBeNull();
  });

  it('answers null for anything that is not an Indian mobile', () => {
    expect(normaliseIndianMobile('')).toBeNull();
    expect(normaliseIndianMobile('5876543210')).toBeNull();
    expect(normaliseIndianMobile('987654321')).toBeNull();
    expect(normaliseIndianMobile('98765432101')).toBeNull();
    expect(normaliseIndianMobile('+44 98765 43210')).toBeNull();
    expect(normaliseIndianMobile('9876x43210')).toBeNull();
    expect(normaliseIndianMobile('+9876543210')).toBeNull();
  });
});

describe('normalisePhoneForStorage', () => {
  it('keeps an Indian mobile as its national number and anything else trimmed as typed', () => {
    expect(normalisePhoneForStorage('+91 98765-43210')).toBe('9876543210');
    expect(normalisePhoneForStorage(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
  });
});

describe('input strippers (docs/product/rules.md#checkout-fields: non-digits removed before capping)', () => {
  it('phone: a pasted number with spaces keeps all ten digits', () => {
    expect(stripPhoneInput('98765 43210')).toBe('9876543210');
    expect(stripPhoneInput('98a76-54 32(10)')).toBe('9876543210');
    expect(stripPhoneInput('abc')).toBe('');
  });

  it('phone: a pasted +91, 91 or 0 prefix is dropped when a valid mobile remains', () => {
    expect(stripPhoneInput('+91 98765 43210')).toBe('9876543210');
    expect(stripPhoneInput('91 98765 43210')).toBe('9876543210');
    expect(stripPhoneInput('098765 43210')).toBe('9876543210');
  });

  it('phone: anything longer is capped at ten digits', () => {
    expect(stripPhoneInput('98765432109999')).toBe('9876543210');
    expect(stripPhoneInput('+44 20 7946 0958')).toBe('4420794609');
  });

  it('PIN code: digits only, at most 6', () => {
    expect(stripPincodeInput('0a1234567')).toBe('012345');
    expect(stripPincodeInput('56 00-01')).toBe('560001');
    expect(stripPincodeInput('5600019')).toBe('560001');
  });
});
