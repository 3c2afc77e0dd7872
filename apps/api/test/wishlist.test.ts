// Wishlist calls (docs/api.md#wishlist): bearer token required, the acting user is the token's, someone else's
// userId is 403 and changes nothing; adding twice keeps one entry; removing an absent product is not an error.
import { products, wishlistItems } from '@rangrez/db/schema';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, type TestApp, createTestApp, signUpThroughApi } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const signup = () => signUpThroughApi(t.app, { prefix: 'wish', firstName: 'Zoya', lastName: 'Khan' });

const call = (s: SignedUp | null, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: s ? { authorization: `Bearer ${s.accessToken}` } : {},
  });

const db = () => t.database.db;
const list = (s: SignedUp, userId = s.user._id) => call(s, 'POST', '/wishlist', { userId });
const add = (s: SignedUp, productId: string, userId = s.user._id) =>
  call(s, 'POST', '/wishlist/add', { productId, userId });
const remove = (s: SignedUp, productId: string, userId = s.user._id) =>
  call(s, 'DELETE', `/wishlist/remove/${productId}`, { userId });
const stored = async (userId: string) =>
  (await db().select().from(wishlistItems).where(eq(wishlistItems.userId, userId)))
    .map((r) => r.productId)
    .sort();

const forbidden = { success: false, message: 'You do not have access to this resource' };

