// The back office's categories, size charts and store settings: the rules an editor meets (messages, slugs unique
// within their group, no deleting a category that has products), and that a changed seller detail is what the
// storefront's next page load reads, without a restart, while a field never set keeps the environment's value.
import { createProduct, createSubCategory } from '@rangrez/db/factories/catalogue';
import { createMedia } from '@rangrez/db/factories/media';
import { auditLog, categories } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreServices } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp } from './helpers.ts';

// createTestApp's PUBLIC_URL: image URLs are absolute.
const SHOP = 'http://shop.test';
let t: TestApp;
let editor: SignedInStaff;
let owner: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({
    SELLER_LEGAL_NAME: 'Env Threads LLP',
    SUPPORT_HOURS: 'Every day, 10:00 to 18:00 IST',
  });
  editor = await signedInStaff(t, 'catalogue');
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: SignedInStaff, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

const auditRowsOf = async (res: { headers: Record<string, unknown> }) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));

async function newGroup(name: string) {
  const res = await call(editor, 'POST', '/categories', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category as { _id: string; slug: string; position: number };
}

describe('categories', () => {
  it('creates a group and a sub-category with slugs from their names, last in order, audited', async () => {
    const group = await newGroup('Festive Edit');
    expect(group.slug).toBe('festive-edit');
    const res = await call(editor, 'POST', '/categories', {
      name: 'Kurta Tee',
      parentId: group._id,
      description: 'Tees cut like kurtas',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().category;
    expect(sub).toMatchObject({ slug: 'kurta-tee', parentId: group._id, position: 0, productCount: 0 });
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'category.create', entityType: 'category', entityId: sub._id });
    const list = (await call(editor, 'GET', '/categories')).json().categories as { _id: string }[];
    const at = list.findIndex((c) => c._id === group._id);
    expect(list[at + 1]?._id).toBe(sub._id);
    // The storefront's menu shows it.
    const menu = (await t.app.inject('/api/v1/subcategories')).json();
    expect(JSON.stringify(menu)).toContain('Kurta Tee');
  });

  it('keeps slugs unique within their group: 409, while another group may reuse one', async () => {
    const a = await newGroup('Slug Group A');
    const b = await newGroup('Slug Group B');
    expect((await call(editor, 'POST', '/categories', { name: 'Joggers', parentId: a._id })).statusCode).toBe(
      201,
    );
    const clash = await call(editor, 'POST', '/categories', { name: 'Joggers', parentId: a._id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'Another category of the same group (or another group) already has this slug',
    );
    expect((await call(editor, 'POST', '/categories', { name: 'Joggers', parentId: b._id })).statusCode).toBe(
      201,
    );
    expect((await call(editor, 'POST', '/categories', { name: 'Slug Group A' })).statusCode).toBe(409);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: 'x'.repeat(61) }, 'name must be at most 60 characters'],
    [{ name: 'Caps', slug: 'Caps!' }, 'slug must be lower-case letters, digits and single hyphens'],
    [
      { name: 'Caps', slug: 'hats' },
      "slug must be caps, the name's slug: the storefront links collections by name",
    ],
    [{ name: 'Caps', position: -1 }, 'position must be 0 or more'],
    [{ name: 'Caps', parentId: 'nope' }, 'parentId must be a category id or null'],
    [
      { name: 'Caps', parentId: '00000000-0000-4000-8000-000000000000' },
      'parentId must be the id of a group (a category without a parent)',
    ],
    [
      { name: 'Caps', thumbnailMediaId: '00000000-0000-4000-8000-000000000000' },
      'thumbnailMediaId must be an existing image',
    ],
  ])('refuses %j: %s', async (body, message) => {
    const res = await call(editor, 'POST', '/categories', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a sub-category as parent, and a group turning into a sub-category', async () => {
    const sub = await createSubCategory(t.database.db);
    const under = await call(editor, 'POST', '/categories', { name: 'Deeper', parentId: sub.id });
    expect(under.json().message).toBe('parentId must be the id of a group (a category without a parent)');
    const group = await newGroup('Lonely Group');
    const res = await call(editor, 'PATCH', `/categories/${group._id}`, { parentId: sub.parentId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A group cannot become a sub-category, nor a sub-category a group');
  });

  it('renames, moves a sub-category to another group and records the change', async () => {
    const sub = await createSubCategory(t.database.db);
    const other = await newGroup('Destination Group');
    const res = await call(editor, 'PATCH', `/categories/${sub.id}`, {
      name: 'Moved Tees',
      parentId: other._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({
      name: 'Moved Tees',
      slug: 'moved-tees',
      parentId: other._id,
    });
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'category.update', entityType: 'category', entityId: sub.id });
    expect(row?.after).toMatchObject({ name: 'Moved Tees', parentId: other._id });
    expect((await call(editor, 'PATCH', `/categories/${sub.id}`, {})).json().message).toBe(
      'Nothing to change',
    );
  });

  it("sets and clears a thumbnail, answered as the image's smallest JPEG, and shown in the shop's menu", async () => {
    const group = await newGroup('Thumbnail Group');
    const sub = (
      await call(editor, 'POST', '/categories', { name: 'Thumb Tees', parentId: group._id })
    ).json().category as { _id: string; thumbnail: string | null };
    expect(sub.thumbnail).toBeNull();
    const image = await createMedia(t.database.db, { width: 1200, height: 1500, widths: [320, 640, 1200] });
    const res = await call(editor, 'PATCH', `/categories/${sub._id}`, { thumbnailMediaId: image.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({
      thumbnailMediaId: image.id,
      thumbnail: `${SHOP}/media/${image.key}-320.jpg`,
    });
    const [row] = await auditRowsOf(res);
    expect(row?.after).toEqual({ thumbnailMediaId: image.id });
    const menu = (await t.app.inject('/api/v1/subcategories')).json().data['Thumbnail Group'];
    expect(menu[0].thumbnail).toBe(`${SHOP}/media/${image.key}-480.jpg`);
    const unknown = await call(editor, 'PATCH', `/categories/${sub._id}`, {
      thumbnailMediaId: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'thumbnailMediaId must be an existing image',
    ]);
    const cleared = await call(editor, 'PATCH', `/categories/${sub._id}`, { thumbnailMediaId: null });
    expect(cleared.json().category).toMatchObject({ thumbnailMediaId: null, thumbnail: null });
  });

  it("reorders a group's sub-categories, or the groups, whole and audited; the shop's menu follows", async () => {
    const group = await newGroup('Order Group');
    const names = ['First Sub', 'Second Sub', 'Third Sub'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await call(editor, 'POST', '/categories', { name, parentId: group._id });
      ids.push(res.json().category._id);
    }
    const reversed = [...ids].reverse();
    const res = await call(editor, 'PUT', '/categories/order', { parentId: group._id, ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().categories as {
      _id: string;
      name: string;
      parentId: string | null;
      position: number;
    }[];
    const subs = list.filter((c) => c.parentId === group._id);
    expect(subs.map((c) => [c.name, c.position])).toEqual([
      ['Third Sub', 0],
      ['Second Sub', 1],
      ['First Sub', 2],
    ]);
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'category.reorder', entityType: 'category', entityId: group._id });
    expect(row?.before).toEqual({ ids });
    expect(row?.after).toEqual({ ids: reversed });
    const menu = (await t.app.inject('/api/v1/subcategories')).json().data['Order Group'];
    expect(menu.map((c: { name: string }) => c.name)).toEqual(['Third Sub', 'Second Sub', 'First Sub']);

    const groups = list.filter((c) => c.parentId === null).map((c) => c._id);
    const lastFirst = [groups.at(-1)!, ...groups.slice(0, -1)];
    const moved = await call(editor, 'PUT', '/categories/order', { parentId: null, ids: lastFirst });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (moved.json().categories as { _id: string; parentId: string | null }[])
        .filter((c) => c.parentId === null)
        .map((c) => c._id),
    ).toEqual(lastFirst);
    expect((await auditRowsOf(moved))[0]).toMatchObject({ action: 'category.reorder', entityId: 'groups' });
  });

  it('refuses an order that leaves one out, names one twice or mixes lists, changing nothing', async () => {
    const group = await newGroup('Strict Order Group');
    const a = (await call(editor, 'POST', '/categories', { name: 'Strict A', parentId: group._id })).json()
      .category;
    const b = (await call(editor, 'POST', '/categories', { name: 'Strict B', parentId: group._id })).json()
      .category;
    const cases: [object, string][] = [
      [{ parentId: group._id, ids: [b._id] }, 'ids must list every sub-category of the group, each once'],
      [{ parentId: group._id, ids: [b._id, a._id, a._id] }, 'ids must name each category once'],
      [{ parentId: null, ids: [b._id, a._id] }, 'ids must list every group, each once'],
      [{ parentId: a._id, ids: [b._id] }, 'parentId must be the id of a group (a category without a parent)'],
      [{ parentId: group._id, ids: ['nope'] }, 'ids must be category ids'],
      [{ parentId: group._id, ids: [] }, 'ids must name every category of the list'],
    ];
    for (const [body, message] of cases) {
      const res = await call(editor, 'PUT', '/categories/order', body);
      expect([res.statusCode, res.json()]).toEqual([400, { success: false, message }]);
    }
    const support = await signedInStaff(t, 'support');
    expect(
      (await call(support, 'PUT', '/categories/order', { parentId: group._id, ids: [b._id, a._id] }))
        .statusCode,
    ).toBe(403);
    const subs = (
      (await call(editor, 'GET', '/categories')).json().categories as {
        _id: string;
        parentId: string | null;
      }[]
    )
      .filter((c) => c.parentId === group._id)
      .map((c) => c._id);
    expect(subs).toEqual([a._id, b._id]);
  });

  it('deletes only an empty category: not one with products, nor a group with sub-categories', async () => {
    const product = await createProduct(t.database.db);
    const withProducts = await call(editor, 'DELETE', `/categories/${product.categoryId}`);
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json().message).toBe('A category with products cannot be deleted');
    const [sub] = await t.database.db.select().from(categories).where(eq(categories.id, product.categoryId));
    const group = await call(editor, 'DELETE', `/categories/${sub?.parentId}`);
    expect(group.statusCode).toBe(409);
    expect(group.json().message).toBe('A group with sub-categories cannot be deleted');
    const empty = await newGroup('Empty Group');
    const res = await call(editor, 'DELETE', `/categories/${empty._id}`);
    expect(res.statusCode).toBe(200);
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'category.delete', entityType: 'category', entityId: empty._id });
  });

  it('lets support read but not change them', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await call(support, 'GET', '/categories')).statusCode).toBe(200);
    expect((await call(support, 'POST', '/categories', { name: 'Nope' })).statusCode).toBe(403);
  });
});

