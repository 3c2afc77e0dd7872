// The delivery settings form's values (docs/delivery.md#settings): numbers are typed as text and read back on
// save; holidays are one date a line. The server checks everything again.
import {
  DELIVERY_ZONES,
  type DeliverySettings,
  PRODUCTION_TYPES,
} from '@rangrez/contract/rules/delivery-promise';

export interface DeliveryForm {
  originPincode: string;
  cutoff: string;
  productionDays: Record<string, string>;
  transitDays: Record<string, string>;
  holidays: string;
}

export function deliveryFormOf(s: DeliverySettings): DeliveryForm {
  return {
    originPincode: s.originPincode,
    cutoff: s.cutoff,
    productionDays: Object.fromEntries(PRODUCTION_TYPES.map((k) => [k, String(s.productionDays[k])])),
    transitDays: Object.fromEntries(DELIVERY_ZONES.map((k) => [k, String(s.transitDays[k])])),
    holidays: s.holidays.join('\n'),
  };
}

/** A number the shopper typed, or NaN for the server to refuse with its own message. */
const days = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function deliverySettingsOf(form: DeliveryForm): DeliverySettings {
  return {
    originPincode: form.originPincode.trim(),
    cutoff: form.cutoff.trim(),
    productionDays: Object.fromEntries(
      PRODUCTION_TYPES.map((k) => [k, days(form.productionDays[k])]),
    ) as DeliverySettings['productionDays'],
    transitDays: Object.fromEntries(
      DELIVERY_ZONES.map((k) => [k, days(form.transitDays[k])]),
    ) as DeliverySettings['transitDays'],
    holidays: form.holidays
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
  };
}
