// Delivery states: the 28 states and the 8 union territories, under their current names
// (docs/product/rules.md#delivery-states). The checkout select and the server accept exactly STATES_AND_UTS.

export const STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type State = (typeof STATES)[number];

export const UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export type UnionTerritory = (typeof UNION_TERRITORIES)[number];

export type StateOrUnionTerritory = State | UnionTerritory;

/** The 36 options of the state select, alphabetical. */
export const STATES_AND_UTS: readonly StateOrUnionTerritory[] = [...STATES, ...UNION_TERRITORIES].sort(
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
);

const CANONICAL = new Map<string, StateOrUnionTerritory>(
  STATES_AND_UTS.map((name) => [simplify(name), name]),
);

// Older or postal spellings (the PIN code lookup service still answers some of them).
const ALIASES: Record<string, StateOrUnionTerritory> = {
  orissa: 'Odisha',
  chattisgarh: 'Chhattisgarh',
  uttaranchal: 'Uttarakhand',
  pondicherry: 'Puducherry',
  'new delhi': 'Delhi',
  'nct of delhi': 'Delhi',
  'national capital territory of delhi': 'Delhi',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'the dadra and nagar haveli and daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  tamilnadu: 'Tamil Nadu',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  jammukashmir: 'Jammu and Kashmir',
};

function simplify(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');
}

export function isStateOrUnionTerritory(value: unknown): value is StateOrUnionTerritory {
  return typeof value === 'string' && (STATES_AND_UTS as readonly string[]).includes(value);
}

/**
 * Maps any spelling of a state or union territory (any case, '&' for 'and', old names such as 'Orissa' or
 * 'Pondicherry') to its current name; null when it is not one.
 */
export function normaliseStateName(name: string): StateOrUnionTerritory | null {
  const key = simplify(name);
  return CANONICAL.get(key) ?? ALIASES[key] ?? null;
}
