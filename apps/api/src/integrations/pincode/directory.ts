// The offline PIN directory (built by scripts/build-pincodes.ts from India Post's open data). Loaded on first use
// (~20k PINs, a few MB in memory) and answered from memory: no network, no database.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// A type alias, not an interface: it must fit the contract's loose (index-signature) response schema.
export type PostOffice = {
  Name: string;
  District: string;
  State: string;
  Division: string;
  Region: string;
  Circle: string;
  Country: 'India';
  Pincode: string;
};

type Row = [
  district: string,
  state: number,
  offices: string[],
  division: string,
  region: string,
  circle: string,
  /** 1 = India Post only, 2 = couriers with prepaid and cash on delivery (scripts/build-pincodes.ts). */
  service: 1 | 2,
];
interface Table {
  states: string[];
  pins: Record<string, Row>;
}

let table: Table | undefined;
function load(): Table {
  table ??= JSON.parse(
    gunzipSync(readFileSync(new URL('./pincodes.json.gz', import.meta.url))).toString('utf8'),
  ) as Table;
  return table;
}

/** The post offices of a PIN, in the public India Post lookup's field names; [] when the PIN is unknown. */
export function lookupPincode(pin: string): PostOffice[] {
  const t = load();
  const row = t.pins[pin];
  if (!row) return [];
  const [district, state, offices, division, region, circle] = row;
  return offices.map((name) => ({
    Name: name,
    District: district,
    State: t.states[state] ?? '',
    Division: division,
    Region: region,
    Circle: circle,
    Country: 'India',
    Pincode: pin,
  }));
}

/** Where a PIN is and how couriers serve it (docs/delivery.md#courier-service). */
export interface PinDelivery {
  district: string;
  state: string;
  /** A courier (or India Post) takes prepaid parcels there. */
  prepaid: boolean;
  /** A courier takes cash on delivery there: not where India Post is the only carrier. */
  cod: boolean;
}

/** The PIN's place and courier service from the offline table; null when the PIN is unknown. */
export function pinDelivery(pin: string): PinDelivery | null {
  const t = load();
  const row = t.pins[pin];
  if (!row) return null;
  return { district: row[0], state: t.states[row[1]] ?? '', prepaid: true, cod: row[6] === 2 };
}
