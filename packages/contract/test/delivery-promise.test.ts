import { describe, expect, it } from 'vitest';
import {
  cutoffCountdownLabel,
  DEFAULT_DELIVERY_SETTINGS,
  deliveredByLabel,
  deliveryPromise,
  deliveryZone,
  productionDaysFor,
  productionTypeOf,
} from '../src/rules/delivery-promise.ts';

const settings = { cutoff: '14:00', holidays: [] as string[] };
const promise = (at: string, production: number, transit: number, holidays: string[] = []) => {
  const p = deliveryPromise(new Date(at), production, transit, { ...settings, holidays });
  return { deliveryBy: p.deliveryBy, cutoffAt: p.cutoffAt.toISOString() };
};

describe('the delivery date', () => {
  it('starts production today before the cut-off, and the next working day after it', () => {
    // Thu 26 Nov 2026, 10:00 and 15:00 India time: 3 production + 2 transit working days, Sunday skipped.
    expect(promise('2026-11-26T04:30:00Z', 3, 2)).toEqual({
      deliveryBy: '2026-12-01',
      cutoffAt: '2026-11-26T08:30:00.000Z',
    });
    expect(promise('2026-11-26T08:29:59Z', 3, 2).deliveryBy).toBe('2026-12-01');
    expect(promise('2026-11-26T08:30:00Z', 3, 2)).toEqual({
      deliveryBy: '2026-12-02',
      cutoffAt: '2026-11-27T08:30:00.000Z',
    });
  });

  it('never starts or counts on a Sunday', () => {
    // Saturday after the cut-off and Sunday morning both start on Monday 30 Nov.
    expect(promise('2026-11-28T10:00:00Z', 3, 2)).toEqual({
      deliveryBy: '2026-12-04',
      cutoffAt: '2026-11-30T08:30:00.000Z',
    });
    expect(promise('2026-11-29T03:30:00Z', 3, 2)).toEqual({
      deliveryBy: '2026-12-04',
      cutoffAt: '2026-11-30T08:30:00.000Z',
    });
  });

  it('skips listed holidays for production and for transit', () => {
    expect(promise('2026-11-26T09:00:00Z', 3, 2, ['2026-11-27'])).toEqual({
      deliveryBy: '2026-12-03',
      cutoffAt: '2026-11-28T08:30:00.000Z',
    });
    expect(promise('2026-11-26T04:30:00Z', 3, 2, ['2026-11-30'])).toEqual({
      deliveryBy: '2026-12-02',
      cutoffAt: '2026-11-26T08:30:00.000Z',
    });
  });

  it('runs across the year end and month ends', () => {
    expect(promise('2026-12-31T04:30:00Z', 3, 2).deliveryBy).toBe('2027-01-05');
    expect(promise('2026-12-31T04:30:00Z', 3, 2, ['2027-01-01']).deliveryBy).toBe('2027-01-06');
    // Fri 26 Feb 2027 just before the cut-off: all-over print (5) to the rest of India (6).
    expect(promise('2027-02-26T08:29:00Z', 5, 6)).toEqual({
      deliveryBy: '2027-03-10',
      cutoffAt: '2027-02-26T08:30:00.000Z',
    });
  });

  it('counts the India day, not the UTC one: 00:15 India time is already Friday', () => {
    expect(promise('2026-11-26T18:45:00Z', 3, 2)).toEqual({
      deliveryBy: '2026-12-02',
      cutoffAt: '2026-11-27T08:30:00.000Z',
    });
  });

  it('follows the cut-off setting', () => {
    const late = deliveryPromise(new Date('2026-11-26T09:00:00Z'), 3, 2, { cutoff: '16:30', holidays: [] });
    expect(late.cutoffAt.toISOString()).toBe('2026-11-26T11:00:00.000Z');
    expect(late.deliveryBy).toBe('2026-12-01');
  });
});

describe('the labels', () => {
  it('names the day as the shopper reads it', () => {
    expect(deliveredByLabel('2024-11-28')).toBe('Delivered by Thu, 28 Nov');
    expect(deliveredByLabel('2027-01-05')).toBe('Delivered by Tue, 5 Jan');
  });

  it('counts down to a cut-off at most 6 hours away', () => {
    const cutoff = new Date('2026-11-26T08:30:00Z');
    expect(cutoffCountdownLabel(new Date('2026-11-26T05:10:00Z'), cutoff)).toBe(
      'if ordered in the next 3 h 20 min',
    );
    expect(cutoffCountdownLabel(new Date('2026-11-26T06:30:00Z'), cutoff)).toBe('if ordered in the next 2 h');
    expect(cutoffCountdownLabel(new Date('2026-11-26T08:00:00Z'), cutoff)).toBe(
      'if ordered in the next 30 min',
    );
    expect(cutoffCountdownLabel(new Date('2026-11-26T02:30:00Z'), cutoff)).toBe('if ordered in the next 6 h');
    expect(cutoffCountdownLabel(new Date('2026-11-26T02:29:00Z'), cutoff)).toBeNull();
    expect(cutoffCountdownLabel(new Date('2026-11-26T08:30:00Z'), cutoff)).toBeNull();
  });
});

describe('zones and production', () => {
  const coimbatore = { district: 'Coimbatore', state: 'Tamil Nadu' };
  it.each([
    [coimbatore, { district: 'Coimbatore', state: 'Tamil Nadu' }, 'city'],
    [coimbatore, { district: 'Chennai', state: 'Tamil Nadu' }, 'state'],
    [coimbatore, { district: 'Mumbai', state: 'Maharashtra' }, 'rest'],
    [{ district: 'Mumbai', state: 'Maharashtra' }, { district: 'South Delhi', state: 'Delhi' }, 'metro'],
    [coimbatore, { district: 'Kamrup Metro', state: 'Assam' }, 'special'],
    [coimbatore, { district: 'Leh', state: 'Ladakh' }, 'special'],
  ] as const)('%o to %o is %s', (from, to, zone) => {
    expect(deliveryZone(from, to)).toBe(zone);
  });

  it('takes the longest production of an order, all-over print by its tag', () => {
    expect(productionTypeOf('Oversized Hooded Sweatshirt', [])).toBe('hoodie');
    expect(productionTypeOf('Crop Hoodie', [])).toBe('cropTop');
    expect(productionTypeOf("Women's Classic T-shirt", [])).toBe('tshirt');
    expect(productionTypeOf('Varsity Jacket', [])).toBe('jacket');
    expect(productionTypeOf('Oversized T-shirt', ['all-over-print'])).toBe('allOverPrint');
    expect(productionTypeOf(null, [])).toBeNull();
    const days = { ...DEFAULT_DELIVERY_SETTINGS.productionDays, hoodie: 4 };
    expect(productionDaysFor(['tshirt'], days)).toBe(3);
    expect(productionDaysFor(['tshirt', 'allOverPrint'], days)).toBe(5);
    expect(productionDaysFor([], days)).toBe(4);
    expect(productionDaysFor([null], days)).toBe(4);
  });
});
