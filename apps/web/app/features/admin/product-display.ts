// How the back office shows a product's state: its status in words, and its stock with the storefront's own label
// and colours, so staff read stock the way shoppers see it (docs/product/rules.md#stock-labels).
import { type StockBand, stockBand, stockLabel } from '@rangrez/contract/rules/stock';

export type ProductStatusLabel = 'Published' | 'Draft' | 'Archived';

export function productStatus(p: { published: boolean; archived: boolean }): ProductStatusLabel {
  if (p.archived) return 'Archived';
  return p.published ? 'Published' : 'Draft';
}

export const STATUS_TONE: Record<ProductStatusLabel, string> = {
  Published: 'bg-green-100 text-green-800',
  Draft: 'bg-neutral-100 text-neutral-800',
  Archived: 'bg-stone-200 text-stone-700',
};

// The product page's stock label colours. A copy, not an import: the shop's module would join the back office's
// chunks, and the back office's stylesheet only sees classes written in its own files.
const STOCK_TONE: Record<StockBand, string> = {
  out_of_stock: 'bg-red-100 text-red-800',
  low: 'bg-amber-100 text-amber-900',
  hurry: 'bg-orange-100 text-orange-900',
  in_stock: 'bg-green-100 text-green-800',
};

export function stockBadge(stock: number): { label: string; tone: string } {
  return { label: stockLabel(stock), tone: STOCK_TONE[stockBand(stock)] };
}
