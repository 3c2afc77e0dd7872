// Shoppers' reviews (docs/product/rules.md#reviews): who may write one, what it holds, and the messages the API
// answers, word for word. Moderation (docs/admin.md#reviews) decides what the storefront shows.

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A shopper rates 1-5 whole stars (demo content may hold 0, which the storefront clamps). */
export const REVIEW_MIN_RATING = 1;
export const REVIEW_COMMENT_MIN_LENGTH = 10;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
/** The store's reply and a moderator's reason for rejecting. */
export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const REVIEW_REASON_MAX_LENGTH = 500;
/** Photos on one review; each is an image its author uploaded (the same upload rules as the back office's). */
export const REVIEW_MAX_PHOTOS = 3;

export const REVIEW_MESSAGES = {
  notEligible: 'You can review a product after your order with it is delivered',
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  ratingRequired: 'rating is required',
  ratingRange: 'rating must be a whole number from 1 to 5',
  commentRequired: 'comment is required',
  commentTooShort: `comment must be at least ${REVIEW_COMMENT_MIN_LENGTH} characters`,
  commentTooLong: `comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
  photosNotList: 'photos must be a list of photo ids',
  photosTooMany: `photos must hold at most ${REVIEW_MAX_PHOTOS} photos`,
  photosRepeated: 'photos must not hold the same photo twice',
  /** An id the shopper did not upload (someone else's image, or none at all): the same answer for both. */
  photosNotOwned: 'photos must hold only photos you uploaded',
  /** After a first review and after every edit: either way it waits for moderation. */
  submitted: 'Thank you! Your review will appear once it is approved.',
} as const;
