// Placing orders and moving them on. One placeOrder for cash on delivery and online payment: every line priced from
// the database, stock taken with conditional updates in the transaction that creates the order, the client's
// total only a cross-check, a retried submission answered with the first order. Confirmation (online when paid,
// COD when the shopper confirms it: docs/cod-confirmation.md) queues the hand-over to the fulfilment partner in
// the same transaction.
import {
  cartTotalsPaise,
  type Gateway,
  isUuid,
  mrpPaise,
  normaliseIndianPhone,
  PROMOTION_MESSAGES,
  RETURN_MESSAGES,
  shippingFeePaise,
  variantLabel,
} from '@rangrez/contract/rules';
import {
  ADMIN_ORDER_MESSAGES,
  ORDERS_DESK_MESSAGES,
  type Order,
  type OrderBody,
} from '@rangrez/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor, Tx } from '../../lib/db.ts';
import { type AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { mrpRuleOf } from '../../lib/mrp-rule.ts';
import { productImages } from '../../lib/product-image.ts';
import { keepOrderAddressInTx } from '../addresses/index.ts';
import { orderPromiseValues } from '../delivery/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import {
  colourUnavailable,
  ORDER_MESSAGES,
  OutOfStockError,
  productNotFound,
  sizeUnavailable,
} from './errors.ts';
import { DERIVED_KEY_SECONDS, derivedKeyOf, isDerivedKey, requestHashOf } from './idempotency.ts';
import { newOrderNumber } from './numbers.ts';
import { toOrderJson, withItemImages } from './presenter.ts';
import {
  type CatalogueProduct,
  countUnpaidOrders,
  creditNotesOfOrders,
  expiredReservations,
  findOrder,
  findOrderByIdempotencyKey,
  findProducts,
  insertOrder,
  insertOrderItems,
  itemImagesOf,
  itemsOf,
  listOrdersOfUser,
  lockKey,
  lockOrder,
  type OrderInsert,
  type OrderItemRow,
  type OrderRow,
  orderReferences,
  paymentStatusLocked,
  refundsOfOrders,
  releaseIdempotencyKey,
  removeCartLines,
  removeUsedCartCode,
  resolveOrderId,
  setOrderFields,
  takeStock,
  type TakenProduct,
  variantKey,
} from './repository.ts';
import { applyEventInTx, type EventContext, type InvoicingHook, snapshotOf } from './apply-event.ts';
import { accountEmailsOf, type OrderPricing, placeWithPromotions } from './promotions.ts';
import {
  holdsPrepaidOnly,
  promotionSnapshotOf,
  redeemPromotions,
  retakePromotions,
} from '../promotions/index.ts';
import {
  type CodFacts,
  codDefaultsOf,
  codFeePaiseIn,
  codVerdictOf,
  lockCodPhone,
  readCodFacts,
} from '../cod/index.ts';
import { hasMoney, type LifecycleEvent } from './lifecycle.ts';
import type { PaymentState } from './state-machine.ts';
import { recordInitialStates, recordNote, transition } from './transitions.ts';

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** Orders listed per shopper (the orders list has no paging). */
export const ORDER_LIST_LIMIT = 100;

export interface PlaceOrderContext {
  userId: string;
  idempotencyKey: string | null;
  /** 'cod': confirmed at once (POST /qikink/order). 'online': waits for its payment with its stock reserved. */
  channel: 'cod' | 'online';
  /** Online: the amount the shopper pays (paise), which must equal the server's total as well. */
  expectedTotalPaise?: number;
}

export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemRow[];
  /** True when an earlier submission with the same idempotency key is answered. */
  replayed: boolean;
}

export type ConfirmOutcome =
  | { kind: 'confirmed' | 'already'; order: OrderRow }
  /** Paid, but the order could not be filled any more: flagged for refund. */
  | { kind: 'unfillable'; order: OrderRow; reason: string }
  | { kind: 'missing' };

/** A payment that confirms its order, and the note its history records. */
type PaidPayment = { paymentState: Extract<PaymentState, 'authorized' | 'captured'>; note: string };

export interface OrdersServiceOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  /** How long an unpaid online order holds its stock. */
  reservationMinutes: number;
  /** Reservations cannot be hoarded (docs/orders-lifecycle.md#placing-an-order). */
  limits: { maxUnpaidOrders: number; maxUnitsPerOrder: number; codMaxOpenPerPhone: number };
  /**
   * Opens the order's fulfilment record in the confirming transaction. The fulfilment module provides it (wired in
   * commerce.ts), so that orders does not depend on fulfilment, which depends on orders.
   */
  openFulfilment: (tx: Executor, orderId: string, now: Date) => Promise<void>;
  /** The owners' new-order e-mail, as the store's setting says (the outbox module's, wired in commerce.ts). */
  newOrderNotice?: (tx: Executor, orderId: string, now: Date) => Promise<void>;
  /** Tax invoices and credit notes as the order moves (the invoices module's, wired in commerce.ts). */
  invoicing?: InvoicingHook;
  /** How long a cash-on-delivery order waits for the shopper's confirmation (COD_CONFIRM_HOURS). */
  codConfirmHours: number;
  /** Where media URLs point (the store's public URL); without it orders are answered without line pictures. */
  publicUrl?: string;
  /** Where a step that must not fail the order (saving its address) reports its failure. */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

