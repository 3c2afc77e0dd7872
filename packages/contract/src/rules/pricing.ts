// Catalogue pricing (docs/product/rules.md#mrp-and-discount): each product's MRP rule decides the crossed-out MRP
// beside its price. The default rule is the spec's fixed extra charge of ₹300 (MRP = price + 300).

import { formatINR, rupeesToPaise } from './money.ts';

export const MRP_RULE_KINDS = ['markup', 'fixed', 'none'] as const;
export type MrpRuleKind = (typeof MRP_RULE_KINDS)[number];

/**
 * How a product's MRP follows from its price, amounts in whole rupees: a markup on the price, a declared MRP (at
 * least the price), or no MRP at all (nothing crossed out, save 0%).
 */
export type MrpRule = { kind: 'markup'; rupees: number } | { kind: 'fixed'; mrp: number } | { kind: 'none' };

/** The spec's per-item extra charge behind the crossed-out MRP. */
export const DEFAULT_MARKUP_RUPEES = 300;
export const DEFAULT_MRP_RULE: Readonly<MrpRule> = Object.freeze({
  kind: 'markup',
  rupees: DEFAULT_MARKUP_RUPEES,
});

export const MRP_RULE_MESSAGES = {
  fixedBelowPrice: 'The MRP must not be below the price',
} as const;

/**
 * MRP in rupees for a price in whole rupees. A declared MRP below the price (refused when saved, see mrpRuleProblem)
 * counts as the price, so a discount is never negative.
 */
export function mrp(price: number, rule: Readonly<MrpRule>): number {
  switch (rule.kind) {
    case 'markup':
      return price + rule.rupees;
    case 'fixed':
      return Math.max(rule.mrp, price);
    case 'none':
      return price;
  }
}

/** MRP in paise for a price in paise; the rule's amounts are whole rupees. */
export function mrpPaise(pricePaise: number, rule: Readonly<MrpRule>): number {
  switch (rule.kind) {
    case 'markup':
      return pricePaise + rupeesToPaise(rule.rupees);
    case 'fixed':
      return Math.max(rupeesToPaise(rule.mrp), pricePaise);
    case 'none':
      return pricePaise;
  }
}

/**
 * "Save N%": round((MRP - price) / MRP * 100); with the default rule round(300 / (price + 300) * 100), so a price
 * of 499 saves 38%. 0 when there is nothing to save or the figures are not usable numbers (bad data must not render
 * "Infinity%" or a negative saving).
 */
export function savePercent(price: number, mrpRupees: number): number {
  if (!Number.isFinite(price) || !Number.isFinite(mrpRupees) || price < 0 || mrpRupees <= price) return 0;
  return Math.round(((mrpRupees - price) / mrpRupees) * 100);
}

/** savePercent for a price and the product's rule. */
export function ruleSavePercent(price: number, rule: Readonly<MrpRule>): number {
  if (!Number.isFinite(price) || price < 0) return 0;
  return savePercent(price, mrp(price, rule));
}

/** One order line's discount in paise: (unit MRP - unit price) x quantity, never below 0. */
export function lineDiscountPaise(line: { pricePaise: number; mrpPaise: number; quantity: number }): number {
  return Math.max(line.mrpPaise - line.pricePaise, 0) * line.quantity;
}

/** Why a price and a rule cannot go together (a declared MRP below the price); null when they can. */
export function mrpRuleProblem(price: number, rule: Readonly<MrpRule>): string | null {
  return rule.kind === 'fixed' && rule.mrp < price ? MRP_RULE_MESSAGES.fixedBelowPrice : null;
}

/** The rule in words, as the back office and its audit trail show it: 'price + ₹300', 'MRP ₹1,499', 'no MRP'. */
export function describeMrpRule(rule: Readonly<MrpRule>): string {
  switch (rule.kind) {
    case 'markup':
      return `price + ${formatINR(rule.rupees)}`;
    case 'fixed':
      return `MRP ${formatINR(rule.mrp)}`;
    case 'none':
      return 'no MRP';
  }
}