describe('size charts', () => {
  const hoodie = encodeURIComponent('Zip Hoodie');

  it('lists every garment type and replaces one chart, audited, shown on the product page', async () => {
    const list = (await call(editor, 'GET', '/size-charts')).json().sizeCharts as { garmentType: string }[];
    expect(list).toHaveLength(13);
    const rows = [
      { size: 'S', chest: 40, length: 27, sleeveLength: 24.5 },
      { size: 'M', chest: 42, length: 28, sleeveLength: 25 },
    ];
    const res = await call(editor, 'PUT', `/size-charts/${hoodie}`, { rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sizeChart).toEqual({ garmentType: 'Zip Hoodie', rows });
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({
      action: 'size_chart.update',
      entityType: 'size_chart',
      entityId: 'Zip Hoodie',
    });
    const after = (await call(editor, 'GET', '/size-charts')).json().sizeCharts;
    expect(after.find((c: { garmentType: string }) => c.garmentType === 'Zip Hoodie').rows).toEqual(rows);
  });

  it.each([
    [{ rows: [{ size: 'M', chest: -1, length: 28 }] }, 'chest must be more than 0 inches'],
    [{ rows: [{ size: 'M', chest: 40, length: 'long' }] }, 'length must be a number of inches'],
    [{ rows: [{ size: 'Huge', chest: 40, length: 28 }] }, 'size must be one of XS, S, M, L, XL, XXL, XXXL'],
    [
      {
        rows: [
          { size: 'M', chest: 40, length: 28 },
          { size: 'M', chest: 41, length: 28 },
        ],
      },
      'Each size may appear once in a size chart',
    ],
  ])('refuses %j: %s', async (body, message) => {
    const res = await call(editor, 'PUT', `/size-charts/${hoodie}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a garment type the store does not know', async () => {
    const res = await call(editor, 'PUT', '/size-charts/Saree', { rows: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('garmentType must be one of the garment types');
  });
});

describe('store settings', () => {
  it('answers the environment for every field never set', async () => {
    const res = await call(owner, 'GET', '/settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toMatchObject({
      legalName: 'Env Threads LLP',
      email: 'support@rangrez.store',
      supportHours: 'Every day, 10:00 to 18:00 IST',
      // No network and no WhatsApp unless the store names its own.
      instagramUrl: '',
      facebookUrl: '',
      whatsappNumber: '',
    });
    expect(body.stored.legalName).toBeNull();
    expect(body.defaults).toEqual(body.settings);
  });

  it('shows a changed address on the next page load, without a restart; unset fields keep the environment', async () => {
    const services = createStoreServices(
      testConfig({ PUBLIC_URL: 'http://shop.test', SELLER_LEGAL_NAME: 'Env Threads LLP' }),
      t.database.db,
      undefined,
      t.app.catalogueChanges,
    );
    const before = await services.site.settings();
    expect(before.seller.legalName).toBe('Env Threads LLP');
    const address = '7 Linking Road, Khar West, Mumbai 400052';
    const res = await call(owner, 'PUT', '/settings', {
      address,
      instagramUrl: 'https://www.instagram.com/rangrez.store',
      grievanceOfficerName: 'Meera Shah',
      whatsappNumber: '9820012345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ address, legalName: 'Env Threads LLP' });
    const [row] = await auditRowsOf(res);
    expect(row).toMatchObject({ action: 'settings.update', entityType: 'settings', entityId: 'store' });
    expect(row?.after).toEqual({
      address,
      instagramUrl: 'https://www.instagram.com/rangrez.store',
      grievanceOfficerName: 'Meera Shah',
      whatsappNumber: '9820012345',
    });
    // The change notification reaches every instance's cache; a person's next page load comes after it.
    await t.app.catalogueChanges.settle();
    const after = await services.site.settings();
    expect(after.seller).toMatchObject({
      address,
      legalName: 'Env Threads LLP',
      grievanceOfficer: { name: 'Meera Shah', email: 'grievance@rangrez.store' },
    });
    expect(after.social.instagram).toBe('https://www.instagram.com/rangrez.store');
    expect(after.whatsappNumber).toBe('9820012345');
    // A field left out goes back to the environment.
    await call(owner, 'PUT', '/settings', { legalName: 'Rangrez Apparel LLP' });
    await t.app.catalogueChanges.settle();
    const third = await services.site.settings();
    expect(third.seller.legalName).toBe('Rangrez Apparel LLP');
    expect(third.seller.address).toBe(before.seller.address);
    expect(third.social.instagram).toBe('');
    expect(third.whatsappNumber).toBe('');
  });

  it.each([
    [{ email: 'nobody' }, 'email must be an e-mail address'],
    [
      { whatsappNumber: '+91 22 4890 1200' },
      'whatsappNumber must be empty or a 10-digit Indian mobile number',
    ],
    [{ grievanceOfficerEmail: 'x@' }, 'grievanceOfficerEmail must be an e-mail address'],
    [{ legalName: '  ' }, 'legalName is required'],
    [{ address: 'x'.repeat(501) }, 'address must be at most 500 characters'],
    [{ facebookUrl: 'http://facebook.com/rangrez' }, 'facebookUrl must be empty or an https URL'],
    [{ youtubeUrl: 'javascript:alert(1)' }, 'youtubeUrl must be empty or an https URL'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await call(owner, 'PUT', '/settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("is the owner's: the catalogue role may neither read nor change it", async () => {
    expect((await call(editor, 'GET', '/settings')).statusCode).toBe(403);
    expect((await call(editor, 'PUT', '/settings', {})).statusCode).toBe(403);
  });
});
