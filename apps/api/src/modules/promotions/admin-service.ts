// The back office's promotions (docs/promotions.md#back-office): list, read, create, edit (switching on and off is
// an edit) and batches of single-use codes with their CSV. Every change runs inside the caller's audited change.
import { paiseToRupees, rupeesToPaise } from '@rangrez/contract/rules';
import {
  type AdminPromotion,
  type AdminPromotionCreateBody,
  type AdminPromotionPatchBody,
  promotionBodyProblems,
} from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { randomCode } from './codes.ts';
import type { AuditedChange } from '../audit/index.ts';
import {
  type PromotionInsert,
  type PromotionRecord,
  batchCodeExists,
  countBatchCodes,
  findPromotionRecord,
  insertBatchCodes,
  insertPromotion,
  listBatchCodes,
  listPromotionRecords,
  lockPromotion,
  updatePromotion,
} from './repository.ts';
import { promotionGstCheck } from './gst-check.ts';
import { createPromotionReports } from './report.ts';

export const ADMIN_PROMOTIONS_MESSAGES = {
  notFound: 'Promotion not found',
  codeTaken: 'This code is already in use',
  automaticHasNoCodes: 'An automatic promotion has no codes',
  limitBelowUsed: (used: number) => `usageLimit must not be below the ${used} redemptions made`,
  budgetBelowUsed: (rupees: number) => `budget must not be below the ₹${rupees} already given`,
  managedBySettings: "The welcome offer's terms are set in Settings: here it can only be switched on or off",
} as const;

export interface AdminPromotionsOptions {
  db: Db;
  clock: Clock;
}

/** The body's `value` as the row keeps it, by kind. */
function valueColumns(kind: AdminPromotion['kind'], value: number) {
  const percent = kind === 'percentage' || kind === 'buy_x_get_y' ? value : null;
  const amountPaise = kind === 'fixed' || kind === 'bundle' ? rupeesToPaise(value) : null;
  return { percent, amountPaise };
}

function valueOf(row: PromotionRecord): number {
  if (row.percent !== null) return row.percent;
  return row.amountPaise === null ? 0 : paiseToRupees(row.amountPaise);
}

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const paiseOrNull = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));
const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

