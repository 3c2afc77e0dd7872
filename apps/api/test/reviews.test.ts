// Verified-buyer reviews with moderation (docs/product/rules.md#reviews, docs/admin.md#reviews): who may review,
// what a review must hold, one review per product and shopper, what the storefront shows, and who moderates.
import { createProduct, createReview } from '@rangrez/db/factories/catalogue';
import { createTestDatabase } from '@rangrez/db/testing/test-db';
import { auditLog, products, reviews } from '@rangrez/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/env.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { type SignedInUser, type TestApp, createTestApp, signInNewUser } from './helpers.ts';
import { eligibleShopper as eligibleShopperOf, orderWith as orderWithOf } from './review-helpers.ts';

let t: TestApp;
let moderator: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  moderator = await signedInStaff(t, 'catalogue');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const NOT_ELIGIBLE = 'You can review a product after your order with it is delivered';
const GOOD = { rating: 4, comment: 'Soft cotton, the print is still sharp after many washes.' };
const putReview = (who: { headers: Record<string, string> } | null, productId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/product/${productId}/review`,
    ...(who ? { headers: who.headers } : {}),
    payload: payload as object,
  });

const myReview = (who: SignedInUser, productId: string) =>
  t.app.inject({ url: `/api/v1/product/${productId}/my-review`, headers: who.headers });

const productReviews = async (productId: string) => {
  const res = await t.app.inject(`/api/v1/product/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json().reviews as {
    _id: string;
    comment: string;
    verified?: boolean;
    reply?: { text: string };
  }[];
};

