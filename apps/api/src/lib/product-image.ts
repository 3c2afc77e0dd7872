// Image URLs and price of a product in a cart line or on the wishlist, shaped exactly as catalogue cards are
// (cardImageUrls from the media helpers, which the catalogue service uses too).
import { cardImageUrls } from '@rangrez/db/media/urls';
import type { media } from '@rangrez/db/schema';

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
