// The delivery promise for a PIN code (docs/delivery.md): place and courier service from the offline PIN table,
// zone from the origin setting, date from the contract's rule. Local data only: never an outside call.
import {
  deliveryPromise,
  type DeliveryPromise,
  type DeliverySettings,
  type DeliveryZone,
  deliveryZone,
  productionDaysFor,
  productionTypeOf,
} from '@rangrez/contract/rules';
import { productCategories, products } from '@rangrez/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { pinDelivery } from '../../integrations/pincode/directory.ts';
import type { Executor } from '../../lib/db.ts';
import { readDeliverySettings } from './settings.ts';

/**
 * Whether any carrier reaches the PIN and whether a courier takes cash on delivery there, from the PIN table
 * alone; null for a PIN the table does not know. The COD rules add the owner's own lists on top of this.
 */
export function pinServiceability(pin: string): { serviceable: boolean; courierCod: boolean } | null {
  const place = pinDelivery(pin);
  return place ? { serviceable: place.prepaid, courierCod: place.cod } : null;
}

/** The zone of a PIN from the origin setting; an origin the table does not know puts everything in 'rest'. */
export function zoneOf(settings: DeliverySettings, pin: string): DeliveryZone | null {
  const destination = pinDelivery(pin);
  if (!destination) return null;
  const origin = pinDelivery(settings.originPincode);
  if (!origin) return destination.cod ? 'rest' : 'special';
  return deliveryZone(origin, destination);
}

/** Production days of the given products (the longest); no products: the longest standard production. */
export async function productionDaysOf(
  db: Executor,
  settings: DeliverySettings,
  productIds: readonly string[],
): Promise<number> {
  if (productIds.length === 0) return productionDaysFor([], settings.productionDays);
  const rows = await db
    .select({ garment: productCategories.name, tags: products.tags })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId))
    .where(inArray(products.id, [...productIds]));
  return productionDaysFor(
    rows.map((r) => productionTypeOf(r.garment, r.tags)),
    settings.productionDays,
  );
}

export interface PinPromise extends DeliveryPromise {
  zone: DeliveryZone;
}

/** The promise for an order at `now` to `pin` of products taking `productionDays`; null for an unknown PIN. */
export function promiseFor(
  settings: DeliverySettings,
  pin: string,
  productionDays: number,
  now: Date,
): PinPromise | null {
  const zone = zoneOf(settings, pin);
  if (!zone) return null;
  return { zone, ...deliveryPromise(now, productionDays, settings.transitDays[zone], settings) };
}

/**
 * The columns an order placed now keeps of its promise: the delivery PIN's date for its products' longest
 * production, and the zone it counted transit for; nulls for a PIN the table does not know.
 */
export async function orderPromiseValues(
  tx: Executor,
  pin: string,
  productIds: readonly string[],
  now: Date,
): Promise<{ deliveryBy: string | null; deliveryZone: DeliveryZone | null }> {
  const { settings } = await readDeliverySettings(tx);
  const promise = promiseFor(settings, pin, await productionDaysOf(tx, settings, productIds), now);
  return { deliveryBy: promise?.deliveryBy ?? null, deliveryZone: promise?.zone ?? null };
}
