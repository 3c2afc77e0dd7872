// The server cart of a signed-in shopper (docs/decisions/007-cart-api.md). The store's first client kept its
// cart in the browser only, so these endpoints are ours (docs/api.md#cart):
//
//   GET    /cart                                        -> cartResponseSchema
//   POST   /cart/items  { productId, size, color }      -> cartResponseSchema  (+1, or a new line at 1)
//   PUT    /cart/items  { productId, size, color, quantity } -> cartResponseSchema  (0 removes, >= 1 sets)
//   DELETE /cart/items  { productId, size, color }      -> cartResponseSchema  (an absent line is not an error)
//   DELETE /cart                                        -> cartResponseSchema  (empty cart, message)
//   POST   /cart/merge  { mergeId, items: [...] }       -> cartMergeResponseSchema
//
// Every call needs the bearer token and acts on the caller's own cart: no user id travels, so there is nothing
// to point at someone else's cart. Every mutation answers the whole cart, so a client never re-fetches.
// Limits: a line holds at most MAX_LINE_QUANTITY units and a cart at most MAX_ORDER_LINES lines, the same
// bounds an order accepts (rules/constants.ts), so every cart can be checked out.

import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../rules/constants.ts';
import { CART_MESSAGES } from '../rules/error-catalogue.ts';
import { formatINR } from '../rules/money.ts';
import { colourCodeInputSchema, idSchema, imageUrlSchema, rupeesSchema, sizeSchema } from './common.ts';

/** Answers and refusals of the cart endpoints: our words, unless from CART_MESSAGES (docs/product/texts.md#cart). */
export const CART_API_MESSAGES = {
  productNotFound: 'Product not found',
  /** docs/product/texts.md#cart */
  notInCart: CART_MESSAGES.notInCart,
  /** The toast of docs/product/texts.md#cart. */
  added: CART_MESSAGES.added,
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  merged: 'Cart merged',
  mergeReplayed: 'Cart already merged',
  quantityInvalid: `quantity must be a whole number from 0 to ${MAX_LINE_QUANTITY}`,
  mergeIdInvalid: 'mergeId must be 8-100 letters, digits, hyphens or underscores',
  cartFull: `Your cart can hold at most ${MAX_ORDER_LINES} different items`,
  outOfStock: (name: string) => `Out of Stock: ${name}`,
  onlyLeft: (name: string, stock: number) => `Only ${stock} left of ${name}`,
  lineCap: (name: string) => `You can add at most ${MAX_LINE_QUANTITY} of ${name}`,
  sizeNotOffered: (sizes: readonly string[]) => `size must be one of ${sizes.join(', ')} for this product`,
  colourNotOffered: (colors: readonly string[]) =>
    `color must be one of ${colors.join(', ')} for this product`,
  noLongerAvailable: (name: string) => `${name} is no longer available`,
  noLongerAvailableIn: (name: string, size: string, color: string) =>
    `${name} is no longer available in size ${size} and colour ${color}`,
  priceChanged: (name: string, from: number, to: number) =>
    `The price of ${name} changed from ${formatINR(from)} to ${formatINR(to)}`,
} as const;

// ---------------------------------------------------------------- requests

/** A line is keyed by product, size and colour (docs/product/rules.md#cart-lines-and-quantities). */
export const cartLineKeySchema = z.object({
  productId: idSchema('productId'),
  size: sizeSchema,
  color: colourCodeInputSchema,
});
export type CartLineKey = z.infer<typeof cartLineKeySchema>;

/** POST /cart/items and DELETE /cart/items */
export const cartAddBodySchema = cartLineKeySchema;
export type CartAddBody = CartLineKey;
export const cartRemoveBodySchema = cartLineKeySchema;
export type CartRemoveBody = CartLineKey;

/**
 * A quantity to set: number or numeric string (docs/api.md#numbers-and-money), 0 to MAX_LINE_QUANTITY. 0 removes
 * the line. The cart page's input ignores empty and 0 entries itself (rules/cart-quantity.ts parseQuantityInput),
 * so a 0 only arrives from a client that means removal.
 */
export const cartQuantitySchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'quantity is required'
        : CART_API_MESSAGES.quantityInvalid,
  })
  .transform((value, ctx) => {
    const quantity =
      typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
      ctx.addIssue({ code: 'custom', message: CART_API_MESSAGES.quantityInvalid });
      return z.NEVER;
    }
    return quantity;
  });

/** PUT /cart/items */
export const cartSetQuantityBodySchema = cartLineKeySchema.extend({ quantity: cartQuantitySchema });
export type CartSetQuantityBody = z.infer<typeof cartSetQuantityBodySchema>;
export type CartSetQuantityBodyInput = z.input<typeof cartSetQuantityBodySchema>;

/**
 * One line of the anonymous (browser) cart. Values are checked by the server line by line: a line it cannot
 * take (unknown product, size or colour no longer offered, bad quantity, sold out) is dropped and reported in
 * `merge.dropped`, never failing the whole merge, because a stale browser cart must not break signing in.
 */
