// The product form's values and the bodies they become (docs/admin.md#products). The form holds what its inputs
// hold (text, one detail per line, tags separated by commas); the resolvers turn that into the API's body and
// check it with the contract's own schema, so every field shows the message the API would answer.
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_MARKUP_RUPEES, type MrpRuleKind } from '@rangrez/contract/rules/pricing';
import {
  type AdminProduct,
  type AdminProductCreateBody,
  type AdminProductPatchBody,
  adminProductCreateBodySchema,
  adminProductPatchBodySchema,
} from '@rangrez/contract/schemas/admin-catalogue';
import type { FieldErrors, FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';

export interface ProductFormValues {
  name: string;
  slug: string;
  sku: string;
  /** Whole rupees, as typed. */
  price: string;
  /** The MRP rule's kind; each kind keeps its own amount, so switching back and forth loses nothing typed. */
  mrpRule: MrpRuleKind;
  /** Rupees over the price (the markup rule), as typed. */
  mrpMarkup: string;
  /** The declared MRP in rupees (the fixed rule), as typed. */
  mrpFixed: string;
  description: string;
  /** One detail per line. */
  details: string;
  addInfo: string;
  /** The sub-category's id. */
  categoryId: string;
  /** A garment type, or '' for none. */
  productCategory: string;
  hsnCode: string;
  /** Separated by commas. */
  tags: string;
  published: boolean;
  seoTitle: string;
  seoDescription: string;
  /** A new product's colour codes and sizes: each pair becomes a variant at stock 0. */
  colors: string[];
  sizes: string[];
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  slug: '',
  sku: '',
  price: '',
  mrpRule: 'markup',
  mrpMarkup: String(DEFAULT_MARKUP_RUPEES),
  mrpFixed: '',
  description: '',
  details: '',
  addInfo: '',
  categoryId: '',
  productCategory: '',
  hsnCode: '',
  tags: '',
  published: false,
  seoTitle: '',
  seoDescription: '',
  colors: [],
  sizes: [],
};

export function formFromProduct(p: AdminProduct): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: String(p.price),
    mrpRule: p.mrpRule.kind,
    mrpMarkup: String(p.mrpRule.kind === 'markup' ? p.mrpRule.rupees : DEFAULT_MARKUP_RUPEES),
    mrpFixed: p.mrpRule.kind === 'fixed' ? String(p.mrpRule.mrp) : '',
    description: p.description,
    details: p.details.join('\n'),
    addInfo: p.addInfo,
    categoryId: p.categoryId,
    productCategory: p.productCategory ?? '',
    hsnCode: p.hsnCode,
    tags: p.tags.join(', '),
    published: p.published,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    colors: [],
    sizes: [],
  };
}

/** '' is no amount (the schema says it is missing); anything else is the number typed, checked by the schema. */
function priceFromText(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The rule as the API takes it, from the chosen kind and that kind's amount. */
function mrpRuleFromForm(v: ProductFormValues) {
  switch (v.mrpRule) {
    case 'markup':
      return { kind: 'markup' as const, rupees: priceFromText(v.mrpMarkup) };
    case 'fixed':
      return { kind: 'fixed' as const, mrp: priceFromText(v.mrpFixed) };
    case 'none':
      return { kind: 'none' as const };
  }
}

const splitList = (text: string, separator: string | RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** The product's own fields as the API names them. */
function productFields(v: ProductFormValues) {
  return {
    name: v.name.trim(),
    slug: v.slug.trim(),
    sku: v.sku.trim(),
    price: priceFromText(v.price),
    mrpRule: mrpRuleFromForm(v),
    description: v.description.trim(),
    details: splitList(v.details, /\r?\n/),
    addInfo: v.addInfo.trim(),
    categoryId: v.categoryId,
    productCategory: v.productCategory || null,
    hsnCode: v.hsnCode.trim(),
    tags: splitList(v.tags, ','),
    published: v.published,
    seoTitle: v.seoTitle.trim(),
    seoDescription: v.seoDescription.trim(),
  };
}

type ProductFields = ReturnType<typeof productFields>;

/** POST /admin/products's body; an empty slug is left for the server to make from the name. */
export function createBody(values: ProductFormValues) {
  const fields = productFields(values);
  return { ...fields, slug: fields.slug || undefined, colors: values.colors, sizes: values.sizes };
}

/**
 * PATCH /admin/products/{id}'s body: only the fields that differ from what the product had. A declared MRP and the
 * price travel together when either changes, so the schema checks the one against the other.
 */
export function patchBody(values: ProductFormValues, initial: ProductFormValues): Partial<ProductFields> {
  const now = productFields(values);
  const before = productFields(initial);
  const changed = new Set(
    (Object.keys(now) as (keyof ProductFields)[]).filter(
      (key) => JSON.stringify(now[key]) !== JSON.stringify(before[key]),
    ),
  );
  if (now.mrpRule.kind === 'fixed' && (changed.has('price') || changed.has('mrpRule'))) {
    changed.add('price');
    changed.add('mrpRule');
  }
  return Object.fromEntries([...changed].map((key) => [key, now[key]]));
}

/** The contract's message for a PATCH that changes nothing. */
export function nothingToChange(): string {
  return adminProductPatchBodySchema.safeParse({}).error?.issues[0]?.message ?? 'Nothing to change';
}

/**
 * The MRP rule's errors on the inputs that hold its amounts: the body's `mrpRule.rupees` is the form's mrpMarkup,
 * `mrpRule.mrp` its mrpFixed (so the message sits under the amount, and a failed save focuses it).
 */
function withRuleErrors<Body extends FieldValues>(
  result: ResolverResult<ProductFormValues, Body>,
): ResolverResult<ProductFormValues, Body> {
  const { mrpRule, ...others } = result.errors as Record<string, unknown>;
  if (!mrpRule) return result;
  const rule = mrpRule as { rupees?: unknown; mrp?: unknown };
  const moved = rule.mrp ? { mrpFixed: rule.mrp } : rule.rupees ? { mrpMarkup: rule.rupees } : { mrpRule };
  return { values: {}, errors: { ...others, ...moved } as FieldErrors<ProductFormValues> };
}

/**
 * A resolver that checks `toBody(values)` with the contract's schema (through `resolve`, its zodResolver). The
 * body's fields have the form's names (the MRP rule's amounts are moved onto theirs), so each error lands on its
 * own field.
 */
function bodyResolver<Body extends FieldValues>(
  resolve: (body: never, context: unknown, options: never) => unknown,
  toBody: (values: ProductFormValues) => unknown,
): Resolver<ProductFormValues, unknown, Body> {
  return async (values, context, options: ResolverOptions<ProductFormValues>) =>
    withRuleErrors(
      (await resolve(toBody(values) as never, context, options as never)) as ResolverResult<
        ProductFormValues,
        Body
      >,
    );
}

export const createResolver = bodyResolver<AdminProductCreateBody>(
  zodResolver(adminProductCreateBodySchema),
  createBody,
);

/**
 * Checks only the fields that changed, as the API would. Nothing changed: the resolver lets the empty body
 * through and the form says so (nothingToChange) rather than sending it.
 */
export function patchResolver(
  initial: ProductFormValues,
): Resolver<ProductFormValues, unknown, AdminProductPatchBody> {
  const check = bodyResolver<AdminProductPatchBody>(zodResolver(adminProductPatchBodySchema), (values) =>
    patchBody(values, initial),
  );
  return (values, context, options) =>
    Object.keys(patchBody(values, initial)).length === 0
      ? { values: {}, errors: {} }
      : check(values, context, options);
}
