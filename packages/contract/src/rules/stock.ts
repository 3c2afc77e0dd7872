// Stock labels (docs/product/rules.md#stock-labels).

export const STOCK_BANDS = ['out_of_stock', 'low', 'hurry', 'in_stock'] as const;
export type StockBand = (typeof STOCK_BANDS)[number];

/** Up to this many units the label counts them ('Only N Left'). */
export const LOW_STOCK_MAX = 10;
/** Up to this many units the label says 'Hurry Up'. */
export const HURRY_STOCK_MAX = 20;

/** 0 or less (or not a number): out_of_stock; 1-10: low; 11-20: hurry; above 20: in_stock. */
export function stockBand(stock: number): StockBand {
  if (!Number.isFinite(stock) || stock <= 0) return 'out_of_stock';
  if (stock <= LOW_STOCK_MAX) return 'low';
  if (stock <= HURRY_STOCK_MAX) return 'hurry';
  return 'in_stock';
}

/** 'Out of Stock', 'Only N Left', 'Hurry Up' or 'In Stock'. */
export function stockLabel(stock: number): string {
  switch (stockBand(stock)) {
    case 'out_of_stock':
      return 'Out of Stock';
    case 'low':
      return `Only ${stock} Left`;
    case 'hurry':
      return 'Hurry Up';
    case 'in_stock':
      return 'In Stock';
  }
}

/** Whether a product can be bought at all. */
export function isInStock(stock: number): boolean {
  return stockBand(stock) !== 'out_of_stock';
}
