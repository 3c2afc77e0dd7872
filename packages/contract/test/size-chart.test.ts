import { describe, expect, it } from 'vitest';
import {
  compareSizes,
  GARMENT_TYPES,
  inchesToCms,
  isGarmentType,
  isSize,
  SIZES,
  sizeChartRowIn,
} from '../src/rules/size-chart.ts';

describe('inchesToCms', () => {
  it.each([
    [40, 101.6],
    [27.5, 69.85],
    [0, 0],
    [1, 2.54],
    [22.25, 56.52],
    [8.75, 22.23],
  ])('%f in -> %f cm', (inches, cms) => {
    expect(inchesToCms(inches)).toBe(cms);
  });
});

describe('garment types and sizes', () => {
  it('lists the 13 garment types exactly', () => {
    expect(GARMENT_TYPES).toEqual([
      'Acid Wash Oversized T-shirt',
      'Acid Wash Hoodie',
      'Oversized T-shirt',
      'Crop Top',
      'Terry Oversized T-shirt',
      'Hooded Sweatshirt',
      'Crop Hoodie',
      'Zip Hoodie',
      'Oversized Hooded Sweatshirt',
      'Sweatshirt',
      'Oversized Sweatshirt',
      "Women's Classic T-shirt",
      'Varsity Jacket',
    ]);
    expect(isGarmentType('Crop Top')).toBe(true);
    expect(isGarmentType('Oversized T-Shirt')).toBe(false);
  });

  it('lists sizes XS to XXXL in order', () => {
    expect(SIZES).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']);
    expect(isSize('XXXL')).toBe(true);
    expect(isSize('xl')).toBe(false);
    expect((['XL', 'S', 'XXXL', 'XS'] as const).slice().sort(compareSizes)).toEqual([
      'XS',
      'S',
      'XL',
      'XXXL',
    ]);
  });
});

describe('sizeChartRowIn', () => {
  it('converts every present measure and leaves absent ones absent', () => {
    const row = { size: 'M', chest: 40, length: 27.5, shoulder: 20 } as const;
    expect(sizeChartRowIn(row, 'Cms')).toEqual({ size: 'M', chest: 101.6, length: 69.85, shoulder: 50.8 });
    expect(sizeChartRowIn(row, 'Inches')).toEqual(row);
  });
});