const gatewayFor = (channel: PlaceOrderContext['channel']): Gateway =>
  channel === 'cod' ? 'COD' : 'Prepaid';

/** Sizes and colours must belong to the product; unknown or hidden products are 404 (before any stock moves). */
function checkLines(body: OrderBody, found: readonly CatalogueProduct[]): Map<string, CatalogueProduct> {
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const line of body.orderItems) {
    const product = byId.get(line.productId);
    if (!product || !product.isActive) throw productNotFound(line.productId);
    if (!product.sizes.includes(line.size)) throw sizeUnavailable(line.size, product.name);
    if (!product.colors.includes(line.color)) throw colourUnavailable(line.color, product.name);
  }
  return byId;
}

type PricedLine = OrderBody['orderItems'][number] & {
  product: TakenProduct;
  fulfilmentSku: string;
  /** The unit MRP by the product's rule now: the line keeps it, whatever the rule becomes. */
  mrpPaise: number;
};

/** Each line with the product row its stock was just taken from, its variant's fulfilment SKU and its unit MRP. */
function withTakenProducts(
  orderItems: OrderBody['orderItems'],
  taken: { products: ReadonlyMap<string, TakenProduct>; fulfilmentSkus: ReadonlyMap<string, string> },
): PricedLine[] {
  return orderItems.map((line) => {
    const product = taken.products.get(line.productId);
    if (!product) throw new Error(`takeStock did not return product ${line.productId}`);
    return {
      ...line,
      product,
      fulfilmentSku: taken.fulfilmentSkus.get(variantKey(line)) ?? '',
      mrpPaise: mrpPaise(product.pricePaise, mrpRuleOf(product)),
    };
  });
}

