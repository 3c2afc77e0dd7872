// How the back office words a promotion (docs/admin.md#promotions): its offer, how shoppers get it, its status, its
// use against its limits, and its window in India time.
import { SHOP_TIME_ZONE } from '@rangrez/contract/rules/india-days';
import { formatINR } from '@rangrez/contract/rules/money';
import type { AdminPromotion } from '@rangrez/contract/schemas/admin-promotions';

export const PROMOTION_STATUSES = ['active', 'scheduled', 'used_up', 'expired', 'off'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  used_up: 'Used up',
  expired: 'Expired',
  off: 'Off',
};

/**
 * Switched off; before its start; at or after its end; its redemptions or its budget all taken (orders that give
 * theirs back free them again); otherwise active. A budget counts as taken when less than ₹1 of it is left.
 */
export function promotionStatus(p: AdminPromotion, now: number): PromotionStatus {
  if (!p.active) return 'off';
  if (p.startsAt !== null && Date.parse(p.startsAt) > now) return 'scheduled';
  if (p.endsAt !== null && Date.parse(p.endsAt) <= now) return 'expired';
  if (p.usageLimit !== null && p.used >= p.usageLimit) return 'used_up';
  if (p.budget !== null && p.budget - p.budgetUsed < 1) return 'used_up';
  return 'active';
}

type Offer = Pick<
  AdminPromotion,
  'kind' | 'value' | 'maxDiscount' | 'buyQuantity' | 'getQuantity' | 'bundleQuantity'
>;

/** '20% off (at most ₹300)', '₹100 off', 'Free shipping', 'Buy 2, get 1 free', 'Any 3 for ₹1,199'. */
export function offerText(p: Offer): string {
  switch (p.kind) {
    case 'percentage':
      return `${p.value}% off${p.maxDiscount === null ? '' : ` (at most ${formatINR(p.maxDiscount)})`}`;
    case 'fixed':
      return `${formatINR(p.value)} off`;
    case 'free_shipping':
      return 'Free shipping';
    case 'buy_x_get_y':
      return `Buy ${p.buyQuantity ?? 0}, get ${p.getQuantity ?? 0} ${p.value === 100 ? 'free' : `at ${p.value}% off`}`;
    case 'bundle':
      return `Any ${p.bundleQuantity ?? 0} for ${formatINR(p.value)}`;
  }
}

/** The code, 'Automatic', or the batch's size. */
export function howText(p: Pick<AdminPromotion, 'code' | 'automatic' | 'batchCodes'>): string {
  if (p.automatic) return 'Automatic';
  if (p.code !== null) return p.code;
  return `${p.batchCodes.toLocaleString('en-IN')} single-use ${p.batchCodes === 1 ? 'code' : 'codes'}`;
}

/** '3 / 100', or '3 / no limit'. */
export const usedText = (p: Pick<AdminPromotion, 'used' | 'usageLimit'>) =>
  `${p.used.toLocaleString('en-IN')} / ${p.usageLimit === null ? 'no limit' : p.usageLimit.toLocaleString('en-IN')}`;

/** '₹1,200 of ₹10,000', or '₹1,200 (no budget)'. */
export const budgetText = (p: Pick<AdminPromotion, 'budgetUsed' | 'budget'>) =>
  p.budget === null
    ? `${formatINR(p.budgetUsed)} (no budget)`
    : `${formatINR(p.budgetUsed)} of ${formatINR(p.budget)}`;

const indiaTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

/** The window in India time: 'Always', 'From …', 'Until …' or 'From … to …'. */
export function windowText(p: Pick<AdminPromotion, 'startsAt' | 'endsAt'>): string {
  const from = p.startsAt === null ? null : indiaTime.format(new Date(p.startsAt));
  const to = p.endsAt === null ? null : indiaTime.format(new Date(p.endsAt));
  if (from && to) return `From ${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Always';
}

/** Whether `query` (code or title, any case) finds the promotion; blank finds all. */
export function promotionMatches(p: Pick<AdminPromotion, 'code' | 'title'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || p.title.toLowerCase().includes(q) || (p.code ?? '').toLowerCase().includes(q);
}
