// The server cart of a signed-in shopper (docs/decisions/007-cart-api.md): line rules (docs/product/rules.md), stock
// checks, the flags a line carries before checkout, totals from the contract's one rule, and the merge of the
// anonymous browser cart on sign-in.
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  cartTotals,
  isBuyableLine,
  isUuid,
  mrp,
  quantityFromText,
  lineQuantityRefusal,
  paiseToRupees,
  rupeesToPaise,
  variantLabel,
} from '@rangrez/contract/rules';
import {
  CART_API_MESSAGES as M,
  type CartData,
  type CartIssue,
  type CartLine,
  type CartLineKey,
  type CartLineStatus,
  type CartMergeBody,
  type CartMergeDropReason,
  type CartMergeReport,
} from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { mrpRuleOf } from '../../lib/mrp-rule.ts';
import { priceRupees, productImages } from '../../lib/product-image.ts';
import { cartPromotions } from '../promotions/index.ts';
import {
  type CartLineRecord,
  type CartProductRecord,
  type LineKey,
  type MergeLine,
  accountEmails,
  claimMergeReceipt,
  countLines,
  deleteAllLines,
  deleteLine,
  findCartCoupon,
  findCartProducts,
  findLineQuantity,
  findVariantStock,
  incrementLine,
  listCartLines,
  lockCart,
  pruneMergeReceipts,
  readMergeReceipt,
  setCartCoupon,
  setLineQuantity,
  upsertMergeLines,
  variantStockKey,
  writeMergeReceipt,
} from './repository.ts';

/** How long a merge id is remembered: longer than any retry or second tab could come after it. */
export const MERGE_RECEIPT_TTL_SECONDS = 30 * 24 * 60 * 60;
const MERGE_RECEIPT_PREFIX = 'cart-merge:';
const MERGE_RECEIPT_PRUNE_BATCH = 100;
const MERGE_QUANTITY_CEILING = 10_000;
/** Keeps a client's price hint inside the integer column (paise). */
const MAX_SEEN_PRICE_RUPEES = 1_000_000;

export type CartMergeResult = CartData & { merge: CartMergeReport };

export interface CartServiceOptions {
  db: Db;
  publicUrl: string;
  clock: Clock;
}

/** Status of a line, worst first: what stops it being bought outranks a price change. */
function lineStatus(row: CartLineRecord): CartLineStatus {
  if (!row.isActive || !row.sizes.includes(row.size) || !row.colors.includes(row.color)) return 'unavailable';
  if (row.stock <= 0) return 'out_of_stock';
  if (row.quantity > row.stock) return 'insufficient_stock';
  if (previousPrice(row) !== undefined) return 'price_changed';
  return 'ok';
}

function previousPrice(row: CartLineRecord): number | undefined {
  if (row.unitPricePaise === null) return undefined;
  const before = priceRupees(row.unitPricePaise);
  return before === priceRupees(row.pricePaise) ? undefined : before;
}

function issueMessage(row: CartLineRecord, status: Exclude<CartLineStatus, 'ok'>): string {
  switch (status) {
    case 'unavailable':
      return row.isActive
        ? M.noLongerAvailableIn(row.name, row.size, row.color)
        : M.noLongerAvailable(row.name);
    case 'out_of_stock':
      return M.outOfStock(variantLabel(row.name, row.color, row.size));
    case 'insufficient_stock':
      return M.onlyLeft(variantLabel(row.name, row.color, row.size), row.stock);
    case 'price_changed':
      return M.priceChanged(row.name, previousPrice(row) ?? 0, priceRupees(row.pricePaise));
  }
}

/** 404 unless the product exists and is active; 400 naming the field unless it offers the size and colour. */
function assertOffers(product: CartProductRecord | undefined, key: CartLineKey): CartProductRecord {
  if (!product || !product.isActive) throw notFound(M.productNotFound);
  if (!product.sizes.includes(key.size)) throw badRequest(M.sizeNotOffered(product.sizes));
  if (!product.colors.includes(key.color)) throw badRequest(M.colourNotOffered(product.colors));
  return product;
}

/** 409 unless `quantity` units of the line's variant can be in a cart line; the refusal names colour and size. */
async function assertQuantityAvailable(
  tx: Executor,
  product: CartProductRecord,
  key: CartLineKey,
  quantity: number,
): Promise<void> {
  const stock = (await findVariantStock(tx, [key])).get(variantStockKey(key)) ?? 0;
  const refusal = lineQuantityRefusal({ name: product.name, stock }, key, quantity);
  if (refusal) throw conflict(refusal);
}