export function toAdminPromotion(row: PromotionRecord): AdminPromotion {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    kind: row.kind,
    value: valueOf(row),
    maxDiscount: rupeesOrNull(row.maxDiscountPaise),
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    bundleQuantity: row.bundleQuantity,
    target: row.target,
    targetIds: row.targetIds,
    minSubtotal: paiseToRupees(row.minSubtotalPaise),
    minQuantity: row.minQuantity,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    budget: rupeesOrNull(row.budgetPaise),
    prepaidOnly: row.prepaidOnly,
    firstOrderOnly: row.firstOrderOnly,
    shoppers: row.shoppers,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    automatic: row.automatic,
    combinable: row.combinable,
    active: row.active,
    used: row.used,
    redemptions: row.redemptions,
    budgetUsed: paiseToRupees(row.budgetUsedPaise),
    batchCodes: row.batchCodes,
    batchCodesUsed: row.batchCodesUsed,
    managedBy: row.systemKey === null ? null : 'settings',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the owner sets, as the audit trail records it (the counters move with orders, not with edits). */
function auditView(p: AdminPromotion): Record<string, unknown> {
  const {
    id: _id,
    used: _u,
    redemptions: _r,
    budgetUsed: _b,
    batchCodes: _c,
    batchCodesUsed: _cu,
    ...set
  } = p;
  const { createdAt: _ca, updatedAt: _ua, ...fields } = set;
  return fields;
}

type PromotionFields = AdminPromotionCreateBody;

/** A shopper identity as the server compares it: a lower-case e-mail, or the phone's last ten digits. */
function normaliseShopper(value: string): string {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const digits = trimmed.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

function columnsOf(body: PromotionFields): Omit<PromotionInsert, 'id' | 'createdAt' | 'updatedAt'> {
  const isBuyGet = body.kind === 'buy_x_get_y';
  return {
    title: body.title,
    code: body.automatic ? null : body.code,
    kind: body.kind,
    ...valueColumns(body.kind, body.value),
    maxDiscountPaise: body.kind === 'percentage' ? paiseOrNull(body.maxDiscount) : null,
    buyQuantity: isBuyGet ? body.buyQuantity : null,
    getQuantity: isBuyGet ? body.getQuantity : null,
    bundleQuantity: body.kind === 'bundle' ? body.bundleQuantity : null,
    target: body.target,
    targetIds: body.target === 'order' ? [] : [...new Set(body.targetIds)],
    minSubtotalPaise: rupeesToPaise(body.minSubtotal),
    minQuantity: body.minQuantity,
    usageLimit: body.usageLimit,
    perCustomerLimit: body.perCustomerLimit,
    budgetPaise: paiseOrNull(body.budget),
    prepaidOnly: body.prepaidOnly,
    firstOrderOnly: body.firstOrderOnly,
    shoppers: [...new Set(body.shoppers.map(normaliseShopper))],
    startsAt: toDate(body.startsAt),
    endsAt: toDate(body.endsAt),
    automatic: body.automatic,
    combinable: body.combinable,
    active: body.active,
  };
}

async function readPromotion(db: Executor, id: string): Promise<AdminPromotion> {
  const row = await findPromotionRecord(db, id);
  if (!row) throw notFound(ADMIN_PROMOTIONS_MESSAGES.notFound);
  return toAdminPromotion(row);
}

/** The code must not spell a batch code; the unique index covers the promotions' own codes. */
async function writeGuarded<T>(db: Executor, code: string | null, write: () => Promise<T>): Promise<T> {
  if (code !== null && (await batchCodeExists(db, code))) throw conflict(ADMIN_PROMOTIONS_MESSAGES.codeTaken);
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_key')) throw conflict(ADMIN_PROMOTIONS_MESSAGES.codeTaken);
    throw err;
  }
}

async function createPromotion(
  opts: AdminPromotionsOptions,
  c: AuditedChange,
  body: AdminPromotionCreateBody,
) {
  const now = opts.clock.now();
  const columns = columnsOf(body);
  const row = await writeGuarded(c.tx, columns.code ?? null, () =>
    insertPromotion(c.tx, { ...columns, createdAt: now, updatedAt: now }),
  );
  const created = await readPromotion(c.tx, row.id);
  await c.record({
    action: 'promotion.create',
    entityType: 'promotion',
    entityId: row.id,
    after: auditView(created),
  });
  return created;
}

/** The stored promotion with the patch laid over it, checked as a whole. */
function merged(before: AdminPromotion, body: AdminPromotionPatchBody): PromotionFields {
  const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const next = { ...before, ...defined } as AdminPromotion;
  const problem = promotionBodyProblems(next)[0];
  if (problem) throw badRequest(problem.message);
  if (next.usageLimit !== null && next.usageLimit < before.used) {
    throw badRequest(ADMIN_PROMOTIONS_MESSAGES.limitBelowUsed(before.used));
  }
  if (next.budget !== null && next.budget < before.budgetUsed) {
    throw badRequest(ADMIN_PROMOTIONS_MESSAGES.budgetBelowUsed(before.budgetUsed));
  }
  return next;
}

async function patchPromotion(
  opts: AdminPromotionsOptions,
  c: AuditedChange,
  id: string,
  body: AdminPromotionPatchBody,
) {
  if (!(await lockPromotion(c.tx, id))) throw notFound(ADMIN_PROMOTIONS_MESSAGES.notFound);
  const before = await readPromotion(c.tx, id);
  // The welcome offer follows the settings (docs/newsletter.md): an edit here would be undone by the next code.
  if (before.managedBy !== null && Object.entries(body).some(([k, v]) => k !== 'active' && v !== undefined)) {
    throw conflict(ADMIN_PROMOTIONS_MESSAGES.managedBySettings);
  }
  const columns = columnsOf(merged(before, body));
  const codeChanged = columns.code !== before.code ? (columns.code ?? null) : null;
  await writeGuarded(c.tx, codeChanged, () => updatePromotion(c.tx, id, columns, opts.clock.now()));
  const after = await readPromotion(c.tx, id);
  await c.record({
    action: 'promotion.update',
    entityType: 'promotion',
    entityId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

async function generateCodes(c: AuditedChange, id: string, count: number) {
  const row = await lockPromotion(c.tx, id);
  if (!row) throw notFound(ADMIN_PROMOTIONS_MESSAGES.notFound);
  if (row.automatic) throw badRequest(ADMIN_PROMOTIONS_MESSAGES.automaticHasNoCodes);
  const prefix = (row.code ?? 'RZ').slice(0, 12);
  const codes: string[] = [];
  // 31^10 codes per prefix: a clash is rare, and a clashing code is simply drawn again.
  while (codes.length < count) {
    const wanted = Array.from({ length: count - codes.length }, () => randomCode(prefix));
    codes.push(...(await insertBatchCodes(c.tx, id, [...new Set(wanted)])));
  }
  const batchCodes = await countBatchCodes(c.tx, id);
  await c.record({
    action: 'promotion.codes',
    entityType: 'promotion',
    entityId: id,
    after: { generated: count, batchCodes },
  });
  return { success: true as const, batchCodes, codes };
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The batch as CSV (code, used, created_at), UTF-8 with a byte order mark for spreadsheet programs. */
async function codesCsv(opts: AdminPromotionsOptions, id: string): Promise<string> {
  if (!(await findPromotionRecord(opts.db, id))) throw notFound(ADMIN_PROMOTIONS_MESSAGES.notFound);
  const rows = await listBatchCodes(opts.db, id);
  const lines = rows.map((r) =>
    [r.code, r.orderId === null ? 'no' : 'yes', r.createdAt.toISOString()].map(csvCell).join(','),
  );
  return `\uFEFF${['code,used,created_at', ...lines].join('\r\n')}\r\n`;
}

export function createAdminPromotionsService(opts: AdminPromotionsOptions) {
  return {
    list: async () => ({
      success: true as const,
      promotions: (await listPromotionRecords(opts.db)).map(toAdminPromotion),
    }),
    get: (id: string) => readPromotion(opts.db, id),
    create: (c: AuditedChange, body: AdminPromotionCreateBody) => createPromotion(opts, c, body),
    patch: (c: AuditedChange, id: string, body: AdminPromotionPatchBody) => patchPromotion(opts, c, id, body),
    generateCodes: (c: AuditedChange, id: string, count: number) => generateCodes(c, id, count),
    codesCsv: (id: string) => codesCsv(opts, id),
    gstCheck: (id: string) => promotionGstCheck(opts.db, opts.clock, id, ADMIN_PROMOTIONS_MESSAGES.notFound),
    ...createPromotionReports(opts),
  };
}
export type AdminPromotionsService = ReturnType<typeof createAdminPromotionsService>;
