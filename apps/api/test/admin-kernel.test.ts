// The admin API's guarantees, checked over the whole route table so that a new admin route is covered the day it
// is added: every route declares a permission (deny by default), every role gets exactly what its permissions
// allow, shopper tokens are refused, and every mutating route writes its audit row (docs/admin.md).
import { randomUUID } from 'node:crypto';
import { PERMISSIONS, STAFF_ROLES, type StaffRole, roleCan } from '@rangrez/contract/rules/staff-roles';
import { DEFAULT_DELIVERY_SETTINGS } from '@rangrez/contract/rules/delivery-promise';
import { createProduct, createReview, createSubCategory } from '@rangrez/db/factories/catalogue';
import { createSlide } from '@rangrez/db/factories/slides';
import {
  auditLog,
  categories,
  codBlocks,
  orders,
  payments,
  returns,
  searchSynonyms,
  slides,
  webhookInbox,
} from '@rangrez/db/schema';
import { desc, eq, sql } from 'drizzle-orm';
import { createMedia } from '@rangrez/db/factories/media';
import { createUser } from '@rangrez/db/factories/users';
import Fastify, { type InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoutePermission, registerAdminKernel } from '../src/plugins/admin.ts';
import { type SignedInStaff, createStaffMember, multipart, signedInStaff } from './admin-helpers.ts';
import {
  TEST_ADDRESS,
  type TestApp,
  codOrderBody,
  createTestApp,
  sendOutbox,
  signInNewUser,
} from './helpers.ts';
import { deliveredCodOrder, placedCodOrder } from './order-helpers.ts';

interface AdminRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

const routes: AdminRoute[] = [];
let t: TestApp;
const staffByRole = new Map<StaffRole, SignedInStaff>();

beforeAll(async () => {
  t = await createTestApp({}, async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1/admin')) return;
      const permission = (route.config as { permission?: RoutePermission } | undefined)?.permission;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, permission });
      }
    });
  });
  for (const role of STAFF_ROLES) staffByRole.set(role, await signedInStaff(t, role));
});
afterAll(() => t.close());

const withParams = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());
const key = (r: AdminRoute) => `${r.method} ${r.url}`;
const guarded = () => routes.filter((r) => r.permission !== 'public' && r.permission !== 'signed-in');

describe('deny by default', () => {
  it('finds the admin routes, and every one declares a known permission', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const known = new Set<string>([...PERMISSIONS, 'public', 'signed-in']);
    expect(routes.filter((r) => !known.has(String(r.permission))).map(key)).toEqual([]);
  });

  it('refuses to start an admin scope with a route that declares no permission', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(
        async (scope) => {
          registerAdminKernel(scope, {
            db: t.database.db,
            authenticateStaff: async () => null,
            isShopperToken: async () => false,
          });
          scope.get('/forgotten', async () => ({}));
        },
        { prefix: '/admin' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Admin route GET /admin/forgotten declares no permission');
  });

  it('answers 401 without a token and 403 to a shopper, on every route that is not public', async () => {
    const shopper = await signInNewUser(t);
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const url = withParams(route.url);
      const anonymous = await t.app.inject({ method: route.method as 'GET', url, payload: {} });
      expect([key(route), anonymous.statusCode]).toEqual([key(route), 401]);
      const asShopper = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: {},
        headers: shopper.headers,
      });
      expect([key(route), asShopper.statusCode, asShopper.json().message]).toEqual([
        key(route),
        403,
        'Staff sign-in required',
      ]);
    }
  });
});

describe('each role against each admin route', () => {
  it.each(STAFF_ROLES)('%s gets 403 exactly where its role lacks the permission', async (role) => {
    const member = staffByRole.get(role)!;
    const answers = [];
    for (const route of guarded()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: withParams(route.url),
        payload: {},
        headers: member.headers,
      });
      answers.push([key(route), res.statusCode === 403 ? 'refused' : 'allowed']);
      expect(res.statusCode).not.toBe(401);
      if (res.statusCode === 403) expect(res.json().message).toBe('Your role does not allow this');
    }
    const expected = guarded().map((r) => [
      key(r),
      roleCan(role, r.permission as never) ? 'allowed' : 'refused',
    ]);
    expect(answers).toEqual(expected);
  });
});

