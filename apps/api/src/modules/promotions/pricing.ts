// Promotions at placement (decision 029): the facts only the server knows, the pure evaluation, and the counting by
// conditional updates in the order's transaction. A promotion found used up while counting is left out and the
// order priced again; an entered code found used up refuses the order.
import {
  type Gateway,
  PROMOTION_MESSAGES,
  type Promotion,
  type PromotionLine,
  type PromotionsOutcome,
  evaluatePromotions,
  normalisePhoneForStorage,
} from '@rangrez/contract/rules';
import {
  orders,
  promotionCodes,
  promotionCustomerUses,
  promotionRedemptions,
  promotions,
  type OrderPromotionSnapshot,
} from '@rangrez/db/schema';
import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../lib/db.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { PromotionRow } from './repository.ts';

export interface PromotionPricingInput {
  lines: readonly PromotionLine[];
  /** null in the cart, before the shopper chooses how to pay. */
  gateway: Gateway | null;
  /** As typed (trimmed and upper-cased here); undefined: none entered. */
  couponCode: string | undefined;
  /** The account's and the delivery address's e-mails, and the delivery phone ('' in the cart). */
  emails: readonly string[];
  phone: string;
  shippingPaise: number;
  now: Date;
}

/** A code as entered: the promotion behind it and, for a batch code, the batch row. */
interface EnteredCode {
  promotion: PromotionRow;
  code: string;
  batchCodeId: string | null;
}

export interface PricedPromotions {
  outcome: PromotionsOutcome;
  /** What counting must take for each applied promotion. */
  rows: ReadonlyMap<string, PromotionRow>;
  entered: EnteredCode | null;
  customerKeys: string[];
}

export function toRulePromotion(row: PromotionRow, code: string | null = row.code): Promotion {
  return {
    id: row.id,
    code: row.automatic ? null : code,
    combinable: row.combinable,
    offer: offerOf(row),
    target: { scope: row.target, ids: row.targetIds },
    conditions: {
      minSubtotalPaise: row.minSubtotalPaise,
      minQuantity: row.minQuantity,
      startsAt: row.startsAt?.getTime() ?? null,
      endsAt: row.endsAt?.getTime() ?? null,
      prepaidOnly: row.prepaidOnly,
      firstOrderOnly: row.firstOrderOnly,
      shoppers: row.shoppers.length === 0 ? null : row.shoppers,
    },
  };
}

function offerOf(row: PromotionRow): Promotion['offer'] {
  switch (row.kind) {
    case 'percentage':
      return { kind: 'percentage', percent: row.percent ?? 0, maxDiscountPaise: row.maxDiscountPaise };
    case 'fixed':
      return { kind: 'fixed', amountPaise: row.amountPaise ?? 0 };
    case 'free_shipping':
      return { kind: 'free_shipping' };
    case 'buy_x_get_y':
      return {
        kind: 'buy_x_get_y',
        buy: row.buyQuantity ?? 1,
        get: row.getQuantity ?? 1,
        percent: row.percent ?? 0,
      };
    case 'bundle':
      return { kind: 'bundle', quantity: row.bundleQuantity ?? 2, pricePaise: row.amountPaise ?? 0 };
  }
}

/** 'email:…' and 'phone:…': who the shopper is for per-shopper limits, whatever account they use. */
export function customerKeysOf(emails: readonly string[], phone: string): string[] {
  const keys = emails.map((email) => `email:${email.trim().toLowerCase()}`);
  const digits = normalisePhoneForStorage(phone).replace(/\s+/g, '');
  if (digits !== '') keys.push(`phone:${digits}`);
  return [...new Set(keys)];
}

const keyValue = (key: string) => key.slice(key.indexOf(':') + 1);

/** Whether any order of this customer (by e-mail or phone) stands: cancelled and expired attempts do not count. */
async function hasOrdered(db: Executor, keys: readonly string[]): Promise<boolean> {
  const emails = keys.filter((k) => k.startsWith('email:')).map(keyValue);
  const phones = keys.filter((k) => k.startsWith('phone:')).map(keyValue);
  const who = [
    ...(emails.length > 0 ? [inArray(sql`lower(${orders.email})`, emails)] : []),
    ...(phones.length > 0 ? [inArray(orders.phone, phones)] : []),
  ];
  if (who.length === 0) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(...who), notInArray(orders.state, ['cancelled', 'expired'])))
    .limit(1);
  return row !== undefined;
}

