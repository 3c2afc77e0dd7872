// The anonymous cart kept in the browser (docs/decisions/007-cart-api.md): lines keyed by product, size and colour
// (docs/product/rules.md#cart-merge), plus a `mergeId` renewed on every change, so the server applies one version of
// this cart once however many tabs or retries send it at sign-in. Pure functions on plain data; the store does I/O.
import { CART_API_MESSAGES, lineQuantityRefusal } from '@rangrez/contract/rules/cart-lines';
import { removesLine } from '@rangrez/contract/rules/cart-quantity';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@rangrez/contract/rules/constants';

/** What a line needs to be shown without a server round trip (the product page knows all of it). */
export interface CartProductInfo {
  _id: string;
  name: string;
  sku: string;
  /** Whole rupees when added: sent at merge so the server can flag a later price change. */
  price: number;
  mrp: number;
  stock: number;
  image: string;
  thumbnail: string;
}

export interface LineKey {
  productId: string;
  size: string;
  color: string;
}

export interface GuestLine extends LineKey {
  quantity: number;
  product: CartProductInfo;
}

export interface GuestCart {
  lines: GuestLine[];
  mergeId: string;
}

export const GUEST_CART_KEY = 'rangrez.cart';

export function sameLine(a: LineKey, b: LineKey): boolean {
  return a.productId === b.productId && a.size === b.size && a.color === b.color;
}

/** 32 hex digits. getRandomValues works on plain http too, unlike randomUUID. */
function newMergeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function emptyGuestCart(mergeId = newMergeId()): GuestCart {
  return { lines: [], mergeId };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 2000;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function readLine(raw: unknown): GuestLine | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const line = raw as Record<string, unknown>;
  const product = line.product as Record<string, unknown> | undefined;
  if (!isText(line.productId) || !isText(line.size) || !isText(line.color)) return null;
  if (!isCount(line.quantity) || line.quantity < 1 || typeof product !== 'object' || product === null)
    return null;
  if (!isText(product.name) || !isCount(product.price) || typeof product.stock !== 'number') return null;
  return {
    productId: line.productId,
    size: line.size,
    color: line.color,
    quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
    product: {
      _id: line.productId,
      name: product.name,
      sku: typeof product.sku === 'string' ? product.sku : '',
      price: product.price,
      mrp: isCount(product.mrp) ? product.mrp : product.price,
      stock: product.stock,
      image: typeof product.image === 'string' ? product.image : '',
      thumbnail: typeof product.thumbnail === 'string' ? product.thumbnail : '',
    },
  };
}

/**
 * Parses what local storage holds. Anything unreadable becomes an empty cart rather than an error: the storage
 * is the shopper's to edit, and a broken entry must not break every page.
 */
export function parseGuestCart(text: string | null): GuestCart {
  if (!text) return emptyGuestCart();
  try {
    const raw = JSON.parse(text) as { lines?: unknown; mergeId?: unknown };
    const lines: GuestLine[] = [];
    for (const item of Array.isArray(raw.lines) ? raw.lines : []) {
      const line = readLine(item);
      if (!line) continue;
      const same = lines.find((l) => sameLine(l, line));
      if (same) same.quantity = Math.min(same.quantity + line.quantity, MAX_LINE_QUANTITY);
      else if (lines.length < MAX_ORDER_LINES) lines.push(line);
    }
    const mergeId =
      typeof raw.mergeId === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(raw.mergeId) ? raw.mergeId : null;
    return { lines, mergeId: mergeId ?? newMergeId() };
  } catch {
    return emptyGuestCart();
  }
}

/** Why a change was refused, in words for the shopper. */
type GuestRefusal = { refused: string };
export type GuestResult = { cart: GuestCart } | GuestRefusal;

function changed(lines: GuestLine[]): GuestResult {
  return { cart: { lines, mergeId: newMergeId() } };
}

/** The same product, size and colour raises the quantity by 1; otherwise a new line at 1. */
export function addGuestLine(cart: GuestCart, key: LineKey, product: CartProductInfo): GuestResult {
  const existing = cart.lines.find((l) => sameLine(l, key));
  const quantity = (existing?.quantity ?? 0) + 1;
  // The server's refusals in the server's words: the page's stock is checked now, the server's later.
  const refused = lineQuantityRefusal(product, key, quantity);
  if (refused) return { refused };
  if (!existing && cart.lines.length >= MAX_ORDER_LINES) return { refused: CART_API_MESSAGES.cartFull };
  // The page's current name, price and stock replace what the line remembered.
  const line: GuestLine = { productId: key.productId, size: key.size, color: key.color, quantity, product };
  return changed(existing ? cart.lines.map((l) => (l === existing ? line : l)) : [...cart.lines, line]);
}

/** 0 removes the line; otherwise the quantity is set (within the stock the line last saw). */
export function setGuestQuantity(cart: GuestCart, key: LineKey, quantity: number): GuestResult {
  const existing = cart.lines.find((l) => sameLine(l, key));
  if (!existing) return { cart };
  if (removesLine(quantity)) return removeGuestLine(cart, key);
  if (quantity === existing.quantity) return { cart };
  // Lowering is always allowed: it is how a shopper fixes a line above the stock.
  const refused = quantity > existing.quantity ? lineQuantityRefusal(existing.product, key, quantity) : null;
  if (refused) return { refused };
  return changed(cart.lines.map((l) => (l === existing ? { ...l, quantity } : l)));
}

export function removeGuestLine(cart: GuestCart, key: LineKey): GuestResult {
  const lines = cart.lines.filter((l) => !sameLine(l, key));
  return lines.length === cart.lines.length ? { cart } : changed(lines);
}

/**
 * After a merge of `sent`: what is left of `current` (the cart may have changed while the merge was in flight).
 * Unchanged since sending (same mergeId): nothing. Otherwise each sent quantity is taken off its line, so what
 * the server already has is never sent twice.
 */
export function afterMerge(current: GuestCart, sent: GuestCart): GuestCart | null {
  if (current.mergeId === sent.mergeId) return null;
  const lines: GuestLine[] = [];
  for (const line of current.lines) {
    const merged = sent.lines.find((l) => sameLine(l, line))?.quantity ?? 0;
    if (line.quantity > merged) lines.push({ ...line, quantity: line.quantity - merged });
  }
  return lines.length ? { lines, mergeId: newMergeId() } : null;
}

/** The body of POST /cart/merge. */
export function mergeBody(cart: GuestCart) {
  return {
    mergeId: cart.mergeId,
    items: cart.lines.map((l) => ({
      productId: l.productId,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      price: l.product.price,
    })),
  };
}
