// The back office's products (docs/admin.md#products): list, read, create, edit, duplicate, archive and restore,
// the variants with their stock, and the gallery per colour (docs/admin.md#images). Every change runs inside the
// caller's audited change, locks the product row first, and records the changed fields in rupees and words, as
// the owner reads them.
import {
  SIZES,
  describeMrpRule,
  mrp,
  mrpRuleProblem,
  paiseToRupees,
  productSlug,
  rupeesToPaise,
} from '@rangrez/contract/rules';
import type {
  AdminColourImages,
  AdminProduct,
  AdminProductCreateBody,
  AdminProductImagesBody,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductPatchBody,
  AdminVariantsBody,
} from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { mrpRuleColumns, mrpRuleOf } from '../../lib/mrp-rule.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { productImages } from '../../lib/product-image.ts';
import type { AuditedChange } from '../audit/index.ts';
import {
  type AdminProductRecord,
  type ProductImageRow,
  type ProductInsert,
  type VariantRow,
  categoryExists,
  deleteVariant,
  findAdminProduct,
  findMedia,
  ensureProductCategoryId,
  insertProduct,
  listAdminProducts,
  listProductImages,
  listVariants,
  lockProduct,
  orderedVariants,
  replaceProductImages,
  updateMediaAlt,
  updateProduct,
  upsertVariants,
} from './admin-repository.ts';

export const ADMIN_PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  skuTaken: 'Another product already has this SKU',
  slugTaken: 'Another product already has this slug',
  unknownCategory: 'categoryId must be an existing category',
  archivedCannotPublish: 'Restore the product before publishing it',
  notAColour: (color: string, colors: readonly string[]) =>
    `${color} is not one of this product's colours (${colors.join(', ')})`,
  unknownMedia: (id: string) => `mediaId ${id} is not an uploaded image`,
} as const;

export interface AdminCatalogueOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

const variantKey = (v: { color: string; size: string }) => `${v.color}|${v.size}`;

/** The product's colours in order, then any other colour that still has images. */
function galleryColours(colors: readonly string[], images: readonly { color: string }[]): string[] {
  const others = [...new Set(images.map((i) => i.color))].filter((c) => !colors.includes(c)).sort();
  return [...colors, ...others];
}

function toGallery(
  publicUrl: string,
  colors: readonly string[],
  rows: ProductImageRow[],
): AdminColourImages[] {
  return galleryColours(colors, rows).map((color) => ({
    color,
    images: rows
      .filter((r) => r.color === color)
      .map((r) => ({ mediaId: r.mediaId, url: cardImageUrls(publicUrl, r.key, r.widths).image, alt: r.alt })),
  }));
}

