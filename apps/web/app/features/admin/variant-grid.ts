// The variants grid of a product (docs/admin.md#products, decision 024): its colours x its sizes, each cell a
// variant with its stock, fulfilment SKU and sellable flag, and the PUT .../variants body made from it. Pure
// functions over plain data, so the grid's component only renders and the rules are tested alone.
import { SIZES, type Size, isSize } from '@rangrez/contract/rules/size-chart';
import {
  type AdminProduct,
  type AdminVariantsBody,
  adminVariantSchema,
  adminVariantsBodySchema,
} from '@rangrez/contract/schemas/admin-catalogue';

export interface VariantCell {
  /** As typed: checked as a whole number by the contract's schema. */
  stock: string;
  fulfilmentSku: string;
  sellable: boolean;
}

export interface VariantGrid {
  colors: string[];
  /** In size order (XS to XXXL). */
  sizes: Size[];
  cells: Record<string, VariantCell>;
  /** The cells the server has: sent even when empty, so staying unsold is a change it hears about. */
  saved: string[];
}

export const cellKey = (color: string, size: string) => `${color}|${size}`;

/** A cell the member adds (a new colour or size): sold, with no stock yet, as a new product's variants are. */
const NEW_CELL: VariantCell = { stock: '0', fulfilmentSku: '', sellable: true };
/** A colour and size the product never had: shown, but not sold and not created unless the member says so. */
const HOLE: VariantCell = { stock: '0', fulfilmentSku: '', sellable: false };

const inSizeOrder = (sizes: Iterable<Size>) => SIZES.filter((s) => new Set(sizes).has(s));

export function gridFromVariants(variants: AdminProduct['variants']): VariantGrid {
  const colors = [...new Set(variants.map((v) => v.color))];
  const sizes = inSizeOrder(variants.map((v) => v.size).filter(isSize));
  const cells: Record<string, VariantCell> = {};
  for (const color of colors) for (const size of sizes) cells[cellKey(color, size)] = { ...HOLE };
  for (const v of variants) {
    cells[cellKey(v.color, v.size)] = {
      stock: String(v.stock),
      fulfilmentSku: v.fulfilmentSku,
      sellable: v.sellable,
    };
  }
  return { colors, sizes, cells, saved: variants.map((v) => cellKey(v.color, v.size)) };
}

export const cellAt = (grid: VariantGrid, color: string, size: string): VariantCell =>
  grid.cells[cellKey(color, size)] ?? NEW_CELL;

/** A colour code to add to `colors`, or why not: the contract's message for a code it refuses, or a repeat. */
export function newColour(colors: readonly string[], input: string): { code: string } | { error: string } {
  const parsed = adminVariantSchema.shape.color.safeParse(input);
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? 'color must be a colour code such as Bk' };
  const code = parsed.data;
  return colors.includes(code) ? { error: `${code} is on the list already` } : { code };
}

/** The grid with the colour added, or the message saying why it cannot be. */
export function addColour(grid: VariantGrid, input: string): VariantGrid | string {
  const found = newColour(grid.colors, input);
  if ('error' in found) return found.error;
  const { code } = found;
  const cells = { ...grid.cells };
  for (const size of grid.sizes) cells[cellKey(code, size)] ??= { ...NEW_CELL };
  return { ...grid, colors: [...grid.colors, code], cells };
}

export function removeColour(grid: VariantGrid, code: string): VariantGrid {
  return { ...grid, colors: grid.colors.filter((c) => c !== code) };
}

export function toggleSize(grid: VariantGrid, size: Size): VariantGrid {
  if (grid.sizes.includes(size)) return { ...grid, sizes: grid.sizes.filter((s) => s !== size) };
  const cells = { ...grid.cells };
  for (const color of grid.colors) cells[cellKey(color, size)] ??= { ...NEW_CELL };
  return { ...grid, sizes: inSizeOrder([...grid.sizes, size]), cells };
}

export function setCell(
  grid: VariantGrid,
  color: string,
  size: string,
  patch: Partial<VariantCell>,
): VariantGrid {
  const key = cellKey(color, size);
  return { ...grid, cells: { ...grid.cells, [key]: { ...cellAt(grid, color, size), ...patch } } };
}

/** '' is no number (the schema says so); anything else is checked by the schema as typed. */
const stockFromText = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The whole set for PUT .../variants: every colour x size on the grid, except a cell the server never had that is
 * still empty and not sold (a gap in the product's grid stays a gap). A colour or size taken off the grid is left
 * out, so the server deletes its variants, or keeps them unsold when orders have them.
 */
export function variantsBody(grid: VariantGrid): AdminVariantsBody {
  const saved = new Set(grid.saved);
  const variants = grid.colors.flatMap((color) =>
    grid.sizes.flatMap((size) => {
      const cell = cellAt(grid, color, size);
      const untouched = !cell.sellable && cell.stock.trim() === '0' && cell.fulfilmentSku.trim() === '';
      if (untouched && !saved.has(cellKey(color, size))) return [];
      const { stock, fulfilmentSku, sellable } = cell;
      return [{ color, size, stock: stockFromText(stock), fulfilmentSku: fulfilmentSku.trim(), sellable }];
    }),
  );
  return { variants };
}

/** The product's stock as the server will count it: the sum over the sellable cells on the grid. */
export function totalStock(grid: VariantGrid): number {
  let total = 0;
  for (const color of grid.colors) {
    for (const size of grid.sizes) {
      const cell = cellAt(grid, color, size);
      const stock = Number(cell.stock);
      if (cell.sellable && Number.isInteger(stock) && stock > 0) total += stock;
    }
  }
  return total;
}

export interface GridCheck {
  body?: AdminVariantsBody;
  /** The contract's message for each cell it refuses, by cellKey. */
  cellErrors: Record<string, string>;
  /** Its messages about the set as a whole. */
  errors: string[];
}

/** The body, checked with the contract's schema before it is sent. */
export function checkGrid(grid: VariantGrid): GridCheck {
  const body = variantsBody(grid);
  const parsed = adminVariantsBodySchema.safeParse(body);
  if (parsed.success) return { body: parsed.data, cellErrors: {}, errors: [] };
  const cellErrors: Record<string, string> = {};
  const errors: string[] = [];
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const variant = field === 'variants' && typeof index === 'number' ? body.variants[index] : undefined;
    if (variant) cellErrors[cellKey(variant.color, variant.size)] ??= issue.message;
    else errors.push(issue.message);
  }
  return { cellErrors, errors };
}
