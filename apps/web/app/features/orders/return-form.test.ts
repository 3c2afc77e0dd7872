import { RETURN_MESSAGES } from '@rangrez/contract/rules/returns';
import type { Order } from '@rangrez/contract/schemas';
import { describe, expect, it } from 'vitest';
import { initialValues, RETURN_FORM_TEXTS, requestBody, validateReturn } from './return-form';

const order = (paymentMethod: 'COD' | 'Prepaid') =>
  ({
    orderId: 'RZ1',
    paymentMethod,
    items: [
      { _id: 'line-1', quantity: 2 },
      { _id: 'line-2', quantity: 1 },
    ],
  }) as unknown as Order;

const filled = (paymentMethod: 'COD' | 'Prepaid' = 'COD') => ({
  ...initialValues(order(paymentMethod)),
  reason: 'misprint' as const,
  description: ' Smudged print ',
  photoIds: ['p1'],
  upiId: 'asha@okhdfc',
});

describe('the return form', () => {
  it('starts with every line in full, and a UPI payout for cash on delivery, the original payment otherwise', () => {
    expect(initialValues(order('COD'))).toMatchObject({
      quantities: { 'line-1': 2, 'line-2': 1 },
      payout: 'upi',
    });
    expect(initialValues(order('Prepaid')).payout).toBe('original');
  });

  it('says what is wrong with each field, in the server’s words', () => {
    expect(
      validateReturn({ ...initialValues(order('COD')), quantities: { 'line-1': 0, 'line-2': 0 } }),
    ).toEqual({
      items: RETURN_FORM_TEXTS.itemsRequired,
      reason: RETURN_MESSAGES.reasonInvalid,
      description: RETURN_MESSAGES.descriptionRequired,
      evidence: RETURN_MESSAGES.evidenceRequired,
      upiId: RETURN_MESSAGES.upiInvalid,
    });
    expect(validateReturn({ ...filled(), photoIds: ['1', '2', '3', '4', '5', '6'] })).toEqual({
      evidence: RETURN_MESSAGES.tooManyPhotos,
    });
    expect(validateReturn({ ...filled(), evidence: 'video' })).toEqual({
      evidence: RETURN_MESSAGES.evidenceRequired,
    });
    expect(
      validateReturn({
        ...filled(),
        payout: 'bank',
        accountName: '',
        accountNumber: '12345678',
        ifsc: 'HDFC1001234',
      }),
    ).toEqual({
      accountName: RETURN_MESSAGES.accountNameRequired,
      accountNumber: RETURN_MESSAGES.accountNumberInvalid,
      ifsc: RETURN_MESSAGES.ifscInvalid,
    });
    expect(validateReturn(filled())).toEqual({});
  });

  it('sends the chosen lines, the chosen evidence and only the payout’s own fields', () => {
    const values = {
      ...filled(),
      quantities: { 'line-1': 1, 'line-2': 0 },
      upiId: 'x',
      accountNumber: '123',
    };
    expect(
      requestBody({ ...values, payout: 'bank', accountName: 'Asha', ifsc: 'hdfc0001234', videoId: 'v1' }),
    ).toEqual({
      reason: 'misprint',
      description: 'Smudged print',
      items: [{ itemId: 'line-1', quantity: 1 }],
      photoIds: ['p1'],
      payout: 'bank',
      accountName: 'Asha',
      accountNumber: '123',
      ifsc: 'HDFC0001234',
    });
    expect(requestBody({ ...values, evidence: 'video', videoId: 'v1', payout: 'store_credit' })).toEqual({
      reason: 'misprint',
      description: 'Smudged print',
      items: [{ itemId: 'line-1', quantity: 1 }],
      videoId: 'v1',
      payout: 'store_credit',
    });
  });
});
