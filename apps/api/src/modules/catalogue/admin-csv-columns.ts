// The product CSV's product columns (docs/admin.md#csv-import-and-export), each described once: the cell the
// export writes, when two cells of one product agree, and the admin field the import sets from it. The contract
// names the columns (PRODUCT_CSV_FIELD_COLUMNS); a column added there does not compile until it has its entry
// here, and a field added to the product PATCH does not compile until fieldsOf reads it.
import { DEFAULT_MARKUP_RUPEES, GARMENT_TYPES, paiseToRupees } from '@rangrez/contract/rules';
import type { AdminProductPatchBody, PRODUCT_CSV_FIELD_COLUMNS } from '@rangrez/contract/schemas';
import { mrpRuleOf } from '../../lib/mrp-rule.ts';
import {
  DETAIL_SEPARATOR,
  TAG_SEPARATOR,
  guardFormula,
  readList,
  readRupees,
  readYesNo,
  unguardFormula,
  yesNo,
} from './admin-csv-format.ts';
import type { CsvProductRecord } from './admin-csv-repository.ts';

export type ProductColumn = (typeof PRODUCT_CSV_FIELD_COLUMNS)[number];

/**
 * A product's fields as the admin API reads them (every field `PATCH /admin/products/{id}` takes, but archiving),
 * with its colours and sizes: what the file's values are compared with, and what the audit trail shows.
 */
export type ProductFields = Omit<Required<Omit<AdminProductPatchBody, 'archived'>>, 'productCategory'> & {
  productCategory: string | null;
  colors: string[];
  sizes: string[];
};

export function fieldsOf(p: CsvProductRecord): ProductFields {
  return {
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: paiseToRupees(p.pricePaise),
    mrpRule: mrpRuleOf(p),
    published: p.isActive,
    description: p.description,
    details: p.details,
    addInfo: p.addInfo,
    categoryId: p.categoryId,
    productCategory: p.productCategoryName,
    hsnCode: p.hsnCode,
    tags: p.tags,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    colors: p.colors,
    sizes: p.sizes,
  };
}

interface ColumnCodec {
  /** The cell the export writes. */
  write: (p: CsvProductRecord) => string;
  /** What a cell stands for, so that two rows of one product agree on '1,299' and '₹1299', 'Yes' and 'yes'. */
  same: (text: string) => string;
  /**
   * The admin field the cell sets and its value in the API's terms, for the contract's schemas to check. Left out
   * for the columns the import reads itself: category and group name a category, published is yes or no, and
   * mrp_rule and mrp_value make one MRP rule (readMrpRule).
   */
  field?: keyof ProductFields;
  read?: (text: string) => unknown;
}

/** The garment type as the contract spells it, whatever the case; blank is none. */
function readGarmentType(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  return GARMENT_TYPES.find((g) => g.toLowerCase() === t.toLowerCase()) ?? t;
}

const lowerCase = (text: string) => text.trim().toLowerCase();

/** The MRP rule's two cells: its kind, and the markup or declared MRP in rupees (blank for none). */
function mrpCells(p: CsvProductRecord): { kind: string; value: string } {
  const rule = mrpRuleOf(p);
  switch (rule.kind) {
    case 'markup':
      return { kind: 'markup', value: String(rule.rupees) };
    case 'fixed':
      return { kind: 'fixed', value: String(rule.mrp) };
    case 'none':
      return { kind: 'none', value: '' };
  }
}

/**
 * The MRP rule from its two cells, for the schema to check: a blank kind is markup, a blank markup the default
 * ₹300; a declared MRP must be given; an amount beside none is not read. An unknown kind goes to the schema as it is.
 */
export function readMrpRule(kindText: string, valueText: string): unknown {
  const kind = kindText.trim().toLowerCase() || 'markup';
  const value = valueText.trim() === '' ? undefined : readRupees(valueText);
  switch (kind) {
    case 'markup':
      return { kind, rupees: value ?? DEFAULT_MARKUP_RUPEES };
    case 'fixed':
      return { kind, mrp: value };
    case 'none':
      return { kind };
    default:
      return { kind: kindText.trim() };
  }
}

/** Free text, guarded against spreadsheet formulas on the way out and unguarded on the way in. */
const textColumn = (field: keyof ProductFields, value: (p: CsvProductRecord) => string): ColumnCodec => ({
  field,
  write: (p) => guardFormula(value(p)),
  same: (text) => text.trim(),
  read: unguardFormula,
});

/** A list in one cell. */
const listColumn = (
  field: keyof ProductFields,
  value: (p: CsvProductRecord) => string[],
  separator: string,
): ColumnCodec => ({
  field,
  write: (p) => guardFormula(value(p).join(separator)),
  same: (text) => readList(text, separator).join('\n'),
  read: (text) => readList(unguardFormula(text), separator),
});

export const PRODUCT_COLUMNS: Record<ProductColumn, ColumnCodec> = {
  name: textColumn('name', (p) => p.name),
  sku: textColumn('sku', (p) => p.sku),
  price: {
    field: 'price',
    write: (p) => String(paiseToRupees(p.pricePaise)),
    same: (text) => String(readRupees(text)),
    read: readRupees,
  },
  mrp_rule: { write: (p) => mrpCells(p).kind, same: (text) => lowerCase(text) || 'markup' },
  mrp_value: { write: (p) => mrpCells(p).value, same: (text) => String(readRupees(text)) },
  category: { write: (p) => guardFormula(p.categoryName), same: lowerCase },
  group: { write: (p) => guardFormula(p.groupName ?? ''), same: lowerCase },
  garment_type: {
    field: 'productCategory',
    write: (p) => p.productCategoryName ?? '',
    same: lowerCase,
    read: readGarmentType,
  },
  hsn_code: textColumn('hsnCode', (p) => p.hsnCode),
  tags: listColumn('tags', (p) => p.tags, `${TAG_SEPARATOR} `),
  published: { write: (p) => yesNo(p.isActive), same: (text) => String(readYesNo(text)) },
  description: textColumn('description', (p) => p.description),
  details: listColumn('details', (p) => p.details, DETAIL_SEPARATOR),
  add_info: textColumn('addInfo', (p) => p.addInfo),
  seo_title: textColumn('seoTitle', (p) => p.seoTitle),
  seo_description: textColumn('seoDescription', (p) => p.seoDescription),
};
