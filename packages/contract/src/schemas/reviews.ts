// Shoppers' reviews (docs/api.md#reviews), their photos, and their moderation in the back office
// (docs/admin.md#reviews).

import { z } from 'zod';
import { isUuid } from '../rules/patterns.ts';
import { REVIEW_REASON_MAX_LENGTH, REVIEW_REPLY_MAX_LENGTH, REVIEW_STATUSES } from '../rules/reviews.ts';
import { reviewPhotoSchema, reviewReplySchema } from './catalogue.ts';
import { idSchema, integerQueryParam, isoDateTimeSchema, requiredText } from './common.ts';

export { type ReviewBody, reviewBodySchema } from './review-body.ts';

export const reviewStatusSchema = z.enum(REVIEW_STATUSES, {
  error: `status must be one of ${REVIEW_STATUSES.join(', ')}`,
});

/** The shopper's own review, whatever its status: they see why it was rejected, and the store's reply. */
export const ownReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  status: reviewStatusSchema,
  rejectionReason: z.string().nullable(),
  reply: reviewReplySchema.nullable(),
  verified: z.boolean(),
  photos: z.array(reviewPhotoSchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /product/{id}/my-review: `eligible` says whether a review may be written (or edited) now. */
export const myReviewResponseSchema = z.object({
  success: z.literal(true),
  eligible: z.boolean(),
  review: ownReviewSchema.nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

/** POST /product/{id}/review/photos: the stored photo, for the review's `photos`. */
export const reviewPhotoUploadResponseSchema = z.object({
  success: z.literal(true),
  photo: reviewPhotoSchema,
});
export type ReviewPhotoUploadResponse = z.infer<typeof reviewPhotoUploadResponseSchema>;

/** PUT /product/{id}/review: 201 for a first review, 200 for an edit. */
export const reviewSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: ownReviewSchema,
});
export type ReviewSavedResponse = z.infer<typeof reviewSavedResponseSchema>;

// ---------------------------------------------------------------- back office

/** GET /admin/reviews: one status at a time (pending by default), most recently changed first. */
export const adminReviewQuerySchema = z.object({
  status: reviewStatusSchema.default('pending'),
  limit: integerQueryParam('limit', 1, 200).default(50),
  offset: integerQueryParam('offset', 0, 1_000_000).default(0),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

export const adminReviewSchema = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), name: z.string() }),
  shopper: z.object({ _id: z.string(), firstName: z.string(), email: z.string() }),
  rating: z.number().int(),
  comment: z.string(),
  status: reviewStatusSchema,
  /** Written after a delivered order of the product; false for demo content. */
  verified: z.boolean(),
  isDemo: z.boolean(),
  rejectionReason: z.string().nullable(),
  reply: reviewReplySchema.nullable(),
  photos: z.array(reviewPhotoSchema),
  createdAt: isoDateTimeSchema,
  /** The shopper's last edit or a moderator's last decision. */
  updatedAt: isoDateTimeSchema,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListResponseSchema = z.object({
  reviews: z.array(adminReviewSchema),
  /** Reviews of this status in all. */
  total: z.number().int().nonnegative(),
});
export type AdminReviewListResponse = z.infer<typeof adminReviewListResponseSchema>;

export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });

export const reviewIdParamsSchema = z.object({ id: idSchema('id').refine(isUuid, 'id must be a review id') });

/** POST /admin/reviews/{id}/reject: the reason is shown to the review's author. */
export const reviewRejectBodySchema = z.object({ reason: requiredText('reason', REVIEW_REASON_MAX_LENGTH) });
export type ReviewRejectBody = z.infer<typeof reviewRejectBodySchema>;

/** PUT /admin/reviews/{id}/reply: the store's reply, shown under the review; a new one replaces it. */
export const reviewReplyBodySchema = z.object({ text: requiredText('text', REVIEW_REPLY_MAX_LENGTH) });
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;
