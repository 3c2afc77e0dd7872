// One review in the moderation queue: the product, the shopper, the rating, text and photos, whether the shopper
// bought it, and, for a moderator, Approve, Reject (with a reason) and Reply.
import { variantUrl } from '@rangrez/contract/rules/media';
import type { AdminReview } from '@rangrez/contract/schemas/reviews';
import { useState } from 'react';
import { errorText } from '../api';
import { formatDateTime } from '../format';
import { RejectForm, ReplyForm } from './ReviewForms';
import { Notice, secondaryButtonClass } from './ui';

export interface ReviewActions {
  approve: (review: AdminReview) => Promise<void>;
  reject: (review: AdminReview, reason: string) => Promise<void>;
  reply: (review: AdminReview, text: string) => Promise<void>;
}

const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-600">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(Math.max(0, 5 - rating))}
      </span>
      <span className="sr-only">Rated {rating} out of 5</span>
    </span>
  );
}

/** The widest step of an upload's ladder: a photo narrower than that is served at its own width. */
const FULL_WIDTH = 1920;

/** Thumbnails, each a link to the whole photo in a new tab: what approving would publish. */
function ReviewPhotos({ review }: { review: AdminReview }) {
  const count = review.photos.length;
  if (count === 0) return null;
  return (
    <ul aria-label={`Photos, ${review.shopper.firstName}'s review`} className="mt-2 flex flex-wrap gap-2">
      {review.photos.map((photo, i) => (
        <li key={photo._id}>
          <a
            href={variantUrl(photo.url, FULL_WIDTH, 'jpg')}
            target="_blank"
            rel="noreferrer"
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-ink"
          >
            <img
              src={photo.url}
              alt={`Photo ${i + 1} of ${count} (opens in a new tab)`}
              width={80}
              height={80}
              loading="lazy"
              className="h-20 w-20 rounded-md bg-neutral-100 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReviewBody({ review }: { review: AdminReview }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{review.product.name}</h2>
        <Stars rating={review.rating} />
        <span
          className={`${badge} ${review.verified ? 'bg-green-100 text-green-800' : 'bg-neutral-100 text-neutral-800'}`}
        >
          {review.verified ? 'Verified buyer' : 'Not verified'}
        </span>
        {review.isDemo ? <span className={`${badge} bg-stone-200 text-stone-700`}>Demo</span> : null}
      </div>
      <p className="mt-1 text-sm text-neutral-700">
        {review.shopper.firstName} <span className="break-all">({review.shopper.email})</span> ·{' '}
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line">{review.comment}</p>
      <ReviewPhotos review={review} />
      {review.rejectionReason ? (
        <p className="mt-2 text-sm text-red-800">Rejected because: {review.rejectionReason}</p>
      ) : null}
      {review.reply ? (
        <p className="mt-2 border-l-4 border-black/10 pl-3 text-sm">
          <span className="font-semibold">The store replied:</span> {review.reply.text}
        </p>
      ) : null}
    </>
  );
}

export function ReviewItem({
  review,
  canModerate,
  actions,
}: {
  review: AdminReview;
  canModerate: boolean;
  actions: ReviewActions;
}) {
  const [open, setOpen] = useState<'reject' | 'reply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function approve() {
    setBusy(true);
    setError(null);
    try {
      await actions.approve(review);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }
  const who = `${review.shopper.firstName}'s review of ${review.product.name}`;
  return (
    <li className="rounded-xl border border-black/10 bg-white p-4">
      <ReviewBody review={review} />
      {canModerate ? (
        <>
          <div className="mt-3 flex flex-wrap gap-2">
            {review.status !== 'approved' ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => void approve()}
                className={secondaryButtonClass}
              >
                Approve<span className="sr-only"> {who}</span>
              </button>
            ) : null}
            {review.status !== 'rejected' ? (
              <button
                type="button"
                aria-expanded={open === 'reject'}
                onClick={() => setOpen(open === 'reject' ? null : 'reject')}
                className={secondaryButtonClass}
              >
                Reject<span className="sr-only"> {who}</span>
              </button>
            ) : null}
            <button
              type="button"
              aria-expanded={open === 'reply'}
              onClick={() => setOpen(open === 'reply' ? null : 'reply')}
              className={secondaryButtonClass}
            >
              Reply<span className="sr-only"> to {who}</span>
            </button>
          </div>
          {error ? (
            <div className="mt-3">
              <Notice notice={{ kind: 'error', text: error }} />
            </div>
          ) : null}
          {open === 'reject' ? (
            <RejectForm
              id={`review-${review._id}`}
              onSubmit={(reason) => actions.reject(review, reason)}
              onCancel={() => setOpen(null)}
            />
          ) : null}
          {open === 'reply' ? (
            <ReplyForm
              id={`review-${review._id}`}
              initial={review.reply?.text ?? ''}
              onSubmit={(text) => actions.reply(review, text)}
              onCancel={() => setOpen(null)}
            />
          ) : null}
        </>
      ) : null}
    </li>
  );
}
