// PUT /product/{id}/review's body (docs/api.md#reviews), in a module of its own: the storefront's review form checks
// it with the same schema, and importing it must not bring the other schemas (and what they import) into the shop's
// chunks.

import { z } from 'zod';
import { MAX_RATING } from '../rules/rating.ts';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_MAX_PHOTOS,
  REVIEW_MESSAGES,
  REVIEW_MIN_RATING,
} from '../rules/reviews.ts';

const missing = (input: unknown) => input === undefined || input === null;

/**
 * Ids of photos the shopper uploaded (POST /product/{id}/review/photos), in the order shown. Left out of an edit,
 * the review keeps its photos; an empty list removes them.
 */
const photoIdsSchema = z
  // z.guid is rules/patterns.ts's UUID_PATTERN (any version, either case); that module is left out so that the shop's
  // checkout, which uses it, does not carry the form's needs.
  .array(z.guid({ error: REVIEW_MESSAGES.photosNotList }), { error: REVIEW_MESSAGES.photosNotList })
  .max(REVIEW_MAX_PHOTOS, REVIEW_MESSAGES.photosTooMany)
  .refine((ids) => new Set(ids).size === ids.length, REVIEW_MESSAGES.photosRepeated);

/** PUT /product/{id}/review: a first review, or an edit of the shopper's own (either waits for moderation). */
export const reviewBodySchema = z.object({
  rating: z
    .number({
      error: (issue) => (missing(issue.input) ? REVIEW_MESSAGES.ratingRequired : REVIEW_MESSAGES.ratingRange),
    })
    .int(REVIEW_MESSAGES.ratingRange)
    .min(REVIEW_MIN_RATING, REVIEW_MESSAGES.ratingRange)
    .max(MAX_RATING, REVIEW_MESSAGES.ratingRange),
  comment: z
    .string({
      error: (issue) => (missing(issue.input) ? REVIEW_MESSAGES.commentRequired : 'comment must be text'),
    })
    .trim()
    .min(REVIEW_COMMENT_MIN_LENGTH, REVIEW_MESSAGES.commentTooShort)
    .max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong),
  photos: photoIdsSchema.optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
