// GST registration numbers and state codes (docs/gst.md#gstin). The state code of a GSTIN and of a delivery
// address decide between CGST + SGST and IGST.
import { normaliseStateName, type StateOrUnionTerritory } from './states.ts';

/** The GST state code of each state and union territory (two digits, as on a GSTIN). */
export const GST_STATE_CODES: Readonly<Record<StateOrUnionTerritory, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  // Code 25 (Daman and Diu) ended with the 2020 merger; registrations there now carry 26.
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  // Code 28 belonged to the undivided state; registrations since 2014 carry 37.
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const STATE_BY_CODE = new Map<string, StateOrUnionTerritory>(
  Object.entries(GST_STATE_CODES).map(([state, code]) => [code, state as StateOrUnionTerritory]),
);

/** The state code of a delivery state, whatever its spelling; undefined for a name that is no state. */
export function gstStateCode(state: string): string | undefined {
  const name = normaliseStateName(state);
  return name ? GST_STATE_CODES[name] : undefined;
}

/** The state or union territory of a two-digit code. */
export function stateOfGstCode(code: string): StateOrUnionTerritory | undefined {
  return STATE_BY_CODE.get(code);
}

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN: a base-36 Luhn-style check over the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'format' | 'state' | 'check';

/**
 * Checks a GSTIN (upper-cased, spaces removed by the caller): its shape, a known state code and the check
 * character. Answers what is wrong, or null when it is valid.
 */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'format';
  if (!STATE_BY_CODE.has(gstin.slice(0, 2))) return 'state';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'check';
}

/** Upper case, without spaces: how a GSTIN is typed and how it is stored. */
export function normaliseGstin(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}