function toAdminProduct(
  row: AdminProductRecord,
  variants: VariantRow[],
  images: AdminColourImages[],
): AdminProduct {
  const price = paiseToRupees(row.pricePaise);
  const mrpRule = mrpRuleOf(row);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    price,
    mrp: mrp(price, mrpRule),
    mrpRule,
    stock: row.stock,
    published: row.isActive,
    archived: row.archivedAt !== null,
    description: row.description,
    details: row.details,
    addInfo: row.addInfo,
    categoryId: row.categoryId,
    category: { name: row.categoryName, parentCategory: row.groupName },
    productCategory: row.productCategoryName,
    hsnCode: row.hsnCode,
    tags: row.tags,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    colors: row.colors,
    sizes: row.sizes,
    variants: variants.map((v) => ({
      _id: v.id,
      color: v.color,
      size: v.size,
      stock: v.stock,
      fulfilmentSku: v.fulfilmentSku,
      sellable: v.sellable,
    })),
    images,
    hasOrders: row.hasOrders,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an owner reads in the audit trail: rupees, names, flags, the MRP rule in words. */
function auditView(p: AdminProduct): Record<string, unknown> {
  const {
    variants: _variants,
    images: _images,
    createdAt: _c,
    updatedAt: _u,
    hasOrders: _h,
    mrp: _m,
    category: _cat,
    ...fields
  } = p;
  return { ...fields, mrpRule: describeMrpRule(p.mrpRule) };
}

/** Variants in the audit trail: one key per colour and size, so a change records only the variants it touched. */
export const variantsView = (
  variants: Pick<
    AdminProduct['variants'][number],
    'color' | 'size' | 'stock' | 'sellable' | 'fulfilmentSku'
  >[],
) =>
  Object.fromEntries(
    variants.map((v) => [
      variantKey(v),
      { stock: v.stock, sellable: v.sellable, fulfilmentSku: v.fulfilmentSku },
    ]),
  );

async function readProduct(db: Executor, id: string, publicUrl: string): Promise<AdminProduct> {
  const row = await findAdminProduct(db, id);
  if (!row) throw notFound(ADMIN_PRODUCT_MESSAGES.notFound);
  const images = toGallery(publicUrl, row.colors, await listProductImages(db, id));
  return toAdminProduct(row, await listVariants(db, id), images);
}

/** SKU and slug clashes are 409s naming the field; anything else is not ours to explain. */
function clashMessage(err: unknown): string | null {
  if (isUniqueViolation(err, 'products_sku_key')) return ADMIN_PRODUCT_MESSAGES.skuTaken;
  if (isUniqueViolation(err, 'products_slug_key')) return ADMIN_PRODUCT_MESSAGES.slugTaken;
  return null;
}

/** Runs a write that may clash on SKU or slug inside a savepoint, so the clash is a 409 and the change goes on. */
export async function withClashCheck<T>(
  tx: AuditedChange['tx'],
  write: (tx: AuditedChange['tx']) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (err) {
    const message = clashMessage(err);
    if (message) throw conflict(message);
    throw err;
  }
}

async function garmentTypeId(
  tx: Executor,
  name: string | null | undefined,
): Promise<string | null | undefined> {
  if (name === undefined || name === null) return name;
  return ensureProductCategoryId(tx, name);
}

/** Sizes in the store's order (XS to XXXL), whatever order they were given in. */
const inSizeOrder = (sizes: Iterable<string>) =>
  [...new Set(sizes)].sort((a, b) => SIZES.indexOf(a as never) - SIZES.indexOf(b as never));

/**
 * A product offers the colours and sizes of its sellable variants, or of all of them when none is sellable (a
 * product sold out everywhere still shows what it comes in). Colours keep the order the variants come in.
 */
export function offeredColoursAndSizes(variants: { color: string; size: string; sellable: boolean }[]) {
  const sellable = variants.filter((v) => v.sellable);
  const offered = sellable.length > 0 ? sellable : variants;
  return {
    colors: [...new Set(offered.map((v) => v.color))],
    sizes: inSizeOrder(offered.map((v) => v.size)),
  };
}

/** A new product's row: every colour and size of the body, unpublished unless the body says otherwise. */
export function newProductValues(
  body: AdminProductCreateBody,
  id: string,
  productCategoryId: string | null,
  now: Date,
): ProductInsert {
  return {
    id,
    name: body.name,
    slug: body.slug ?? productSlug(body.name, id),
    sku: body.sku,
    pricePaise: rupeesToPaise(body.price),
    ...mrpRuleColumns(body.mrpRule),
    sizes: inSizeOrder(body.sizes),
    colors: [...new Set(body.colors)],
    details: body.details,
    description: body.description,
    addInfo: body.addInfo,
    categoryId: body.categoryId,
    productCategoryId,
    isActive: body.published,
    hsnCode: body.hsnCode,
    tags: body.tags,
    seoTitle: body.seoTitle,
    seoDescription: body.seoDescription,
    createdAt: now,
    updatedAt: now,
  };
}

async function createProduct(opts: AdminCatalogueOptions, c: AuditedChange, body: AdminProductCreateBody) {
  if (!(await categoryExists(c.tx, body.categoryId)))
    throw badRequest(ADMIN_PRODUCT_MESSAGES.unknownCategory);
  const now = opts.clock.now();
  const id = randomUUID();
  const typeId = (await garmentTypeId(c.tx, body.productCategory)) ?? null;
  const values = newProductValues(body, id, typeId, now);
  const { colors, sizes } = values;
  await withClashCheck(c.tx, (tx) => insertProduct(tx, values));
  const rows = colors.flatMap((color) =>
    sizes.map((size) => ({
      productId: id,
      color,
      size,
      stock: 0,
      fulfilmentSku: '',
      sellable: true,
      updatedAt: now,
    })),
  );
  await upsertVariants(c.tx, rows);
  const created = await readProduct(c.tx, id, opts.publicUrl);
  await c.record({
    action: 'product.create',
    entityType: 'product',
    entityId: id,
    after: auditView(created),
  });
  return created;
}

/**
 * The columns a patch sets. 400s: an archived product cannot be published, and the price and MRP rule it ends up
 * with must go together (a new price above a declared MRP, or a declared MRP below the price).
 */
export function patchValues(
  body: AdminProductPatchBody,
  before: Pick<AdminProduct, 'archived' | 'price' | 'mrpRule'>,
  now: Date,
): Partial<ProductInsert> {
  const archived = body.archived ?? before.archived;
  if (archived && body.published === true) throw badRequest(ADMIN_PRODUCT_MESSAGES.archivedCannotPublish);
  const problem = mrpRuleProblem(body.price ?? before.price, body.mrpRule ?? before.mrpRule);
  if (problem) throw badRequest(problem);
  const values: Partial<ProductInsert> = {
    name: body.name,
    slug: body.slug,
    sku: body.sku,
    pricePaise: body.price === undefined ? undefined : rupeesToPaise(body.price),
    ...(body.mrpRule === undefined ? {} : mrpRuleColumns(body.mrpRule)),
    description: body.description,
    details: body.details,
    addInfo: body.addInfo,
    categoryId: body.categoryId,
    hsnCode: body.hsnCode,
    tags: body.tags,
    isActive: archived ? false : body.published,
    seoTitle: body.seoTitle,
    seoDescription: body.seoDescription,
  };
  if (body.archived !== undefined && body.archived !== before.archived)
    values.archivedAt = body.archived ? now : null;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

async function patchProduct(
  opts: AdminCatalogueOptions,
  c: AuditedChange,
  id: string,
  body: AdminProductPatchBody,
) {
  if (!(await lockProduct(c.tx, id))) throw notFound(ADMIN_PRODUCT_MESSAGES.notFound);
  const before = await readProduct(c.tx, id, opts.publicUrl);
  if (body.categoryId && !(await categoryExists(c.tx, body.categoryId)))
    throw badRequest(ADMIN_PRODUCT_MESSAGES.unknownCategory);
  const values = patchValues(body, before, opts.clock.now());
  const typeId = await garmentTypeId(c.tx, body.productCategory);
  if (typeId !== undefined) values.productCategoryId = typeId;
  await withClashCheck(c.tx, (tx) => updateProduct(tx, id, values, opts.clock.now()));
  const after = await readProduct(c.tx, id, opts.publicUrl);
  const action =
    body.archived === undefined || body.archived === before.archived
      ? 'product.update'
      : body.archived
        ? 'product.archive'
        : 'product.restore';
  await c.record({
    action,
    entityType: 'product',
    entityId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

async function putVariants(
  opts: AdminCatalogueOptions,
  c: AuditedChange,
  id: string,
  body: AdminVariantsBody,
) {
  if (!(await lockProduct(c.tx, id))) throw notFound(ADMIN_PRODUCT_MESSAGES.notFound);
  const before = await readProduct(c.tx, id, opts.publicUrl);
  const now = opts.clock.now();
  const listed = new Set(body.variants.map(variantKey));
  const ordered = await orderedVariants(c.tx, id);
  const kept: VariantRow[] = [];
  for (const old of await listVariants(c.tx, id)) {
    if (listed.has(variantKey(old))) continue;
    // An ordered variant is part of an order's history: it stays, no longer sold.
    if (ordered.has(variantKey(old))) kept.push({ ...old, sellable: false, stock: 0 });
    else await deleteVariant(c.tx, old.id);
  }
  await upsertVariants(c.tx, [
    ...body.variants.map((v) => ({ productId: id, ...v, updatedAt: now })),
    ...kept.map((v) => ({
      productId: id,
      color: v.color,
      size: v.size,
      stock: 0,
      fulfilmentSku: v.fulfilmentSku,
      sellable: false,
      updatedAt: now,
    })),
  ]);
  await updateProduct(c.tx, id, offeredColoursAndSizes(body.variants), now);
  const after = await readProduct(c.tx, id, opts.publicUrl);
  await c.record({
    action: 'product.variants',
    entityType: 'product',
    entityId: id,
    before: { ...variantsView(before.variants), stock: before.stock },
    after: { ...variantsView(after.variants), stock: after.stock },
  });
  return after;
}

async function duplicateProduct(opts: AdminCatalogueOptions, c: AuditedChange, id: string) {
  const source = await readProduct(c.tx, id, opts.publicUrl);
  const copy = await createProduct(opts, c, {
    ...source,
    name: `${source.name} (copy)`,
    slug: undefined,
    sku: `${source.sku}-COPY-${randomUUID().slice(0, 4).toUpperCase()}`,
    published: false,
    productCategory: source.productCategory as AdminProductCreateBody['productCategory'],
    colors: source.colors,
    sizes: source.sizes as AdminProductCreateBody['sizes'],
  });
  // The copy's variants mirror the source's, without its stock.
  return putVariants(opts, c, copy._id, {
    variants: source.variants.map((v) => ({
      color: v.color,
      size: v.size as never,
      stock: 0,
      fulfilmentSku: '',
      sellable: v.sellable,
    })),
  });
}

/** Media ids per colour, over the colours of both versions, for the audit trail: `{ Bk: [id, id], Wh: [] }`. */
function galleryIds(
  colors: readonly string[],
  images: readonly { color: string; mediaId: string }[],
): Record<string, string[]> {
  return Object.fromEntries(
    colors.map((color) => [color, images.filter((i) => i.color === color).map((i) => i.mediaId)]),
  );
}

/** The first image of the first of `colors` that has one; null (the placeholder) when none has. */
function mainImageId(colors: readonly string[], images: AdminProductImagesBody['images']): string | null {
  for (const color of colors) {
    const first = images.find((i) => i.color === color);
    if (first) return first.mediaId;
  }
  return null;
}

/**
 * Alt text lives on the image, which other products and slides may show too: each change is its own audited
 * `media.update`. An image listed twice (in two colours) takes its last alt text.
 */
async function saveAltTexts(
  c: AuditedChange,
  images: AdminProductImagesBody['images'],
  stored: Map<string, { alt: string }>,
): Promise<void> {
  const wanted = new Map<string, string>();
  for (const image of images) if (image.alt !== undefined) wanted.set(image.mediaId, image.alt);
  for (const [mediaId, alt] of wanted) {
    const before = stored.get(mediaId)?.alt ?? '';
    if (alt === before) continue;
    await updateMediaAlt(c.tx, mediaId, alt);
    await c.record({
      action: 'media.update',
      entityType: 'media',
      entityId: mediaId,
      before: { alt: before },
      after: { alt },
    });
  }
}

async function putImages(
  opts: AdminCatalogueOptions,
  c: AuditedChange,
  id: string,
  body: AdminProductImagesBody,
) {
  const product = await lockProduct(c.tx, id);
  if (!product) throw notFound(ADMIN_PRODUCT_MESSAGES.notFound);
  const foreign = body.images.find((i) => !product.colors.includes(i.color));
  if (foreign) throw badRequest(ADMIN_PRODUCT_MESSAGES.notAColour(foreign.color, product.colors));
  const stored = await findMedia(c.tx, [...new Set(body.images.map((i) => i.mediaId))]);
  const unknown = body.images.find((i) => !stored.has(i.mediaId));
  if (unknown) throw badRequest(ADMIN_PRODUCT_MESSAGES.unknownMedia(unknown.mediaId));
  const before = await listProductImages(c.tx, id);
  await replaceProductImages(c.tx, id, body.images);
  await saveAltTexts(c, body.images, stored);
  await updateProduct(c.tx, id, { imageId: mainImageId(product.colors, body.images) }, opts.clock.now());
  const colours = galleryColours(product.colors, before);
  await c.record({
    action: 'product.images',
    entityType: 'product',
    entityId: id,
    before: galleryIds(colours, before),
    after: galleryIds(colours, body.images),
  });
  return readProduct(c.tx, id, opts.publicUrl);
}

export function createAdminCatalogueService(opts: AdminCatalogueOptions) {
  return {
    async list(query: AdminProductListQuery): Promise<AdminProductListResponse> {
      const { rows, total } = await listAdminProducts(opts.db, query);
      return {
        total,
        products: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          sku: r.sku,
          price: paiseToRupees(r.pricePaise),
          stock: r.stock,
          published: r.isActive,
          archived: r.archivedAt !== null,
          category: r.categoryName,
          thumbnail: r.imageKey ? productImages(opts.publicUrl, r).thumbnail : null,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },
    get: (id: string) => readProduct(opts.db, id, opts.publicUrl),
    create: (c: AuditedChange, body: AdminProductCreateBody) => createProduct(opts, c, body),
    patch: (c: AuditedChange, id: string, body: AdminProductPatchBody) => patchProduct(opts, c, id, body),
    putVariants: (c: AuditedChange, id: string, body: AdminVariantsBody) => putVariants(opts, c, id, body),
    duplicate: (c: AuditedChange, id: string) => duplicateProduct(opts, c, id),
    putImages: (c: AuditedChange, id: string, body: AdminProductImagesBody) => putImages(opts, c, id, body),
  };
}
export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
