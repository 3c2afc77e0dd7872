// The product CSV import (docs/admin.md#csv-import-and-export). The whole file is read and checked before anything
// is written: each product's fields against the contract's create or patch schema, each variant against the
// variants schema, the product rules of the admin calls (known category, free SKU, an archived product stays
// unpublished), then everything is written in the caller's one audited transaction, or nothing is.
import { MRP_RULE_MESSAGES, describeMrpRule } from '@rangrez/contract/rules';
import {
  type AdminCsvImportReport,
  type AdminProductCreateBody,
  type AdminProductPatchBody,
  type AdminVariantInput,
  type CsvImportError,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_FIELD_COLUMNS,
  type ProductCsvColumn,
  adminProductCreateBodySchema,
  adminProductPatchBodySchema,
  adminVariantSchema,
} from '@rangrez/contract/schemas';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditInput, AuditedChange } from '../audit/index.ts';
import {
  PRODUCT_COLUMNS,
  type ProductColumn,
  type ProductFields,
  fieldsOf,
  readMrpRule,
} from './admin-csv-columns.ts';
import { type CsvRecord, readWholeNumber, readYesNo, unguardFormula } from './admin-csv-format.ts';
import {
  type CsvProductRecord,
  type CsvVariantRecord,
  type ImportedProductFields,
  findProductsBySlug,
  findSkuOwners,
  insertProducts,
  listCategoriesWithGroups,
  listVariantsOf,
  updateProducts,
  upsertVariantsInBulk,
} from './admin-csv-repository.ts';
import { type VariantWrite, ensureProductCategoryId } from './admin-repository.ts';
import {
  ADMIN_PRODUCT_MESSAGES,
  newProductValues,
  offeredColoursAndSizes,
  patchValues,
  variantsView,
  withClashCheck,
} from './admin-service.ts';

export const CSV_IMPORT_MESSAGES = {
  handleRequired: 'handle is required',
  categoryRequired: 'category is required',
  unknownCategory: (name: string, group: string) =>
    group ? `category "${name}" does not exist in group "${group}"` : `category "${name}" does not exist`,
  ambiguousCategory: (name: string, groups: string[]) =>
    `category "${name}" is in several groups (${groups.join(', ')}): name one in the group column`,
  differs: (column: string, row: number) => `${column} differs from row ${row} of the same handle`,
  repeatedVariant: (row: number) => `This colour and size repeat row ${row} of the same handle`,
  skuInFile: (row: number) => `Another product on row ${row} has this SKU`,
  yesNo: (column: string) => `${column} must be yes or no`,
  noVariants: 'A new product needs at least one row with its colour, size and stock',
  moreErrors: (count: number) => `${count} more errors are not listed`,
  rejected: 'The file has errors: nothing was imported',
} as const;

/** The report lists this many errors at most: a file with an error on every row would otherwise be as large. */
const MAX_LISTED_ERRORS = 1000;

// ---------------------------------------------------------------- the file's products

interface Cell {
  text: string;
  row: number;
}

interface VariantCells {
  row: number;
  color: string;
  size: string;
  stock: string;
  fulfilmentSku: string | undefined;
  sellable: string | undefined;
}

/** One handle's rows: the product's fields (each the first non-blank cell of its column) and its variants. */
interface Draft {
  handle: string;
  row: number;
  values: Partial<Record<ProductColumn, Cell>>;
  variants: VariantCells[];
  variantRows: Map<string, number>;
}

function addProductCells(draft: Draft, { row, cells }: CsvRecord, errors: CsvImportError[]) {
  for (const column of PRODUCT_CSV_FIELD_COLUMNS) {
    const text = cells[column];
    if (text === undefined || text.trim() === '') continue;
    const first = draft.values[column];
    const { same } = PRODUCT_COLUMNS[column];
    if (!first) draft.values[column] = { text, row };
    else if (same(first.text) !== same(text))
      errors.push({ row, column, message: CSV_IMPORT_MESSAGES.differs(column, first.row) });
  }
}

/** The row's variant, or undefined for a row that carries product fields only (no colour, size or stock). */
function variantCells({ row, cells }: CsvRecord): VariantCells | undefined {
  const color = unguardFormula(cells.color ?? '').trim();
  const size = (cells.size ?? '').trim().toUpperCase();
  const stock = cells.stock ?? '';
  if (!color && !size && !stock.trim()) return undefined;
  return { row, color, size, stock, fulfilmentSku: cells.fulfilment_sku, sellable: cells.sellable };
}

