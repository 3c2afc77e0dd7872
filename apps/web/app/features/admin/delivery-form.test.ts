import { DEFAULT_DELIVERY_SETTINGS } from '@rangrez/contract/rules/delivery-promise';
import { describe, expect, it } from 'vitest';
import { deliveryFormOf, deliverySettingsOf } from './delivery-form';

describe('the delivery settings form', () => {
  it('reads back what it shows, holidays one a line or separated by commas', () => {
    const form = deliveryFormOf({ ...DEFAULT_DELIVERY_SETTINGS, holidays: ['2026-12-25'] });
    expect(form.holidays).toBe('2026-12-25');
    expect(form.transitDays.rest).toBe('6');
    expect(deliverySettingsOf({ ...form, holidays: '2026-12-25\n 2027-01-26, 2027-08-15\n' })).toEqual({
      ...DEFAULT_DELIVERY_SETTINGS,
      holidays: ['2026-12-25', '2027-01-26', '2027-08-15'],
    });
  });

  it('hands a day count that is no whole number to the server as NaN, for it to refuse', () => {
    const form = deliveryFormOf(DEFAULT_DELIVERY_SETTINGS);
    const settings = deliverySettingsOf({ ...form, transitDays: { ...form.transitDays, city: '1.5' } });
    expect(settings.transitDays.city).toBeNaN();
    expect(settings.transitDays.rest).toBe(6);
  });
});
