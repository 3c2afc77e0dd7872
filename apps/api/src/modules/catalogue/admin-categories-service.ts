// The mega-menu's groups and sub-categories, and the size chart of each garment type, as the back office edits
// them (docs/admin.md#categories-size-charts-and-settings). Every change runs inside the caller's audited change;
// the storefront's caches hear of it through the categories and product_categories triggers.
import type {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryOrderBody,
  AdminCategoryPatchBody,
  AdminSizeChart,
  AdminSizeChartBody,
} from '@rangrez/contract/schemas';
import { GARMENT_TYPES, type GarmentType } from '@rangrez/contract/rules/size-chart';
import { PRODUCT_SLUG_PATTERN, toSlug } from '@rangrez/contract/rules/slugs';
import { cardImageUrls } from '@rangrez/db/media/urls';
import type { Db, Executor } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuditedChange } from '../audit/index.ts';
import {
  type AdminCategoryRecord,
  countChildren,
  countProductsIn,
  deleteCategory,
  insertCategory,
  listAdminCategories,
  listSizeCharts,
  lockCategory,
  lockSiblings,
  nextPosition,
  setCategoryPositions,
  updateCategory,
  upsertSizeChart,
} from './admin-categories-repository.ts';
import { existingMedia } from './admin-slides-repository.ts';

export const ADMIN_CATEGORY_MESSAGES = {
  notFound: 'Category not found',
  parentNotGroup: 'parentId must be the id of a group (a category without a parent)',
  changesKind: 'A group cannot become a sub-category, nor a sub-category a group',
  nameSlug: 'name must make a slug of letters, digits and hyphens',
  slugNotName: (expected: string) =>
    `slug must be ${expected}, the name's slug: the storefront links collections by name`,
  slugTaken: 'Another category of the same group (or another group) already has this slug',
  hasProducts: 'A category with products cannot be deleted',
  hasSubCategories: 'A group with sub-categories cannot be deleted',
  unknownImage: 'thumbnailMediaId must be an existing image',
  wholeGroups: 'ids must list every group, each once',
  wholeSubCategories: 'ids must list every sub-category of the group, each once',
} as const;

/** The audit row of a reorder of the groups themselves (a sub-categories' reorder is their group's). */
const GROUP_ORDER_ENTITY_ID = 'groups';

/** The answers' thumbnail URLs are absolute, like every image URL of the API. */
interface CategoriesContext {
  publicUrl: string;
}

/** Groups in order, each followed by its sub-categories in order; a group counts its sub-categories' products. */
function ordered({ publicUrl }: CategoriesContext, rows: AdminCategoryRecord[]): AdminCategory[] {
  const groups = rows.filter((r) => r.parentId === null);
  const out: AdminCategory[] = [];
  for (const group of groups) {
    const subs = rows.filter((r) => r.parentId === group.id);
    const total = group.ownProducts + subs.reduce((sum, s) => sum + s.ownProducts, 0);
    out.push(
      toAdminCategory(publicUrl, group, total),
      ...subs.map((s) => toAdminCategory(publicUrl, s, s.ownProducts)),
    );
  }
  return out;
}

function toAdminCategory(publicUrl: string, row: AdminCategoryRecord, productCount: number): AdminCategory {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    position: row.position,
    parentId: row.parentId,
    thumbnailMediaId: row.thumbnailId,
    thumbnail: row.thumbnailKey
      ? cardImageUrls(publicUrl, row.thumbnailKey, row.thumbnailWidths).thumbnail
      : null,
    productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readCategory(ctx: CategoriesContext, db: Executor, id: string): Promise<AdminCategory> {
  const found = ordered(ctx, await listAdminCategories(db)).find((c) => c._id === id);
  if (!found) throw notFound(ADMIN_CATEGORY_MESSAGES.notFound);
  return found;
}

/** The fields an editor sets, as the audit trail records them. */
const auditView = (c: AdminCategory): Record<string, unknown> => ({
  name: c.name,
  slug: c.slug,
  description: c.description,
  position: c.position,
  parentId: c.parentId,
  thumbnailMediaId: c.thumbnailMediaId,
});

/** The slug the storefront's links will ask for: the name's; a slug given must be that one. */
function slugFor(name: string, given: string | undefined): string {
  const expected = toSlug(name);
  if (!PRODUCT_SLUG_PATTERN.test(expected)) throw badRequest(ADMIN_CATEGORY_MESSAGES.nameSlug);
  if (given !== undefined && given !== expected)
    throw badRequest(ADMIN_CATEGORY_MESSAGES.slugNotName(expected));
  return expected;
}

async function checkParent(db: Executor, parentId: string | null) {
  if (parentId === null) return;
  const parent = await lockCategory(db, parentId);
  if (!parent || parent.parentId !== null) throw badRequest(ADMIN_CATEGORY_MESSAGES.parentNotGroup);
}

async function checkThumbnail(db: Executor, mediaId: string | null | undefined) {
  if (!mediaId) return;
  if (!(await existingMedia(db, [mediaId])).has(mediaId))
    throw badRequest(ADMIN_CATEGORY_MESSAGES.unknownImage);
}

/** A clash on (parent, slug) is a 409; the audited transaction rolls back with it. */
async function clashChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'categories_parent_slug_key'))
      throw conflict(ADMIN_CATEGORY_MESSAGES.slugTaken);
    throw err;
  }
}