/** A malformed product id cannot be in the cart; it must not reach PostgreSQL as a uuid (a 500). */
async function removeLine(tx: Executor, userId: string, key: LineKey): Promise<void> {
  if (isUuid(key.productId)) await deleteLine(tx, userId, key);
}

const keyOf = (line: LineKey) => `${line.productId}\u0000${line.size}\u0000${line.color}`;

/**
 * Whole, positive quantities from a number or a numeric string; anything else is null. Absurd quantities are
 * held at MERGE_QUANTITY_CEILING: the line is capped far below anyway, and sums must stay small integers.
 */
function parseMergeQuantity(value: number | string): number | null {
  const n = quantityFromText(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MERGE_QUANTITY_CEILING) : null;
}

/** The guest's seen price in paise, if it is a plausible whole-rupee price; otherwise null. */
function seenPricePaise(price: number | undefined): number | null {
  return price !== undefined && Number.isSafeInteger(price) && price > 0 && price <= MAX_SEEN_PRICE_RUPEES
    ? rupeesToPaise(price)
    : null;
}

function toLine(publicUrl: string, row: CartLineRecord): CartLine {
  const price = priceRupees(row.pricePaise);
  const before = previousPrice(row);
  return {
    _id: row.lineId,
    product: {
      _id: row.id,
      name: row.name,
      sku: row.sku,
      price,
      mrp: mrp(price, mrpRuleOf(row)),
      stock: row.stock,
      ...productImages(publicUrl, row),
    },
    size: row.size,
    color: row.color,
    quantity: row.quantity,
    lineTotal: price * row.quantity,
    status: lineStatus(row),
    ...(before === undefined ? {} : { previousPrice: before }),
  };
}

/**
 * The cart's promotions as optional fields (docs/promotions.md): present when any applies or a code is applied.
 * Priced on the lines that can be bought, before the shopper chooses how to pay.
 */
async function promotionFields(
  executor: Executor,
  userId: string,
  rows: readonly CartLineRecord[],
  items: readonly CartLine[],
  now: Date,
): Promise<Partial<CartData>> {
  const coupon = await findCartCoupon(executor, userId);
  const buyable = items.flatMap((line, i) => (isBuyableLine(line) ? [{ line, row: rows[i] }] : []));
  const { priced, couponMessage } = await cartPromotions(executor, {
    lines: buyable.map(({ line, row }) => ({
      productId: line.product._id,
      categoryId: row?.categoryId ?? null,
      typeId: row?.productCategoryId ?? null,
      pricePaise: rupeesToPaise(line.product.price),
      quantity: line.quantity,
    })),
    gateway: null,
    couponCode: coupon,
    emails: await accountEmails(executor, userId),
    phone: '',
    shippingPaise: 0,
    now,
  });
  const applied = priced?.outcome.applied ?? [];
  if (applied.length === 0 && coupon === undefined) return {};
  return {
    promotions: applied.map((a) => ({
      id: a.id,
      code: a.code === null ? null : (priced?.entered?.code ?? a.code),
      kind: a.kind,
      title: priced?.rows.get(a.id)?.title ?? '',
      saved: paiseToRupees(a.discountPaise + a.shippingDiscountPaise),
    })),
    promotionDiscount: paiseToRupees(priced?.outcome.discountPaise ?? 0),
    ...(coupon === undefined ? {} : { couponCode: coupon }),
    ...(couponMessage === null ? {} : { couponMessage }),
  };
}

async function cartView(executor: Executor, publicUrl: string, userId: string, now: Date): Promise<CartData> {
  const rows = await listCartLines(executor, userId);
  const items = rows.map((row) => toLine(publicUrl, row));
  const issues: CartIssue[] = [];
  rows.forEach((row, i) => {
    const line = items[i] as CartLine;
    if (line.status === 'ok') return;
    issues.push({
      lineId: line._id,
      productId: line.product._id,
      size: line.size,
      color: line.color,
      status: line.status,
      message: issueMessage(row, line.status),
    });
  });
  // Current prices, and only lines that can be bought as they are: the figure checkout will charge.
  const totals = cartTotals({
    lines: items
      .filter(isBuyableLine)
      .map((line) => ({ price: line.product.price, mrp: line.product.mrp, quantity: line.quantity })),
  });
  return { items, totals, issues, ...(await promotionFields(executor, userId, rows, items, now)) };
}

