import type { AdminPromotion } from '@rangrez/contract/schemas/admin-promotions';
import { describe, expect, it } from 'vitest';
import {
  budgetText,
  howText,
  offerText,
  promotionMatches,
  promotionStatus,
  usedText,
  windowText,
} from './promotion-display';
import {
  EMPTY_PROMOTION_FORM,
  type PromotionFormValues,
  checkPromotionForm,
  formFromPromotion,
  indiaInputValue,
  isoFromIndiaInput,
  promotionBody,
} from './promotion-form';

const form = (values: Partial<PromotionFormValues>): PromotionFormValues => ({
  ...EMPTY_PROMOTION_FORM,
  ...values,
});

const STORED: AdminPromotion = {
  id: '7b1f2a52-1c1e-4f0e-9a55-1f4f0c2b9d11',
  title: 'Welcome',
  code: 'WELCOME20',
  kind: 'percentage',
  value: 20,
  maxDiscount: 300,
  buyQuantity: null,
  getQuantity: null,
  bundleQuantity: null,
  target: 'order',
  targetIds: [],
  minSubtotal: 999,
  minQuantity: 0,
  usageLimit: 100,
  perCustomerLimit: 1,
  budget: 10_000,
  prepaidOnly: true,
  firstOrderOnly: true,
  shoppers: ['asha@example.com', '9876543210'],
  startsAt: '2026-11-30T18:30:00.000Z',
  endsAt: null,
  automatic: false,
  combinable: true,
  active: true,
  used: 3,
  redemptions: 4,
  budgetUsed: 812.5,
  batchCodes: 0,
  batchCodesUsed: 0,
  managedBy: null,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

describe('promotion form values', () => {
  it('reads the window as India time whatever the browser clock, and shows it back the same', () => {
    expect(isoFromIndiaInput('2026-12-01T00:00')).toBe('2026-11-30T18:30:00.000Z');
    expect(indiaInputValue('2026-11-30T18:30:00.000Z')).toBe('2026-12-01T00:00');
    expect(isoFromIndiaInput(' ')).toBeNull();
    expect(indiaInputValue(null)).toBe('');
    expect(isoFromIndiaInput('tomorrow')).toBe('tomorrow');
  });

  it('builds a percentage code with a cap, amounts in whole rupees, empty boxes as no limit', () => {
    const body = promotionBody(
      form({
        title: ' Diwali ',
        code: ' diwali10 ',
        value: '10',
        maxDiscount: '1,500',
        minSubtotal: '999',
        startsAt: '2026-11-01T09:30',
        shoppers: 'Asha@Example.com\n\n+91 98765 43210, ravi@example.com',
      }),
    );
    expect(body).toEqual({
      title: 'Diwali',
      code: 'DIWALI10',
      kind: 'percentage',
      value: 10,
      maxDiscount: 1500,
      buyQuantity: null,
      getQuantity: null,
      bundleQuantity: null,
      target: 'order',
      targetIds: [],
      minSubtotal: 999,
      minQuantity: 0,
      usageLimit: null,
      perCustomerLimit: null,
      budget: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: ['Asha@Example.com', '+91 98765 43210', 'ravi@example.com'],
      startsAt: '2026-11-01T04:00:00.000Z',
      endsAt: null,
      automatic: false,
      combinable: false,
      active: true,
    });
  });

  it('sends only the fields of the kind chosen, and no code for an automatic or batch promotion', () => {
    const bundle = promotionBody(
      form({
        mode: 'automatic',
        code: 'LEFTOVER',
        kind: 'bundle',
        value: '1199',
        bundleQuantity: '3',
        maxDiscount: '50',
      }),
    );
    expect(bundle).toMatchObject({
      code: null,
      automatic: true,
      kind: 'bundle',
      value: 1199,
      bundleQuantity: 3,
    });
    expect(bundle.maxDiscount).toBeNull();
    const buyGet = promotionBody(
      form({ kind: 'buy_x_get_y', value: '100', buyQuantity: '2', getQuantity: '1' }),
    );
    expect(buyGet).toMatchObject({ value: 100, buyQuantity: 2, getQuantity: 1, bundleQuantity: null });
    expect(promotionBody(form({ kind: 'free_shipping', value: '40' })).value).toBe(0);
    expect(promotionBody(form({ mode: 'batch', code: 'X' })).code).toBeNull();
    const products = promotionBody(form({ target: 'products', targetIds: ['p1', 'p2'] }));
    expect(products.targetIds).toEqual(['p1', 'p2']);
    expect(promotionBody(form({ target: 'order', targetIds: ['p1'] })).targetIds).toEqual([]);
  });

  it("puts the contract's messages beside their fields", () => {
    const checked = checkPromotionForm(
      form({
        code: 'ab',
        value: '120',
        minSubtotal: 'lots',
        startsAt: '2026-12-02T00:00',
        endsAt: '2026-12-01T00:00',
      }),
    );
    expect(checked.errors).toEqual({
      code: 'code must be 3 to 32 letters, digits, - or _',
      minSubtotal: 'minSubtotal must be a number of rupees',
      value: 'value must be a whole percent from 1 to 100',
      endsAt: 'endsAt must be after startsAt',
    });
    expect(checkPromotionForm(form({ kind: 'bundle', value: '1199', code: 'BUNDLE3' })).errors).toEqual({
      bundleQuantity: 'bundleQuantity of at least 2 is required for a bundle',
    });
    expect(checkPromotionForm(form({ value: '10' })).errors).toEqual({
      code: 'Enter the code shoppers type, or choose another way.',
    });
    expect(checkPromotionForm(form({ value: '10', target: 'categories', code: 'CATS' })).errors).toEqual({
      targetIds: 'targetIds must name at least one product, category or type',
    });
    expect(checkPromotionForm(form({ value: '10', maxDiscount: '12.5', code: 'HALF' })).errors).toEqual({
      maxDiscount: 'maxDiscount must be whole rupees',
    });
  });

  it('gives the body when the form holds together', () => {
    const checked = checkPromotionForm(form({ code: 'ok10', value: '10', usageLimit: '50' }));
    expect(checked.errors).toBeUndefined();
    expect(checked.body).toMatchObject({ code: 'OK10', value: 10, usageLimit: 50 });
  });

  it('fills the form from a stored promotion and builds the same body back', () => {
    const values = formFromPromotion(STORED);
    expect(values).toMatchObject({
      mode: 'code',
      value: '20',
      maxDiscount: '300',
      minSubtotal: '999',
      minQuantity: '',
      startsAt: '2026-12-01T00:00',
      shoppers: 'asha@example.com\n9876543210',
    });
    const body = promotionBody(values);
    const {
      id: _i,
      used: _u,
      redemptions: _r,
      budgetUsed: _b,
      batchCodes: _c,
      batchCodesUsed: _cu,
      managedBy: _m,
      ...rest
    } = STORED;
    const { createdAt: _ca, updatedAt: _ua, ...fields } = rest;
    expect(body).toEqual(fields);
    expect(formFromPromotion({ ...STORED, code: null }).mode).toBe('batch');
    expect(formFromPromotion({ ...STORED, code: null, automatic: true }).mode).toBe('automatic');
  });
});

describe('promotion display', () => {
  const now = Date.parse('2026-12-05T00:00:00Z');
  it('words the offer of every kind', () => {
    expect(offerText(STORED)).toBe('20% off (at most ₹300)');
    expect(offerText({ ...STORED, kind: 'fixed', value: 1500 })).toBe('₹1,500 off');
    expect(offerText({ ...STORED, kind: 'free_shipping' })).toBe('Free shipping');
    expect(offerText({ ...STORED, kind: 'buy_x_get_y', value: 100, buyQuantity: 2, getQuantity: 1 })).toBe(
      'Buy 2, get 1 free',
    );
    expect(offerText({ ...STORED, kind: 'buy_x_get_y', value: 50, buyQuantity: 1, getQuantity: 1 })).toBe(
      'Buy 1, get 1 at 50% off',
    );
    expect(offerText({ ...STORED, kind: 'bundle', value: 1199, bundleQuantity: 3 })).toBe('Any 3 for ₹1,199');
  });

  it('says how shoppers get it, its use and its budget', () => {
    expect(howText(STORED)).toBe('WELCOME20');
    expect(howText({ ...STORED, code: null, automatic: true })).toBe('Automatic');
    expect(howText({ ...STORED, code: null, batchCodes: 1200 })).toBe('1,200 single-use codes');
    expect(usedText(STORED)).toBe('3 / 100');
    expect(usedText({ ...STORED, usageLimit: null })).toBe('3 / no limit');
    expect(budgetText(STORED)).toBe('₹812.50 of ₹10,000');
    expect(budgetText({ ...STORED, budget: null })).toBe('₹812.50 (no budget)');
  });

  it('tells active, scheduled, expired and off apart', () => {
    expect(promotionStatus(STORED, now)).toBe('active');
    expect(promotionStatus({ ...STORED, active: false }, now)).toBe('off');
    expect(promotionStatus(STORED, Date.parse('2026-11-30T18:29:59Z'))).toBe('scheduled');
    expect(promotionStatus({ ...STORED, endsAt: '2026-12-05T00:00:00.000Z' }, now)).toBe('expired');
    expect(promotionStatus({ ...STORED, usageLimit: 5, used: 5 }, now)).toBe('used_up');
    expect(promotionStatus({ ...STORED, usageLimit: 5, used: 4 }, now)).toBe('active');
    expect(promotionStatus({ ...STORED, budget: 1000, budgetUsed: 999.5 }, now)).toBe('used_up');
    expect(promotionStatus({ ...STORED, budget: 1000, budgetUsed: 999 }, now)).toBe('active');
  });

  it('shows the window in India time and finds by code or title', () => {
    expect(windowText({ startsAt: null, endsAt: null })).toBe('Always');
    expect(windowText(STORED)).toBe('From 1 Dec 2026, 12:00 am');
    expect(promotionMatches(STORED, 'welc')).toBe(true);
    expect(promotionMatches({ ...STORED, title: 'Diwali' }, 'come2')).toBe(true);
    expect(promotionMatches(STORED, 'diwali')).toBe(false);
  });
});