async function createCategory(ctx: CategoriesContext, c: AuditedChange, body: AdminCategoryCreateBody) {
  await checkParent(c.tx, body.parentId);
  await checkThumbnail(c.tx, body.thumbnailMediaId);
  const id = await clashChecked(async () =>
    insertCategory(c.tx, {
      name: body.name,
      slug: slugFor(body.name, body.slug),
      description: body.description,
      position: body.position ?? (await nextPosition(c.tx, body.parentId)),
      parentId: body.parentId,
      thumbnailId: body.thumbnailMediaId,
    }),
  );
  const created = await readCategory(ctx, c.tx, id);
  await c.record({
    action: 'category.create',
    entityType: 'category',
    entityId: id,
    after: auditView(created),
  });
  return created;
}

async function patchCategory(
  ctx: CategoriesContext,
  c: AuditedChange,
  id: string,
  body: AdminCategoryPatchBody,
) {
  const row = await lockCategory(c.tx, id);
  if (!row) throw notFound(ADMIN_CATEGORY_MESSAGES.notFound);
  const before = await readCategory(ctx, c.tx, id);
  if (body.parentId !== undefined) {
    if ((body.parentId === null) !== (row.parentId === null) || body.parentId === id) {
      throw badRequest(ADMIN_CATEGORY_MESSAGES.changesKind);
    }
    await checkParent(c.tx, body.parentId);
  }
  await checkThumbnail(c.tx, body.thumbnailMediaId);
  const name = body.name ?? row.name;
  const renamed = body.name !== undefined || body.slug !== undefined;
  await clashChecked(() =>
    updateCategory(c.tx, id, {
      name,
      ...(renamed ? { slug: slugFor(name, body.slug) } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      ...(body.thumbnailMediaId !== undefined ? { thumbnailId: body.thumbnailMediaId } : {}),
    }),
  );
  const after = await readCategory(ctx, c.tx, id);
  await c.record({
    action: 'category.update',
    entityType: 'category',
    entityId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

/** Only an empty category goes: products keep their category, and a group its sub-categories. */
async function removeCategory(ctx: CategoriesContext, c: AuditedChange, id: string) {
  if (!(await lockCategory(c.tx, id))) throw notFound(ADMIN_CATEGORY_MESSAGES.notFound);
  const before = await readCategory(ctx, c.tx, id);
  if ((await countChildren(c.tx, id)) > 0) throw conflict(ADMIN_CATEGORY_MESSAGES.hasSubCategories);
  if ((await countProductsIn(c.tx, id)) > 0) throw conflict(ADMIN_CATEGORY_MESSAGES.hasProducts);
  await deleteCategory(c.tx, id);
  await c.record({
    action: 'category.delete',
    entityType: 'category',
    entityId: id,
    before: auditView(before),
  });
}

/** The groups, or one group's sub-categories, in a new menu order: every one of them, each once. */
async function reorderCategories(ctx: CategoriesContext, c: AuditedChange, body: AdminCategoryOrderBody) {
  await checkParent(c.tx, body.parentId);
  const current = await lockSiblings(c.tx, body.parentId);
  const listed = new Set(body.ids);
  if (body.ids.length !== current.length || current.some((id) => !listed.has(id))) {
    throw badRequest(
      body.parentId === null
        ? ADMIN_CATEGORY_MESSAGES.wholeGroups
        : ADMIN_CATEGORY_MESSAGES.wholeSubCategories,
    );
  }
  await setCategoryPositions(c.tx, body.ids);
  await c.record({
    action: 'category.reorder',
    entityType: 'category',
    entityId: body.parentId ?? GROUP_ORDER_ENTITY_ID,
    before: { ids: current },
    after: { ids: body.ids },
  });
  return { categories: ordered(ctx, await listAdminCategories(c.tx)) };
}

async function sizeCharts(db: Executor): Promise<AdminSizeChart[]> {
  const rows = new Map((await listSizeCharts(db)).map((r) => [r.name, r.sizeChart]));
  return GARMENT_TYPES.map((garmentType) => ({
    garmentType,
    rows: (rows.get(garmentType) ?? []) as AdminSizeChart['rows'],
  }));
}

async function putSizeChart(c: AuditedChange, garmentType: GarmentType, body: AdminSizeChartBody) {
  const before = await upsertSizeChart(c.tx, garmentType, body.rows);
  await c.record({
    action: 'size_chart.update',
    entityType: 'size_chart',
    entityId: garmentType,
    before: before === null ? null : { rows: before },
    after: { rows: body.rows },
  });
  return { garmentType, rows: body.rows };
}

export function createAdminCategoriesService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const ctx: CategoriesContext = { publicUrl };
  return {
    list: async () => ({ categories: ordered(ctx, await listAdminCategories(db)) }),
    create: (c: AuditedChange, body: AdminCategoryCreateBody) => createCategory(ctx, c, body),
    patch: (c: AuditedChange, id: string, body: AdminCategoryPatchBody) => patchCategory(ctx, c, id, body),
    remove: (c: AuditedChange, id: string) => removeCategory(ctx, c, id),
    reorder: (c: AuditedChange, body: AdminCategoryOrderBody) => reorderCategories(ctx, c, body),
    sizeCharts: async () => ({ sizeCharts: await sizeCharts(db) }),
    putSizeChart,
  };
}
export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;
