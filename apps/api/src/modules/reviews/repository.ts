// Reviews SQL: a shopper's own review and its eligibility, and the moderation queue of the back office. The
// storefront's reading of approved reviews is the catalogue's (catalogue/repository.ts).
import type { ReviewStatus } from '@rangrez/contract/rules/reviews';
import { orderItems, orders, products, reviews, users } from '@rangrez/db/schema';
import { and, desc, eq, getTableColumns, not, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';
import { type PhotoRecord, photoRecords } from '../../lib/review-photos.ts';

export type StoredReview = typeof reviews.$inferSelect;

/** A review with its photos' media rows, in the order of its photo ids. */
export type ReviewRow = StoredReview & { photos: PhotoRecord[] };

/** A review with what a moderator needs to judge it: the product's name and the shopper's name and e-mail. */
export type ModerationRow = ReviewRow & { productName: string; firstName: string; email: string };

const reviewColumns = { ...getTableColumns(reviews), photos: photoRecords(reviews.photoIds) };

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return row !== undefined;
}

/**
 * The shopper's most recently changed delivered order containing the product, or null: what makes them eligible.
 * Read straight from the order tables, so eligibility follows the fulfilment state the moment it changes.
 */
export async function findDeliveredOrderWith(
  db: Executor,
  userId: string,
  productId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        eq(orders.fulfilmentState, 'delivered'),
      ),
    )
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

/** The shopper's own review of the product (never demo content). */
export async function findOwnReview(
  db: Executor,
  userId: string,
  productId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId), not(reviews.isDemo)));
  return row;
}

export interface OwnReviewInput {
  userId: string;
  productId: string;
  orderId: string;
  rating: number;
  comment: string;
  /** Media ids the shopper uploaded; undefined keeps an edited review's photos. */
  photoIds: string[] | undefined;
  now: Date;
}

/**
 * Writes the shopper's review, or replaces their earlier one (the unique index on product and shopper), in one
 * statement, so two submissions at once still leave one review. Either way it waits for moderation again.
 */
export async function upsertOwnReview(
  db: Executor,
  input: OwnReviewInput,
): Promise<{ row: ReviewRow; created: boolean }> {
  const { now, photoIds, ...fields } = input;
  const [row] = await db
    .insert(reviews)
    .values({ ...fields, photoIds: photoIds ?? [], status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      targetWhere: not(reviews.isDemo),
      set: {
        rating: fields.rating,
        comment: fields.comment,
        orderId: fields.orderId,
        ...(photoIds ? { photoIds } : {}),
        status: 'pending',
        rejectionReason: null,
        updatedAt: now,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ ...reviewColumns, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsertOwnReview: no row returned');
  const { created, ...review } = row;
  return { row: review, created };
}

const moderationColumns = {
  ...reviewColumns,
  productName: products.name,
  firstName: users.firstName,
  email: users.email,
};

function moderationFrom<T extends SelectedFields>(db: Executor, extra: T) {
  return db
    .select({ ...moderationColumns, ...extra })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId));
}

/** One status's reviews, most recently changed first, with how many there are in all. */
export async function listForModeration(
  db: Executor,
  query: { status: ReviewStatus; limit: number; offset: number },
): Promise<{ rows: ModerationRow[]; total: number }> {
  const where = eq(reviews.status, query.status);
  const rows = await moderationFrom(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(where)
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(query.limit)
    .offset(query.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    // A page past the end has no rows to carry the window count.
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export async function findForModeration(db: Executor, id: string): Promise<ModerationRow | undefined> {
  const [row] = await moderationFrom(db, {}).where(eq(reviews.id, id));
  return row;
}

/** The review, locked until the transaction ends, so two moderators' decisions apply one after the other. */
export async function lockReview(db: Executor, id: string): Promise<StoredReview | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export type ModerationChange = Partial<
  Pick<StoredReview, 'status' | 'rejectionReason' | 'reply' | 'repliedAt' | 'updatedAt'>
>;

export async function updateReview(
  db: Executor,
  id: string,
  change: ModerationChange,
): Promise<StoredReview> {
  const [row] = await db.update(reviews).set(change).where(eq(reviews.id, id)).returning();
  if (!row) throw new Error(`updateReview: no review ${id}`);
  return row;
}