/** Groups the rows by handle, refusing rows without one and rows that contradict their product's first rows. */
function draftProducts(records: CsvRecord[], columns: ReadonlySet<ProductCsvColumn>) {
  const drafts = new Map<string, Draft>();
  const errors: CsvImportError[] = [];
  for (const record of records) {
    const handle = (record.cells.handle ?? '').trim();
    if (!handle) {
      errors.push({ row: record.row, column: 'handle', message: CSV_IMPORT_MESSAGES.handleRequired });
      continue;
    }
    let draft = drafts.get(handle);
    if (!draft) {
      draft = { handle, row: record.row, values: {}, variants: [], variantRows: new Map() };
      drafts.set(handle, draft);
    }
    addProductCells(draft, record, errors);
    const variant = variantCells(record);
    if (!variant) continue;
    const key = `${variant.color}|${variant.size}`;
    const twin = draft.variantRows.get(key);
    if (twin !== undefined)
      errors.push({ row: record.row, column: 'color', message: CSV_IMPORT_MESSAGES.repeatedVariant(twin) });
    else {
      draft.variantRows.set(key, record.row);
      draft.variants.push(variant);
    }
  }
  // A column that is in the file but blank on every row of a product sets the blank value ('' or none).
  for (const draft of drafts.values())
    for (const column of PRODUCT_CSV_FIELD_COLUMNS)
      if (columns.has(column) && !draft.values[column]) draft.values[column] = { text: '', row: draft.row };
  return { drafts: [...drafts.values()], errors };
}

// ---------------------------------------------------------------- what the database holds

interface CategoryChoice {
  id: string;
  name: string;
  groupName: string | null;
}

interface ImportContext {
  categoriesByName: Map<string, CategoryChoice[]>;
  existing: Map<string, CsvProductRecord>;
  variants: Map<string, Map<string, CsvVariantRecord>>;
  skuOwners: Map<string, string>;
}

const variantKey = (v: { color: string; size: string }) => `${v.color}|${v.size}`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Reads what the file names; with `lock`, the matched products are locked first, then their variants read. */
async function loadContext(db: Executor, drafts: Draft[], lock: boolean): Promise<ImportContext> {
  const existing = await findProductsBySlug(
    db,
    drafts.map((d) => d.handle),
    { lock },
  );
  const variants = await listVariantsOf(
    db,
    existing.map((p) => p.id),
  );
  const skus = drafts.map((d) => unguardFormula(d.values.sku?.text ?? '').trim()).filter(Boolean);
  const owners = await findSkuOwners(db, skus);
  const categories = await listCategoriesWithGroups(db);
  return {
    categoriesByName: groupBy(categories, (c) => c.name.trim().toLowerCase()),
    existing: new Map(existing.map((p) => [p.slug, p])),
    variants: new Map(
      [...groupBy(variants, (v) => v.productId)].map(([id, rows]) => [
        id,
        new Map(rows.map((v) => [variantKey(v), v])),
      ]),
    ),
    skuOwners: new Map(owners.map((o) => [o.sku, o.id])),
  };
}

// ---------------------------------------------------------------- checking one product

/** The API's field names (or paths) in the schemas' messages, and the file's columns they come from. */
const FIELD_COLUMNS: Record<string, ProductCsvColumn> = {
  ...Object.fromEntries(
    PRODUCT_CSV_FIELD_COLUMNS.flatMap((column) => {
      const { field } = PRODUCT_COLUMNS[column];
      return field ? [[field, column]] : [];
    }),
  ),
  slug: 'handle',
  mrpRule: 'mrp_rule',
  'mrpRule.kind': 'mrp_rule',
  'mrpRule.rupees': 'mrp_value',
  'mrpRule.mrp': 'mrp_value',
  categoryId: 'category',
  published: 'published',
  colors: 'color',
  sizes: 'size',
  color: 'color',
  size: 'size',
  stock: 'stock',
  fulfilmentSku: 'fulfilment_sku',
  sellable: 'sellable',
};

/** A schema's issues as the report's errors: the column instead of the field, in the message too. */
function issueErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rowOf: (column: ProductCsvColumn | null) => number,
): CsvImportError[] {
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const column = FIELD_COLUMNS[issue.path.join('.')] ?? FIELD_COLUMNS[field] ?? null;
    const message =
      column && column !== field && issue.message.startsWith(`${field} `)
        ? `${column}${issue.message.slice(field.length)}`
        : issue.message;
    return { row: rowOf(column), column, message };
  });
}