/** The order row for one attempt: each attempt draws a new order number. */
function newOrderValues(
  body: OrderBody,
  ctx: PlaceOrderContext,
  requestHash: string,
  gateway: Gateway,
  totals: ReturnType<typeof cartTotalsPaise>,
  now: Date,
  reservationMinutes: number,
): OrderInsert {
  const address = body.deliveryAddress;
  return {
    orderNumber: newOrderNumber(now),
    userId: ctx.userId,
    paymentMethod: gateway,
    orderType: body.orderType,
    state: ctx.channel === 'cod' ? 'confirmed' : 'payment_pending',
    paymentState: ctx.channel === 'cod' ? 'cod_pending' : 'pending',
    fulfilmentState: 'not_started',
    idempotencyKey: ctx.idempotencyKey ?? derivedKeyOf(requestHash),
    requestHash,
    itemCount: totals.itemCount,
    subtotalPaise: totals.subtotalPaise,
    discountPaise: totals.discountPaise,
    promotionDiscountPaise: totals.promotionDiscountPaise,
    shippingPaise: totals.shippingPaise,
    taxPaise: totals.taxPaise,
    totalPaise: totals.totalPaise,
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email,
    phone: address.phone,
    phoneNormalised: normaliseIndianPhone(address.phone),
    doorNo: address.doorNo,
    street: address.address,
    city: address.city,
    addressState: address.state,
    pincode: address.pincode,
    buyerGstin: body.gstin || null,
    reservedUntil: ctx.channel === 'online' ? new Date(now.getTime() + reservationMinutes * 60_000) : null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The item rows in the order the shopper listed them. */
function orderItemValues(orderId: string, lines: readonly PricedLine[], discounts: readonly number[]) {
  return lines.map((l, position) => ({
    orderId,
    productId: l.productId,
    productName: l.product.name,
    sku: l.product.sku,
    fulfilmentSku: l.fulfilmentSku,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
    unitPricePaise: l.product.pricePaise,
    unitMrpPaise: l.mrpPaise,
    promotionDiscountPaise: discounts[position] ?? 0,
    position,
  }));
}

/** The hand-over to the partner: its fulfilment record, the queued state and the submission job. */
async function handOver(options: OrdersServiceOptions, tx: Tx, order: OrderRow, now: Date) {
  await options.openFulfilment(tx, order.id, now);
  await transition(tx, order, 'fulfilment', 'queued', { now, note: 'handed to the fulfilment queue' });
  await options.jobs.send(
    QUEUES.fulfilmentSubmit,
    { orderId: order.id },
    { executor: tx, singletonKey: order.id },
  );
}

/** The e-mails and the cart of a confirmed order, in the confirming transaction. */
async function announceConfirmed(
  options: OrdersServiceOptions,
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  now: Date,
) {
  // The e-mails, in the outbox in this transaction (docs/orders-lifecycle.md#e-mail): one per order and kind.
  await enqueueEmail(tx, { kind: 'order-confirmed', orderId: order.id }, order.email, now);
  await options.newOrderNotice?.(tx, order.id, now);
  // A cart checkout empties the cart; BUY NOW leaves it alone (docs/orders-lifecycle.md#cash-on-delivery).
  if (order.orderType === 'CART_CHECKOUT') {
    await removeCartLines(tx, order.userId, items);
    const codes = order.promotions.flatMap((p) => (p.code === null ? [] : [p.code]));
    await removeUsedCartCode(tx, order.userId, codes);
  }
}

/**
 * What the cash on delivery rules need to know of an order's PIN, phone and shopper (docs/cod.md#checks). The
 * caller holds the phone's lock (lockCodPhone), so the count cannot change until its transaction ends.
 */
function codFactsOf(
  options: OrdersServiceOptions,
  tx: Tx,
  order: { pincode: string; phone: string; userId: string },
): Promise<CodFacts> {
  return readCodFacts(
    tx,
    { ...order, phone: normaliseIndianPhone(order.phone) },
    codDefaultsOf(options.limits.codMaxOpenPerPhone),
  );
}

/**
 * The first cash on delivery rule the order breaks refuses it: a rule of the order itself (value, PIN) as a 400,
 * one of the shopper's (orders on the way, a block) as a 409.
 */
function checkCodRules(facts: CodFacts, valuePaise: number): void {
  const verdict = codVerdictOf(facts, valuePaise);
  if (verdict.ok) return;
  const ofTheOrder = verdict.refusal === 'value' || verdict.refusal === 'pincode';
  throw ofTheOrder ? badRequest(verdict.message) : conflict(verdict.message);
}

/** What happens once an order is confirmed, in the confirming transaction (so none of it can be lost). */
async function onConfirmed(
  options: OrdersServiceOptions,
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  now: Date,
) {
  await handOver(options, tx, order, now);
  await announceConfirmed(options, tx, order, items, now);
}

/**
 * A cash-on-delivery order placed (or switched to): its e-mails and cart as any confirmed order's, then it waits
 * for the shopper's word until its deadline, and the request to confirm goes out from a job
 * (docs/cod-confirmation.md). The hand-over waits for the confirmation.
 */
async function awaitCodConfirmation(
  options: OrdersServiceOptions,
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  now: Date,
) {
  const deadline = new Date(now.getTime() + options.codConfirmHours * 3_600_000);
  await setOrderFields(tx, order, { codConfirmation: 'pending', codConfirmDeadline: deadline }, now);
  await announceConfirmed(options, tx, order, items, now);
  await options.jobs.send(
    QUEUES.codConfirmMessage,
    { orderId: order.id, kind: 'request' },
    { executor: tx, singletonKey: `request:${order.id}` },
  );
}

/** At most so many units per order, and so many unpaid online orders (each holding stock) per shopper. */
async function checkHoarding(options: OrdersServiceOptions, tx: Tx, body: OrderBody, ctx: PlaceOrderContext) {
  const { maxUnitsPerOrder, maxUnpaidOrders } = options.limits;
  const units = body.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  if (units > maxUnitsPerOrder) throw unprocessable(ORDER_MESSAGES.tooManyUnits(maxUnitsPerOrder));
  if (ctx.channel !== 'online') return;
  // Serialised per shopper, so two checkouts at once cannot both pass the count.
  await lockKey(tx, `unpaid-orders:${ctx.userId}`);
  if ((await countUnpaidOrders(tx, ctx.userId)) >= maxUnpaidOrders) {
    throw conflict(ORDER_MESSAGES.tooManyUnpaid(maxUnpaidOrders));
  }
}

/**
 * The order an earlier identical submission made, answered again; or a refusal when the client's key was used for
 * a different body. Without a key the server derives one from the body, valid for DERIVED_KEY_SECONDS.
 */
async function earlierSubmission(
  options: OrdersServiceOptions,
  tx: Tx,
  ctx: PlaceOrderContext,
  requestHash: string,
): Promise<PlacedOrder | undefined> {
  const key = ctx.idempotencyKey ?? derivedKeyOf(requestHash);
  // Same shopper, same key: the second submission waits here for the first, then finds its order.
  await lockKey(tx, `order-submission:${ctx.userId}:${key}`);
  const existing = await findOrderByIdempotencyKey(tx, ctx.userId, key);
  if (!existing) return undefined;
  if (
    isDerivedKey(key) &&
    (existing.createdAt.getTime() <= options.clock.now().getTime() - DERIVED_KEY_SECONDS * 1000 ||
      existing.state === 'cancelled' ||
      existing.state === 'expired')
  ) {
    // The same body a while later, or after the first was cancelled, is a new purchase: the old order gives its
    // derived key up.
    await releaseIdempotencyKey(tx, existing.id);
    return undefined;
  }
  // Orders placed before bodies were hashed are compared by payment method only.
  const same = existing.requestHash
    ? existing.requestHash === requestHash
    : existing.paymentMethod === gatewayFor(ctx.channel);
  if (!same) throw unprocessable(ORDER_MESSAGES.idempotencyKeyReused);
  return { order: existing, items: await itemsOf(tx, [existing.id]), replayed: true };
}

async function placeOrderInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  body: OrderBody,
  ctx: PlaceOrderContext,
): Promise<PlacedOrder> {
  const gateway = gatewayFor(ctx.channel);
  if (body.gateway !== gateway) {
    throw badRequest(ctx.channel === 'cod' ? ORDER_MESSAGES.onlineNeedsPayment : ORDER_MESSAGES.prepaidOnly);
  }
  const requestHash = requestHashOf(body, ctx.channel);
  const replay = await earlierSubmission(options, tx, ctx, requestHash);
  if (replay) return replay;
  await checkHoarding(options, tx, body, ctx);
  // Before any stock is taken, as the switch to cash on delivery takes it: one order of locks for both.
  if (ctx.channel === 'cod') await lockCodPhone(tx, normaliseIndianPhone(body.deliveryAddress.phone));
  const ids = [...new Set(body.orderItems.map((l) => l.productId))];
  const unknown = ids.find((id) => !isUuid(id));
  if (unknown) throw productNotFound(unknown);
  const catalogue = checkLines(body, await findProducts(tx, ids));
  const now = options.clock.now();
  // Read before the stock is locked: while this transaction holds a product's row, its other buyers wait.
  const known = await readBeforeTakingStock(options, tx, body, ctx, now);

  const taken = await takeStock(tx, body.orderItems, now);
  if (!taken.ok) {
    if (!taken.active) throw productNotFound(taken.productId);
    throw new OutOfStockError(taken.name, taken.available, { color: taken.color, size: taken.size });
  }
  // Priced from the rows just locked: what the shopper pays is what the database says now.
  const lines = withTakenProducts(body.orderItems, taken);
  const pricingInput = {
    body,
    lines,
    catalogue,
    gateway,
    accountEmails: known.accountEmails,
    expectedTotalPaise: ctx.expectedTotalPaise,
    codFeePaise: known.codFeePaise,
    now,
  };
  const placed = await placeWithPromotions(tx, pricingInput, (sp, pricing) =>
    insertPlacedOrder(options, sp, { body, ctx, requestHash, gateway, lines, pricing, now, known }),
  );
  if (known.address?.saved === false) {
    options.log?.warn(
      { err: known.address.error, userId: ctx.userId },
      'order placed, its address not saved to the address book',
    );
  }
  return placed;
}

/** What placement reads that the stock's rows do not decide (the COD facts under the phone's lock, taken before). */
interface KnownBeforeStock {
  /** Null for an online order. */
  cod: CodFacts | null;
  codFeePaise: number;
  accountEmails: string[];
  promise: Awaited<ReturnType<typeof orderPromiseValues>>;
  /** 'Save this address': saved in the same transaction, so it goes if the order does not come about. */
  address: Awaited<ReturnType<typeof keepOrderAddressInTx>> | null;
}

async function readBeforeTakingStock(
  options: OrdersServiceOptions,
  tx: Tx,
  body: OrderBody,
  ctx: PlaceOrderContext,
  now: Date,
): Promise<KnownBeforeStock> {
  const { pincode, phone } = body.deliveryAddress;
  const cod = ctx.channel === 'cod' ? await codFactsOf(options, tx, { pincode, phone, userId: ctx.userId }) : null;
  return {
    cod,
    codFeePaise: cod ? cod.rules.feePaise : await codFeePaiseIn(tx),
    accountEmails: await accountEmailsOf(tx, ctx.userId),
    promise: await orderPromiseValues(
      tx,
      pincode,
      body.orderItems.map((l) => l.productId),
      now,
    ),
    address: body.saveAddress ? await keepOrderAddressInTx(tx, ctx.userId, body.deliveryAddress, now) : null,
  };
}

interface PlacedOrderInput {
  body: OrderBody;
  ctx: PlaceOrderContext;
  requestHash: string;
  gateway: Gateway;
  lines: readonly PricedLine[];
  pricing: OrderPricing;
  now: Date;
  known: KnownBeforeStock;
}

/** The order, its lines and the promotions it took, counted by conditional updates (decision 029). */
async function insertPlacedOrder(
  options: OrdersServiceOptions,
  tx: Tx,
  input: PlacedOrderInput,
): Promise<PlacedOrder> {
  const { body, ctx, requestHash, gateway, lines, pricing, now, known } = input;
  if (known.cod) checkCodRules(known.cod, pricing.totals.subtotalPaise - pricing.totals.promotionDiscountPaise);
  let order: OrderRow | undefined;
  for (let attempt = 0; !order; attempt++) {
    if (attempt === 5) throw new Error('could not draw a free order number');
    order = await insertOrder(tx, {
      ...newOrderValues(body, ctx, requestHash, gateway, pricing.totals, now, options.reservationMinutes),
      promotions: pricing.priced ? promotionSnapshotOf(pricing.priced) : [],
      ...known.promise,
    });
  }
  const discounts = pricing.priced?.outcome.lineDiscountsPaise ?? [];
  const items = await insertOrderItems(tx, orderItemValues(order.id, lines, discounts));
  if (pricing.priced) await redeemPromotions(tx, order.id, pricing.priced);
  await recordInitialStates(
    tx,
    order,
    now,
    ctx.channel === 'cod' ? 'placed: cash on delivery' : 'placed: awaiting online payment, stock reserved',
  );
  if (ctx.channel === 'cod') await awaitCodConfirmation(options, tx, order, items, now);
  return { order, items, replayed: false };
}

/** The lifecycle's context for this service: confirmations set off the hand-over, the e-mail and the cart. */
function eventContext(options: OrdersServiceOptions, now: Date, note: string): EventContext {
  return {
    now,
    note,
    onConfirmed: (tx, order, items, at) => onConfirmed(options, tx, order, items, at),
    handOver: (tx, order, at) => handOver(options, tx, order, at),
    awaitCodConfirmation: (tx, order, items, at) => awaitCodConfirmation(options, tx, order, items, at),
    refundAutomatically: (tx, order) =>
      options.jobs.send(QUEUES.refundOwed, { orderId: order.id }, { executor: tx, singletonKey: order.id }),
    ...(options.invoicing ? { invoicing: options.invoicing } : {}),
  };
}

/** Where the stock of a paid order stands: still reserved, taken again after its reservation ran out, or gone. */
async function stockForPayment(
  tx: Tx,
  order: OrderRow,
  now: Date,
): Promise<{ stock: 'held' | 'retaken' } | { stock: 'gone'; reason: string }> {
  if (order.stockReturnedAt === null || order.state !== 'expired') return { stock: 'held' };
  const taken = await takeStock(tx, await itemsOf(tx, [order.id]), now);
  if (taken.ok) return { stock: 'retaken' };
  return {
    stock: 'gone',
    reason: `${variantLabel(taken.name, taken.color, taken.size)} sold out while the payment was on its way`,
  };
}

async function confirmPaidOrderInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  orderId: string,
  paid: PaidPayment,
): Promise<ConfirmOutcome> {
  const now = options.clock.now();
  const order = await lockOrder(tx, orderId);
  if (!order) return { kind: 'missing' };
  if (order.paymentMethod === 'COD') {
    // Switched to cash on delivery before this money came: the order does not keep it (the caller sets it aside).
    await recordNote(
      tx,
      order,
      `${paid.note}; the order was switched to cash on delivery: refund needed`,
      now,
    );
    return { kind: 'unfillable', order, reason: ORDER_MESSAGES.switchedAway };
  }
  const wasConfirmed = order.state === 'confirmed' || order.state === 'cancel_requested';
  const stock = await stockForPayment(tx, order, now);
  const note =
    stock.stock === 'retaken'
      ? 'paid after the reservation ran out; stock taken again'
      : stock.stock === 'gone'
        ? `paid after the reservation ran out; ${stock.reason}: refund needed`
        : paid.note;
  await applyEventInTx(
    tx,
    order,
    { kind: 'paid', as: paid.paymentState, stock: stock.stock },
    eventContext(options, now, note),
  );
  if (wasConfirmed) return { kind: 'already', order };
  if (order.state === 'confirmed') return { kind: 'confirmed', order };
  return {
    kind: 'unfillable',
    order,
    reason: stock.stock === 'gone' ? stock.reason : 'The order was cancelled',
  };
}