/** The per-shopper limit in force: a first-order promotion is once per customer whatever its own limit says. */
export function perCustomerLimitOf(row: PromotionRow): number | null {
  return row.firstOrderOnly ? 1 : row.perCustomerLimit;
}

/** Promotions this customer cannot take now: total limit, budget or their own limit reached. */
async function usedUpFor(
  db: Executor,
  rows: readonly PromotionRow[],
  keys: readonly string[],
): Promise<Set<string>> {
  const usedUp = new Set<string>();
  for (const row of rows) {
    if (row.usageLimit !== null && row.used >= row.usageLimit) usedUp.add(row.id);
    if (row.budgetPaise !== null && row.budgetUsedPaise >= row.budgetPaise) usedUp.add(row.id);
  }
  const limited = rows.filter((row) => perCustomerLimitOf(row) !== null);
  if (limited.length === 0 || keys.length === 0) return usedUp;
  const uses = await db
    .select()
    .from(promotionCustomerUses)
    .where(
      and(
        inArray(
          promotionCustomerUses.promotionId,
          limited.map((row) => row.id),
        ),
        inArray(promotionCustomerUses.customerKey, [...keys]),
      ),
    );
  for (const use of uses) {
    const row = limited.find((r) => r.id === use.promotionId);
    // A first-order promotion is refused by the order history in the shopper's words; its use row still decides a
    // race between two first orders.
    if (row && !row.firstOrderOnly && use.uses >= (perCustomerLimitOf(row) ?? Infinity)) usedUp.add(row.id);
  }
  return usedUp;
}

/** The promotion behind an entered code; 'Invalid code.' when there is none or it is switched off. */
async function findEnteredCode(
  db: Executor,
  typed: string,
): Promise<{ entered: EnteredCode; taken: boolean }> {
  const code = typed.trim().toUpperCase();
  const [own] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.code, code), eq(promotions.active, true)));
  if (own) return { entered: { promotion: own, code, batchCodeId: null }, taken: false };
  const [batch] = await db
    .select({ promotion: promotions, id: promotionCodes.id, orderId: promotionCodes.orderId })
    .from(promotionCodes)
    .innerJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
    .where(and(eq(promotionCodes.code, code), eq(promotions.active, true)));
  if (!batch) throw badRequest(PROMOTION_MESSAGES.invalid);
  return {
    entered: { promotion: batch.promotion, code, batchCodeId: batch.id },
    taken: batch.orderId !== null,
  };
}

/** The active automatic promotions (their windows are the pure rule's to check). */
function activeAutomatic(db: Executor): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.automatic, true), eq(promotions.active, true)));
}

/**
 * The promotions an order gets, by the pure rule, from the rows as they are now; `excluded` are promotions found
 * used up while counting. An entered code that does not apply is a 400 with the shopper's message.
 */
export async function pricePromotions(
  db: Executor,
  input: PromotionPricingInput,
  excluded: ReadonlySet<string> = new Set(),
): Promise<PricedPromotions> {
  const customerKeys = customerKeysOf(input.emails, input.phone);
  const automatic = (await activeAutomatic(db)).filter((row) => !excluded.has(row.id));
  const found = input.couponCode === undefined ? null : await findEnteredCode(db, input.couponCode);
  const all = found ? [...automatic, found.entered.promotion] : automatic;
  const usedUp = await usedUpFor(db, all, customerKeys);
  if (found && (found.taken || excluded.has(found.entered.promotion.id)))
    usedUp.add(found.entered.promotion.id);
  const outcome = evaluatePromotions({
    lines: input.lines,
    automatic: automatic.map((row) => toRulePromotion(row)),
    code: found ? toRulePromotion(found.entered.promotion, found.entered.code) : null,
    context: {
      now: input.now.getTime(),
      gateway: input.gateway,
      shippingPaise: input.shippingPaise,
      firstOrder: !(await hasOrdered(db, customerKeys)),
      shopperKeys: customerKeys.map(keyValue),
      usedUp,
    },
  });
  if (outcome.codeRefusal !== null) throw badRequest(outcome.codeRefusal);
  return {
    outcome,
    rows: new Map(all.map((row) => [row.id, row])),
    entered: found?.entered ?? null,
    customerKeys,
  };
}

