// Reviews (docs/product/rules.md#reviews, docs/admin.md#reviews): a shopper reviews a product once an order of
// theirs containing it was delivered, and edits that one review; every new or edited review waits for a moderator.
// Moderators' decisions and replies go through auditedChange, so each commits with its audit row.
import { REVIEW_MESSAGES, isUuid } from '@rangrez/contract/rules';
import type {
  AdminReview,
  AdminReviewListResponse,
  AdminReviewQuery,
  MyReviewResponse,
  OwnReview,
  ReviewBody,
} from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type AuditActor, auditedChange } from '../audit/index.ts';
import {
  type ModerationChange,
  type ModerationRow,
  type ReviewRow,
  findDeliveredOrderWith,
  findForModeration,
  findOwnReview,
  listForModeration,
  lockReview,
  productExists,
  updateReview,
  upsertOwnReview,
} from './repository.ts';

export interface ReviewsServiceOptions {
  db: Db;
  clock: Clock;
}

/** Tied to a delivered order, and not demo content. */
const isVerified = (row: ReviewRow) => row.orderId !== null && !row.isDemo;

const replyOf = (row: ReviewRow) =>
  row.reply !== null && row.repliedAt !== null
    ? { text: row.reply, repliedAt: row.repliedAt.toISOString() }
    : null;

function toOwnReview(row: ReviewRow): OwnReview {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    rejectionReason: row.rejectionReason,
    reply: replyOf(row),
    verified: isVerified(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminReview(row: ModerationRow): AdminReview {
  return {
    _id: row.id,
    product: { _id: row.productId, name: row.productName },
    shopper: { _id: row.userId, firstName: row.firstName, email: row.email },
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    verified: isVerified(row),
    isDemo: row.isDemo,
    rejectionReason: row.rejectionReason,
    reply: replyOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit row keeps of a review: the moderation fields, not the shopper's text. */
const audited = (row: ReviewRow) => ({
  status: row.status,
  rejectionReason: row.rejectionReason,
  reply: row.reply,
});

async function assertProduct(db: Db, productId: string): Promise<void> {
  // Ids are uuids: anything else cannot exist and must not reach PostgreSQL (a cast error would be a 500).
  if (!isUuid(productId) || !(await productExists(db, productId)))
    throw notFound(REVIEW_MESSAGES.productNotFound);
}

/** A moderator's change of one review, with its audit row, in one transaction; 404 for an unknown review. */
async function moderate(
  { db }: ReviewsServiceOptions,
  actor: AuditActor,
  id: string,
  action: string,
  change: ModerationChange,
): Promise<AdminReview> {
  return auditedChange(db, actor, action, async ({ tx, record }) => {
    const before = await lockReview(tx, id);
    if (!before) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    const after = await updateReview(tx, id, change);
    await record({
      action,
      entityType: 'review',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    const row = await findForModeration(tx, id);
    if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return toAdminReview(row);
  });
}

export function createReviewsService(opts: ReviewsServiceOptions) {
  const { db, clock } = opts;
  return {
    /** The shopper's own review of a product (any status) and whether they may write or edit one now. */
    async mine(userId: string, productId: string): Promise<MyReviewResponse> {
      await assertProduct(db, productId);
      const [review, orderId] = await Promise.all([
        findOwnReview(db, userId, productId),
        findDeliveredOrderWith(db, userId, productId),
      ]);
      return { success: true, eligible: orderId !== null, review: review ? toOwnReview(review) : null };
    },

    /** Writes or edits the shopper's review; 403 unless an order of theirs with the product was delivered. */
    async save(
      userId: string,
      productId: string,
      body: ReviewBody,
    ): Promise<{ created: boolean; review: OwnReview }> {
      await assertProduct(db, productId);
      const orderId = await findDeliveredOrderWith(db, userId, productId);
      if (!orderId) throw forbidden(REVIEW_MESSAGES.notEligible);
      const { row, created } = await upsertOwnReview(db, {
        userId,
        productId,
        orderId,
        rating: body.rating,
        comment: body.comment,
        now: clock.now(),
      });
      return { created, review: toOwnReview(row) };
    },

    /** The moderation queue: one status, most recently changed first. */
    async list(query: AdminReviewQuery): Promise<AdminReviewListResponse> {
      const { rows, total } = await listForModeration(db, query);
      return { reviews: rows.map(toAdminReview), total };
    },

    /** Shown and counted on the storefront from now on. */
    approve: (actor: AuditActor, id: string) =>
      moderate(opts, actor, id, 'review.approve', {
        status: 'approved',
        rejectionReason: null,
        updatedAt: clock.now(),
      }),

    /** Taken off the storefront; the reason is shown to the review's author. */
    reject: (actor: AuditActor, id: string, reason: string) =>
      moderate(opts, actor, id, 'review.reject', {
        status: 'rejected',
        rejectionReason: reason,
        updatedAt: clock.now(),
      }),

    /** The store's reply under the review (a new one replaces the last); its status is unchanged. */
    reply: (actor: AuditActor, id: string, text: string) => {
      const now = clock.now();
      return moderate(opts, actor, id, 'review.reply', { reply: text, repliedAt: now, updatedAt: now });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