/** The row a product field's value came from. */
const rowOfProduct = (draft: Draft) => (column: ProductCsvColumn | null) =>
  (column && draft.values[column as ProductColumn]?.row) || draft.row;

/** The sub-category a product's category and group cells name. */
function resolveCategory(draft: Draft, ctx: ImportContext, errors: CsvImportError[]): string | undefined {
  const cell = draft.values.category;
  const name = unguardFormula(cell?.text ?? '').trim();
  const row = cell?.row ?? draft.row;
  if (!name) {
    errors.push({ row, column: 'category', message: CSV_IMPORT_MESSAGES.categoryRequired });
    return undefined;
  }
  const group = unguardFormula(draft.values.group?.text ?? '').trim();
  const named = ctx.categoriesByName.get(name.toLowerCase()) ?? [];
  const matches = group
    ? named.filter((c) => (c.groupName ?? '').trim().toLowerCase() === group.toLowerCase())
    : named;
  if (matches.length === 1) return matches[0]?.id;
  const message =
    matches.length === 0
      ? CSV_IMPORT_MESSAGES.unknownCategory(name, group)
      : CSV_IMPORT_MESSAGES.ambiguousCategory(
          name,
          matches.map((c) => c.groupName ?? '(none)'),
        );
  errors.push({ row, column: 'category', message });
  return undefined;
}

/** The product's fields in the API's names and units, for the contract's schemas to check. */
function productCandidate(draft: Draft, categoryId: string | undefined, errors: CsvImportError[]) {
  const candidate: Record<string, unknown> = { categoryId };
  for (const column of PRODUCT_CSV_FIELD_COLUMNS) {
    const { field, read } = PRODUCT_COLUMNS[column];
    const cell = draft.values[column];
    if (cell && field && read) candidate[field] = read(cell.text);
  }
  const { mrp_rule: kind, mrp_value: value } = draft.values;
  if (kind || value) candidate.mrpRule = readMrpRule(kind?.text ?? '', value?.text ?? '');
  const published = draft.values.published;
  const yes = published ? readYesNo(published.text) : undefined;
  if (yes === null && published)
    errors.push({ row: published.row, column: 'published', message: CSV_IMPORT_MESSAGES.yesNo('published') });
  else if (yes !== undefined) candidate.published = yes;
  return candidate;
}

/** Two field values (texts, numbers, flags, null, lists of texts, an MRP rule's plain object) are the same. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
    );
  }
  return a === b;
}

/** The fields of `body` whose value differs from the product's. */
function changedFields(before: ProductFields, body: AdminProductPatchBody): AdminProductPatchBody {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value !== undefined && !sameValue(value, before[field as keyof ProductFields]))
      changed[field] = value;
  }
  return changed as AdminProductPatchBody;
}

/** Variants as the audit trail and the colour rule see them. */
interface VariantState {
  color: string;
  size: string;
  stock: number;
  fulfilmentSku: string;
  sellable: boolean;
}

interface VariantPlan {
  /** The variants the import creates or changes. */
  writes: AdminVariantInput[];
  created: number;
  updated: number;
  /** Every variant of the product afterwards, in the order its colours are shown. */
  after: VariantState[];
  errorCount: number;
}

/**
 * The row says what the variant already is. Most rows of a re-imported export do, and at 100,000 rows the
 * schema's check of each cost more than the rest of the plan: a row equal to a stored (so once checked) variant
 * needs none.
 */
function repeats(cells: VariantCells, before: CsvVariantRecord | undefined): boolean {
  if (!before || cells.stock.trim() !== String(before.stock)) return false;
  const sku = cells.fulfilmentSku === undefined ? undefined : unguardFormula(cells.fulfilmentSku).trim();
  const sellable = cells.sellable === undefined ? undefined : readYesNo(cells.sellable);
  return (
    (sku === undefined || sku === before.fulfilmentSku) &&
    (sellable === undefined || sellable === before.sellable)
  );
}

