import { describe, expect, it } from 'vitest';
import {
  IMAGE_FORMATS,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  WIDTH_LADDERS,
  isVariantUrl,
  srcSet,
  variantUrl,
} from '../src/rules/index.ts';

const key = '0123456789abcdef0123456789abcdef';
const url = `https://shop.example.in/media/${key}-640.jpg`;

describe('variantUrl', () => {
  it('swaps width and format of one of our image URLs', () => {
    expect(variantUrl(url, 320, 'webp')).toBe(`https://shop.example.in/media/${key}-320.webp`);
    expect(variantUrl(url, 1200, 'avif')).toBe(`https://shop.example.in/media/${key}-1200.avif`);
    expect(variantUrl(url, 640, 'jpg')).toBe(url);
  });

  it('keeps a CDN path prefix and a query string', () => {
    const cdn = `https://cdn.example.net/rangrez/media/${key}-480.webp?v=2`;
    expect(variantUrl(cdn, 960, 'jpg')).toBe(`https://cdn.example.net/rangrez/media/${key}-960.jpg?v=2`);
  });

  it('returns other URLs unchanged', () => {
    for (const other of [
      'https://shop.example.in/media/placeholder.svg',
      'https://lh3.googleusercontent.com/a/avatar.jpg',
      `https://shop.example.in/media/${key.slice(1)}-640.jpg`,
      `https://shop.example.in/media/${key}-640.png`,
      '',
    ]) {
      expect(variantUrl(other, 320, 'webp')).toBe(other);
      expect(isVariantUrl(other)).toBe(false);
    }
  });

  it('refuses nonsense widths', () => {
    expect(variantUrl(url, 0, 'webp')).toBe(url);
    expect(variantUrl(url, 2.5, 'webp')).toBe(url);
  });
});

describe('srcSet', () => {
  it('lists the ladder in one format with w descriptors', () => {
    expect(srcSet(url, [320, 640], 'avif')).toBe(
      `https://shop.example.in/media/${key}-320.avif 320w, https://shop.example.in/media/${key}-640.avif 640w`,
    );
    expect(srcSet(url, WIDTH_LADDERS.product, 'jpg').split(', ')).toHaveLength(WIDTH_LADDERS.product.length);
  });

  it('is empty for a URL that is not a variant', () => {
    expect(srcSet('https://shop.example.in/media/placeholder.svg', WIDTH_LADDERS.product, 'webp')).toBe('');
  });
});

describe('ladders', () => {
  it('are ascending whole widths', () => {
    for (const ladder of Object.values(WIDTH_LADDERS)) {
      expect([...ladder].sort((a, b) => a - b)).toEqual([...ladder]);
      expect(ladder.every((w) => Number.isInteger(w) && w > 0)).toBe(true);
    }
    expect(IMAGE_FORMATS).toEqual(['avif', 'webp', 'jpg']);
  });
});

describe('upload limits', () => {
  it('match the words the API answers with', () => {
    expect(UPLOAD_LIMITS).toEqual({ maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000, minWidth: 600 });
    expect(UPLOAD_MESSAGES.tooLarge).toContain('20 MB');
    expect(UPLOAD_MESSAGES.tooManyPixels).toContain('40 megapixels');
    expect(UPLOAD_MESSAGES.tooNarrow).toContain('600 px');
  });
});
