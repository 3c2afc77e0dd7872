// Image URLs of a product in a cart line or on the wishlist, chosen exactly as catalogue cards choose them
// (catalogue/service.ts): `image` is the middle width of the ladder (mediaUrls().src), `thumbnail` the smallest,
// and the placeholder when the product has no image. The catalogue keeps its shaping private to its service, so
// cart and wishlist share this one copy built on the same media helpers.
import { mediaUrl, mediaUrls } from '@rangrez/db/media/urls';

export interface ProductImageRecord {
  imageKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageWidths: number[] | null;
  imageFormats: string[] | null;
}

export function productImages(
  publicUrl: string,
  row: ProductImageRecord,
): { image: string; thumbnail: string } {
  const placeholder = `${publicUrl}/media/placeholder.svg`;
  const smallest = row.imageWidths?.[0];
  if (!row.imageKey || smallest === undefined) return { image: placeholder, thumbnail: placeholder };
  const urls = mediaUrls(publicUrl, {
    key: row.imageKey,
    width: row.imageWidth ?? smallest,
    height: row.imageHeight ?? smallest,
    widths: row.imageWidths ?? [],
    formats: row.imageFormats ?? [],
  });
  return { image: urls.src, thumbnail: mediaUrl(publicUrl, row.imageKey, smallest, 'jpg') };
}

/** Whole rupees, as every API price (the database keeps paise). */
export function priceRupees(pricePaise: number): number {
  return Math.round(pricePaise / 100);
}
