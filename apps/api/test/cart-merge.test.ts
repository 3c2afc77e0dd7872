// POST /api/v1/cart/merge: the anonymous browser cart joins the user's cart on sign-in (docs/product/rules.md;
// docs/decisions/007-cart-api.md). Never lose a line (merged or reported), never duplicate one, safe for two
// tabs signing in at once.
import { cartItems, productVariants, sharedState } from '@rangrez/db/schema';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { SIGNUP_PASSWORD, type SignedUp, type TestApp, createTestApp, signUpThroughApi } from './helpers.ts';

const clock = new ManualClock('2026-05-01T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

let seq = 0;
const signup = () => signUpThroughApi(t.app, { prefix: 'merge', firstName: 'Kabir', lastName: 'Shah' });

/** A second sign-in of the same user: another tab or device with its own session. */
async function secondTab(session: SignedUp): Promise<SignedUp> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: session.user.email, password: SIGNUP_PASSWORD },
    remoteAddress: `10.9.0.${++seq % 250}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const call = (s: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: s ? { authorization: `Bearer ${s.accessToken}` } : {},
  });

let mergeSeq = 0;
const newMergeId = () => `merge-${Date.now()}-${++mergeSeq}`;
const merge = (s: SignedUp, items: object[], mergeId = newMergeId()) =>
  call(s, 'POST', '/cart/merge', { mergeId, items });

const db = () => t.database.db;
const product = (overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(db(), { name: 'Tokyo Drift Oversized Tee', ...overrides });
const line = (productId: string, size: string, color: string, quantity: number | string = 1) => ({
  productId,
  size,
  color,
  quantity,
});
const add = (s: SignedUp, productId: string, size = 'M', color = 'Bk') =>
  call(s, 'POST', '/cart/items', { productId, size, color });

async function rows(userId: string) {
  const list = await db().select().from(cartItems).where(eq(cartItems.userId, userId));
  return list.map((r) => `${r.productId}/${r.size}/${r.color}=${r.quantity}`).sort();
}

describe('merging', () => {
  it('adds disjoint lines to the cart', async () => {
    const s = await signup();
    const [a, b] = [await product(), await product({ name: 'Akira Hoodie' })];
    await add(s, a.id);
    const res = await merge(s, [line(b.id, 'L', 'Wh', 2)]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Cart merged');
    expect(body.data.merge).toEqual({ applied: true, dropped: [], adjusted: [] });
    expect(
      body.data.items.map((l: { product: { name: string }; size: string; quantity: number }) => [
        l.product.name,
        l.size,
        l.quantity,
      ]),
    ).toEqual([
      ['Tokyo Drift Oversized Tee', 'M', 1],
      ['Akira Hoodie', 'L', 2],
    ]);
    expect(body.data.totals).toMatchObject({ itemCount: 3, subtotal: 3 * 799 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('adds the quantities of the same line, once, even when the browser cart repeats it', async () => {
    const s = await signup();
    const a = await product();
    await add(s, a.id);
    await add(s, a.id);
    const res = await merge(s, [line(a.id, 'M', 'Bk', '3'), line(a.id, 'M', 'Bk', 1), line(a.id, 'L', 'Bk')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.merge).toEqual({ applied: true, dropped: [], adjusted: [] });
    expect(await rows(s.user._id)).toEqual([`${a.id}/L/Bk=1`, `${a.id}/M/Bk=6`].sort());
  });

  it('caps quantities by stock and reports the lines it capped', async () => {
    const s = await signup();
    const a = await product({ name: 'Low Stock Tee', stock: 4 });
    const b = await product({ name: 'Other Tee', stock: 2 });
    for (let i = 0; i < 3; i++) await add(s, a.id);
    const res = await merge(s, [line(a.id, 'M', 'Bk', 3), line(b.id, 'S', 'Wh', 9)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.merge.adjusted).toEqual([
      {
        productId: a.id,
        size: 'M',
        color: 'Bk',
        requested: 6,
        quantity: 4,
        message: 'Only 4 left of Low Stock Tee (Black, M)',
      },
      {
        productId: b.id,
        size: 'S',
        color: 'Wh',
        requested: 9,
        quantity: 2,
        message: 'Only 2 left of Other Tee (White, S)',
      },
    ]);
    expect(await rows(s.user._id)).toEqual([`${a.id}/M/Bk=4`, `${b.id}/S/Wh=2`].sort());
  });

  it('caps at 100 a line even with more in stock', async () => {
    const s = await signup();
    const a = await product({ stock: 1000 });
    const res = await merge(s, [line(a.id, 'M', 'Bk', 150)]);
    expect(res.json().data.merge.adjusted).toEqual([
      {
        productId: a.id,
        size: 'M',
        color: 'Bk',
        requested: 150,
        quantity: 100,
        message: 'You can add at most 100 of Tokyo Drift Oversized Tee',
      },
    ]);
  });

  it('copes with absurd quantities and prices from a tampered browser cart', async () => {
    const s = await signup();
    const a = await product({ stock: 1000 });
    const res = await merge(s, [
      { ...line(a.id, 'M', 'Bk', Number.MAX_SAFE_INTEGER), price: 1e15 },
      line(a.id, 'M', 'Bk', '99999999999999999999'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ quantity: 100, status: 'ok' });
    expect(res.json().data.merge.adjusted[0]).toMatchObject({ requested: 10_000, quantity: 100 });
    expect(res.json().data.merge.dropped).toEqual([
      expect.objectContaining({ productId: a.id, reason: 'invalid_quantity' }),
    ]);
    // The price hint was ignored: the line counts as seen at today's price.
    expect(res.json().data.items[0]).not.toHaveProperty('previousPrice');
  });

  it('never lowers a line the cart already holds above a fallen stock', async () => {
    const s = await signup();
    const a = await product();
    await call(s, 'POST', '/cart/items', { productId: a.id, size: 'M', color: 'Bk' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/cart/items',
      payload: { productId: a.id, size: 'M', color: 'Bk', quantity: 5 },
      headers: { authorization: `Bearer ${s.accessToken}` },
    });
    // The line's own colour and size falls to 3.
    await db()
      .update(productVariants)
      .set({ stock: 3 })
      .where(
        and(
          eq(productVariants.productId, a.id),
          eq(productVariants.color, 'Bk'),
          eq(productVariants.size, 'M'),
        ),
      );
    const res = await merge(s, [line(a.id, 'M', 'Bk', 1)]);
    expect(await rows(s.user._id)).toEqual([`${a.id}/M/Bk=5`]);
    expect(res.json().data.items[0].status).toBe('insufficient_stock');
  });

  it('drops and reports lines it cannot take, and merges the rest', async () => {
    const s = await signup();
    const good = await product({ name: 'Good Tee' });
    const withdrawn = await product({ name: 'Withdrawn Tee', isActive: false });
    const soldOut = await product({ name: 'Sold Out Tee', stock: 0 });
    const narrow = await product({ name: 'Narrow Tee', sizes: ['S', 'M'], colors: ['Bk'] });
    const unknown = '6f1c2d4e-0000-4000-8000-000000000000';
    const res = await merge(s, [
      line(unknown, 'M', 'Bk'),
      line('not-a-product-id', 'M', 'Bk'),
      line(withdrawn.id, 'M', 'Bk'),
      line(soldOut.id, 'M', 'Bk'),
      line(narrow.id, 'XL', 'Bk'),
      line(narrow.id, 'Huge', 'Bk'),
      line(narrow.id, 'M', 'Rd'),
      line(good.id, 'M', 'Bk', 0),
      line(good.id, 'M', 'Bk', 'two'),
      line(good.id, 'M', 'Bk', 1.5),
      line(good.id, 'L', 'Wh', 2),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.merge.dropped).toEqual([
      { productId: unknown, size: 'M', color: 'Bk', reason: 'unknown_product', message: 'Product not found' },
      {
        productId: 'not-a-product-id',
        size: 'M',
        color: 'Bk',
        reason: 'unknown_product',
        message: 'Product not found',
      },
      {
        productId: withdrawn.id,
        size: 'M',
        color: 'Bk',
        reason: 'unavailable',
        message: 'Withdrawn Tee is no longer available',
      },
      {
        productId: soldOut.id,
        size: 'M',
        color: 'Bk',
        reason: 'out_of_stock',
        message: 'Out of Stock: Sold Out Tee (Black, M)',
      },
      {
        productId: narrow.id,
        size: 'XL',
        color: 'Bk',
        reason: 'invalid_size',
        message: 'size must be one of S, M for this product',
      },
      {
        productId: narrow.id,
        size: 'Huge',
        color: 'Bk',
        reason: 'invalid_size',
        message: 'size must be one of S, M for this product',
      },
      {
        productId: narrow.id,
        size: 'M',
        color: 'Rd',
        reason: 'invalid_color',
        message: 'color must be one of Bk for this product',
      },
      ...[0, 1, 2].map(() => ({
        productId: good.id,
        size: 'M',
        color: 'Bk',
        reason: 'invalid_quantity',
        message: 'quantity must be a whole number from 0 to 100',
      })),
    ]);
    expect(await rows(s.user._id)).toEqual([`${good.id}/L/Wh=2`]);
  });

  it('keeps the price the guest saw, so a change shows before checkout', async () => {
    const s = await signup();
    const a = await product({ pricePaise: 79_900 });
    const res = await merge(s, [{ ...line(a.id, 'M', 'Bk'), price: 699 }]);
    expect(res.json().data.items[0]).toMatchObject({ status: 'price_changed', previousPrice: 699 });
    expect(res.json().data.issues[0].message).toBe(
      'The price of Tokyo Drift Oversized Tee changed from ₹699 to ₹799',
    );
  });

  it('stops at 50 lines and reports the rest as cart_full', async () => {
    const s = await signup();
    const sizes = ['S', 'M', 'L', 'XL', 'XXL'];
    for (let i = 0; i < 5; i++) {
      const p = await product({ sizes, colors: ['Bk', 'Wh'] });
      const items = sizes.flatMap((size) => ['Bk', 'Wh'].map((color) => line(p.id, size, color)));
      // 48 lines in the cart before the merge.
      await db()
        .insert(cartItems)
        .values(items.slice(0, i === 4 ? 8 : 10).map((l) => ({ ...l, quantity: 1, userId: s.user._id })));
    }
    const extra = await product();
    const res = await merge(s, [
      line(extra.id, 'S', 'Bk'),
      line(extra.id, 'M', 'Bk'),
      line(extra.id, 'L', 'Bk'),
    ]);
    expect(res.json().data.merge.dropped).toEqual([
      {
        productId: extra.id,
        size: 'L',
        color: 'Bk',
        reason: 'cart_full',
        message: 'Your cart can hold at most 50 different items',
      },
    ]);
    expect(res.json().data.items).toHaveLength(50);
  });
});

describe('merge ids', () => {
  it('applies a merge id once: a repeat changes nothing and answers the first report', async () => {
    const s = await signup();
    const a = await product({ stock: 2 });
    const mergeId = newMergeId();
    const first = await merge(s, [line(a.id, 'M', 'Bk', 3)], mergeId);
    expect(first.json().data.merge.applied).toBe(true);
    const again = await merge(s, [line(a.id, 'M', 'Bk', 3)], mergeId);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Cart already merged');
    expect(again.json().data.merge).toEqual({ ...first.json().data.merge, applied: false });
    expect(again.json().data.items).toEqual(first.json().data.items);
    expect(await rows(s.user._id)).toEqual([`${a.id}/M/Bk=2`]);
  });

  it('keeps merge ids per user', async () => {
    const [s1, s2] = [await signup(), await signup()];
    const a = await product();
    const mergeId = newMergeId();
    await merge(s1, [line(a.id, 'M', 'Bk')], mergeId);
    expect((await merge(s2, [line(a.id, 'M', 'Bk')], mergeId)).json().data.merge.applied).toBe(true);
    expect(await rows(s2.user._id)).toEqual([`${a.id}/M/Bk=1`]);
  });

  it('two tabs sending the same anonymous cart 10 times at once merge it once', async () => {
    const tab1 = await signup();
    const tab2 = await secondTab(tab1);
    const [a, b] = [await product(), await product({ name: 'Akira Hoodie' })];
    await add(tab1, a.id);
    const items = [line(a.id, 'M', 'Bk', 2), line(b.id, 'L', 'Wh', 1)];
    const mergeId = newMergeId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => merge(i % 2 ? tab2 : tab1, items, mergeId)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((r) => r.json().data.merge.applied)).toHaveLength(1);
    expect(await rows(tab1.user._id)).toEqual([`${a.id}/M/Bk=3`, `${b.id}/L/Wh=1`].sort());
    // Every answer shows the same, final cart.
    for (const r of answers) expect(r.json().data.totals.itemCount).toBe(4);
  });

  it('10 concurrent merges with different ids from two tabs neither duplicate nor lose a line', async () => {
    const tab1 = await signup();
    const tab2 = await secondTab(tab1);
    const a = await product({ stock: 25 });
    const b = await product({ name: 'Akira Hoodie', stock: 12 });
    await add(tab1, a.id);
    const items = [line(a.id, 'M', 'Bk', 2), line(b.id, 'L', 'Wh', 3)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => merge(i % 2 ? tab2 : tab1, items)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((r) => r.json().data.merge.applied)).toBe(true);
    // a: 1 + 10 x 2 = 21 (stock 25); b: 10 x 3 = 30, capped at its stock of 12 (each colour x size holds the
    // stock createProduct was given).
    expect(await rows(tab1.user._id)).toEqual([`${a.id}/M/Bk=21`, `${b.id}/L/Wh=12`].sort());
    // Merges of one cart run one after another (the cart lock), so reports are exact: the first four fit b's
    // stock (3, 6, 9, 12), the other six say they were capped.
    const capped = answers.filter((r) => r.json().data.merge.adjusted.length > 0);
    expect(capped).toHaveLength(6);
    for (const r of capped) {
      expect(r.json().data.merge.adjusted).toEqual([
        expect.objectContaining({
          productId: b.id,
          size: 'L',
          color: 'Wh',
          quantity: 12,
          message: 'Only 12 left of Akira Hoodie (White, L)',
        }),
      ]);
    }
  });

  it('forgets merge ids after 30 days, pruning old receipts', async () => {
    const s = await signup();
    const a = await product();
    const oldId = newMergeId();
    await merge(s, [line(a.id, 'M', 'Bk')], oldId);
    const key = `cart-merge:${s.user._id}:${oldId}`;
    expect(await db().select().from(sharedState).where(eq(sharedState.key, key))).toHaveLength(1);
    clock.advanceSeconds(31 * 24 * 60 * 60);
    // Signed in again: the first session's access token has long expired.
    const later = await merge(await secondTab(s), [], newMergeId());
    expect(later.statusCode).toBe(200);
    expect(await db().select().from(sharedState).where(eq(sharedState.key, key))).toEqual([]);
    const receipts = await db()
      .select()
      .from(sharedState)
      .where(like(sharedState.key, `cart-merge:${s.user._id}:%`));
    expect(receipts).toHaveLength(1);
  });
});

describe('validation', () => {
  it('needs a token', async () => {
    const res = await call(null, 'POST', '/cart/merge', { mergeId: newMergeId(), items: [] });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const s = await signup();
    const cases: [object, string][] = [
      [{ items: [] }, 'mergeId is required'],
      [{ mergeId: 'short', items: [] }, 'mergeId must be 8-100 letters, digits, hyphens or underscores'],
      [{ mergeId: newMergeId(), items: 'lots' }, 'items must be a list of cart lines'],
      [{ mergeId: newMergeId() }, 'items must be a list of cart lines'],
      [
        { mergeId: newMergeId(), items: Array.from({ length: 51 }, () => line('x', 'M', 'Bk')) },
        'items must contain at most 50 lines',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(s, 'POST', '/cart/merge', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    const typed = await call(s, 'POST', '/cart/merge', { mergeId: newMergeId(), items: [{ productId: 1 }] });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/^items\[0\]\.productId: /);
  });
});