describe('authentication', () => {
  it('answers 401 without a bearer token on every wishlist call', async () => {
    const p = await createProduct(db());
    for (const [method, url, body] of [
      ['POST', '/wishlist', { userId: 'u1' }],
      ['POST', '/wishlist/add', { productId: p.id, userId: 'u1' }],
      ['DELETE', `/wishlist/remove/${p.id}`, { userId: 'u1' }],
      ['DELETE', '/wishlist/clear', undefined],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
    expect(await db().select().from(wishlistItems)).toEqual([]);
  });
});

describe('POST /wishlist and POST /wishlist/add', () => {
  it('answers an empty list for a new shopper', async () => {
    const res = await list(await signup());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      data: { products: [] },
      message: 'Wishlist fetched successfully',
    });
  });

  it('adds a product and answers each entry as { product: { _id, name, image, price, mrp } }', async () => {
    const s = await signup();
    const p = await createProduct(db(), { name: 'Akira Hoodie', pricePaise: 129_900 }, { images: true });
    const res = await add(s, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        products: [
          {
            product: {
              _id: p.id,
              name: 'Akira Hoodie',
              image: expect.stringMatching(/^http:\/\/shop\.test\/media\/[0-9a-f]{32}-\d+\.jpg$/),
              price: 1299,
              mrp: 1599,
            },
          },
        ],
      },
      message: 'Item added to wishlist',
    });
    const bare = await createProduct(db(), { name: 'No Image Tee' });
    const withPlaceholder = (await add(s, bare.id)).json().data.products[0];
    expect(withPlaceholder).toEqual({
      product: {
        _id: bare.id,
        name: 'No Image Tee',
        image: 'http://shop.test/media/placeholder.svg',
        price: 799,
        mrp: 1099,
      },
    });
    // POST /wishlist answers the same shape.
    const listed = (await list(s)).json().data.products;
    expect(listed.map((entry: object) => Object.keys(entry))).toEqual([['product'], ['product']]);
    expect(listed[1].product).toMatchObject({ _id: p.id, name: 'Akira Hoodie', price: 1299 });
  });

  it('keeps one entry when a product is added twice, and lists newest first', async () => {
    const s = await signup();
    const [first, second] = [await createProduct(db()), await createProduct(db())];
    await add(s, first.id);
    await add(s, second.id);
    const again = await add(s, first.id);
    expect(again.statusCode).toBe(200);
    const ids = (entries: { product: { _id: string } }[]) => entries.map((entry) => entry.product._id);
    expect(ids(again.json().data.products)).toEqual([second.id, first.id]);
    expect(ids((await list(s)).json().data.products)).toEqual([second.id, first.id]);
    expect(await stored(s.user._id)).toEqual([first.id, second.id].sort());
  });

  it("answers 404 'Product not found' for an unknown, malformed or withdrawn product", async () => {
    const s = await signup();
    const withdrawn = await createProduct(db(), { isActive: false });
    for (const productId of ['6f1c2d4e-0000-4000-8000-000000000000', 'nope', withdrawn.id]) {
      const res = await add(s, productId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
    expect(await stored(s.user._id)).toEqual([]);
  });

  it('leaves withdrawn products out of the list', async () => {
    const s = await signup();
    const p = await createProduct(db());
    await add(s, p.id);
    await db().update(products).set({ isActive: false }).where(eq(products.id, p.id));
    expect((await list(s)).json().data.products).toEqual([]);
  });

  it("answers 400 'User ID is required' without a userId, and names a missing productId", async () => {
    const s = await signup();
    const p = await createProduct(db());
    for (const [url, body] of [
      ['/wishlist', {}],
      ['/wishlist', { userId: '  ' }],
      ['/wishlist/add', { productId: p.id }],
    ] as const) {
      const res = await call(s, 'POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'User ID is required' });
    }
    const noProduct = await call(s, 'POST', '/wishlist/add', { userId: s.user._id });
    expect(noProduct.json()).toEqual({ success: false, message: 'productId is required' });
    const noBody = await call(s, 'DELETE', `/wishlist/remove/${p.id}`, {});
    expect(noBody.json()).toEqual({ success: false, message: 'User ID is required' });
  });
});

describe('DELETE /wishlist/remove/{productId}', () => {
  it('removes the product; an absent or malformed one answers the same success', async () => {
    const s = await signup();
    const [keep, drop] = [await createProduct(db()), await createProduct(db())];
    await add(s, keep.id);
    await add(s, drop.id);
    for (const productId of [drop.id, drop.id, 'not-a-uuid']) {
      const res = await remove(s, productId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Item removed from wishlist' });
    }
    expect(await stored(s.user._id)).toEqual([keep.id]);
  });
});

describe('DELETE /wishlist/clear', () => {
  it('clears the wishlist with no body, an empty JSON body or the own userId', async () => {
    const s = await signup();
    const p = await createProduct(db());
    const bodies: (object | undefined)[] = [
      undefined,
      'empty-json' as unknown as object,
      { userId: s.user._id },
    ];
    for (const body of bodies) {
      await add(s, p.id);
      const res =
        body === ('empty-json' as unknown)
          ? await t.app.inject({
              method: 'DELETE',
              url: '/api/v1/wishlist/clear',
              headers: { authorization: `Bearer ${s.accessToken}`, 'content-type': 'application/json' },
            })
          : await call(s, 'DELETE', '/wishlist/clear', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Wishlist cleared' });
      expect(await stored(s.user._id)).toEqual([]);
    }
  });

  it("clears only the caller's wishlist", async () => {
    const [a, b] = [await signup(), await signup()];
    const p = await createProduct(db());
    await add(a, p.id);
    await add(b, p.id);
    await call(b, 'DELETE', '/wishlist/clear');
    expect(await stored(a.user._id)).toEqual([p.id]);
  });
});

describe("someone else's userId (IDOR)", () => {
  it('is refused with 403 on list, add, remove and clear, and changes nothing', async () => {
    const [victim, attacker] = [await signup(), await signup()];
    const [owned, other] = [await createProduct(db()), await createProduct(db())];
    await add(victim, owned.id);

    const listed = await list(attacker, victim.user._id);
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual(forbidden);

    const added = await add(attacker, other.id, victim.user._id);
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual(forbidden);

    const removed = await remove(attacker, owned.id, victim.user._id);
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual(forbidden);

    const cleared = await call(attacker, 'DELETE', '/wishlist/clear', { userId: victim.user._id });
    expect(cleared.statusCode).toBe(403);
    expect(cleared.json()).toEqual(forbidden);

    // 403 wins over an invalid body, so probing reveals nothing either.
    const probe = await call(attacker, 'POST', '/wishlist/add', { userId: victim.user._id });
    expect(probe.statusCode).toBe(403);

    expect(await stored(victim.user._id)).toEqual([owned.id]);
    expect(await stored(attacker.user._id)).toEqual([]);
  });
});
