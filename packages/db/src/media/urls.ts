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