export const cartMergeItemSchema = z.object({
  productId: z.string().trim().max(100),
  size: z.string().trim().max(20),
  color: z.string().trim().max(20),
  quantity: z.union([z.number(), z.string().max(20)]),
  /** Whole rupees the guest saw when adding; lets the merged line show a price change. Optional. */
  price: z.number().optional(),
});
export type CartMergeItem = z.infer<typeof cartMergeItemSchema>;

/**
 * POST /cart/merge, sent once after sign-in (password, Google or sign-up). `mergeId` is generated by the client
 * for the anonymous cart (kept next to it in local storage, renewed whenever the anonymous cart changes): the
 * server applies a given mergeId once per user, so two tabs signing in together, or a retry after a lost
 * answer, merge the lines once. The client deletes its anonymous cart after a successful answer.
 */
export const cartMergeBodySchema = z.object({
  mergeId: z
    .string({
      error: (issue) => (issue.input === undefined ? 'mergeId is required' : 'mergeId must be text'),
    })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, CART_API_MESSAGES.mergeIdInvalid),
  items: z
    .array(cartMergeItemSchema, { error: 'items must be a list of cart lines' })
    .max(MAX_ORDER_LINES, `items must contain at most ${MAX_ORDER_LINES} lines`),
});
export type CartMergeBody = z.infer<typeof cartMergeBodySchema>;
export type CartMergeBodyInput = z.input<typeof cartMergeBodySchema>;

// ---------------------------------------------------------------- responses

/**
 * ok; out_of_stock (stock 0); insufficient_stock (quantity above stock); price_changed (the price differs from
 * the one seen when the line was added or last changed, see previousPrice); unavailable (product withdrawn, or
 * its size or colour no longer offered). Only ok and price_changed lines count in the totals and can be bought.
 */
export const CART_LINE_STATUSES = [
  'ok',
  'out_of_stock',
  'insufficient_stock',
  'price_changed',
  'unavailable',
] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

/** The product as a cart line needs it: current price and stock. */
export const cartProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string(),
  /** Current price, whole rupees. */
  price: rupeesSchema,
  mrp: rupeesSchema,
  stock: z.number().int(),
  image: imageUrlSchema,
  /** The smallest rendered width, for the drawer's small pictures. */
  thumbnail: imageUrlSchema,
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartLineSchema = z.object({
  _id: z.string(),
  product: cartProductSchema,
  size: z.string(),
  color: z.string(),
  quantity: z.number().int().positive(),
  /** product.price x quantity, whole rupees. */
  lineTotal: rupeesSchema,
  status: z.enum(CART_LINE_STATUSES),
  /** The price seen before, whole rupees; present only when it differs from product.price. */
  previousPrice: rupeesSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** rules/cart-totals.ts cartTotals over the buyable lines at current prices; shipping and tax are 0 here. */
export const cartTotalsSchema = z.object({
  itemCount: z.number().int().nonnegative(),
  originalPrice: rupeesSchema,
  discount: rupeesSchema,
  discountPercent: z.number().int().nonnegative(),
  subtotal: rupeesSchema,
  shipping: rupeesSchema,
  tax: z.number().nonnegative(),
  total: z.number().nonnegative(),
});
export type CartTotalsJson = z.infer<typeof cartTotalsSchema>;

/** One line that cannot be checked out as it is, with what to tell the shopper. */
export const cartIssueSchema = z.object({
  lineId: z.string(),
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  status: z.enum(['out_of_stock', 'insufficient_stock', 'price_changed', 'unavailable']),
  message: z.string(),
});
export type CartIssue = z.infer<typeof cartIssueSchema>;

export const cartDataSchema = z.object({
  /** Oldest line first. */
  items: z.array(cartLineSchema),
  totals: cartTotalsSchema,
  issues: z.array(cartIssueSchema),
});
export type CartData = z.infer<typeof cartDataSchema>;

/** Every cart endpoint but merge. Mutations carry a message; GET /cart does not. */
export const cartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: cartDataSchema,
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const CART_MERGE_DROP_REASONS = [
  'unknown_product',
  'unavailable',
  'invalid_size',
  'invalid_color',
  'invalid_quantity',
  'out_of_stock',
  'cart_full',
] as const;
export type CartMergeDropReason = (typeof CART_MERGE_DROP_REASONS)[number];

export const cartMergeReportSchema = z.object({
  /** False when this mergeId had already been applied: nothing changed, the report is the first one's. */
  applied: z.boolean(),
  /** Anonymous lines not taken, with why. */
  dropped: z.array(
    z.object({
      productId: z.string(),
      size: z.string(),
      color: z.string(),
      reason: z.enum(CART_MERGE_DROP_REASONS),
      message: z.string(),
    }),
  ),
  /** Lines whose quantity ended below what the two carts held together (stock or the per-line cap). */
  adjusted: z.array(
    z.object({
      productId: z.string(),
      size: z.string(),
      color: z.string(),
      requested: z.number().int().nonnegative(),
      quantity: z.number().int().positive(),
      message: z.string(),
    }),
  ),
});
export type CartMergeReport = z.infer<typeof cartMergeReportSchema>;

/** POST /cart/merge */
export const cartMergeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: cartDataSchema.extend({ merge: cartMergeReportSchema }),
});
export type CartMergeResponse = z.infer<typeof cartMergeResponseSchema>;
