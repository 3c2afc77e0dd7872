// Product gallery and lightbox index rules (docs/product/rules.md#gallery): arrows, dots, thumbnails and swipes
// all wrap around; a swipe counts beyond 50 px; in the lightbox Escape closes and the arrow keys navigate.
import { GALLERY_SWIPE_THRESHOLD_PX } from '@rangrez/contract/rules/constants';
import { wrapIndex } from '../wrap-index';

/** Product artwork is 4:5 (1200 x 1500 at the largest width). */
export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 1500 } as const;

export function nextImage(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

export function previousImage(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/** 'Image 2 of 5' style counter parts, 1-based. */
export function imageCounter(index: number, count: number): string {
  return count === 0 ? '0 / 0' : `${wrapIndex(index, count) + 1} / ${count}`;
}

export function gallerySwipe(
  startX: number,
  endX: number,
  threshold: number = GALLERY_SWIPE_THRESHOLD_PX,
): 'next' | 'prev' | null {
  const travel = endX - startX;
  if (Math.abs(travel) <= threshold) return null;
  return travel < 0 ? 'next' : 'prev';
}

export function lightboxKey(key: string): 'next' | 'prev' | 'close' | null {
  if (key === 'ArrowRight') return 'next';
  if (key === 'ArrowLeft') return 'prev';
  if (key === 'Escape') return 'close';
  return null;
}

/**
 * The pictures the gallery shows: the chosen colour's images when it has any, otherwise the main image.
 * Duplicates are dropped so the counter does not count one picture twice.
 */
export function galleryImages(
  mainImage: string,
  colourImages: readonly string[] | null | undefined,
): string[] {
  const images = colourImages && colourImages.length > 0 ? colourImages : [mainImage];
  return [...new Set(images)];
}

interface GalleryProduct {
  image: string;
  color: readonly string[];
  colorImages: readonly { color: string; images: readonly string[] }[];
}

/**
 * What the product page opens with (docs/product/screens.md#product-page), so the colour chosen is always the one
 * in the photo: the colour whose pictures include the main image (the card's picture), shown first; else the
 * first colour that has pictures; else the main image alone, with the colour chosen only when there is just one.
 */
export function initialGallery(product: GalleryProduct): { color: string | null; images: string[] } {
  const picturesOf = (code: string) => product.colorImages.find((c) => c.color === code)?.images ?? [];
  const withMain = product.color.find((code) => picturesOf(code).includes(product.image));
  if (withMain !== undefined)
    return {
      color: withMain,
      images: galleryImages(product.image, [product.image, ...picturesOf(withMain)]),
    };
  const withPictures = product.color.find((code) => picturesOf(code).length > 0);
  if (withPictures !== undefined)
    return { color: withPictures, images: galleryImages(product.image, picturesOf(withPictures)) };
  return { color: product.color.length === 1 ? (product.color[0] ?? null) : null, images: [product.image] };
}
