// Review ratings (docs/product/rules.md#ratings): clamped to 0-5; the average's complement to 5 drives the empty stars.

export const MAX_RATING = 5;

/** Clamps a rating to 0-5; anything that is not a number counts as 0. */
export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_RATING, Math.max(0, rating));
}

/** Average of the clamped ratings; 0 when there are no reviews. */
export function averageRating(reviews: readonly { rating: number }[]): number {
  if (reviews.length === 0) return 0;
  const sum = reviews.reduce((acc, review) => acc + clampRating(review.rating), 0);
  return sum / reviews.length;
}

/** What is left to 5 after the (clamped) average: the empty part of the star row. */
export function ratingComplement(average: number): number {
  return MAX_RATING - clampRating(average);
}

/** The average of `count` ratings summing to `total`, to one decimal (a product card's figure); 0 when count is 0. */
export function roundedAverage(total: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round(clampRating(total / count) * 10) / 10;
}

/** '1 review', '12 reviews': how a count of reviews is written next to the stars. */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** What a product without reviews shows instead of empty stars and '0.0 (0 reviews)'. */
export const NO_REVIEWS_TEXT = 'No reviews yet';