/** Raised while counting: the promotion is used up now (a concurrent order took the last of it). */
export class PromotionUsedUpError extends Error {
  constructor(readonly promotionId: string) {
    super(`promotion ${promotionId} is used up`);
    this.name = 'PromotionUsedUpError';
  }
}

async function takeCounters(tx: Executor, row: PromotionRow, amountPaise: number): Promise<boolean> {
  const taken = await tx
    .update(promotions)
    .set({
      used: sql`${promotions.used} + 1`,
      budgetUsedPaise: sql`${promotions.budgetUsedPaise} + ${amountPaise}`,
    })
    .where(
      and(
        eq(promotions.id, row.id),
        eq(promotions.active, true),
        sql`(${promotions.usageLimit} is null or ${promotions.used} < ${promotions.usageLimit})`,
        sql`(${promotions.budgetPaise} is null or ${promotions.budgetUsedPaise} + ${amountPaise} <= ${promotions.budgetPaise})`,
      ),
    )
    .returning({ id: promotions.id });
  return taken.length === 1;
}

async function takeCustomerUse(
  tx: Executor,
  promotionId: string,
  key: string,
  limit: number,
): Promise<boolean> {
  const taken = await tx
    .insert(promotionCustomerUses)
    .values({ promotionId, customerKey: key, uses: 1 })
    .onConflictDoUpdate({
      target: [promotionCustomerUses.promotionId, promotionCustomerUses.customerKey],
      set: { uses: sql`${promotionCustomerUses.uses} + 1` },
      setWhere: sql`${promotionCustomerUses.uses} < ${limit}`,
    })
    .returning({ uses: promotionCustomerUses.uses });
  return taken.length === 1;
}

async function claimBatchCode(tx: Executor, batchCodeId: string, orderId: string): Promise<boolean> {
  const taken = await tx
    .update(promotionCodes)
    .set({ orderId })
    .where(and(eq(promotionCodes.id, batchCodeId), isNull(promotionCodes.orderId)))
    .returning({ id: promotionCodes.id });
  return taken.length === 1;
}

/**
 * Counts what the order took, in its transaction, by conditional updates only (decision 029, counting): the
 * promotion's counters, each customer identity's uses, the batch code. Throws PromotionUsedUpError when one is
 * used up; the caller rolls back to its savepoint and prices again without it.
 */
export async function redeemPromotions(tx: Tx, orderId: string, priced: PricedPromotions): Promise<void> {
  for (const applied of priced.outcome.applied) {
    const row = priced.rows.get(applied.id);
    if (!row) throw new Error(`redeemPromotions: no row for ${applied.id}`);
    const amount = applied.discountPaise + applied.shippingDiscountPaise;
    if (!(await takeCounters(tx, row, amount))) throw new PromotionUsedUpError(row.id);
    const limit = perCustomerLimitOf(row);
    const keys = limit === null ? [] : priced.customerKeys;
    for (const key of keys) {
      if (!(await takeCustomerUse(tx, row.id, key, limit ?? 0))) throw new PromotionUsedUpError(row.id);
    }
    const batch = priced.entered?.promotion.id === row.id ? priced.entered.batchCodeId : null;
    if (batch !== null && !(await claimBatchCode(tx, batch, orderId))) throw new PromotionUsedUpError(row.id);
    await tx.insert(promotionRedemptions).values({
      promotionId: row.id,
      orderId,
      code: applied.code === null ? null : (priced.entered?.code ?? applied.code),
      customerKeys: keys,
      discountPaise: applied.discountPaise,
      shippingDiscountPaise: applied.shippingDiscountPaise,
    });
  }
}

/** The order's record of what it got (orders.promotions). */
export function snapshotOf(priced: PricedPromotions): OrderPromotionSnapshot[] {
  return priced.outcome.applied.map((applied) => ({
    promotionId: applied.id,
    code: applied.code === null ? null : (priced.entered?.code ?? applied.code),
    kind: applied.kind,
    title: priced.rows.get(applied.id)?.title ?? '',
    discountPaise: applied.discountPaise,
    shippingDiscountPaise: applied.shippingDiscountPaise,
  }));
}

