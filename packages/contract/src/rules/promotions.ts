// Promotions (decision 029, docs/promotions.md): which promotions a cart gets, how much each saves and how the
// discount spreads over the lines. Pure: the server supplies the facts only it knows (first order, the shopper's
// identities, which promotions are used up for them) and makes the final count with conditional updates.

import { PAISE_PER_RUPEE } from './money.ts';
import { allocatePaise } from './promotion-allocation.ts';
import { PROMOTION_MESSAGES, addMoreMessage } from './promotion-messages.ts';
import type { Gateway } from './shipping.ts';

export const PROMOTION_KINDS = ['percentage', 'fixed', 'free_shipping', 'buy_x_get_y', 'bundle'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_SCOPES = ['order', 'products', 'categories', 'types'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** What a promotion gives, amounts in paise. */
export type PromotionOffer =
  | { kind: 'percentage'; percent: number; maxDiscountPaise: number | null }
  | { kind: 'fixed'; amountPaise: number }
  | { kind: 'free_shipping' }
  /** For every `buy` units bought, the cheapest `get` further units are `percent` off (100: free). */
  | { kind: 'buy_x_get_y'; buy: number; get: number; percent: number }
  /** Any `quantity` units of the target for `pricePaise` together. */
  | { kind: 'bundle'; quantity: number; pricePaise: number };

export interface PromotionTarget {
  scope: PromotionScope;
  /** Product, category or type ids; ignored for the whole order. */
  ids: readonly string[];
}

export interface PromotionConditions {
  /** Of the targeted lines, before any promotion; 0: none. */
  minSubtotalPaise: number;
  /** Units of the targeted lines; 0: none. */
  minQuantity: number;
  /** Epoch milliseconds, inclusive; null: no start. */
  startsAt: number | null;
  /** Epoch milliseconds, exclusive; null: no end. */
  endsAt: number | null;
  prepaidOnly: boolean;
  firstOrderOnly: boolean;
  /** Customer identities (e-mail, normalised phone or account id) it is for; null: everyone. */
  shoppers: readonly string[] | null;
}

export interface Promotion {
  id: string;
  /** The code a shopper enters; null for an automatic promotion. */
  code: string | null;
  combinable: boolean;
  offer: PromotionOffer;
  target: PromotionTarget;
  conditions: PromotionConditions;
}

export interface PromotionLine {
  productId: string;
  categoryId: string | null;
  /** The garment type (product category) id. */
  typeId: string | null;
  pricePaise: number;
  quantity: number;
}

/** The facts the server decides; the rule takes them as given. */
export interface PromotionContext {
  /** Epoch milliseconds. */
  now: number;
  /** null while the shopper has not chosen: a prepaid-only promotion applies and COD is then not offered. */
  gateway: Gateway | null;
  /** The shipping fee the order would pay without promotions. */
  shippingPaise: number;
  firstOrder: boolean;
  /** The shopper's verified e-mail, normalised phone and account id. */
  shopperKeys: readonly string[];
  /** Promotions this shopper can no longer use (total limit, budget or their own limit reached). */
  usedUp: ReadonlySet<string>;
}

export interface AppliedPromotion {
  id: string;
  code: string | null;
  kind: PromotionKind;
  discountPaise: number;
  shippingDiscountPaise: number;
  /** This promotion's share of each input line, in the order of the lines. */
  linesPaise: number[];
}

export interface PromotionsOutcome {
  applied: AppliedPromotion[];
  /** Per input line: the sum of every applied promotion's share. */
  lineDiscountsPaise: number[];
  /** Sum of the item discounts (not shipping). */
  discountPaise: number;
  shippingDiscountPaise: number;
  /**
   * The entered code is applied and is for prepaid orders only: cash on delivery is not offered. An automatic
   * prepaid-only promotion leaves it offered; choosing it prices the order without that promotion.
   */
  prepaidOnly: boolean;
  /** Why the entered code does not apply; null when none was entered or it is eligible. */
  codeRefusal: string | null;
  /** The entered code is eligible but a combination without it saves the shopper more. */
  codeOutdone: boolean;
}

/** Whether a line belongs to the promotion's target. */
export function lineInTarget(line: PromotionLine, target: PromotionTarget): boolean {
  switch (target.scope) {
    case 'order':
      return true;
    case 'products':
      return target.ids.includes(line.productId);
    case 'categories':
      return line.categoryId !== null && target.ids.includes(line.categoryId);
    case 'types':
      return line.typeId !== null && target.ids.includes(line.typeId);
  }
}

interface Slot {
  index: number;
  pricePaise: number;
  quantity: number;
  /** What the line still costs after the promotions applied before this one. */
  remainingPaise: number;
}

interface OfferResult {
  /** Per slot, what the promotion may take from it. */
  weights: number[];
  discountPaise: number;
  shippingDiscountPaise: number;
}

/** Units of the slots, dearest first, ties by line order, so the choice of units is deterministic. */
function unitsDearestFirst(slots: readonly Slot[]): { slot: number; pricePaise: number }[] {
  const units: { slot: number; pricePaise: number }[] = [];
  slots.forEach((slot, position) => {
    for (let n = 0; n < slot.quantity; n += 1) units.push({ slot: position, pricePaise: slot.pricePaise });
  });
  return units.sort((a, b) => b.pricePaise - a.pricePaise || a.slot - b.slot);
}

/** Weights from chosen units, each capped at what its line still costs. */
function cappedUnitWeights(
  slots: readonly Slot[],
  amounts: readonly { slot: number; paise: number }[],
): number[] {
  const weights = slots.map(() => 0);
  for (const { slot, paise } of amounts) weights[slot] = (weights[slot] ?? 0) + paise;
  return weights.map((weight, position) => Math.min(weight, slots[position]?.remainingPaise ?? 0));
}

function buyXGetY(offer: { buy: number; get: number; percent: number }, slots: readonly Slot[]): OfferResult {
  const units = unitsDearestFirst(slots);
  const groups = Math.floor(units.length / (offer.buy + offer.get));
  const discounted = groups === 0 ? [] : units.slice(-groups * offer.get);
  const weights = cappedUnitWeights(
    slots,
    discounted.map((unit) => ({
      slot: unit.slot,
      paise: percentOfInRupees(unit.pricePaise, offer.percent),
    })),
  );
  return { weights, discountPaise: sum(weights), shippingDiscountPaise: 0 };
}

function bundle(offer: { quantity: number; pricePaise: number }, slots: readonly Slot[]): OfferResult {
  const units = unitsDearestFirst(slots);
  const groups = Math.floor(units.length / offer.quantity);
  // The dearest units make the bundles: that saves the shopper the most.
  const chosen = units.slice(0, groups * offer.quantity);
  const saving = Math.max(0, sum(chosen.map((unit) => unit.pricePaise)) - groups * offer.pricePaise);
  const weights = cappedUnitWeights(
    slots,
    chosen.map((unit) => ({ slot: unit.slot, paise: unit.pricePaise })),
  );
  return { weights, discountPaise: Math.min(saving, sum(weights)), shippingDiscountPaise: 0 };
}

/**
 * A percentage of an amount, rounded down to whole rupees: order totals stay whole rupees, which is what the
 * client's cross-check (totalAmount) and the payment provider's amount speak.
 */
function percentOfInRupees(amountPaise: number, percent: number): number {
  const paise = Math.floor((amountPaise * percent) / 100);
  return paise - (paise % PAISE_PER_RUPEE);
}

function sum(values: readonly number[]): number {
  return values.reduce((acc, value) => acc + value, 0);
}

function offerResult(offer: PromotionOffer, slots: readonly Slot[], shippingPaise: number): OfferResult {
  const remaining = slots.map((slot) => slot.remainingPaise);
  const base = sum(remaining);
  switch (offer.kind) {
    case 'percentage': {
      const raw = percentOfInRupees(base, offer.percent);
      const discountPaise = offer.maxDiscountPaise === null ? raw : Math.min(raw, offer.maxDiscountPaise);
      return { weights: remaining, discountPaise, shippingDiscountPaise: 0 };
    }
    case 'fixed':
      return {
        weights: remaining,
        discountPaise: Math.min(offer.amountPaise, base),
        shippingDiscountPaise: 0,
      };
    case 'free_shipping':
      return { weights: remaining, discountPaise: 0, shippingDiscountPaise: shippingPaise };
    case 'buy_x_get_y':
      return buyXGetY(offer, slots);
    case 'bundle':
      return bundle(offer, slots);
  }
}

function targetedSlots(
  promotion: Promotion,
  lines: readonly PromotionLine[],
  remaining: readonly number[],
): Slot[] {
  const slots: Slot[] = [];
  lines.forEach((line, index) => {
    if (line.quantity > 0 && lineInTarget(line, promotion.target)) {
      slots.push({
        index,
        pricePaise: line.pricePaise,
        quantity: line.quantity,
        remainingPaise: remaining[index] ?? 0,
      });
    }
  });
  return slots;
}

function lineTotals(lines: readonly PromotionLine[]): number[] {
  return lines.map((line) => line.pricePaise * line.quantity);
}

function windowRefusal(conditions: PromotionConditions, now: number): string | null {
  if (conditions.startsAt !== null && now < conditions.startsAt) return PROMOTION_MESSAGES.notYetValid;
  if (conditions.endsAt !== null && now >= conditions.endsAt) return PROMOTION_MESSAGES.expired;
  return null;
}

function shopperRefusal(promotion: Promotion, context: PromotionContext): string | null {
  const { shoppers, firstOrderOnly, prepaidOnly } = promotion.conditions;
  // A code meant for other shoppers reads as unknown: it does not tell who it is for.
  if (shoppers !== null && !context.shopperKeys.some((key) => shoppers.includes(key))) {
    return PROMOTION_MESSAGES.invalid;
  }
  if (context.usedUp.has(promotion.id)) return PROMOTION_MESSAGES.alreadyUsed;
  if (firstOrderOnly && !context.firstOrder) return PROMOTION_MESSAGES.firstOrderOnly;
  if (prepaidOnly && context.gateway === 'COD') return PROMOTION_MESSAGES.prepaidOnly;
  return null;
}

function cartRefusal(
  promotion: Promotion,
  lines: readonly PromotionLine[],
  shippingPaise: number,
): string | null {
  const slots = targetedSlots(promotion, lines, lineTotals(lines));
  if (slots.length === 0) return PROMOTION_MESSAGES.notApplicable;
  const subtotal = sum(slots.map((slot) => slot.remainingPaise));
  if (subtotal < promotion.conditions.minSubtotalPaise) {
    return addMoreMessage(promotion.conditions.minSubtotalPaise - subtotal);
  }
  if (sum(slots.map((slot) => slot.quantity)) < promotion.conditions.minQuantity) {
    return PROMOTION_MESSAGES.notApplicable;
  }
  const result = offerResult(promotion.offer, slots, shippingPaise);
  // Free shipping stays applied on a prepaid order (its fee is 0 today, not if the shopper switches to COD).
  if (promotion.offer.kind !== 'free_shipping' && result.discountPaise === 0)
    return PROMOTION_MESSAGES.notApplicable;
  return null;
}

/**
 * Why the promotion does not apply to these lines, in the words the shopper sees; null when it applies. The checks
 * go from the code itself (window, who it is for, used up) to the cart (payment, items, minimum).
 */
export function promotionRefusal(
  promotion: Promotion,
  lines: readonly PromotionLine[],
  context: PromotionContext,
): string | null {
  return (
    windowRefusal(promotion.conditions, context.now) ??
    shopperRefusal(promotion, context) ??
    cartRefusal(promotion, lines, context.shippingPaise)
  );
}

/** Item offers first, then percentages, then fixed amounts, then shipping; ids break ties. */
const APPLY_ORDER: Record<PromotionKind, number> = {
  bundle: 0,
  buy_x_get_y: 1,
  percentage: 2,
  fixed: 3,
  free_shipping: 4,
};

function byApplyOrder(a: Promotion, b: Promotion): number {
  return APPLY_ORDER[a.offer.kind] - APPLY_ORDER[b.offer.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Applies promotions one after the other, each on what the lines still cost. */
function applyInOrder(
  promotions: readonly Promotion[],
  lines: readonly PromotionLine[],
  shippingPaise: number,
): AppliedPromotion[] {
  const remaining = lineTotals(lines);
  let shippingLeft = shippingPaise;
  return [...promotions].sort(byApplyOrder).map((promotion) => {
    const slots = targetedSlots(promotion, lines, remaining);
    const result = offerResult(promotion.offer, slots, shippingLeft);
    const shares = allocatePaise(result.discountPaise, result.weights);
    const linesPaise = lines.map(() => 0);
    slots.forEach((slot, position) => {
      const share = shares[position] ?? 0;
      linesPaise[slot.index] = share;
      remaining[slot.index] = (remaining[slot.index] ?? 0) - share;
    });
    shippingLeft -= result.shippingDiscountPaise;
    return {
      id: promotion.id,
      code: promotion.code,
      kind: promotion.offer.kind,
      discountPaise: result.discountPaise,
      shippingDiscountPaise: result.shippingDiscountPaise,
      linesPaise,
    };
  });
}

interface Candidate {
  promotions: Promotion[];
  /** Holds the code the shopper entered. */
  hasCode: boolean;
  applied: AppliedPromotion[];
  saving: number;
  ids: string;
}

function candidate(
  promotions: Promotion[],
  lines: readonly PromotionLine[],
  shippingPaise: number,
): Candidate {
  const applied = applyInOrder(promotions, lines, shippingPaise);
  return {
    promotions,
    hasCode: promotions.some((promotion) => promotion.code !== null),
    applied,
    saving: sum(applied.map((entry) => entry.discountPaise + entry.shippingDiscountPaise)),
    ids: promotions
      .map((promotion) => promotion.id)
      .sort()
      .join(','),
  };
}

/** More saved first; then the one with the entered code; then fewer promotions; then the smaller list of ids. */
function better(a: Candidate, b: Candidate): boolean {
  if (a.saving !== b.saving) return a.saving > b.saving;
  if (a.hasCode !== b.hasCode) return a.hasCode;
  if (a.promotions.length !== b.promotions.length) return a.promotions.length < b.promotions.length;
  return a.ids < b.ids;
}

function candidates(eligible: readonly Promotion[], code: Promotion | null): Promotion[][] {
  const sets: Promotion[][] = eligible.map((promotion) => [promotion]);
  const combinable = eligible.filter((promotion) => promotion.combinable && promotion !== code);
  if (combinable.length > 1) sets.push(combinable);
  if (code !== null && code.combinable && combinable.length > 0) sets.push([...combinable, code]);
  return sets;
}

export interface EvaluatePromotionsInput {
  lines: readonly PromotionLine[];
  /** The active automatic promotions (code null). */
  automatic: readonly Promotion[];
  /** The promotion behind the code the shopper entered, if any (an unknown code is the server's 'Invalid code.'). */
  code: Promotion | null;
  context: PromotionContext;
}

/**
 * The best combination for the shopper (decision 029, stacking): at most one code plus automatic promotions marked
 * combinable; each eligible promotion alone and the combinable ones together are compared, and the one saving the
 * most wins, ties to the one with the entered code, then to fewer promotions and then to the smaller ids, so the same cart always gets the same answer.
 */
export function evaluatePromotions({
  lines,
  automatic,
  code,
  context,
}: EvaluatePromotionsInput): PromotionsOutcome {
  const codeRefusal = code === null ? null : promotionRefusal(code, lines, context);
  const eligible = automatic.filter((promotion) => promotionRefusal(promotion, lines, context) === null);
  if (code !== null && codeRefusal === null) eligible.push(code);
  let best: Candidate = candidate([], lines, context.shippingPaise);
  for (const set of candidates(eligible, code)) {
    const next = candidate(set, lines, context.shippingPaise);
    if (better(next, best)) best = next;
  }
  const applied = best.applied;
  return {
    applied,
    lineDiscountsPaise: lines.map((_, index) => sum(applied.map((entry) => entry.linesPaise[index] ?? 0))),
    discountPaise: sum(applied.map((entry) => entry.discountPaise)),
    shippingDiscountPaise: sum(applied.map((entry) => entry.shippingDiscountPaise)),
    prepaidOnly: code !== null && best.promotions.includes(code) && code.conditions.prepaidOnly,
    codeRefusal,
    codeOutdone: code !== null && codeRefusal === null && !best.promotions.includes(code),
  };
}
