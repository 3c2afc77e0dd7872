// Reviews (docs/product/rules.md#reviews, docs/admin.md#reviews): a shopper reviews a product once an order of
// theirs containing it was delivered, and edits that one review; every new or edited review waits for a moderator.
// Its photos are images the same shopper uploaded (the media module records who sent each). Moderators' decisions
// and replies go through auditedChange, so each commits with its audit row.
import { REVIEW_MESSAGES, isUuid } from '@rangrez/contract/rules';
import type {
  AdminReview,
  AdminReviewListResponse,
  AdminReviewQuery,
  MyReviewResponse,
  OwnReview,
  ReviewBody,
  ReviewPhoto,
} from '@rangrez/contract/schemas';
import type { InspectedUpload } from '@rangrez/db/media/uploads';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { reviewPhotos } from '../../lib/review-photos.ts';
import { type AuditActor, auditedChange } from '../audit/index.ts';
import { storeShopperUpload, uploadedBy } from '../media/index.ts';
import {
  type ModerationChange,
  type ModerationRow,
  type ReviewRow,
  type StoredReview,
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
  /** Base of the photos' absolute URLs. */
  publicUrl: string;
  /** Where uploaded originals are stored. */
  mediaDir: string;
}

/** Tied to a delivered order, and not demo content. */
const isVerified = (row: ReviewRow) => row.orderId !== null && !row.isDemo;

const replyOf = (row: ReviewRow) =>
  row.reply !== null && row.repliedAt !== null
    ? { text: row.reply, repliedAt: row.repliedAt.toISOString() }
    : null;

function toOwnReview(publicUrl: string, row: ReviewRow): OwnReview {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    rejectionReason: row.rejectionReason,
    reply: replyOf(row),
    verified: isVerified(row),
    photos: reviewPhotos(publicUrl, row.photos),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminReview(publicUrl: string, row: ModerationRow): AdminReview {
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
    photos: reviewPhotos(publicUrl, row.photos),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit row keeps of a review: the moderation fields, not the shopper's text. */
const audited = (row: StoredReview) => ({
  status: row.status,
  rejectionReason: row.rejectionReason,
  reply: row.reply,
});

async function assertProduct(db: Db, productId: string): Promise<void> {
  // Ids are uuids: anything else cannot exist and must not reach PostgreSQL (a cast error would be a 500).
  if (!isUuid(productId) || !(await productExists(db, productId)))
    throw notFound(REVIEW_MESSAGES.productNotFound);
}

/** The delivered order that lets the shopper review the product: 404 for an unknown product, else 403 without. */
async function eligibleOrder(db: Db, userId: string, productId: string): Promise<string> {
  await assertProduct(db, productId);
  const orderId = await findDeliveredOrderWith(db, userId, productId);
  if (!orderId) throw forbidden(REVIEW_MESSAGES.notEligible);
  return orderId;
}

/** 400 unless the shopper uploaded every photo: someone else's image, or an unknown id, is refused alike. */
async function assertOwnPhotos(db: Db, userId: string, photoIds: readonly string[] | undefined) {
  if (!photoIds || photoIds.length === 0) return;
  const own = await uploadedBy(db, userId, photoIds);
  if (photoIds.some((id) => !own.has(id))) throw badRequest(REVIEW_MESSAGES.photosNotOwned);
}

async function saveReview(
  { db, clock, publicUrl }: ReviewsServiceOptions,
  userId: string,
  productId: string,
  body: ReviewBody,
): Promise<{ created: boolean; review: OwnReview }> {
  const orderId = await eligibleOrder(db, userId, productId);
  await assertOwnPhotos(db, userId, body.photos);
  const { row, created } = await upsertOwnReview(db, {
    userId,
    productId,
    orderId,
    rating: body.rating,
    comment: body.comment,
    photoIds: body.photos,
    now: clock.now(),
  });
  return { created, review: toOwnReview(publicUrl, row) };
}

/** A moderator's change of one review, with its audit row, in one transaction; 404 for an unknown review. */
async function moderate(
  { db, publicUrl }: ReviewsServiceOptions,
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
    return toAdminReview(publicUrl, row);
  });
}

export function createReviewsService(opts: ReviewsServiceOptions) {
  const { db, clock, publicUrl } = opts;
  return {
    /** The shopper's own review of a product (any status) and whether they may write or edit one now. */
    async mine(userId: string, productId: string): Promise<MyReviewResponse> {
      await assertProduct(db, productId);
      const [review, orderId] = await Promise.all([
        findOwnReview(db, userId, productId),
        findDeliveredOrderWith(db, userId, productId),
      ]);
      return {
        success: true,
        eligible: orderId !== null,
        review: review ? toOwnReview(publicUrl, review) : null,
      };
    },

    /** Writes or edits the shopper's review; 403 unless an order of theirs with the product was delivered. */
    save: (userId: string, productId: string, body: ReviewBody) => saveReview(opts, userId, productId, body),

    /**
     * Whether the shopper may add photos to a review of the product: checked before an upload is read, so only
     * someone who may review it can store an image at all.
     */
    assertMayUpload: async (userId: string, productId: string): Promise<void> => {
      await eligibleOrder(db, userId, productId);
    },

    /** Stores a checked upload as the shopper's; the answer's `_id` goes into the review's `photos`. */
    async storePhoto(userId: string, upload: InspectedUpload): Promise<ReviewPhoto> {
      const row = await storeShopperUpload(db, opts.mediaDir, userId, upload);
      const [photo] = reviewPhotos(publicUrl, [row]);
      if (!photo) throw new Error('storePhoto: no photo');
      return photo;
    },

    /** The moderation queue: one status, most recently changed first. */
    async list(query: AdminReviewQuery): Promise<AdminReviewListResponse> {
      const { rows, total } = await listForModeration(db, query);
      return { reviews: rows.map((row) => toAdminReview(publicUrl, row)), total };
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
