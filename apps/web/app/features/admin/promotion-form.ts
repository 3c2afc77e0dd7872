// The promotion form's values and the body they become (docs/admin.md#promotions). Amounts are typed in whole
// rupees, as the API takes them; the window is typed as India time whatever the member's own clock says, since the
// shop's offers start and end on India's clock; the body is checked with the contract's own schema, so each field
// shows the API's message.
import { indiaWallTime, instantOfIndiaTime } from '@rangrez/contract/rules/india-days';
import type { PromotionKind, PromotionScope } from '@rangrez/contract/rules/promotions';
import {
  type AdminPromotion,
  type AdminPromotionCreateBody,
  adminPromotionCreateBodySchema,
  promotionBodyProblems,
} from '@rangrez/contract/schemas/admin-promotions';

/** How shoppers get it: one code, a batch of single-use codes (generated on its page), or automatically. */
export type PromotionMode = 'code' | 'batch' | 'automatic';

export interface PromotionFormValues {
  title: string;
  mode: PromotionMode;
  code: string;
  kind: PromotionKind;
  /** Percent (percentage, buy X get Y) or rupees (fixed amount, bundle price), as typed. */
  value: string;
  maxDiscount: string;
  buyQuantity: string;
  getQuantity: string;
  bundleQuantity: string;
  target: PromotionScope;
  targetIds: string[];
  minSubtotal: string;
  minQuantity: string;
  /** datetime-local text in India time ('2026-12-01T09:30'); '' for an open side. */
  startsAt: string;
  endsAt: string;
  prepaidOnly: boolean;
  firstOrderOnly: boolean;
  /** E-mails or phone numbers, one a line. */
  shoppers: string;
  usageLimit: string;
  perCustomerLimit: string;
  budget: string;
  combinable: boolean;
  active: boolean;
}

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  title: '',
  mode: 'code',
  code: '',
  kind: 'percentage',
  value: '',
  maxDiscount: '',
  buyQuantity: '',
  getQuantity: '',
  bundleQuantity: '',
  target: 'order',
  targetIds: [],
  minSubtotal: '',
  minQuantity: '',
  startsAt: '',
  endsAt: '',
  prepaidOnly: false,
  firstOrderOnly: false,
  shoppers: '',
  usageLimit: '',
  perCustomerLimit: '',
  budget: '',
  combinable: false,
  active: true,
};

/** An instant as a datetime-local input shows it in India time; null is ''. */
export function indiaInputValue(iso: string | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : indiaWallTime(new Date(ms));
}

/** A datetime-local value read as India time, as an ISO instant; '' is null. Text no date reads is passed on. */
export function isoFromIndiaInput(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  return instantOfIndiaTime(text)?.toISOString() ?? text;
}

/** A typed number: '' is `empty`; anything else as a number (text that is not one fails the schema's check). */
function numberOr<T extends number | null>(text: string, empty: T): number | T {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? empty : Number(trimmed);
}

const shopperList = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The API's body: every field, so creating and editing send the same (PATCH takes each as optional). */
export function promotionBody(v: PromotionFormValues): AdminPromotionCreateBody {
  return {
    title: v.title.trim(),
    code: v.mode === 'code' ? v.code.trim().toUpperCase() : null,
    kind: v.kind,
    value: v.kind === 'free_shipping' ? 0 : numberOr(v.value, 0),
    maxDiscount: v.kind === 'percentage' ? numberOr(v.maxDiscount, null) : null,
    buyQuantity: v.kind === 'buy_x_get_y' ? numberOr(v.buyQuantity, null) : null,
    getQuantity: v.kind === 'buy_x_get_y' ? numberOr(v.getQuantity, null) : null,
    bundleQuantity: v.kind === 'bundle' ? numberOr(v.bundleQuantity, null) : null,
    target: v.target,
    targetIds: v.target === 'order' ? [] : [...v.targetIds],
    minSubtotal: numberOr(v.minSubtotal, 0),
    minQuantity: numberOr(v.minQuantity, 0),
    usageLimit: numberOr(v.usageLimit, null),
    perCustomerLimit: numberOr(v.perCustomerLimit, null),
    budget: numberOr(v.budget, null),
    prepaidOnly: v.prepaidOnly,
    firstOrderOnly: v.firstOrderOnly,
    shoppers: shopperList(v.shoppers),
    startsAt: isoFromIndiaInput(v.startsAt),
    endsAt: isoFromIndiaInput(v.endsAt),
    automatic: v.mode === 'automatic',
    combinable: v.combinable,
    active: v.active,
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function formFromPromotion(p: AdminPromotion): PromotionFormValues {
  const mode: PromotionMode = p.automatic ? 'automatic' : p.code === null ? 'batch' : 'code';
  return {
    title: p.title,
    mode,
    code: p.code ?? '',
    kind: p.kind,
    value: p.kind === 'free_shipping' ? '' : String(p.value),
    maxDiscount: text(p.maxDiscount),
    buyQuantity: text(p.buyQuantity),
    getQuantity: text(p.getQuantity),
    bundleQuantity: text(p.bundleQuantity),
    target: p.target,
    targetIds: [...p.targetIds],
    minSubtotal: p.minSubtotal === 0 ? '' : String(p.minSubtotal),
    minQuantity: p.minQuantity === 0 ? '' : String(p.minQuantity),
    startsAt: indiaInputValue(p.startsAt),
    endsAt: indiaInputValue(p.endsAt),
    prepaidOnly: p.prepaidOnly,
    firstOrderOnly: p.firstOrderOnly,
    shoppers: p.shoppers.join('\n'),
    usageLimit: text(p.usageLimit),
    perCustomerLimit: text(p.perCustomerLimit),
    budget: text(p.budget),
    combinable: p.combinable,
    active: p.active,
  };
}

export type PromotionFormErrors = Partial<Record<keyof PromotionFormValues, string>>;

/** The body when the schema takes it, or the first message for each field (a code-mode form needs its code). */
export function checkPromotionForm(
  v: PromotionFormValues,
): { body: AdminPromotionCreateBody; errors?: never } | { errors: PromotionFormErrors; body?: never } {
  const body = promotionBody(v);
  const errors: PromotionFormErrors = {};
  if (v.mode === 'code' && body.code === '')
    errors.code = 'Enter the code shoppers type, or choose another way.';
  const parsed = adminPromotionCreateBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'title') as keyof PromotionFormValues;
      errors[field] ??= issue.message;
    }
    // The schema checks across fields only once each field passes; the form shows both at once.
    for (const problem of promotionBodyProblems(body)) {
      errors[problem.path as keyof PromotionFormValues] ??= problem.message;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: parsed.success ? parsed.data : body };
}
