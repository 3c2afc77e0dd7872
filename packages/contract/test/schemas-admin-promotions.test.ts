import { describe, expect, it } from 'vitest';
import {
  adminPromotionCodesBodySchema,
  adminPromotionCreateBodySchema,
  adminPromotionPatchBodySchema,
  promotionCodeSchema,
} from '../src/schemas/admin-promotions.ts';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('admin promotion body', () => {
  it('fills the defaults around the issue fields', () => {
    const body = adminPromotionCreateBodySchema.parse({
      code: ' welcome20 ',
      kind: 'percentage',
      value: 20,
      maxDiscount: 300,
    });
    expect(body).toEqual({
      title: '',
      code: 'WELCOME20',
      kind: 'percentage',
      value: 20,
      maxDiscount: 300,
      buyQuantity: null,
      getQuantity: null,
      bundleQuantity: null,
      target: 'order',
      targetIds: [],
      minSubtotal: 0,
      minQuantity: 0,
      usageLimit: null,
      perCustomerLimit: null,
      budget: null,
      prepaidOnly: false,
      firstOrderOnly: false,
      shoppers: [],
      startsAt: null,
      endsAt: null,
      automatic: false,
      combinable: false,
      active: true,
    });
  });

  it('refuses what does not hold together, with a message per field', () => {
    expect(messages(adminPromotionCreateBodySchema.safeParse({ kind: 'percentage', value: 120 }))).toEqual([
      'value must be a whole percent from 1 to 100',
    ]);
    expect(messages(adminPromotionCreateBodySchema.safeParse({ kind: 'fixed', value: 0 }))).toEqual([
      'value must be whole rupees, at least ₹1',
    ]);
    expect(messages(adminPromotionCreateBodySchema.safeParse({ kind: 'buy_x_get_y', value: 100 }))).toEqual([
      'buyQuantity and getQuantity are required for buy X get Y',
    ]);
    expect(messages(adminPromotionCreateBodySchema.safeParse({ kind: 'bundle', value: 1199 }))).toEqual([
      'bundleQuantity of at least 2 is required for a bundle',
    ]);
    expect(
      messages(
        adminPromotionCreateBodySchema.safeParse({
          kind: 'free_shipping',
          code: 'SHIPFREE',
          automatic: true,
        }),
      ),
    ).toEqual(['A promotion has a code or is automatic, not both']);
    expect(
      messages(adminPromotionCreateBodySchema.safeParse({ kind: 'free_shipping', target: 'products' })),
    ).toEqual(['targetIds must name at least one product, category or type']);
    expect(
      messages(
        adminPromotionCreateBodySchema.safeParse({
          kind: 'free_shipping',
          startsAt: '2026-12-01T00:00:00Z',
          endsAt: '2026-11-01T00:00:00Z',
        }),
      ),
    ).toEqual(['endsAt must be after startsAt']);
    expect(
      messages(adminPromotionCreateBodySchema.safeParse({ kind: 'fixed', value: 100, budget: 10.5 })),
    ).toEqual(['budget must be whole rupees']);
    expect(messages(adminPromotionCreateBodySchema.safeParse({ kind: 'gift', value: 1 }))).toEqual([
      'kind must be one of percentage, fixed, free_shipping, buy_x_get_y, bundle',
    ]);
  });

  it('takes codes in any case, and only letters, digits, - and _', () => {
    expect(promotionCodeSchema.parse('diwali-24')).toBe('DIWALI-24');
    expect(messages(promotionCodeSchema.safeParse('no spaces'))).toEqual([
      'code must be 3 to 32 letters, digits, - or _',
    ]);
    expect(messages(promotionCodeSchema.safeParse('AB'))).toEqual([
      'code must be 3 to 32 letters, digits, - or _',
    ]);
  });

  it('a patch changes only what it sends, and must send something', () => {
    expect(adminPromotionPatchBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(messages(adminPromotionPatchBodySchema.safeParse({}))).toEqual(['Nothing to change']);
  });

  it('a code batch is 1 to 10000 codes', () => {
    expect(adminPromotionCodesBodySchema.parse({ count: 500 })).toEqual({ count: 500 });
    expect(messages(adminPromotionCodesBodySchema.safeParse({ count: 0 }))).toEqual([
      'count must be a whole number from 1 to 10000',
    ]);
  });
});