const admin = (
  who: SignedInStaff,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

const eligibleShopper = () => eligibleShopperOf(t);
const orderWith = (userId: string, productId: string, state: 'delivered' | 'shipped') =>
  orderWithOf(t, userId, productId, state);

/** An eligible shopper's review, waiting for moderation. */
async function pendingReview(comment = GOOD.comment) {
  const { shopper, productId } = await eligibleShopper();
  const res = await putReview(shopper, productId, { ...GOOD, comment });
  expect(res.statusCode).toBe(201);
  return { shopper, productId, reviewId: res.json().review._id as string };
}

describe('who may review', () => {
  it('needs a signed-in shopper', async () => {
    const product = await createProduct(t.database.db);
    expect((await putReview(null, product.id, GOOD)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/v1/product/${product.id}/my-review`)).statusCode).toBe(401);
  });

  it('refuses a shopper without an order of the product, and one whose order is not delivered yet', async () => {
    const shopper = await signInNewUser(t);
    const product = await createProduct(t.database.db);
    const other = await createProduct(t.database.db);
    // Delivered, but another product; and this product, but only shipped.
    await orderWith(shopper.userId, other.id, 'delivered');
    const none = await putReview(shopper, product.id, GOOD);
    expect([none.statusCode, none.json()]).toEqual([403, { success: false, message: NOT_ELIGIBLE }]);
    await orderWith(shopper.userId, product.id, 'shipped');
    const shipped = await putReview(shopper, product.id, GOOD);
    expect([shipped.statusCode, shipped.json().message]).toEqual([403, NOT_ELIGIBLE]);
    expect((await myReview(shopper, product.id)).json()).toEqual({
      success: true,
      eligible: false,
      review: null,
    });
    const [row] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    expect(row?.n).toBe(0);
  });

  it('refuses someone else whose order was delivered to another shopper', async () => {
    const { productId } = await eligibleShopper();
    const stranger = await signInNewUser(t);
    expect((await putReview(stranger, productId, GOOD)).statusCode).toBe(403);
  });

  it('accepts a review once the order is delivered: pending, from a verified buyer', async () => {
    const { shopper, productId } = await eligibleShopper();
    const mine = await myReview(shopper, productId);
    expect(mine.json()).toEqual({ success: true, eligible: true, review: null });
    const res = await putReview(shopper, productId, GOOD);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you! Your review will appear once it is approved.',
      review: {
        _id: expect.any(String),
        ...GOOD,
        status: 'pending',
        rejectionReason: null,
        reply: null,
        verified: true,
        photos: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect((await myReview(shopper, productId)).json().review).toEqual(res.json().review);
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    const shopper = await signInNewUser(t);
    for (const id of ['0b7c7a52-7f5e-4d0c-9d0a-8f6f1f1f1f1f', 'not-a-uuid']) {
      const res = await putReview(shopper, id, GOOD);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Product not found']);
      expect((await myReview(shopper, id)).statusCode).toBe(404);
    }
  });
});

describe('what a review must hold', () => {
  it('answers 400 naming the field, and stores nothing', async () => {
    const { shopper, productId } = await eligibleShopper();
    const cases: [unknown, string][] = [
      [{ comment: GOOD.comment }, 'rating is required'],
      [{ ...GOOD, rating: 0 }, 'rating must be a whole number from 1 to 5'],
      [{ ...GOOD, rating: 6 }, 'rating must be a whole number from 1 to 5'],
      [{ ...GOOD, rating: 4.5 }, 'rating must be a whole number from 1 to 5'],
      [{ ...GOOD, rating: '5' }, 'rating must be a whole number from 1 to 5'],
      [{ rating: 5 }, 'comment is required'],
      [{ rating: 5, comment: 42 }, 'comment must be text'],
      [{ rating: 5, comment: 'Too short' }, 'comment must be at least 10 characters'],
      // Trimmed before it is measured.
      [{ rating: 5, comment: `   ${'a'.repeat(9)}      ` }, 'comment must be at least 10 characters'],
      [{ rating: 5, comment: 'a'.repeat(2001) }, 'comment must be at most 2000 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await putReview(shopper, productId, payload);
      expect([JSON.stringify(payload).slice(0, 60), res.statusCode, res.json()]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        400,
        { success: false, message },
      ]);
    }
    expect((await myReview(shopper, productId)).json().review).toBeNull();
  });

  it('keeps the trimmed text, exactly 10 and 2,000 characters included', async () => {
    const { shopper, productId } = await eligibleShopper();
    const res = await putReview(shopper, productId, { rating: 5, comment: `  ${'b'.repeat(10)}  ` });
    expect([res.statusCode, res.json().review.comment]).toEqual([201, 'b'.repeat(10)]);
    const [row] = await t.database.db
      .select({ photoIds: reviews.photoIds })
      .from(reviews)
      .where(eq(reviews.id, res.json().review._id));
    expect(row?.photoIds).toEqual([]);
    const long = await putReview(shopper, productId, { rating: 5, comment: 'c'.repeat(2000) });
    expect(long.statusCode).toBe(200);
  });
});

describe('one review per product and shopper', () => {
  it('edits the same review on a second PUT, which goes back to moderation', async () => {
    const { shopper, productId, reviewId } = await pendingReview();
    expect(
      (await admin(moderator, 'POST', `/reviews/${reviewId}/reject`, { reason: 'Mentions a price' }))
        .statusCode,
    ).toBe(200);
    const edited = await putReview(shopper, productId, {
      rating: 2,
      comment: 'Changed my mind about the fit.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({
      _id: reviewId,
      rating: 2,
      comment: 'Changed my mind about the fit.',
      status: 'pending',
      rejectionReason: null,
    });
    // Approved, then edited again: off the storefront until approved once more.
    expect((await admin(moderator, 'POST', `/reviews/${reviewId}/approve`)).statusCode).toBe(200);
    expect((await productReviews(productId)).map((r) => r._id)).toEqual([reviewId]);
    await putReview(shopper, productId, { rating: 3, comment: 'Third thoughts on this tee.' });
    expect(await productReviews(productId)).toEqual([]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, shopper.userId)));
    expect(row?.n).toBe(1);
  });

  it('keeps one review when two submissions arrive at once', async () => {
    const { shopper, productId } = await eligibleShopper();
    const answers = await Promise.all([
      putReview(shopper, productId, GOOD),
      putReview(shopper, productId, GOOD),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.productId, productId));
    expect(row?.n).toBe(1);
  });
});

describe('moderation', () => {
  it('shows and counts a review only once approved, with the verified-buyer mark and the reply', async () => {
    const { productId, reviewId } = await pendingReview('Great colours and it fits true to size.');
    // A demo review on the same product is shown from the start, unverified.
    await createReview(t.database.db, {
      productId,
      comment: 'Demo review text',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    expect((await productReviews(productId)).map((r) => r.comment)).toEqual(['Demo review text']);

    const queue = await admin(moderator, 'GET', '/reviews?status=pending&limit=200');
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().reviews.find((r: { _id: string }) => r._id === reviewId);
    expect(listed).toMatchObject({
      product: { _id: productId, name: expect.any(String) },
      shopper: { firstName: 'Meera', email: expect.stringContaining('@') },
      rating: 4,
      comment: 'Great colours and it fits true to size.',
      status: 'pending',
      verified: true,
      isDemo: false,
    });

    const approved = await admin(moderator, 'POST', `/reviews/${reviewId}/approve`);
    expect([approved.statusCode, approved.json().review.status]).toEqual([200, 'approved']);
    const shown = await productReviews(productId);
    expect(shown.map((r) => [r.comment, r.verified])).toEqual([
      ['Great colours and it fits true to size.', true],
      ['Demo review text', false],
    ]);

    const replied = await admin(moderator, 'PUT', `/reviews/${reviewId}/reply`, {
      text: '  Thank you, Meera!  ',
    });
    expect([replied.statusCode, replied.json().review.reply.text]).toEqual([200, 'Thank you, Meera!']);
    expect((await productReviews(productId))[0]?.reply).toEqual({
      text: 'Thank you, Meera!',
      repliedAt: expect.any(String),
    });
  });

  it('rejects with a reason the author sees, and takes the review off the storefront', async () => {
    const { shopper, productId, reviewId } = await pendingReview();
    await admin(moderator, 'POST', `/reviews/${reviewId}/approve`);
    const noReason = await admin(moderator, 'POST', `/reviews/${reviewId}/reject`, { reason: '   ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'reason is required']);
    const missing = await admin(moderator, 'POST', `/reviews/${reviewId}/reject`, {});
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'reason is required']);

    const rejected = await admin(moderator, 'POST', `/reviews/${reviewId}/reject`, {
      reason: 'Contains a phone number',
    });
    expect(rejected.json().review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Contains a phone number',
    });
    expect(await productReviews(productId)).toEqual([]);
    expect((await myReview(shopper, productId)).json().review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Contains a phone number',
    });
    const list = await admin(moderator, 'GET', '/reviews?status=rejected&limit=200');
    expect(list.json().reviews.map((r: { _id: string }) => r._id)).toContain(reviewId);
  });

  it('records every decision in the audit trail, as a review', async () => {
    const { reviewId } = await pendingReview();
    const calls = [
      await admin(moderator, 'POST', `/reviews/${reviewId}/approve`),
      await admin(moderator, 'PUT', `/reviews/${reviewId}/reply`, { text: 'Thanks!' }),
      await admin(moderator, 'POST', `/reviews/${reviewId}/reject`, { reason: 'Off topic' }),
    ];
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, reviewId)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actor, r.requestId])).toEqual([
      ['review.approve', moderator.email, calls[0]?.headers['x-request-id']],
      ['review.reply', moderator.email, calls[1]?.headers['x-request-id']],
      ['review.reject', moderator.email, calls[2]?.headers['x-request-id']],
    ]);
    expect([rows[2]?.before, rows[2]?.after]).toEqual([
      { status: 'approved', rejectionReason: null },
      { status: 'rejected', rejectionReason: 'Off topic' },
    ]);
  });

  it('lists one status, most recently changed first, and pages', async () => {
    const first = await pendingReview();
    const second = await pendingReview();
    const list = await admin(moderator, 'GET', '/reviews?limit=200');
    const ids = list.json().reviews.map((r: { _id: string }) => r._id);
    expect(ids.indexOf(second.reviewId)).toBeLessThan(ids.indexOf(first.reviewId));
    const page = await admin(moderator, 'GET', '/reviews?status=pending&limit=1&offset=1');
    expect(page.json().reviews).toHaveLength(1);
    expect(page.json().total).toBe(list.json().total);
    const bad = await admin(moderator, 'GET', '/reviews?status=hidden');
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'status must be one of pending, approved, rejected',
    ]);
  });

  it('answers 404 for an unknown review and 400 for a malformed id, changing nothing', async () => {
    const unknown = await admin(moderator, 'POST', '/reviews/0b7c7a52-7f5e-4d0c-9d0a-8f6f1f1f1f1f/approve');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Review not found']);
    const malformed = await admin(moderator, 'POST', '/reviews/42/approve');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('who may moderate', () => {
  it('refuses support (and ops) the queue and every decision; the catalogue role may', async () => {
    const { productId, reviewId } = await pendingReview();
    const ops = await signedInStaff(t, 'ops');
    for (const who of [support, ops]) {
      const calls = [
        await admin(who, 'GET', '/reviews'),
        await admin(who, 'POST', `/reviews/${reviewId}/approve`),
        await admin(who, 'POST', `/reviews/${reviewId}/reject`, { reason: 'No' }),
        await admin(who, 'PUT', `/reviews/${reviewId}/reply`, { text: 'Hi' }),
      ];
      expect(calls.map((r) => [r.statusCode, r.json().message])).toEqual(
        Array(4).fill([403, 'Your role does not allow this']),
      );
    }
    expect(await productReviews(productId)).toEqual([]);
    const owner = await signedInStaff(t, 'owner');
    expect((await admin(owner, 'POST', `/reviews/${reviewId}/approve`)).statusCode).toBe(200);
  });

  it('refuses a shopper token on the admin routes', async () => {
    const shopper = await signInNewUser(t);
    const res = await t.app.inject({ url: '/api/v1/admin/reviews', headers: shopper.headers });
    expect([res.statusCode, res.json().message]).toEqual([403, 'Staff sign-in required']);
  });
});

describe('demo reviews', () => {
  it('are not created when SEED_DEMO is off', async () => {
    const fresh = await createTestDatabase();
    try {
      await seedIfEmpty(
        testConfig({ SEED_DEMO: 'false' }),
        fresh.db,
        t.app.log,
        new AbortController().signal,
      );
      const [reviewRows] = await fresh.db.select({ n: count() }).from(reviews);
      const [productRows] = await fresh.db.select({ n: count() }).from(products);
      expect([reviewRows?.n, productRows?.n]).toEqual([0, 0]);
    } finally {
      await fresh.close();
    }
  });
});
