// Size charts (docs/product/rules.md#size-charts): stored in inches; Cms = inches x 2.54 rounded to 2 decimals.

export const GARMENT_TYPES = [
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
] as const;
export type GarmentType = (typeof GARMENT_TYPES)[number];

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export type Size = (typeof SIZES)[number];

export const SIZE_UNITS = ['Inches', 'Cms'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** One row of a size chart, in inches. */
export interface SizeChartRow {
  size: Size;
  chest: number;
  length: number;
  shoulder?: number;
  sleeveOpen?: number;
  sleeveLength?: number;
}

export const SIZE_CHART_MEASURES = ['chest', 'length', 'shoulder', 'sleeveOpen', 'sleeveLength'] as const;

export function isGarmentType(value: unknown): value is GarmentType {
  return typeof value === 'string' && (GARMENT_TYPES as readonly string[]).includes(value);
}

export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/** Orders sizes XS..XXXL (for size buttons built from unordered data). */
export function compareSizes(a: Size, b: Size): number {
  return SIZES.indexOf(a) - SIZES.indexOf(b);
}

/** Inches to centimetres, rounded to 2 decimals: 40 -> 101.6, 27.5 -> 69.85. */
export function inchesToCms(inches: number): number {
  // x * 254 / 100 keeps one rounding step on an exact-ish integer product (27.5 * 2.54 is 69.85000000000001).
  return Math.round(inches * 254) / 100;
}

/** A row in the chosen unit (rows are stored in inches). */
export function sizeChartRowIn(row: SizeChartRow, unit: SizeUnit): SizeChartRow {
  if (unit === 'Inches') return { ...row };
  const converted: SizeChartRow = {
    size: row.size,
    chest: inchesToCms(row.chest),
    length: inchesToCms(row.length),
  };
  if (row.shoulder !== undefined) converted.shoulder = inchesToCms(row.shoulder);
  if (row.sleeveOpen !== undefined) converted.sleeveOpen = inchesToCms(row.sleeveOpen);
  if (row.sleeveLength !== undefined) converted.sleeveLength = inchesToCms(row.sleeveLength);
  return converted;
}
