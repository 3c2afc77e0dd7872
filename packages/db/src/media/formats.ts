// What the media pipeline renders: formats, encoder settings, width ladders and the variant file names.
// Shared by ingestion (which records a ladder per original), the variant renderer and URL building.

import { IMAGE_FORMATS, IMAGE_MIME_TYPES, type ImageFormat, WIDTH_LADDERS } from '@rangrez/contract/rules';

// The formats and their MIME types are the contract's: the web app builds <source type> from the same list.
export const MEDIA_FORMATS = IMAGE_FORMATS;
export type MediaFormat = ImageFormat;
export const CONTENT_TYPES = IMAGE_MIME_TYPES;

export const ORIGINAL_EXTENSIONS = ['svg', 'jpg', 'png', 'webp', 'avif'] as const;
export type OriginalExt = (typeof ORIGINAL_EXTENSIONS)[number];

/** Widths rendered per use; defined in the contract so the web app can build srcsets from the API's URLs. */
export { WIDTH_LADDERS } from '@rangrez/contract/rules';

/**
 * An upload's ladder: whether it ends up in a product's gallery, on a slide or as a thumbnail is decided after it
 * is stored, and the web app builds each use's srcset from that use's ladder, so it holds every step of each.
 * Steps are rendered on demand: one that no page asks for costs nothing.
 */
export const UPLOAD_LADDER: readonly number[] = [
  ...new Set([
    ...WIDTH_LADDERS.product,
    ...WIDTH_LADDERS.thumbnail,
    ...WIDTH_LADDERS.slideDesktop,
    ...WIDTH_LADDERS.slideMobile,
  ]),
].sort((a, b) => a - b);

/** Hard bounds on any ladder entry, so a bad ladder cannot ask the renderer for something absurd. */
export const MIN_VARIANT_WIDTH = 16;
export const MAX_VARIANT_WIDTH = 4096;

/**
 * The ladder clipped to the source: never upscale. A source narrower than the smallest step gets one variant at
 * its own width. Sorted ascending and de-duplicated, as the `media.widths` column documents.
 *
 * `keepWiderSteps` keeps the steps wider than the source (uploads: the web app's srcsets name every step of their
 * ladder, and a step missing from the ladder would be a broken image). The renderer never enlarges, so those
 * steps serve the source at its own width.
 */
export function ladderFor(
  sourceWidth: number,
  ladder: readonly number[],
  { keepWiderSteps = false }: { keepWiderSteps?: boolean } = {},
): number[] {
  const fitting = [...new Set(ladder)]
    .filter(
      (w) =>
        Number.isInteger(w) &&
        w >= MIN_VARIANT_WIDTH &&
        w <= MAX_VARIANT_WIDTH &&
        (keepWiderSteps || w <= sourceWidth),
    )
    .sort((a, b) => a - b);
  if (fitting.length > 0) return fitting;
  return [Math.max(1, Math.min(sourceWidth, MAX_VARIANT_WIDTH))];
}

/** Media keys are the first 32 hex digits (128 bits) of the SHA-256 of the original's bytes. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}$/;

export function isMediaFormat(value: string): value is MediaFormat {
  return (MEDIA_FORMATS as readonly string[]).includes(value);
}

/** `<key>-<width>.<ext>`: the variant's file name on disk and the last segment of its URL. */
export function variantFileName(key: string, width: number, format: MediaFormat): string {
  return `${key}-${width}.${format}`;
}

/** Parses `/media/<key>-<width>.<ext>`'s last segment; null for anything else (the route answers 404). */
export function parseVariantFileName(
  name: string,
): { key: string; width: number; format: MediaFormat } | null {
  const match = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(avif|webp|jpg)$/.exec(name);
  if (!match) return null;
  const [, key, width, format] = match;
  if (!key || !width || !format || !isMediaFormat(format)) return null;
  return { key, width: Number(width), format };
}

/** Encoder settings chosen for render speed on small servers first, size second. */
export const ENCODER_SETTINGS = {
  // effort 2 renders ~3x faster than the default 4 for a few percent more bytes.
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  jpg: { quality: 78, mozjpeg: true },
} as const;
