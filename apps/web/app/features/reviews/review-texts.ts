// What the review form and the shopper's own review say on the product page (docs/product/texts.md#product-page).
// The API's messages (what a review must hold, who may write one) are the contract's REVIEW_MESSAGES.

export const REVIEW_TEXTS = {
  write: 'Write a review',
  edit: 'Edit your review',
  signedOut: 'Reviews are written by shoppers whose order with the product was delivered.',
  logIn: 'Log in to review it',
  loadFailed: 'Your review could not be loaded.',
  yours: 'Your review',
  pending: 'Waiting for moderation: it appears here once it is approved.',
  approved: 'Published.',
  rejected: 'Not published.',
  reason: 'Reason:',
  reply: 'Reply from Rangrez',
  rating: 'Your rating',
  comment: 'Your review',
  commentHint: '10 to 2,000 characters.',
  photos: 'Photos',
  photosHint: 'Up to 3: JPEG, PNG, WebP or AVIF, at least 600 px wide and at most 20 MB each.',
  addPhotos: 'Add photos',
  photoLimit: 'You can add up to 3 photos.',
  waitForPhotos: 'Wait until your photos have uploaded, or remove them.',
  submit: 'Submit review',
  submitting: 'Submitting…',
  cancel: 'Cancel',
} as const;

export const stars = (n: number) => (n === 1 ? '1 star' : `${n} stars`);
