// The delivery promise (docs/delivery.md): the date a parcel reaches a PIN code, from the order's time against the
// daily cut-off, the production days of what was ordered and the transit days of the PIN's zone, counting only
// working days (not Sundays, not the listed holidays). Dates are India days, YYYY-MM-DD.
import { addDays, indiaDate, indiaInstant } from './india-days.ts';

/** Courier zones from the dispatch point, the usual Indian five (docs/delivery.md#zones). */
export const DELIVERY_ZONES = ['city', 'state', 'metro', 'rest', 'special'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const DELIVERY_ZONE_LABELS: Readonly<Record<DeliveryZone, string>> = {
  city: 'Within city',
  state: 'Within state',
  metro: 'Metro to metro',
  rest: 'Rest of India',
  special: 'Special areas',
};

/** What a product takes to print: its garment family, or all-over print (docs/delivery.md#production-days). */
export const PRODUCTION_TYPES = ['tshirt', 'hoodie', 'sweatshirt', 'cropTop', 'jacket', 'allOverPrint'] as const;
export type ProductionType = (typeof PRODUCTION_TYPES)[number];

export const PRODUCTION_TYPE_LABELS: Readonly<Record<ProductionType, string>> = {
  tshirt: 'T-shirts',
  hoodie: 'Hoodies',
  sweatshirt: 'Sweatshirts',
  cropTop: 'Crop tops',
  jacket: 'Jackets',
  allOverPrint: 'All-over print',
};

/** A product carrying this tag is printed all over, whatever its garment. */
export const ALL_OVER_PRINT_TAG = 'all-over-print';

export interface DeliverySettings {
  /** The dispatch point's PIN code (the print partner's). */
  originPincode: string;
  /** 'HH:MM' India time: an order after it starts production the next working day. */
  cutoff: string;
  productionDays: Record<ProductionType, number>;
  transitDays: Record<DeliveryZone, number>;
  /** YYYY-MM-DD days on which nothing is printed or carried, besides Sundays. */
  holidays: string[];
}

/**
 * The partner's published dispatch times, at their upper bound (a promise is kept, not hoped for): 2-3 working
 * days, all-over print 4-5. Transit by zone from the partner's "48 h to 7 days".
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  originPincode: '641001',
  cutoff: '14:00',
  productionDays: { tshirt: 3, hoodie: 3, sweatshirt: 3, cropTop: 3, jacket: 3, allOverPrint: 5 },
  transitDays: { city: 2, state: 3, metro: 4, rest: 6, special: 9 },
  holidays: [],
};

/** The cut-off is shown as a countdown when it is at most this near (docs/delivery.md#the-label). */
export const CUTOFF_COUNTDOWN_HOURS = 6;

/** The production type of a product: all-over print by its tag, else its garment type's family. */
export function productionTypeOf(garmentType: string | null, tags: readonly string[]): ProductionType | null {
  if (tags.includes(ALL_OVER_PRINT_TAG)) return 'allOverPrint';
  const g = (garmentType ?? '').toLowerCase();
  if (g.includes('crop')) return 'cropTop';
  if (g.includes('hood')) return 'hoodie';
  if (g.includes('sweatshirt')) return 'sweatshirt';
  if (g.includes('jacket')) return 'jacket';
  if (g.includes('t-shirt')) return 'tshirt';
  return null;
}

/**
 * Production days of an order: the longest of its products' types; a product of no known type (and no product
 * at all, as on a PIN check without one) takes the longest standard production, all-over print aside.
 */
export function productionDaysFor(
  types: readonly (ProductionType | null)[],
  days: DeliverySettings['productionDays'],
): number {
  const standard = Math.max(days.tshirt, days.hoodie, days.sweatshirt, days.cropTop, days.jacket);
  if (types.length === 0) return standard;
  return Math.max(...types.map((t) => (t === null ? standard : days[t])));
}

const isWorkingDay = (day: string, holidays: ReadonlySet<string>) =>
  new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 && !holidays.has(day);

function nextWorkingDay(day: string, holidays: ReadonlySet<string>): string {
  let d = day;
  while (!isWorkingDay(d, holidays)) d = addDays(d, 1);
  return d;
}

/** The working day `n` working days after a working day. */
function addWorkingDays(day: string, n: number, holidays: ReadonlySet<string>): string {
  let d = day;
  for (let left = n; left > 0; left--) d = nextWorkingDay(addDays(d, 1), holidays);
  return d;
}

export interface DeliveryPromise {
  /** YYYY-MM-DD: the last day of transit. */
  deliveryBy: string;
  /** The instant before which an order gets this promise (the cut-off of the day production starts). */
  cutoffAt: Date;
}

/**
 * The promise for an order placed at `now`: production starts on the day of the next cut-off still ahead on a
 * working day, takes `productionDays` working days (that day included), and transit `transitDays` more.
 */
export function deliveryPromise(
  now: Date,
  productionDays: number,
  transitDays: number,
  settings: Pick<DeliverySettings, 'cutoff' | 'holidays'>,
): DeliveryPromise {
  const holidays = new Set(settings.holidays);
  const today = indiaDate(now);
  let start = nextWorkingDay(today, holidays);
  if (start === today && now.getTime() >= indiaInstant(today, settings.cutoff).getTime()) {
    start = nextWorkingDay(addDays(today, 1), holidays);
  }
  const work = Math.max(1, productionDays) - 1 + Math.max(0, transitDays);
  return {
    deliveryBy: addWorkingDays(start, work, holidays),
    cutoffAt: indiaInstant(start, settings.cutoff),
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Delivered by Thu, 28 Nov' for '2026-11-26'... the shopper-facing line of a promise. */
export function deliveredByLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `Delivered by ${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** 'if ordered in the next 3 h 20 min' when the cut-off is near (and ahead); null otherwise. */
export function cutoffCountdownLabel(now: Date, cutoffAt: Date): string | null {
  const minutes = Math.floor((cutoffAt.getTime() - now.getTime()) / 60_000);
  if (minutes < 1 || minutes > CUTOFF_COUNTDOWN_HOURS * 60) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean);
  return `if ordered in the next ${parts.join(' ')}`;
}

/** The place a PIN code is in, as the zone rule needs it. */
export interface PinPlace {
  district: string;
  state: string;
}

/** Reached by couriers on their longest routes, and often only by India Post (docs/delivery.md#zones). */
export const SPECIAL_AREA_STATES: readonly string[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/** The six metros, by the directory's district names (all of Delhi counts). */
const METRO_DISTRICTS = new Set(['mumbai', 'kolkata', 'chennai', 'bangalore', 'hyderabad']);

export function isMetro(place: PinPlace): boolean {
  return place.state === 'Delhi' || METRO_DISTRICTS.has(place.district.toLowerCase());
}

/** The zone of a destination from the dispatch point: special areas first, then the nearest that fits. */
export function deliveryZone(origin: PinPlace, destination: PinPlace): DeliveryZone {
  if (SPECIAL_AREA_STATES.includes(destination.state)) return 'special';
  if (origin.state === destination.state) {
    return origin.district.toLowerCase() === destination.district.toLowerCase() ? 'city' : 'state';
  }
  if (isMetro(origin) && isMetro(destination)) return 'metro';
  return 'rest';
}