/**
 * Gives back what the order took, once (decision 029, release): its counters, each identity's uses and its batch
 * code. The caller holds the order's row lock, the lock placement counted under.
 */
export async function releasePromotions(tx: Executor, orderId: string, now: Date): Promise<void> {
  const released = await tx
    .update(promotionRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(promotionRedemptions.orderId, orderId), isNull(promotionRedemptions.releasedAt)))
    .returning();
  for (const redemption of released) {
    const amount = redemption.discountPaise + redemption.shippingDiscountPaise;
    await tx
      .update(promotions)
      .set({
        used: sql`greatest(${promotions.used} - 1, 0)`,
        budgetUsedPaise: sql`greatest(${promotions.budgetUsedPaise} - ${amount}, 0)`,
      })
      .where(eq(promotions.id, redemption.promotionId));
    if (redemption.customerKeys.length > 0) {
      await tx
        .update(promotionCustomerUses)
        .set({ uses: sql`greatest(${promotionCustomerUses.uses} - 1, 0)` })
        .where(
          and(
            eq(promotionCustomerUses.promotionId, redemption.promotionId),
            inArray(promotionCustomerUses.customerKey, redemption.customerKeys),
          ),
        );
    }
  }
  if (released.length > 0) {
    await tx.update(promotionCodes).set({ orderId: null }).where(eq(promotionCodes.orderId, orderId));
  }
}

/**
 * An expired order revived by a new payment takes its released promotions again, by the same conditional updates;
 * false when one is used up meanwhile (the caller refuses the revival).
 */
export async function retakePromotions(tx: Executor, orderId: string): Promise<boolean> {
  const released = await tx
    .select({ redemption: promotionRedemptions, promotion: promotions })
    .from(promotionRedemptions)
    .innerJoin(promotions, eq(promotions.id, promotionRedemptions.promotionId))
    .where(and(eq(promotionRedemptions.orderId, orderId), isNotNull(promotionRedemptions.releasedAt)));
  for (const { redemption, promotion } of released) {
    const amount = redemption.discountPaise + redemption.shippingDiscountPaise;
    if (!(await takeCounters(tx, promotion, amount))) return false;
    const limit = perCustomerLimitOf(promotion) ?? 0;
    for (const key of redemption.customerKeys) {
      if (!(await takeCustomerUse(tx, promotion.id, key, limit))) return false;
    }
    if (redemption.code !== null && !(await reclaimBatchCode(tx, redemption.code, orderId))) return false;
    await tx
      .update(promotionRedemptions)
      .set({ releasedAt: null })
      .where(eq(promotionRedemptions.id, redemption.id));
  }
  return true;
}

/** A batch code given back by an order is taken again by it; true as well when the code is no batch code. */
async function reclaimBatchCode(tx: Executor, code: string, orderId: string): Promise<boolean> {
  const [batch] = await tx.select().from(promotionCodes).where(eq(promotionCodes.code, code));
  if (!batch) return true;
  return claimBatchCode(tx, batch.id, orderId);
}

/** Whether the order holds a prepaid-only promotion (it cannot switch to cash on delivery). */
export async function holdsPrepaidOnly(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .innerJoin(promotions, eq(promotions.id, promotionRedemptions.promotionId))
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        isNull(promotionRedemptions.releasedAt),
        eq(promotions.prepaidOnly, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface CartPromotions {
  /** Null when nothing applies. */
  priced: PricedPromotions | null;
  /** Why the applied code does not apply now; null when it does or none is applied. */
  couponMessage: string | null;
}

/**
 * The cart's promotions, before the shopper chooses how to pay (prepaid-only ones apply). A stored code that does not
 * apply now is reported with its refusal and the cart priced without it; nothing is counted here.
 */
export async function cartPromotions(db: Executor, input: PromotionPricingInput): Promise<CartPromotions> {
  try {
    return { priced: await pricePromotions(db, input), couponMessage: null };
  } catch (err) {
    if (input.couponCode === undefined || !(err instanceof AppError)) throw err;
    return {
      priced: await pricePromotions(db, { ...input, couponCode: undefined }),
      couponMessage: err.message,
    };
  }
}