/** The product's variants after the file: created, changed, and the untouched ones as they are. */
function planVariants(
  draft: Draft,
  current: Map<string, CsvVariantRecord>,
  errors: CsvImportError[],
): VariantPlan {
  const plan: VariantPlan = { writes: [], created: 0, updated: 0, after: [], errorCount: 0 };
  const after = new Map<string, VariantState>(current);
  for (const cells of draft.variants) {
    const before = current.get(variantKey(cells));
    if (repeats(cells, before)) continue;
    const sellable = cells.sellable === undefined ? undefined : readYesNo(cells.sellable);
    const parsed = adminVariantSchema.safeParse({
      color: cells.color,
      size: cells.size,
      stock: readWholeNumber(cells.stock),
      fulfilmentSku:
        cells.fulfilmentSku === undefined ? before?.fulfilmentSku : unguardFormula(cells.fulfilmentSku),
      sellable: sellable ?? before?.sellable,
    });
    const found = parsed.success ? [] : issueErrors(parsed.error.issues, () => cells.row);
    if (sellable === null)
      found.push({ row: cells.row, column: 'sellable', message: CSV_IMPORT_MESSAGES.yesNo('sellable') });
    if (found.length > 0 || !parsed.success) {
      errors.push(...found);
      plan.errorCount += 1;
      continue;
    }
    const v = parsed.data;
    if (
      before?.stock === v.stock &&
      before.fulfilmentSku === v.fulfilmentSku &&
      before.sellable === v.sellable
    )
      continue;
    plan.writes.push(v);
    if (before) plan.updated += 1;
    else plan.created += 1;
    after.set(variantKey(v), v);
  }
  plan.after = [...after.values()];
  return plan;
}

/** Colours in the order the product shows them, then new ones in the file's order; sizes XS to XXXL. */
function inShowOrder(variants: VariantState[], colours: string[]): VariantState[] {
  const rank = (color: string) => {
    const index = colours.indexOf(color);
    return index === -1 ? colours.length : index;
  };
  return variants
    .map((v, index) => ({ v, index }))
    .sort((a, b) => rank(a.v.color) - rank(b.v.color) || a.index - b.index)
    .map(({ v }) => v);
}

/** What the import does to one product of the file, once checked. */
export interface ProductPlan {
  id: string;
  handle: string;
  row: number;
  skuRow: number;
  existing: CsvProductRecord | undefined;
  /** The product's fields before (null for a new product) and after. */
  before: ProductFields | null;
  after: ProductFields;
  /** A new product's checked body. */
  create: AdminProductCreateBody | undefined;
  /** The changed fields of an existing product, and the columns they set. */
  patch: AdminProductPatchBody;
  variants: VariantPlan;
  beforeVariants: VariantState[];
}

/** A new product: the create schema with its variants' colours and sizes. */
function planNew(
  draft: Draft,
  candidate: Record<string, unknown>,
  variants: VariantPlan,
  errors: CsvImportError[],
): ProductPlan | undefined {
  const offered = offeredColoursAndSizes(variants.after);
  const parsed = adminProductCreateBodySchema.safeParse({ ...candidate, slug: draft.handle, ...offered });
  const rowOf = rowOfProduct(draft);
  if (!parsed.success) {
    // Missing colours and sizes are said once, below, or were said by the variants' own errors.
    const issues = parsed.error.issues.filter(
      (i) => !['colors', 'sizes', 'categoryId'].includes(String(i.path[0])),
    );
    errors.push(...issueErrors(issues, rowOf));
  }
  if (variants.after.length === 0 && variants.errorCount === 0)
    errors.push({ row: draft.row, column: 'color', message: CSV_IMPORT_MESSAGES.noVariants });
  if (!parsed.success || variants.after.length === 0) return undefined;
  const body = parsed.data;
  const { colors: _colors, sizes: _sizes, slug: _slug, ...fields } = body;
  return {
    id: randomUUID(),
    handle: draft.handle,
    row: draft.row,
    skuRow: rowOf('sku'),
    existing: undefined,
    before: null,
    after: { ...fields, slug: draft.handle, ...offered },
    create: body,
    patch: {} as AdminProductPatchBody,
    variants,
    beforeVariants: [],
  };
}

