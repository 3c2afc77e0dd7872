// The wishlist (docs/product/rules.md#wishlist): products a shopper likes, newest first.
import { isUuid, mrp } from '@rangrez/contract/rules';
import { WISHLIST_API_MESSAGES, type WishlistProduct } from '@rangrez/contract/schemas';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { mrpRuleOf } from '../../lib/mrp-rule.ts';
import { priceRupees, productImages } from '../../lib/product-image.ts';
import { addToWishlist, clearWishlist, listWishlist, removeFromWishlist } from './repository.ts';

export function createWishlistService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const list = async (userId: string): Promise<WishlistProduct[]> =>
    (await listWishlist(db, userId)).map((row) => {
      const price = priceRupees(row.pricePaise);
      return {
        _id: row.id,
        name: row.name,
        image: productImages(publicUrl, row).image,
        price,
        mrp: mrp(price, mrpRuleOf(row)),
      };
    });

  return {
    list,

    /** 404 for an unknown or withdrawn product; adding twice keeps one entry. Answers the updated list. */
    async add(userId: string, productId: string): Promise<WishlistProduct[]> {
      if (!isUuid(productId) || !(await addToWishlist(db, userId, productId))) {
        throw notFound(WISHLIST_API_MESSAGES.productNotFound);
      }
      return list(userId);
    },

    /** Removing a product that is not there is not an error: the page hides it at once and must not roll back. */
    async remove(userId: string, productId: string): Promise<void> {
      if (isUuid(productId)) await removeFromWishlist(db, userId, productId);
    },

    clear(userId: string): Promise<void> {
      return clearWishlist(db, userId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