/** A return of a delivered cash-on-delivery order, written as it would be in `state` (paid out as store credit). */
async function shopperReturn(state: 'requested' | 'approved') {
  const buyer = await signInNewUser(t);
  const orderNumber = await deliveredCodOrder(
    t,
    buyer,
    (await createProduct(t.database.db, { stock: 3 })).id,
  );
  const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const [row] = await t.database.db
    .insert(returns)
    .values({ orderId: order!.id, userId: buyer.userId, state, reason: 'misprint', payout: 'store_credit' })
    .returning();
  await t.database.db.execute(
    sql`insert into return_items (return_id, order_item_id, quantity)
        select ${row!.id}, id, quantity from order_items where order_id = ${order!.id}`,
  );
  return row!.id;
}

const returnAction =
  (state: 'requested' | 'approved', action: string, payload: object, role: StaffRole = 'ops') =>
  async () => ({
    method: 'POST' as const,
    url: `/api/v1/admin/returns/${await shopperReturn(state)}/${action}`,
    headers: staffByRole.get(role)!.headers,
    payload,
    expect: 200,
  });

/** A shopper's review waiting for moderation. */
const shopperReview = () => createReview(t.database.db, { isDemo: false, status: 'pending' });

/**
 * How to make each mutating admin route succeed. A new mutating route without a recipe fails the coverage test:
 * add one here, and its audit row is checked from then on.
 */
/**
 * A cash-on-delivery order for the desk's recipes, confirmed and handed to the partner unless `handOver` is false;
 * `beforeHandOver` runs between placement and confirmation.
 */
async function deskOrder(
  handOver = true,
  beforeHandOver?: (orderNumber: string) => Promise<unknown>,
): Promise<string> {
  const buyer = await signInNewUser(t);
  const tee = await createProduct(t.database.db, { stock: 3 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId: tee.id }], tee.pricePaise / 100 + 50),
  });
  const orderNumber = placed.json().qikinkOrderId as string;
  if (handOver) {
    await beforeHandOver?.(orderNumber);
    // Confirmed by the shopper, as a COD order must be before its hand-over (docs/cod-confirmation.md).
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderNumber}/cod-confirmation`,
      headers: buyer.headers,
      payload: { action: 'confirm' },
    });
    await t.app.jobs.runDueJobs();
  }
  return orderNumber;
}

/** An order handed over, then cancelled by staff: waiting for the partner's dashboard. */
async function cancelRequestedOrder(): Promise<string> {
  const orderNumber = await placedCodOrder(
    t,
    await signInNewUser(t),
    (await createProduct(t.database.db, { stock: 3 })).id,
  );
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderNumber}/cancel`,
    headers: staffByRole.get('ops')!.headers,
    payload: { reason: 'Shopper asked' },
  });
  return orderNumber;
}

/** A promotion made through the API, for the recipes that change one. */
async function recipePromotion(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/promotions',
    headers: staffByRole.get('owner')!.headers,
    payload: { kind: 'fixed', value: 100 },
  });
  return res.json().promotion.id;
}

/** A fresh synonym set for the recipes that change or delete one. */
async function searchSynonymId(): Promise<string> {
  const [row] = await t.database.db
    .insert(searchSynonyms)
    .values({ terms: [`recipe ${randomUUID().slice(0, 8)}`, 'recipe'] })
    .returning();
  return row!.id;
}