/** Expires one unpaid order whose reservation has run out; false when it was paid or cancelled meanwhile. */
function expireReservation(options: OrdersServiceOptions, id: string, now: Date): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    // The lock decides the race with a payment arriving now: whoever is second sees the other's result.
    const order = await lockOrder(tx, id);
    if (!order || order.state !== 'payment_pending' || !order.reservedUntil || order.reservedUntil > now) {
      return false;
    }
    const note = `payment not received within ${options.reservationMinutes} minutes: stock released`;
    return (
      (await applyEventInTx(tx, order, { kind: 'reservation-expired' }, eventContext(options, now, note))) !==
      null
    );
  });
}

/** Applies one lifecycle event to a locked order; false when it does not apply where the order is. */
async function applyInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  order: OrderRow,
  event: LifecycleEvent,
  note: string,
): Promise<boolean> {
  return (await applyEventInTx(tx, order, event, eventContext(options, options.clock.now(), note))) !== null;
}

/**
 * A failed payment attempt. Only an order still waiting for its money shows it (payment_failed); the order keeps
 * its reservation, because UPI may fail first and succeed a moment later.
 */
async function paymentFailedInTx(options: OrdersServiceOptions, tx: Tx, orderId: string, note: string) {
  const order = await lockOrder(tx, orderId);
  if (order) await applyInTx(options, tx, order, { kind: 'payment-failed' }, note);
}

