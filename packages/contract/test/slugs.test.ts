import { describe, expect, it } from 'vitest';
import { fromSlug, sameSlug, toSlug } from '../src/rules/slugs.ts';

describe('slugs', () => {
  it.each([
    ['Oversized T-Shirt', 'oversized-t-shirt'],
    ['Newly Added', 'newly-added'],
    ['Men', 'men'],
    ['Women', 'women'],
    ['Hoodie', 'hoodie'],
    ['Crop Top', 'crop-top'],
    ['Varsity Jacket', 'varsity-jacket'],
    ['Acid Wash T-Shirt', 'acid-wash-t-shirt'],
    ['Crop Hoodie', 'crop-hoodie'],
    ['Zip Hoodie', 'zip-hoodie'],
    ['Sweatshirt', 'sweatshirt'],
  ])('%s <-> %s', (name, slug) => {
    expect(toSlug(name)).toBe(slug);
    expect(fromSlug(slug)).toBe(name);
    expect(fromSlug(toSlug(name))).toBe(name);
  });

  it('special-cases T-Shirt instead of writing "T Shirt"', () => {
    expect(fromSlug('oversized-t-shirt')).not.toBe('Oversized T Shirt');
    expect(fromSlug('t-shirt')).toBe('T-Shirt');
    expect(fromSlug('acid-wash-oversized-t-shirt')).toBe('Acid Wash Oversized T-Shirt');
  });

  it('does not invent T-Shirt from other words', () => {
    expect(fromSlug('shirt')).toBe('Shirt');
    expect(fromSlug('art-shirt')).toBe('Art Shirt');
  });

  it('collapses runs of spaces and trims', () => {
    expect(toSlug('  Crop   Top ')).toBe('crop-top');
    expect(fromSlug('crop--top')).toBe('Crop Top');
  });

  it('compares names and slugs whatever their case', () => {
    expect(sameSlug('Oversized T-shirt', 'oversized-t-shirt')).toBe(true);
    expect(sameSlug('Oversized T-Shirt', 'Oversized T-shirt')).toBe(true);
    expect(sameSlug('Crop Top', 'crop-hoodie')).toBe(false);
  });
});