const RECIPES: Record<string, () => Promise<InjectOptions & { expect: number }>> = {
  'POST /api/v1/admin/session': async () => {
    const member = await createStaffMember(t, 'support');
    return {
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: member.email, password: 'Staff-Password-1' },
      expect: 200,
    };
  },
  'DELETE /api/v1/admin/session': async () => {
    const member = await signedInStaff(t, 'support');
    return { method: 'DELETE', url: '/api/v1/admin/session', headers: member.headers, expect: 200 };
  },
  'POST /api/v1/admin/2fa/setup': async () => {
    const member = await signedInStaff(t, 'ops');
    return { method: 'POST', url: '/api/v1/admin/2fa/setup', headers: member.headers, expect: 200 };
  },
  'POST /api/v1/admin/2fa/confirm': async () => {
    const { totpCode } = await import('../src/modules/staff/totp.ts');
    const member = await signedInStaff(t, 'ops');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/2fa/setup',
      headers: member.headers,
    });
    const code = totpCode(setup.json().secret, new Date());
    return {
      method: 'POST',
      url: '/api/v1/admin/2fa/confirm',
      headers: member.headers,
      payload: { code },
      expect: 200,
    };
  },
  'POST /api/v1/admin/invitations/accept': async () => {
    const owner = staffByRole.get('owner')!;
    const mailer = t.app.integrations.mailer;
    const send = mailer.send.bind(mailer);
    let link = '';
    const email = `invited-${randomUUID()}@staff.test`;
    mailer.send = async (message) => {
      if (message.to === email) link = /#(\S+)/.exec(message.text)?.[1] ?? '';
      return send(message);
    };
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email, role: 'catalogue' },
    });
    await sendOutbox(t);
    mailer.send = send;
    return {
      method: 'POST',
      url: '/api/v1/admin/invitations/accept',
      payload: { token: link, password: 'Chosen-Password-9' },
      expect: 200,
    };
  },
  'POST /api/v1/admin/staff': async () => ({
    method: 'POST',
    url: '/api/v1/admin/staff',
    headers: staffByRole.get('owner')!.headers,
    payload: { email: `new-${randomUUID()}@staff.test`, role: 'support' },
    expect: 201,
  }),
  'PATCH /api/v1/admin/staff/:id': async () => {
    const member = await createStaffMember(t, 'support');
    return {
      method: 'PATCH',
      url: `/api/v1/admin/staff/${member.id}`,
      headers: staffByRole.get('owner')!.headers,
      payload: { role: 'ops' },
      expect: 200,
    };
  },
  'POST /api/v1/admin/staff/:id/reset-2fa': async () => {
    const member = await createStaffMember(t, 'support', { totpSecret: 'JBSWY3DPEHPK3PXP' });
    return {
      method: 'POST',
      url: `/api/v1/admin/staff/${member.id}/reset-2fa`,
      headers: staffByRole.get('owner')!.headers,
      expect: 200,
    };
  },
  'POST /api/v1/admin/products': async () => ({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: staffByRole.get('catalogue')!.headers,
    payload: {
      name: 'Audit Tee',
      sku: `AT-${randomUUID().slice(0, 8)}`,
      price: 799,
      categoryId: (await createSubCategory(t.database.db)).id,
      colors: ['Bk'],
      sizes: ['M'],
    },
    expect: 201,
  }),
  'PATCH /api/v1/admin/products/:id': async () => ({
    method: 'PATCH',
    url: `/api/v1/admin/products/${(await createProduct(t.database.db)).id}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { price: 899 },
    expect: 200,
  }),
  'PUT /api/v1/admin/products/:id/variants': async () => ({
    method: 'PUT',
    url: `/api/v1/admin/products/${(await createProduct(t.database.db)).id}/variants`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { variants: [{ color: 'Bk', size: 'M', stock: 4 }] },
    expect: 200,
  }),
  'POST /api/v1/admin/products/:id/duplicate': async () => ({
    method: 'POST',
    url: `/api/v1/admin/products/${(await createProduct(t.database.db)).id}/duplicate`,
    headers: staffByRole.get('catalogue')!.headers,
    expect: 201,
  }),
  'POST /api/v1/admin/slides': async () => ({
    method: 'POST',
    url: '/api/v1/admin/slides',
    headers: staffByRole.get('catalogue')!.headers,
    payload: { title: 'Audit Drop', ctaLink: '/collection/men' },
    expect: 201,
  }),
  'PATCH /api/v1/admin/slides/:id': async () => ({
    method: 'PATCH',
    url: `/api/v1/admin/slides/${(await createSlide(t.database.db)).id}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { startsAt: '2026-12-01T00:00:00+05:30' },
    expect: 200,
  }),
  'DELETE /api/v1/admin/slides/:id': async () => ({
    method: 'DELETE',
    url: `/api/v1/admin/slides/${(await createSlide(t.database.db)).id}`,
    headers: staffByRole.get('catalogue')!.headers,
    expect: 200,
  }),
  'PUT /api/v1/admin/slides/order': async () => {
    await createSlide(t.database.db);
    const rows = await t.database.db.select({ id: slides.id }).from(slides).orderBy(desc(slides.position));
    return {
      method: 'PUT',
      url: '/api/v1/admin/slides/order',
      headers: staffByRole.get('catalogue')!.headers,
      payload: { ids: rows.map((r) => r.id) },
      expect: 200,
    };
  },
  'PUT /api/v1/admin/products/:id/images': async () => ({
    method: 'PUT',
    url: `/api/v1/admin/products/${(await createProduct(t.database.db)).id}/images`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { images: [{ color: 'Bk', mediaId: (await createMedia(t.database.db)).id, alt: 'Front' }] },
    expect: 200,
  }),
  'POST /api/v1/admin/media': async () => {
    const png = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'tee.png', contentType: 'image/png', data: png }]);
    return {
      method: 'POST',
      url: '/api/v1/admin/media',
      headers: { ...staffByRole.get('catalogue')!.headers, ...body.headers },
      payload: body.payload,
      expect: 201,
    };
  },
  'POST /api/v1/admin/products/import': async () => {
    const category = await createSubCategory(t.database.db);
    const [group] = await t.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, category.parentId!));
    const handle = `audit-import-${randomUUID().slice(0, 8)}`;
    return {
      method: 'POST',
      url: '/api/v1/admin/products/import?dryRun=false',
      headers: { ...staffByRole.get('catalogue')!.headers, 'content-type': 'text/csv' },
      payload:
        'handle,name,sku,price,category,group,color,size,stock\n' +
        `${handle},Audit Import Tee,${handle.toUpperCase()},799,${category.name},${group!.name},Bk,M,3\n`,
      expect: 200,
    };
  },
  'POST /api/v1/admin/orders/:orderId/cancel': async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(t.database.db, { stock: 3 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }], tee.pricePaise / 100 + 50),
    });
    return {
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.json().qikinkOrderId}/cancel`,
      headers: staffByRole.get('ops')!.headers,
      payload: { reason: 'Customer called to cancel' },
      expect: 200,
    };
  },
  'POST /api/v1/admin/orders/:orderId/refunds': async () => ({
    method: 'POST',
    url: `/api/v1/admin/orders/${await deliveredCodOrder(t, await signInNewUser(t), (await createProduct(t.database.db, { stock: 3 })).id)}/refunds`,
    headers: staffByRole.get('ops')!.headers,
    payload: { amount: 100, method: 'manual', reference: 'UPI 99120', reason: 'Goodwill for a late parcel' },
    expect: 201,
  }),
  'POST /api/v1/admin/orders/:orderId/notes': async () => ({
    method: 'POST',
    url: `/api/v1/admin/orders/${await deskOrder()}/notes`,
    headers: staffByRole.get('ops')!.headers,
    payload: { body: 'Shopper called about the size' },
    expect: 201,
  }),
  'PATCH /api/v1/admin/orders/:orderId/address': async () => ({
    method: 'PATCH',
    url: `/api/v1/admin/orders/${await deskOrder(false)}/address`,
    headers: staffByRole.get('ops')!.headers,
    payload: { ...TEST_ADDRESS, doorNo: '14A' },
    expect: 200,
  }),
  'POST /api/v1/admin/orders/:orderId/resend': async () => {
    const orderNumber = await deskOrder(true, (n) =>
      t.app.integrations.simulatedPartner!.refuseOrders({
        orderNumber: n,
        message: 'Invalid SKU',
        once: true,
      }),
    );
    return {
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/resend`,
      headers: staffByRole.get('ops')!.headers,
      expect: 200,
    };
  },
  'POST /api/v1/admin/webhooks/:id/replay': async () => {
    const [dead] = await t.database.db
      .insert(webhookInbox)
      .values({
        provider: 'razorpay',
        eventId: `evt_Audit${randomUUID().slice(0, 8)}`,
        eventType: 'payment.captured',
        payload: {},
        status: 'dead',
        attempts: 8,
        lastError: 'audit recipe',
      })
      .returning({ id: webhookInbox.id });
    return {
      method: 'POST',
      url: `/api/v1/admin/webhooks/${dead!.id}/replay`,
      headers: staffByRole.get('ops')!.headers,
      expect: 200,
    };
  },
  'POST /api/v1/admin/orders/:orderId/cancellation/confirm': async () => ({
    method: 'POST',
    url: `/api/v1/admin/orders/${await cancelRequestedOrder()}/cancellation/confirm`,
    headers: staffByRole.get('ops')!.headers,
    expect: 200,
  }),
  'POST /api/v1/admin/orders/:orderId/cancellation/too-late': async () => ({
    method: 'POST',
    url: `/api/v1/admin/orders/${await cancelRequestedOrder()}/cancellation/too-late`,
    headers: staffByRole.get('ops')!.headers,
    expect: 200,
  }),
  'POST /api/v1/admin/orders/:orderId/cod-confirmation': async () => ({
    method: 'POST',
    url: `/api/v1/admin/orders/${await deskOrder(false)}/cod-confirmation`,
    headers: staffByRole.get('ops')!.headers,
    payload: { action: 'confirm', note: 'Called the shopper: confirmed' },
    expect: 200,
  }),
  'POST /api/v1/admin/payments/:paymentId/refund': async () => {
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        provider: 'razorpay',
        providerOrderId: `order_${randomUUID().slice(0, 12)}`,
        providerPaymentId: `pay_${randomUUID().slice(0, 12)}`,
        amountPaise: 49_900,
        status: 'unmatched',
      })
      .returning();
    return {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment!.id}/refund`,
      headers: staffByRole.get('ops')!.headers,
      payload: { reason: 'Paid with no order' },
      expect: 201,
    };
  },
  'POST /api/v1/admin/returns/:returnId/approve': returnAction('requested', 'approve', {}),
  'POST /api/v1/admin/returns/:returnId/reject': returnAction('requested', 'reject', { reason: 'No defect' }),
  'POST /api/v1/admin/returns/:returnId/pickup': returnAction('approved', 'pickup', {}),
  'POST /api/v1/admin/returns/:returnId/received': returnAction('approved', 'received', {}),
  'POST /api/v1/admin/returns/:returnId/reprint': returnAction('approved', 'reprint', {}),
  'POST /api/v1/admin/returns/:returnId/refund': returnAction('approved', 'refund', { amount: 100 }),
  'POST /api/v1/admin/reviews/:id/approve': async () => ({
    method: 'POST',
    url: `/api/v1/admin/reviews/${(await shopperReview()).id}/approve`,
    headers: staffByRole.get('catalogue')!.headers,
    expect: 200,
  }),
  'POST /api/v1/admin/reviews/:id/reject': async () => ({
    method: 'POST',
    url: `/api/v1/admin/reviews/${(await shopperReview()).id}/reject`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { reason: 'Mentions another shop' },
    expect: 200,
  }),
  'PUT /api/v1/admin/reviews/:id/reply': async () => ({
    method: 'PUT',
    url: `/api/v1/admin/reviews/${(await shopperReview()).id}/reply`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { text: 'Thank you for the photos!' },
    expect: 200,
  }),
  'POST /api/v1/admin/categories': async () => ({
    method: 'POST',
    url: '/api/v1/admin/categories',
    headers: staffByRole.get('catalogue')!.headers,
    payload: { name: `Audit Group ${randomUUID().slice(0, 8)}` },
    expect: 201,
  }),
  'PATCH /api/v1/admin/categories/:id': async () => ({
    method: 'PATCH',
    url: `/api/v1/admin/categories/${(await createSubCategory(t.database.db)).id}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { description: 'Audited description' },
    expect: 200,
  }),
  'DELETE /api/v1/admin/categories/:id': async () => ({
    method: 'DELETE',
    url: `/api/v1/admin/categories/${(await createSubCategory(t.database.db)).id}`,
    headers: staffByRole.get('catalogue')!.headers,
    expect: 200,
  }),
  'POST /api/v1/admin/search/synonyms': async () => ({
    method: 'POST',
    url: '/api/v1/admin/search/synonyms',
    headers: staffByRole.get('catalogue')!.headers,
    payload: { terms: [`audit ${randomUUID().slice(0, 8)}`, 'audited'] },
    expect: 201,
  }),
  'PUT /api/v1/admin/search/synonyms/:id': async () => ({
    method: 'PUT',
    url: `/api/v1/admin/search/synonyms/${await searchSynonymId()}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { terms: ['audit', 'audited'] },
    expect: 200,
  }),
  'DELETE /api/v1/admin/search/synonyms/:id': async () => ({
    method: 'DELETE',
    url: `/api/v1/admin/search/synonyms/${await searchSynonymId()}`,
    headers: staffByRole.get('catalogue')!.headers,
    expect: 200,
  }),
  'PUT /api/v1/admin/categories/order': async () => {
    const first = await createSubCategory(t.database.db);
    const second = await createSubCategory(t.database.db, { parentId: first.parentId });
    return {
      method: 'PUT',
      url: '/api/v1/admin/categories/order',
      headers: staffByRole.get('catalogue')!.headers,
      payload: { parentId: first.parentId, ids: [second.id, first.id] },
      expect: 200,
    };
  },
  'PUT /api/v1/admin/size-charts/:garmentType': async () => ({
    method: 'PUT',
    url: `/api/v1/admin/size-charts/${encodeURIComponent('Crop Top')}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { rows: [{ size: 'S', chest: 34, length: 17 }] },
    expect: 200,
  }),
  'POST /api/v1/admin/promotions': async () => ({
    method: 'POST',
    url: '/api/v1/admin/promotions',
    headers: staffByRole.get('catalogue')!.headers,
    payload: { code: `AUDIT${randomUUID().slice(0, 8).toUpperCase()}`, kind: 'percentage', value: 10 },
    expect: 201,
  }),
  'PATCH /api/v1/admin/promotions/:id': async () => ({
    method: 'PATCH',
    url: `/api/v1/admin/promotions/${await recipePromotion()}`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { active: false },
    expect: 200,
  }),
  'POST /api/v1/admin/promotions/:id/codes': async () => ({
    method: 'POST',
    url: `/api/v1/admin/promotions/${await recipePromotion()}/codes`,
    headers: staffByRole.get('catalogue')!.headers,
    payload: { count: 3 },
    expect: 201,
  }),
  'PUT /api/v1/admin/settings/cod': async () => ({
    method: 'PUT',
    url: '/api/v1/admin/settings/cod',
    headers: staffByRole.get('ops')!.headers,
    payload: {
      minOrderValue: 0,
      maxOrderValue: 50_000,
      maxOpenPerPhone: 2,
      rtoBlockThreshold: 2,
      fee: 50,
      denyPins: '110001',
      indiaPostOnlyPins: '',
    },
    expect: 200,
  }),
  'POST /api/v1/admin/cod/blocks/:id/lift': async () => {
    const user = await createUser(t.database.db);
    const [block] = await t.database.db
      .insert(codBlocks)
      .values({ userId: user.id, reason: 'Two parcels came back' })
      .returning();
    return {
      method: 'POST',
      url: `/api/v1/admin/cod/blocks/${block!.id}/lift`,
      headers: staffByRole.get('owner')!.headers,
      expect: 200,
    };
  },
  'PUT /api/v1/admin/settings': async () => ({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: staffByRole.get('owner')!.headers,
    payload: { supportHours: 'Monday to Friday, 10:00 to 18:00 IST' },
    expect: 200,
  }),
  'PUT /api/v1/admin/settings/delivery': async () => ({
    method: 'PUT',
    url: '/api/v1/admin/settings/delivery',
    headers: staffByRole.get('owner')!.headers,
    payload: { ...DEFAULT_DELIVERY_SETTINGS, cutoff: '15:00' },
    expect: 200,
  }),
};

/** POST routes that only read: they change nothing, so they owe no audit row. */
const READS_BY_POST = new Set(['POST /api/v1/admin/invitations/lookup']);

describe('audit coverage', () => {
  const mutating = () =>
    routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !READS_BY_POST.has(key(r)));

  it('has a recipe for every mutating admin route', () => {
    expect(
      mutating()
        .map(key)
        .filter((k) => !RECIPES[k]),
    ).toEqual([]);
  });

  it('writes at least one audit row, with the request id, for every mutating admin route', async () => {
    for (const route of mutating()) {
      const { expect: status, ...request } = await RECIPES[key(route)]!();
      const res = await t.app.inject(request);
      expect([key(route), res.statusCode]).toEqual([key(route), status]);
      const requestId = String(res.headers['x-request-id']);
      const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
      expect([key(route), rows.length > 0]).toEqual([key(route), true]);
    }
  });
});

describe('the audit trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to the application', async () => {
    const member = await signedInStaff(t, 'support');
    const [row] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.actor, member.email));
    expect(row).toBeDefined();
    const db = t.database.db;
    await expect(
      db.execute(sql`update audit_log set actor = 'someone else' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still?.actor).not.toBe('someone else');
  });
});
