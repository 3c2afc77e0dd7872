// Image URLs and price of a product in a cart line or on the wishlist, shaped exactly as catalogue cards are
// (cardImageUrls from the media helpers, which the catalogue service uses too).
import { cardImageUrls } from '@rangrez/db/media/urls';
import { type media, productImages as productImagesTable } from '@rangrez/db/schema';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

type MediaRow = typeof media.$inferSelect;

/** The product's main image (`media.key`, `media.widths` through a left join: null when it has none). */
export interface ProductImageRecord {
  imageKey: MediaRow['key'] | null;
  imageWidths: MediaRow['widths'] | null;
}

export function productImages(
  publicUrl: string,
  row: ProductImageRecord,
): { image: string; thumbnail: string } {
  return cardImageUrls(publicUrl, row.imageKey, row.imageWidths);
}

/** Whole rupees, as every API price (the database keeps paise). */
export function priceRupees(pricePaise: number): number {
  return Math.round(pricePaise / 100);
}

/**
 * The media id a line of a product in a colour is pictured with: the colour's first image (a maroon line shows
 * the maroon garment), else the product's own (docs/product/rules.md#cart). Cart lines and order lines alike.
 */
export function lineImageId(
  productId: SQLWrapper,
  color: SQLWrapper,
  productImageId: SQLWrapper,
): SQL<string | null> {
  return sql<string | null>`coalesce((
    select pi.media_id from ${productImagesTable} pi
    where pi.product_id = ${productId} and pi.color = ${color}
    order by pi.position limit 1
  ), ${productImageId})`;
}