/**
 * Money arrived that the order cannot keep (a second payment, a short one): owed back. False when the order has
 * no money of its own to refund against, so the caller keeps the payment as unmatched money instead.
 */
async function flagForRefundInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  orderId: string,
  note: string,
  amountPaise: number,
): Promise<boolean> {
  const { clock } = options;
  const order = await lockOrder(tx, orderId);
  if (!order || !hasMoney(snapshotOf(order))) {
    if (order) await recordNote(tx, order, note, clock.now());
    return false;
  }
  await setOrderFields(tx, order, { paidPaise: order.paidPaise + amountPaise }, clock.now());
  if (!(await applyInTx(options, tx, order, { kind: 'paid-unkeepable' }, note))) {
    // Already owed money back: the job refunds whatever is owed, this payment included.
    await recordNote(tx, order, note, clock.now());
    await options.jobs.send(QUEUES.refundOwed, { orderId }, { executor: tx, singletonKey: orderId });
  }
  return true;
}

/** The lock the hand-over to the partner holds while it talks to the partner (fulfilment/service.ts). */
export const handOverLockKey = (orderId: string) => `fulfilment-submit:${orderId}`;

export interface ShopperCancellation {
  order: OrderRow;
  /** 'cancelled' at once (before the hand-over), or 'requested' from the partner (after it). */
  outcome: 'cancelled' | 'requested';
}

/** Why a shopper's cancellation cannot happen, for an order the 'cancel' event does not apply to. */
function cannotCancel(order: OrderRow): AppError {
  if (order.state === 'cancelled' || order.state === 'expired')
    return conflict(ORDER_MESSAGES.alreadyCancelled);
  if (order.state === 'cancel_requested') return conflict(ORDER_MESSAGES.cancelAlreadyRequested);
  return conflict(ORDER_MESSAGES.tooLateToCancel);
}

/**
 * A shopper cancels their order (docs/orders-lifecycle.md#cancellation): an unpaid attempt or a cash-on-delivery
 * order, at once until the hand-over, then as a request the partner decides on. Prepaid orders are final (the
 * published policy). Waits for a hand-over in flight, so an order is never cancelled here while it is being
 * created at the partner.
 */
