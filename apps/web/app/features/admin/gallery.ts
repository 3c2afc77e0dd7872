// A product's galleries as the images editor holds them (docs/admin.md#images): per colour, its images in order
// with their alt text. Every change answers a new gallery, and the PUT body is the whole of it, so reordering,
// removing and alt edits all travel in one call, the way the API replaces the gallery.
import type { AdminProduct, AdminProductImagesBody } from '@rangrez/contract/schemas/admin-catalogue';
import { moved } from './list-order';

export interface GalleryImage {
  mediaId: string;
  url: string;
  alt: string;
}

/** Colour code -> its images in gallery order. */
export type Galleries = Record<string, GalleryImage[]>;

/**
 * The product's colours (the only ones PUT .../images accepts) with what each shows now. A colour no longer
 * sold is left out: the next save cannot keep its images anyway.
 */
export function galleriesFromProduct(product: Pick<AdminProduct, 'colors' | 'images'>): Galleries {
  return Object.fromEntries(
    product.colors.map((color) => [
      color,
      (product.images.find((g) => g.color === color)?.images ?? []).map((i) => ({ ...i })),
    ]),
  );
}

const withColour = (galleries: Galleries, color: string, images: GalleryImage[]): Galleries => ({
  ...galleries,
  [color]: images,
});

/** Adds an uploaded image at the end of the colour's gallery; the same image twice in a colour stays once. */
export function addImage(galleries: Galleries, color: string, image: GalleryImage): Galleries {
  const images = galleries[color] ?? [];
  if (images.some((i) => i.mediaId === image.mediaId)) return galleries;
  return withColour(galleries, color, [...images, image]);
}

/** Moves the image at `from` to `to` (a drag, or one place with a button); outside the gallery, nothing moves. */
export function moveImage(galleries: Galleries, color: string, from: number, to: number): Galleries {
  const images = galleries[color] ?? [];
  if (from === to || from < 0 || to < 0 || from >= images.length || to >= images.length) return galleries;
  return withColour(galleries, color, moved(images, from, to));
}

export function removeImage(galleries: Galleries, color: string, index: number): Galleries {
  return withColour(
    galleries,
    color,
    (galleries[color] ?? []).filter((_, i) => i !== index),
  );
}

export function setAlt(galleries: Galleries, color: string, index: number, alt: string): Galleries {
  return withColour(
    galleries,
    color,
    (galleries[color] ?? []).map((image, i) => (i === index ? { ...image, alt } : image)),
  );
}

/** PUT .../images's body: every colour's images in order, each with its alt text as the inputs hold it. */
export function imagesBody(colors: readonly string[], galleries: Galleries): AdminProductImagesBody {
  return {
    images: colors.flatMap((color) =>
      (galleries[color] ?? []).map((image) => ({ color, mediaId: image.mediaId, alt: image.alt })),
    ),
  };
}