/** An existing product: the patch schema over the file's fields, then only those that change. */
function planExisting(
  draft: Draft,
  existing: CsvProductRecord,
  candidate: Record<string, unknown>,
  variants: VariantPlan,
  ctx: { errors: CsvImportError[]; current: Map<string, CsvVariantRecord>; now: Date },
): ProductPlan | undefined {
  const rowOf = rowOfProduct(draft);
  const parsed = adminProductPatchBodySchema.safeParse(candidate);
  if (!parsed.success) {
    ctx.errors.push(
      ...issueErrors(
        parsed.error.issues.filter((i) => i.path[0] !== 'categoryId'),
        rowOf,
      ),
    );
    return undefined;
  }
  const before = fieldsOf(existing);
  const patch = changedFields(before, parsed.data);
  try {
    patchValues(patch, { ...before, archived: existing.archivedAt !== null }, ctx.now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A new price above the product's declared MRP is the price's error; a rule that does not fit, the rule's.
    const column =
      err.message !== MRP_RULE_MESSAGES.fixedBelowPrice ? 'published' : patch.mrpRule ? 'mrp_value' : 'price';
    ctx.errors.push({ row: rowOf(column), column, message: err.message });
    return undefined;
  }
  const ordered = inShowOrder(variants.after, existing.colors);
  const offered = variants.writes.length > 0 ? offeredColoursAndSizes(ordered) : {};
  return {
    id: existing.id,
    handle: draft.handle,
    row: draft.row,
    skuRow: rowOf('sku'),
    existing,
    before,
    after: { ...before, ...patch, ...offered } as ProductFields,
    create: undefined,
    patch,
    variants: { ...variants, after: ordered },
    beforeVariants: [...ctx.current.values()],
  };
}

/** Every error of one product's rows, and its plan when there is none; an unknown category plans nothing. */
function planProduct(
  draft: Draft,
  ctx: ImportContext,
  errors: CsvImportError[],
  now: Date,
): ProductPlan | undefined {
  const categoryId = resolveCategory(draft, ctx, errors);
  const candidate = productCandidate(draft, categoryId, errors);
  const existing = ctx.existing.get(draft.handle);
  const current = (existing && ctx.variants.get(existing.id)) || new Map<string, CsvVariantRecord>();
  const variants = planVariants(draft, current, errors);
  const plan = existing
    ? planExisting(draft, existing, candidate, variants, { errors, current, now })
    : planNew(draft, candidate, variants, errors);
  return categoryId ? plan : undefined;
}

/** A SKU is one product's: not another product's in the store, nor another handle's in the file. */
function checkSkus(plans: ProductPlan[], ctx: ImportContext, errors: CsvImportError[]) {
  const inFile = new Map<string, number>();
  for (const plan of plans) {
    const { sku } = plan.after;
    const owner = ctx.skuOwners.get(sku);
    if (owner !== undefined && owner !== plan.id)
      errors.push({ row: plan.skuRow, column: 'sku', message: ADMIN_PRODUCT_MESSAGES.skuTaken });
    const other = inFile.get(sku);
    if (other !== undefined)
      errors.push({ row: plan.skuRow, column: 'sku', message: CSV_IMPORT_MESSAGES.skuInFile(other) });
    else inFile.set(sku, plan.skuRow);
  }
}

// ---------------------------------------------------------------- the whole file

export interface ImportPlan {
  rows: number;
  ignoredColumns: string[];
  plans: ProductPlan[];
  errors: CsvImportError[];
}

export interface ReadFile {
  records: CsvRecord[];
  columns: ReadonlySet<ProductCsvColumn>;
  ignoredColumns: string[];
  rowErrors: { row: number; message: string }[];
}

/** Checks the file against the store: every error, and what would be written were there none. */
export async function planImport(
  db: Executor,
  file: ReadFile,
  lock: boolean,
  now: Date,
): Promise<ImportPlan> {
  const { drafts, errors } = draftProducts(file.records, file.columns);
  errors.push(...file.rowErrors.map((e) => ({ ...e, column: null })));
  const ctx = await loadContext(db, drafts, lock);
  const plans: ProductPlan[] = [];
  for (const draft of drafts) {
    const plan = planProduct(draft, ctx, errors, now);
    if (plan) plans.push(plan);
  }
  checkSkus(plans, ctx, errors);
  return { rows: file.records.length, ignoredColumns: file.ignoredColumns, plans, errors };
}

const isChanged = (p: ProductPlan) =>
  p.create !== undefined || Object.keys(p.patch).length > 0 || p.variants.writes.length > 0;

/** Errors are listed by row, then in the export's column order: the order a person reads the file in. */
const columnRank = (column: string | null) =>
  column === null ? -1 : PRODUCT_CSV_COLUMNS.indexOf(column as ProductCsvColumn);

export function reportOf(plan: ImportPlan, dryRun: boolean): AdminCsvImportReport {
  const sorted = [...plan.errors].sort(
    (a, b) => (a.row ?? 0) - (b.row ?? 0) || columnRank(a.column) - columnRank(b.column),
  );
  const errors = sorted.slice(0, MAX_LISTED_ERRORS);
  if (sorted.length > MAX_LISTED_ERRORS)
    errors.push({
      row: null,
      column: null,
      message: CSV_IMPORT_MESSAGES.moreErrors(sorted.length - errors.length),
    });
  const count = (f: (p: ProductPlan) => number) => plan.plans.reduce((n, p) => n + f(p), 0);
  return {
    dryRun,
    rows: plan.rows,
    products: {
      create: count((p) => (p.create ? 1 : 0)),
      update: count((p) => (p.existing && Object.keys(p.patch).length > 0 ? 1 : 0)),
    },
    variants: { create: count((p) => p.variants.created), update: count((p) => p.variants.updated) },
    errors,
    ignoredColumns: plan.ignoredColumns,
  };
}

// ---------------------------------------------------------------- writing

/** The garment types the changes name, each added (without a size chart) if the store has none yet. */
async function garmentTypeIds(db: Executor, plans: ProductPlan[]): Promise<Map<string, string>> {
  const names = new Set<string>();
  for (const p of plans) {
    const type = p.create ? p.create.productCategory : p.patch.productCategory;
    if (type) names.add(type);
  }
  const ids = new Map<string, string>();
  for (const name of names) ids.set(name, await ensureProductCategoryId(db, name));
  return ids;
}

const typeIdOf = (typeIds: Map<string, string>, type: string | null) =>
  type === null ? null : (typeIds.get(type) ?? null);

/** An existing product's row after the import: the patch's columns over the locked row's. */
function updatedRow(
  p: ProductPlan,
  e: CsvProductRecord,
  typeIds: Map<string, string>,
  now: Date,
): ImportedProductFields {
  const type = p.patch.productCategory;
  return {
    ...e,
    ...patchValues(p.patch, { ...fieldsOf(e), archived: e.archivedAt !== null }, now),
    productCategoryId: type === undefined ? e.productCategoryId : typeIdOf(typeIds, type),
    colors: p.after.colors,
    sizes: p.after.sizes,
  };
}

const stockOf = (variants: VariantState[]) => variants.reduce((n, v) => n + (v.sellable ? v.stock : 0), 0);

/** The product's audit view: its fields in rupees and names, its variants by colour and size, its stock. */
function auditEntry(p: ProductPlan): AuditInput {
  const view = (fields: ProductFields, variants: VariantState[]) => ({
    ...fields,
    mrpRule: describeMrpRule(fields.mrpRule),
    ...variantsView(variants),
    stock: stockOf(variants),
  });
  return {
    action: 'product.import',
    entityType: 'product',
    entityId: p.id,
    before: p.before ? view(p.before, p.beforeVariants) : null,
    after: view(p.after, p.variants.after),
  };
}

/** Writes a checked plan: products (locked, or new) before variants, then one audit row per product and one for all. */
export async function applyPlan(c: AuditedChange, plan: ImportPlan, report: AdminCsvImportReport, now: Date) {
  const changed = plan.plans.filter(isChanged);
  const typeIds = await garmentTypeIds(c.tx, changed);
  const inserts = changed.flatMap((p) =>
    p.create ? [newProductValues(p.create, p.id, typeIdOf(typeIds, p.create.productCategory), now)] : [],
  );
  const updates = changed.flatMap((p) => (p.existing ? [updatedRow(p, p.existing, typeIds, now)] : []));
  await withClashCheck(c.tx, async (tx) => {
    await insertProducts(tx, inserts);
    await updateProducts(tx, updates, now);
  });
  const writes: VariantWrite[] = changed.flatMap((p) =>
    p.variants.writes.map((v) => ({ productId: p.id, ...v, updatedAt: now })),
  );
  await upsertVariantsInBulk(c.tx, writes);
  await c.recordMany([
    ...changed.map(auditEntry),
    {
      action: 'catalogue.import',
      entityType: 'catalogue',
      entityId: 'products',
      after: { rows: report.rows, products: report.products, variants: report.variants },
    },
  ]);
}