async function cancelByShopper(
  options: OrdersServiceOptions,
  userId: string,
  reference: string,
): Promise<ShopperCancellation> {
  return options.db.transaction(async (tx) => {
    const id = await resolveOrderId(tx, reference);
    const found = id ? await findOrder(tx, id) : undefined;
    // Someone else's order is as unknown as a missing one.
    if (!found || found.userId !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
    await lockKey(tx, handOverLockKey(found.id));
    const order = await lockOrder(tx, found.id);
    if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (order.paymentMethod === 'Prepaid' && order.state !== 'payment_pending') {
      if (order.state !== 'confirmed') throw cannotCancel(order);
      throw conflict(ORDER_MESSAGES.prepaidFinal);
    }
    const applied = await applyInTx(options, tx, order, { kind: 'cancel' }, 'cancelled by the shopper');
    if (!applied) throw cannotCancel(order);
    return { order, outcome: order.state === 'cancel_requested' ? 'requested' : 'cancelled' };
  });
}

/**
 * A staff member cancels an order (docs/admin.md#orders): before the hand-over at once (a prepaid one is then
 * refunded automatically); after it, the partner must stop it first, so the order waits in cancel_requested until
 * staff confirm it was cancelled in the partner's dashboard (a second call). Answers what happened.
 */
async function cancelByStaffInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  orderId: string,
  note: string,
  /** Only a confirmation of a cancellation the partner was asked for (the desk's 'cancelled at the partner'). */
  confirmOnly = false,
): Promise<{ before: OrderRow; order: OrderRow; outcome: 'cancelled' | 'ask-partner' } | undefined> {
  // The hand-over's lock before the row's, in the order the hand-over takes them.
  await lockKey(tx, handOverLockKey(orderId));
  const order = await lockOrder(tx, orderId);
  if (!order) return undefined;
  if (confirmOnly && order.state !== 'cancel_requested')
    throw conflict(ORDERS_DESK_MESSAGES.notCancelRequested);
  const before = { ...order };
  const event: LifecycleEvent =
    order.state === 'cancel_requested' ? { kind: 'partner-cancel-confirmed' } : { kind: 'cancel' };
  if (!(await applyInTx(options, tx, order, event, note))) throw conflict(ADMIN_ORDER_MESSAGES.cannotCancel);
  return { before, order, outcome: order.state === 'cancel_requested' ? 'ask-partner' : 'cancelled' };
}

/** A returned line to print again, and how many units. */
export interface ReprintLine {
  item: OrderItemRow;
  quantity: number;
}

