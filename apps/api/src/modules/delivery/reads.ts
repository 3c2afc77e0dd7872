// What a delivery lookup reads from the database, cached per instance with the catalogue (decision 010): the
// settings row and each product's production type. The delivery_settings trigger and the products' own notify
// the catalogue's channel, so a change clears these at once on every instance. A lookup then needs no query.
import { type DeliverySettings, type ProductionType, productionDaysFor, productionTypeOf } from '@rangrez/contract/rules';
import { productCategories, products } from '@rangrez/db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Db } from '../../lib/db.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import { readDeliverySettings } from './settings.ts';

export interface DeliveryReads {
  settings(): Promise<DeliverySettings>;
  /** The longest production of the products; none: the longest standard production. */
  productionDays(settings: DeliverySettings, productIds: readonly string[]): Promise<number>;
}

export function createDeliveryReads(db: Db, feed: ChangeFeed): DeliveryReads {
  const settings = new ReadCache<DeliverySettings>(feed, { maxEntries: 1 });
  const types = new ReadCache<ProductionType | null>(feed, { maxEntries: 5_000 });

  async function typeOf(productId: string): Promise<ProductionType | null> {
    return types.getOrLoad(productId, async () => {
      const [row] = await db
        .select({ garment: productCategories.name, tags: products.tags })
        .from(products)
        .leftJoin(productCategories, eq(productCategories.id, products.productCategoryId))
        .where(inArray(products.id, [productId]));
      return row ? productionTypeOf(row.garment, row.tags) : null;
    });
  }

  return {
    settings: () => settings.getOrLoad('settings', async () => (await readDeliverySettings(db)).settings),
    async productionDays(s, productIds) {
      const found = await Promise.all(productIds.map(typeOf));
      return productionDaysFor(found, s.productionDays);
    },
  };
}