type WantedLine = MergeLine & { product: CartProductRecord; stock: number };
type DropLine = (line: LineKey, reason: CartMergeDropReason, message: string) => void;

/** One entry per line key: the browser cart may repeat a key, and one statement cannot update a row twice. */
function wantedLines(
  items: CartMergeBody['items'],
  productsById: Map<string, CartProductRecord>,
  stocks: Map<string, number>,
  drop: DropLine,
): Map<string, WantedLine> {
  const wanted = new Map<string, WantedLine>();
  for (const item of items) {
    const key = { productId: item.productId, size: item.size, color: item.color };
    const product = isUuid(item.productId) ? productsById.get(item.productId) : undefined;
    const quantity = parseMergeQuantity(item.quantity);
    if (!product) drop(key, 'unknown_product', M.productNotFound);
    else if (!product.isActive) drop(key, 'unavailable', M.noLongerAvailable(product.name));
    else if (!product.sizes.includes(item.size)) drop(key, 'invalid_size', M.sizeNotOffered(product.sizes));
    else if (!product.colors.includes(item.color))
      drop(key, 'invalid_color', M.colourNotOffered(product.colors));
    else if (quantity === null) drop(key, 'invalid_quantity', M.quantityInvalid);
    else if ((stocks.get(variantStockKey(key)) ?? 0) <= 0)
      drop(key, 'out_of_stock', M.outOfStock(variantLabel(product.name, key.color, key.size)));
    else {
      const existing = wanted.get(keyOf(key));
      if (existing) existing.quantity += quantity;
      else
        wanted.set(keyOf(key), {
          ...key,
          product,
          stock: stocks.get(variantStockKey(key)) ?? 0,
          quantity,
          unitPricePaise: seenPricePaise(item.price) ?? product.pricePaise,
        });
    }
  }
  return wanted;
}

/** Lines already in the cart always fit; a new line needs a free slot under MAX_ORDER_LINES. */
function linesThatFit(
  wanted: Map<string, WantedLine>,
  before: Map<string, number>,
  drop: DropLine,
): WantedLine[] {
  let free = MAX_ORDER_LINES - before.size;
  const lines: WantedLine[] = [];
  for (const line of wanted.values()) {
    if (!before.has(keyOf(line))) {
      if (free <= 0) {
        drop(line, 'cart_full', M.cartFull);
        continue;
      }
      free -= 1;
    }
    lines.push(line);
  }
  return lines;
}

/** Lines written with fewer units than asked for (stock or the line cap), and lines sold out meanwhile. */
function adjustedLines(
  lines: WantedLine[],
  before: Map<string, number>,
  written: Map<string, number>,
  drop: DropLine,
): CartMergeReport['adjusted'] {
  const adjusted: CartMergeReport['adjusted'] = [];
  for (const line of lines) {
    const requested = (before.get(keyOf(line)) ?? 0) + line.quantity;
    const quantity = written.get(keyOf(line));
    if (quantity === undefined) {
      // Sold out between reading the product and writing the line.
      drop(line, 'out_of_stock', M.outOfStock(variantLabel(line.product.name, line.color, line.size)));
    } else if (quantity < requested) {
      adjusted.push({
        productId: line.productId,
        size: line.size,
        color: line.color,
        requested,
        quantity,
        message:
          quantity >= MAX_LINE_QUANTITY
            ? M.lineCap(line.product.name)
            : M.onlyLeft(variantLabel(line.product.name, line.color, line.size), line.stock),
      });
    }
  }
  return adjusted;
}

/** The merge itself, in the transaction that holds the user's cart lock. */
async function applyMerge(
  tx: Executor,
  clock: Clock,
  userId: string,
  body: CartMergeBody,
): Promise<{ merge: CartMergeReport }> {
  const receiptKey = `${MERGE_RECEIPT_PREFIX}${userId}:${body.mergeId}`;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + MERGE_RECEIPT_TTL_SECONDS * 1000);
  if (!(await claimMergeReceipt(tx, receiptKey, expiresAt))) {
    const stored = (await readMergeReceipt(tx, receiptKey)) as Partial<CartMergeReport> | undefined;
    return {
      merge: { applied: false, dropped: stored?.dropped ?? [], adjusted: stored?.adjusted ?? [] },
    };
  }
  await pruneMergeReceipts(tx, MERGE_RECEIPT_PREFIX, now, MERGE_RECEIPT_PRUNE_BATCH);

  const dropped: CartMergeReport['dropped'] = [];
  const drop: DropLine = (line, reason, message) =>
    dropped.push({ productId: line.productId, size: line.size, color: line.color, reason, message });

  const ids = [...new Set(body.items.map((item) => item.productId).filter(isUuid))];
  const productsById = new Map((await findCartProducts(tx, ids)).map((p) => [p.id, p]));
  const stocks = await findVariantStock(
    tx,
    body.items.filter((item) => productsById.has(item.productId)),
  );
  const wanted = wantedLines(body.items, productsById, stocks, drop);

  // Lines already in the cart, to tell new lines from added ones and to report capped quantities.
  const before = new Map((await listCartLines(tx, userId)).map((row) => [keyOf(row), row.quantity]));
  const lines = linesThatFit(wanted, before, drop);

  const written = new Map(
    (await upsertMergeLines(tx, userId, lines, MAX_LINE_QUANTITY)).map((row) => [keyOf(row), row.quantity]),
  );
  const adjusted = adjustedLines(lines, before, written, drop);
  const report: CartMergeReport = { applied: true, dropped, adjusted };
  await writeMergeReceipt(tx, receiptKey, { dropped, adjusted });
  return { merge: report };
}