/** The reprint's row: the original's shopper and address, prepaid at no charge, linked to the original. */
function reprintValues(original: OrderRow, lines: readonly ReprintLine[], now: Date): OrderInsert {
  return {
    orderNumber: newOrderNumber(now),
    userId: original.userId,
    paymentMethod: 'Prepaid',
    // BUY_NOW: a reprint never touches the shopper's cart.
    orderType: 'BUY_NOW',
    state: 'confirmed',
    paymentState: 'captured',
    fulfilmentState: 'not_started',
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalPaise: 0,
    discountPaise: 0,
    shippingPaise: 0,
    taxPaise: 0,
    totalPaise: 0,
    firstName: original.firstName,
    lastName: original.lastName,
    email: original.email,
    phone: original.phone,
    doorNo: original.doorNo,
    street: original.street,
    city: original.city,
    addressState: original.addressState,
    pincode: original.pincode,
    phoneNormalised: original.phoneNormalised,
    reprintOfOrderId: original.id,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A reprint for a defect return (docs/orders-lifecycle.md#returns): a new order at no charge with its own order
 * number, the returned lines, the original's address, confirmed at once and handed to the partner like any
 * confirmed order. Its units are taken from stock (a reprint uses a new blank); none left is a 409.
 */
async function placeReprintInTx(
  options: OrdersServiceOptions,
  tx: Tx,
  original: OrderRow,
  lines: readonly ReprintLine[],
  note: string,
): Promise<OrderRow> {
  const now = options.clock.now();
  const taken = await takeStock(
    tx,
    lines.map((l) => ({
      productId: l.item.productId,
      color: l.item.color,
      size: l.item.size,
      quantity: l.quantity,
    })),
    now,
  );
  if (!taken.ok) {
    throw conflict(RETURN_MESSAGES.reprintOutOfStock(variantLabel(taken.name, taken.color, taken.size)));
  }
  let order: OrderRow | undefined;
  for (let attempt = 0; !order; attempt++) {
    if (attempt === 5) throw new Error('could not draw a free order number');
    order = await insertOrder(tx, reprintValues(original, lines, now));
  }
  const orderId = order.id;
  const items = await insertOrderItems(
    tx,
    lines.map((l, position) => ({
      orderId,
      productId: l.item.productId,
      productName: l.item.productName,
      sku: l.item.sku,
      fulfilmentSku: l.item.fulfilmentSku,
      size: l.item.size,
      color: l.item.color,
      quantity: l.quantity,
      unitPricePaise: 0,
      unitMrpPaise: 0,
      position,
    })),
  );
  await recordInitialStates(tx, order, now, note);
  await onConfirmed(options, tx, order, items, now);
  return order;
}

/** The shopper's own order, locked; someone else's order is as unknown as a missing one (404). */
async function ownOrderLocked(tx: Tx, userId: string, reference: string): Promise<OrderRow> {
  const id = await resolveOrderId(tx, reference);
  const found = id ? await findOrder(tx, id) : undefined;
  if (!found || found.userId !== userId) throw notFound(ORDER_MESSAGES.orderNotFound);
  const order = await lockOrder(tx, found.id);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

/** Why an online order cannot be paid again or switched: confirmed, cancelled, or paid in cash. */
function notPayable(order: OrderRow): AppError {
  if (order.paymentMethod === 'COD') return conflict(ORDER_MESSAGES.notOnline);
  if (order.state === 'cancelled') return conflict(ORDER_MESSAGES.alreadyCancelled);
  if (order.state === 'expired') return conflict(ORDER_MESSAGES.reservationOver);
  return conflict(ORDER_MESSAGES.alreadyConfirmed);
}

/**
 * An attempt whose reservation ran out comes back to life when the shopper pays again, if its stock is still
 * there (taken again now) and the shopper has room for another unpaid order.
 */
async function reviveInTx(options: OrdersServiceOptions, tx: Tx, order: OrderRow, now: Date) {
  const { maxUnpaidOrders } = options.limits;
  if (hasMoney(snapshotOf(order)) || order.refundState !== 'none') throw notPayable(order);
  if ((await countUnpaidOrders(tx, order.userId)) >= maxUnpaidOrders) {
    throw conflict(ORDER_MESSAGES.tooManyUnpaid(maxUnpaidOrders));
  }
  const taken = await takeStock(tx, await itemsOf(tx, [order.id]), now);
  if (!taken.ok) {
    throw conflict(ORDER_MESSAGES.noLongerAvailable(variantLabel(taken.name, taken.color, taken.size)));
  }
  // The promotions it gave back at expiry are taken again, or the attempt stays over (decision 029, release).
  if (!(await retakePromotions(tx, order.id))) throw conflict(PROMOTION_MESSAGES.alreadyUsed);
  const note = 'paying again after the reservation ran out: stock taken again';
  if (!(await applyInTx(options, tx, order, { kind: 'revived' }, note))) throw notPayable(order);
}

/**
 * The shopper pays again for an online order still waiting for its money (docs/orders-lifecycle.md#paying-again):
 * the same order and its reserved stock, the reservation extended by the standard window; an expired attempt is
 * revived while its stock is there. Answers the order; the payments module finds or makes its provider order.
 */
function prepareRetry(options: OrdersServiceOptions, userId: string, reference: string): Promise<OrderRow> {
  return options.db.transaction(async (tx) => {
    // The shopper's unpaid-order count is serialised as at placement (a revived attempt counts again).
    await lockKey(tx, `unpaid-orders:${userId}`);
    const order = await ownOrderLocked(tx, userId, reference);
    const now = options.clock.now();
    if (order.paymentMethod !== 'Prepaid') throw notPayable(order);
    if (order.state === 'expired') await reviveInTx(options, tx, order, now);
    if (order.state !== 'payment_pending') throw notPayable(order);
    const reservedUntil = new Date(now.getTime() + options.reservationMinutes * 60_000);
    await setOrderFields(tx, order, { reservedUntil }, now);
    return order;
  });
}

/**
 * The shopper gives up paying online and takes cash on delivery for the same order: priced again with the cash
 * on delivery fee (as a new COD order is), confirmed and handed to the partner. The payment row is locked before
 * the order, in the order a payment arriving takes them, so a payment and a switch never both win.
 */
function switchToCod(options: OrdersServiceOptions, userId: string, reference: string): Promise<OrderRow> {
  return options.db.transaction(async (tx) => {
    const id = await resolveOrderId(tx, reference);
    const found = id ? await findOrder(tx, id) : undefined;
    // The phone's lock first, as placement takes it (checkCodRules).
    if (found && found.userId === userId) await lockCodPhone(tx, normaliseIndianPhone(found.phone));
    const paymentStatus = id ? await paymentStatusLocked(tx, id) : undefined;
    const order = await ownOrderLocked(tx, userId, reference);
    if (paymentStatus === 'authorized' || paymentStatus === 'captured' || hasMoney(snapshotOf(order))) {
      throw conflict(ORDER_MESSAGES.paymentReceived);
    }
    if (order.paymentMethod !== 'Prepaid' || order.state !== 'payment_pending') throw notPayable(order);
    // Refused rather than priced again: the shopper has seen this total (decision 029, COD switch).
    if (await holdsPrepaidOnly(tx, order.id)) throw conflict(PROMOTION_MESSAGES.prepaidOnly);
    const cod = await codFactsOf(options, tx, { pincode: order.pincode, phone: order.phone, userId });
    checkCodRules(cod, order.subtotalPaise - order.promotionDiscountPaise);
    const now = options.clock.now();
    const items = await itemsOf(tx, [order.id]);
    const totals = cartTotalsPaise({
      lines: items.map((i) => ({
        pricePaise: i.unitPricePaise,
        mrpPaise: i.unitMrpPaise,
        quantity: i.quantity,
      })),
      shippingPaise: shippingFeePaise('COD', cod.rules.feePaise),
      promotionDiscountPaise: order.promotionDiscountPaise,
    });
    await setOrderFields(
      tx,
      order,
      { shippingPaise: totals.shippingPaise, totalPaise: totals.totalPaise },
      now,
    );
    const note = `switched to cash on delivery by the shopper: total ${totals.totalPaise} paise`;
    if (!(await applyInTx(options, tx, order, { kind: 'switched-to-cod' }, note))) throw notPayable(order);
    return order;
  });
}

/** The lines' pictures as URLs, by line id (none without a public URL to point them at). */
async function itemThumbnails(
  options: OrdersServiceOptions,
  executor: Executor,
  items: readonly OrderItemRow[],
): Promise<Map<string, string>> {
  const { publicUrl } = options;
  if (publicUrl === undefined) return new Map();
  const images = await itemImagesOf(
    executor,
    items.map((i) => i.id),
  );
  return new Map(
    [...images].map(([id, m]) => [
      id,
      productImages(publicUrl, { imageKey: m.key, imageWidths: m.widths }).thumbnail,
    ]),
  );
}

/** A shopper's orders as GET /orders/{userId} answers them. */
async function listOrdersOf(options: OrdersServiceOptions, userId: string): Promise<Order[]> {
  const { db } = options;
  // The newest ORDER_LIST_LIMIT, answered oldest first: the spec's client reverses the list to show the newest
  // on top (docs/api.md#orders).
  const rows = (await listOrdersOfUser(db, userId, ORDER_LIST_LIMIT)).reverse();
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const byOrder = groupBy(items, (i) => i.orderId);
  const refunds = groupBy(
    (await refundsOfOrders(db, ids)).filter((r) => r.orderId),
    (r) => r.orderId!,
  );
  const notes = groupBy(await creditNotesOfOrders(db, ids), (n) => n.orderId);
  const images = await itemThumbnails(options, db, items);
  return rows.map(({ order, ...refs }) =>
    withItemImages(
      toOrderJson(order, byOrder.get(order.id) ?? [], refs, refunds.get(order.id), notes.get(order.id)),
      images,
    ),
  );
}

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, clock, jobs } = options;

  async function orderJson(order: OrderRow, items?: OrderItemRow[], executor: Executor = db): Promise<Order> {
    const lines = items ?? (await itemsOf(executor, [order.id]));
    const json = toOrderJson(
      order,
      lines,
      await orderReferences(executor, order.id),
      await refundsOfOrders(executor, [order.id]),
      await creditNotesOfOrders(executor, [order.id]),
    );
    return withItemImages(json, await itemThumbnails(options, executor, lines));
  }

  return {
    placeOrderInTx: (tx: Tx, body: OrderBody, ctx: PlaceOrderContext) =>
      placeOrderInTx(options, tx, body, ctx),
    confirmPaidOrderInTx: (tx: Tx, orderId: string, paid: PaidPayment) =>
      confirmPaidOrderInTx(options, tx, orderId, paid),
    paymentFailedInTx: (tx: Tx, orderId: string, note: string) =>
      paymentFailedInTx(options, tx, orderId, note),
    flagForRefundInTx: (tx: Tx, orderId: string, note: string, amountPaise: number) =>
      flagForRefundInTx(options, tx, orderId, note, amountPaise),
    applyInTx: (tx: Tx, order: OrderRow, event: LifecycleEvent, note: string) =>
      applyInTx(options, tx, order, event, note),

    async placeOrder(body: OrderBody, ctx: PlaceOrderContext): Promise<PlacedOrder> {
      await jobs.ready();
      return db.transaction((tx) => placeOrderInTx(options, tx, body, ctx));
    },

    async confirmPaidOrder(orderId: string, paid: PaidPayment): Promise<ConfirmOutcome> {
      await jobs.ready();
      return db.transaction((tx) => confirmPaidOrderInTx(options, tx, orderId, paid));
    },

    /** Cancels unpaid online orders whose reservation has run out and returns their stock. */
    async expireReservations(): Promise<number> {
      const now = clock.now();
      let expired = 0;
      for (const id of await expiredReservations(db, now, 200)) {
        if (await expireReservation(options, id, now)) expired += 1;
      }
      return expired;
    },

    /** Candidates for expiry (the payment module asks the provider about them first). */
    expiringOrderIds(): Promise<string[]> {
      return expiredReservations(db, clock.now(), 200);
    },

    listOrders: (userId: string) => listOrdersOf(options, userId),

    async getOrderJson(orderId: string): Promise<Order | undefined> {
      const order = await findOrder(db, orderId);
      return order ? orderJson(order) : undefined;
    },

    orderJson,

    // For modules that move an order's fulfilment inside their own transactions (they hold the row lock).
    findOrder: (orderId: string) => findOrder(db, orderId),
    orderItems: (orderId: string) => itemsOf(db, [orderId]),
    lockOrderInTx: lockOrder,
    resolveOrderId,
    cancelByShopper: (userId: string, reference: string) => cancelByShopper(options, userId, reference),
    cancelByStaffInTx: (tx: Tx, orderId: string, note: string, confirmOnly = false) =>
      cancelByStaffInTx(options, tx, orderId, note, confirmOnly),
    placeReprintInTx: (tx: Tx, original: OrderRow, lines: readonly ReprintLine[], note: string) =>
      placeReprintInTx(options, tx, original, lines, note),
    prepareRetry: (userId: string, reference: string) => prepareRetry(options, userId, reference),
    switchToCod: (userId: string, reference: string) => switchToCod(options, userId, reference),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
