// Wishlist SQL.
import { media, products, wishlistItems } from '@rangrez/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { ProductImageRecord } from '../../lib/product-image.ts';
import type { ProductRow } from '../../lib/product-row.ts';

export type WishlistProductRecord = Pick<
  ProductRow,
  'id' | 'name' | 'pricePaise' | 'mrpRule' | 'mrpValuePaise'
> &
  ProductImageRecord;

/**
 * The user's wished products, newest first, in one statement. Withdrawn products are left out (their page would
 * be a 404) but kept, so they come back if the product does.
 */
export function listWishlist(db: Db, userId: string): Promise<WishlistProductRecord[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      mrpRule: products.mrpRule,
      mrpValuePaise: products.mrpValuePaise,
      imageKey: media.key,
      imageWidths: media.widths,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(media, eq(media.id, products.imageId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.isActive, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
}

/**
 * Adds the product if it is active; adding it again keeps the one entry. False when there is no such active
 * product. One statement, so a product withdrawn in between is never added.
 */
export async function addToWishlist(db: Db, userId: string, productId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    with target as (
      select id from ${products} where id = ${productId} and is_active
    ), ins as (
      insert into ${wishlistItems} (user_id, product_id)
      select ${userId}::uuid, id from target
      on conflict do nothing
    )
    select exists (select 1 from target) as found`);
  return result.rows[0]?.found === true;
}

export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function clearWishlist(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
