// Absolute image URLs for API responses: `${publicBaseUrl}/media/<key>-<width>.<ext>`. The base URL is
// configuration, so media can move to a CDN or another host without touching stored data.
import { type MediaFormat, variantFileName } from './formats.ts';

export interface MediaUrls {
  /** JPEG at a middle width: the <img src> fallback. */
  src: string;
  srcSetAvif: string;
  srcSetWebp: string;
  srcSetJpg: string;
  /** The original's intrinsic size, for the <img> aspect ratio. */
  width: number;
  height: number;
}

export function mediaUrl(publicBaseUrl: string, key: string, width: number, ext: MediaFormat): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/media/${variantFileName(key, width, ext)}`;
}

/** What a product or slide without an image shows. */
export function placeholderUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/media/placeholder.svg`;
}

/**
 * A product card's two URLs: `image`, the JPEG at the middle of the ladder (the `<img src>`, as mediaUrls().src),
 * and `thumbnail`, the smallest; the placeholder for both without an image. The catalogue, cart and wishlist all
 * answer with these.
 */
export function cardImageUrls(
  publicBaseUrl: string,
  key: string | null | undefined,
  widths: readonly number[] | null | undefined,
): { image: string; thumbnail: string } {
  const smallest = widths?.[0];
  if (!key || !widths || smallest === undefined) {
    const placeholder = placeholderUrl(publicBaseUrl);
    return { image: placeholder, thumbnail: placeholder };
  }
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? smallest;
  return {
    image: mediaUrl(publicBaseUrl, key, middle, 'jpg'),
    thumbnail: mediaUrl(publicBaseUrl, key, smallest, 'jpg'),
  };
}

export function mediaUrls(
  publicBaseUrl: string,
  row: { key: string; width: number; height: number; widths: readonly number[]; formats: readonly string[] },
): MediaUrls {
  const srcSet = (format: MediaFormat) =>
    row.formats.includes(format)
      ? row.widths.map((w) => `${mediaUrl(publicBaseUrl, row.key, w, format)} ${w}w`).join(', ')
      : '';
  const middle = row.widths[Math.floor((row.widths.length - 1) / 2)] ?? row.width;
  return {
    src: mediaUrl(publicBaseUrl, row.key, middle, 'jpg'),
    srcSetAvif: srcSet('avif'),
    srcSetWebp: srcSet('webp'),
    srcSetJpg: srcSet('jpg'),
    width: row.width,
    height: row.height,
  };
}