export function createCartService({ db, publicUrl, clock }: CartServiceOptions) {
  const view = (executor: Executor, userId: string) => cartView(executor, publicUrl, userId, clock.now());

  /** Runs `work` in a transaction holding the user's cart lock and answers the cart as it left it. */
  const mutate = <T extends object = object>(
    userId: string,
    work: (tx: Executor) => Promise<T | void>,
  ): Promise<CartData & T> =>
    db.transaction(async (tx) => {
      await lockCart(tx, userId);
      const extra = (await work(tx)) ?? ({} as T);
      return { ...(await view(tx, userId)), ...extra };
    });

  const findProduct = async (executor: Executor, productId: string) =>
    isUuid(productId) ? (await findCartProducts(executor, [productId]))[0] : undefined;

  return {
    view(userId: string): Promise<CartData> {
      return view(db, userId);
    },

    /** Applies a promotion code to the cart: refused, in the shopper's words, unless it applies now. */
    applyCoupon(userId: string, code: string): Promise<CartData> {
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        await setCartCoupon(tx, userId, code);
        const cart = await view(tx, userId);
        if (cart.couponMessage !== undefined) throw badRequest(cart.couponMessage);
        return cart;
      });
    },

    removeCoupon(userId: string): Promise<CartData> {
      return mutate(userId, (tx) => setCartCoupon(tx, userId, null));
    },

    /** The same product, size and colour raises the line by 1; otherwise a new line at 1. */
    add(userId: string, key: CartLineKey): Promise<CartData> {
      return mutate(userId, async (tx) => {
        const product = assertOffers(await findProduct(tx, key.productId), key);
        const current = await findLineQuantity(tx, userId, key);
        await assertQuantityAvailable(tx, product, key, (current ?? 0) + 1);
        if (current === null && (await countLines(tx, userId)) >= MAX_ORDER_LINES) throw conflict(M.cartFull);
        await incrementLine(tx, userId, key, product.pricePaise);
      });
    },

    /** 0 removes the line; otherwise sets it, within stock. Setting accepts the current price. */
    setQuantity(userId: string, key: CartLineKey, quantity: number): Promise<CartData> {
      return mutate(userId, async (tx) => {
        if (quantity === 0) {
          await removeLine(tx, userId, key);
          return;
        }
        const product = assertOffers(await findProduct(tx, key.productId), key);
        if ((await findLineQuantity(tx, userId, key)) === null) throw notFound(M.notInCart);
        await assertQuantityAvailable(tx, product, key, quantity);
        await setLineQuantity(tx, userId, key, quantity, product.pricePaise);
      });
    },

    /** Removing a line that is not there changes nothing and is not an error (a double click, a second tab). */
    remove(userId: string, key: CartLineKey): Promise<CartData> {
      return mutate(userId, (tx) => removeLine(tx, userId, key));
    },

    clear(userId: string): Promise<CartData> {
      return mutate(userId, (tx) => deleteAllLines(tx, userId));
    },

    /**
     * Adds the anonymous cart's lines (sign-in, sign-up or Google). Same line: quantities add, capped by stock and
     * the per-line cap. Lines the cart cannot take are dropped and reported, never failing the merge. A mergeId is
     * applied once per user: a repeat (second tab, retry) changes nothing and answers the first report.
     */
    merge(userId: string, body: CartMergeBody): Promise<CartMergeResult> {
      return mutate(userId, (tx) => applyMerge(tx, clock, userId, body));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
