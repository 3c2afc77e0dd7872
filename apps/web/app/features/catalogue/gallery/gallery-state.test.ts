import { describe, expect, it } from 'vitest';
import {
  galleryImages,
  gallerySwipe,
  imageCounter,
  initialGallery,
  lightboxKey,
  nextImage,
  previousImage,
} from './gallery-state';

describe('gallery index', () => {
  it('wraps around in both directions', () => {
    expect(nextImage(0, 3)).toBe(1);
    expect(nextImage(2, 3)).toBe(0);
    expect(previousImage(0, 3)).toBe(2);
    expect(previousImage(1, 3)).toBe(0);
    expect(nextImage(0, 1)).toBe(0);
  });

  it('shows a 1-based counter', () => {
    expect(imageCounter(0, 4)).toBe('1 / 4');
    expect(imageCounter(3, 4)).toBe('4 / 4');
    expect(imageCounter(0, 0)).toBe('0 / 0');
  });

  it('swipes only beyond 50 px', () => {
    expect(gallerySwipe(100, 50)).toBeNull();
    expect(gallerySwipe(100, 49)).toBe('next');
    expect(gallerySwipe(100, 151)).toBe('prev');
  });

  it('maps lightbox keys: Escape closes, arrows navigate', () => {
    expect(lightboxKey('Escape')).toBe('close');
    expect(lightboxKey('ArrowRight')).toBe('next');
    expect(lightboxKey('ArrowLeft')).toBe('prev');
    expect(lightboxKey('Tab')).toBeNull();
  });

  it("uses the colour's images, else the main image, without duplicates", () => {
    expect(galleryImages('main.jpg', ['a.jpg', 'b.jpg', 'a.jpg'])).toEqual(['a.jpg', 'b.jpg']);
    expect(galleryImages('main.jpg', [])).toEqual(['main.jpg']);
    expect(galleryImages('main.jpg', null)).toEqual(['main.jpg']);
  });
});

describe('the colour the product page opens with', () => {
  const product = (image: string, colorImages: { color: string; images: string[] }[]) => ({
    image,
    color: colorImages.map((c) => c.color),
    colorImages,
  });

  it('is the colour of the main image, shown first, even when it is not the first colour', () => {
    const shown = initialGallery(
      product('nv-2.jpg', [
        { color: 'Bk', images: ['bk-1.jpg', 'bk-2.jpg'] },
        { color: 'Nv', images: ['nv-1.jpg', 'nv-2.jpg', 'nv-3.jpg'] },
      ]),
    );
    expect(shown).toEqual({ color: 'Nv', images: ['nv-2.jpg', 'nv-1.jpg', 'nv-3.jpg'] });
  });

  it('is the first colour with pictures when the main image is no colour’s, and shows only its pictures', () => {
    const shown = initialGallery(
      product('flat-lay.jpg', [
        { color: 'Wh', images: [] },
        { color: 'Mr', images: ['mr-1.jpg', 'mr-2.jpg'] },
      ]),
    );
    expect(shown).toEqual({ color: 'Mr', images: ['mr-1.jpg', 'mr-2.jpg'] });
  });

  it('is the only colour, or none of several, when no colour has pictures', () => {
    expect(initialGallery(product('main.jpg', [{ color: 'Bk', images: [] }]))).toEqual({
      color: 'Bk',
      images: ['main.jpg'],
    });
    expect(
      initialGallery(
        product('main.jpg', [
          { color: 'Bk', images: [] },
          { color: 'Wh', images: [] },
        ]),
      ),
    ).toEqual({ color: null, images: ['main.jpg'] });
  });
});
