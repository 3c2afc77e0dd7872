// The back office's promotions: the body in rupees, stored in paise and answered back the same; checks
// across fields; editing, switching off and the counters the database keeps; batches of single-use codes and their
// CSV; who may do it; every change audited.
import { auditLog, promotionCodes, promotions } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp } from './helpers.ts';
import { createProduct } from '@rangrez/db/factories/catalogue';

let t: TestApp;
let editor: SignedInStaff;
let ops: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInStaff(t, 'catalogue');
  ops = await signedInStaff(t, 'ops');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const admin = (method: Method, url: string, payload?: object, who: SignedInStaff = editor) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

describe('admin promotions', () => {
  it('creates a promotion from the issue body, amounts in rupees, and reads it back with its counts', async () => {
    const res = await admin('POST', '/promotions', {
      code: 'welcome20',
      kind: 'percentage',
      value: 20,
      maxDiscount: 300,
      minSubtotal: 999,
      usageLimit: 100,
      perCustomerLimit: 1,
      budget: 10_000,
      prepaidOnly: true,
      firstOrderOnly: true,
      startsAt: '2026-12-01T00:00:00+05:30',
      endsAt: '2027-01-01T00:00:00+05:30',
      combinable: true,
      shoppers: [' Asha@Example.com ', '+91 98765 43210'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const promotion = res.json().promotion;
    expect(promotion).toMatchObject({
      code: 'WELCOME20',
      kind: 'percentage',
      value: 20,
      maxDiscount: 300,
      minSubtotal: 999,
      usageLimit: 100,
      perCustomerLimit: 1,
      budget: 10_000,
      prepaidOnly: true,
      firstOrderOnly: true,
      startsAt: '2026-11-30T18:30:00.000Z',
      endsAt: '2026-12-31T18:30:00.000Z',
      automatic: false,
      combinable: true,
      active: true,
      shoppers: ['asha@example.com', '9876543210'],
      used: 0,
      redemptions: 0,
      budgetUsed: 0,
      batchCodes: 0,
      batchCodesUsed: 0,
    });
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(row).toMatchObject({
      percent: 20,
      amountPaise: null,
      maxDiscountPaise: 30_000,
      minSubtotalPaise: 99_900,
    });
    expect(row?.budgetPaise).toBe(1_000_000);

    const read = await admin('GET', `/promotions/${promotion.id}`);
    expect(read.json()).toEqual({ success: true, promotion });
    const list = await admin('GET', '/promotions');
    expect(list.json().promotions.map((p: { id: string }) => p.id)).toContain(promotion.id);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, promotion.id));
    expect(audit.map((a) => a.action)).toEqual(['promotion.create']);
  });

  it('refuses a body that does not hold together, in the error shape', async () => {
    const res = await admin('POST', '/promotions', { kind: 'buy_x_get_y', value: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'buyQuantity and getQuantity are required for buy X get Y',
    });
    const taken = await admin('POST', '/promotions', { code: 'WELCOME20', kind: 'fixed', value: 50 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: 'This code is already in use' });
    const missing = await admin('GET', '/promotions/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Promotion not found' });
  });

  it('stores each kind in its own columns', async () => {
    const bundle = await admin('POST', '/promotions', {
      kind: 'bundle',
      value: 1199,
      bundleQuantity: 3,
      automatic: true,
      target: 'types',
      targetIds: ['tees-type-id'],
    });
    expect(bundle.statusCode, bundle.body).toBe(201);
    expect(bundle.json().promotion).toMatchObject({
      kind: 'bundle',
      value: 1199,
      bundleQuantity: 3,
      code: null,
    });
    const bxgy = await admin('POST', '/promotions', {
      code: 'B2G1',
      kind: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
    });
    expect(bxgy.json().promotion).toMatchObject({
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
      maxDiscount: null,
    });
    const ship = await admin('POST', '/promotions', { code: 'SHIPFREE', kind: 'free_shipping' });
    expect(ship.json().promotion).toMatchObject({ kind: 'free_shipping', value: 0 });
  });

  it('edits, switches off, and will not set a limit below what was used', async () => {
    const created = (
      await admin('POST', '/promotions', { code: 'EDITME', kind: 'fixed', value: 100, usageLimit: 5 })
    ).json().promotion;
    const off = await admin('PATCH', `/promotions/${created.id}`, { active: false, value: 150 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().promotion).toMatchObject({ active: false, value: 150, usageLimit: 5 });
    await t.database.db.update(promotions).set({ used: 3 }).where(eq(promotions.id, created.id));
    const below = await admin('PATCH', `/promotions/${created.id}`, { usageLimit: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      success: false,
      message: 'usageLimit must not be below the 3 redemptions made',
    });
    const window = await admin('PATCH', `/promotions/${created.id}`, {
      startsAt: '2027-01-01T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(window.json()).toEqual({ success: false, message: 'endsAt must be after startsAt' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.update']);
  });

  it('generates unique single-use codes and exports them as CSV', async () => {
    const created = (
      await admin('POST', '/promotions', { code: 'FIRSTBUY', kind: 'percentage', value: 20 })
    ).json().promotion;
    const res = await admin('POST', `/promotions/${created.id}/codes`, { count: 50 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.batchCodes).toBe(50);
    expect(new Set(body.codes).size).toBe(50);
    for (const code of body.codes) expect(code).toMatch(/^FIRSTBUY-[A-HJKMNP-Z2-9]{10}$/);
    const rows = await t.database.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.promotionId, created.id));
    expect(rows).toHaveLength(50);

    const csv = await admin('GET', `/promotions/${created.id}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('code,used,created_at');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([...body.codes].sort());
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'no')).toBe(true);

    const read = await admin('GET', `/promotions/${created.id}`);
    expect(read.json().promotion).toMatchObject({ batchCodes: 50, batchCodesUsed: 0 });

    const auto = (await admin('POST', '/promotions', { kind: 'free_shipping', automatic: true })).json()
      .promotion;
    const refused = await admin('POST', `/promotions/${auto.id}/codes`, { count: 5 });
    expect(refused.json()).toEqual({ success: false, message: 'An automatic promotion has no codes' });
  });

  it('is for the catalogue role and the owner only', async () => {
    const res = await admin('GET', '/promotions', undefined, ops);
    expect(res.statusCode).toBe(403);
    const write = await admin('POST', '/promotions', { kind: 'fixed', value: 10 }, ops);
    expect(write.statusCode).toBe(403);
  });
});

describe('the GST check of a promotion', () => {
  it('lists the products its offer puts between the GST slabs, for promotions:read only', async () => {
    const jacket = await createProduct(t.database.db, { name: 'Check Jacket', pricePaise: 319_900 });
    const tee = await createProduct(t.database.db, { name: 'Check Tee', pricePaise: 79_900 });
    const created = await admin('POST', '/promotions', {
      code: 'GSTCHECK10',
      kind: 'percentage',
      value: 10,
      target: 'products',
      targetIds: [jacket.id, tee.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id as string;
    const res = await admin('GET', `/promotions/${id}/gst-check`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      total: 1,
      products: [{ id: jacket.id, name: 'Check Jacket', price: 3199, priceAfter: 2880, quantity: 1 }],
    });
    expect((await admin('GET', `/promotions/${id}/gst-check`, undefined, ops)).statusCode).toBe(403);
    const missing = await admin('GET', '/promotions/00000000-0000-4000-8000-000000000000/gst-check');
    expect(missing.statusCode).toBe(404);
  });
});
