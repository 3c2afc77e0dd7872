// Image widths and responsive-image URLs. The API answers one absolute URL per image (a JPEG at a middle width);
// these pure helpers derive the other widths and formats from it, so the web app builds <picture>/srcset markup
// from the API's URLs without knowing how media is stored. Plain values only: safe for the browser bundle.

/**
 * Widths rendered per use. Products are 4:5 portraits shown from 2-column phone grids (~180 CSS px, 360-540
 * device px) up to a full product page (~600 CSS px at 2x); slides span the viewport. The media pipeline clips
 * a ladder to the source width (never upscales), so a srcset built from a ladder is only complete for sources
 * at least as wide as its last step (every demo image is). Uploads keep every step of every ladder instead, the
 * steps wider than the image serving its own width, so a srcset never names a missing file.
 */
export const WIDTH_LADDERS = {
  product: [320, 480, 640, 960, 1200],
  slideDesktop: [640, 960, 1280, 1920],
  slideMobile: [360, 540, 800],
  thumbnail: [160, 240, 320, 480, 640],
  avatar: [64, 128, 256],
  /** For an upload whose use is not known yet. */
  general: [320, 640, 960, 1280, 1920],
} as const satisfies Record<string, readonly number[]>;
export type WidthLadderName = keyof typeof WIDTH_LADDERS;

/** Formats every image is offered in, best compression first. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** MIME type of each format, for <source type>. */
export const IMAGE_MIME_TYPES: Readonly<Record<ImageFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

// `.../media/<32 hex key>-<width>.<ext>`, optionally followed by a query or fragment (a CDN may add one).
const VARIANT_URL = /^(.*\/media\/[0-9a-f]{32})-[1-9][0-9]{0,4}\.(?:avif|webp|jpg)([?#].*)?$/;

/** Whether `url` is one of our image variants (a placeholder or an outside URL is not). */
export function isVariantUrl(url: string): boolean {
  return VARIANT_URL.test(url);
}

/**
 * The URL of the same image at another width and format: `.../media/<key>-640.jpg` -> `.../media/<key>-320.webp`.
 * A URL that is not one of our variants (the placeholder, an outside avatar) is returned unchanged.
 */
export function variantUrl(url: string, width: number, ext: ImageFormat): string {
  const match = VARIANT_URL.exec(url);
  if (!match || !Number.isInteger(width) || width < 1) return url;
  return `${match[1]}-${width}.${ext}${match[2] ?? ''}`;
}

/**
 * A srcset of the image over a ladder in one format: `<url-320> 320w, <url-480> 480w, ...`. Empty for a URL that
 * is not one of our variants: the <img src> alone is then used.
 */
export function srcSet(url: string, ladder: readonly number[], ext: ImageFormat): string {
  if (!isVariantUrl(url)) return '';
  return ladder.map((width) => `${variantUrl(url, width, ext)} ${width}w`).join(', ');
}
