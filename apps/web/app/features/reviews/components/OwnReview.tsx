// The shopper's own review at the top of the product page's Reviews tab (docs/product/rules.md#reviews): for a
// guest, who may review and a way to log in; for a shopper without a delivered order of the product, why they
// cannot yet; otherwise their review's status (waiting, published, or rejected with the reason, and the store's
// reply) and the button that opens the form. The form's code is fetched when the button is first used.
import { REVIEW_MESSAGES } from '@rangrez/contract/rules/reviews';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import type { OwnReview as OwnReviewData } from '@rangrez/contract/schemas';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Stars } from '../../../components/Stars';
import { loginHref } from '../../../lib/return-to';
import { REVIEW_TEXTS } from '../review-texts';
import { useOwnReview } from '../use-own-review';

const ReviewForm = lazy(() =>
  import('./ReviewForm').then(
    (m) => ({ default: m.ReviewForm }),
    // Offline, or a new deployment removed the file: say so rather than failing the page.
    () => ({ default: () => <p role="alert">{NETWORK_MESSAGES.requestFailed}</p> }),
  ),
);

const STATUS_TEXT = {
  pending: REVIEW_TEXTS.pending,
  approved: REVIEW_TEXTS.approved,
  rejected: REVIEW_TEXTS.rejected,
} as const;

function ReviewStatus({ review }: { review: OwnReviewData }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-ink">{REVIEW_TEXTS.yours}</span>
        <Stars rating={review.rating} />
      </p>
      <p className="mt-1 whitespace-pre-line">{review.comment}</p>
      {review.photos.length > 0 ? (
        <p className="mt-1 text-sm text-neutral-600">{`${review.photos.length} ${review.photos.length === 1 ? 'photo' : 'photos'}`}</p>
      ) : null}
      <p className="mt-2 text-sm font-semibold">{STATUS_TEXT[review.status]}</p>
      {review.status === 'rejected' && review.rejectionReason ? (
        <p className="text-sm">{`${REVIEW_TEXTS.reason} ${review.rejectionReason}`}</p>
      ) : null}
      {review.reply ? (
        <div className="mt-2 border-l-2 border-black/10 pl-3 text-sm">
          <p className="font-bold text-ink">{REVIEW_TEXTS.reply}</p>
          <p>{review.reply.text}</p>
        </div>
      ) : null}
    </>
  );
}

const BUTTON = 'min-h-11 rounded-full bg-ink px-6 font-semibold text-white hover:bg-black/80';

export function OwnReview({ productId }: { productId: string }) {
  const { state, saved } = useOwnReview(productId);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  // Where the focus goes once the form has closed: the status after a save, the button after Cancel.
  const [focus, setFocus] = useState<'status' | 'button' | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === 'status') statusRef.current?.focus();
    if (focus === 'button') buttonRef.current?.focus();
  }, [focus]);

  if (state.kind === 'loading') return null;
  if (state.kind === 'signed-out') {
    return (
      <p className="mb-6">
        {REVIEW_TEXTS.signedOut}{' '}
        <Link to={loginHref(`${location.pathname}${location.search}`)} className="font-semibold underline">
          {REVIEW_TEXTS.logIn}
        </Link>
      </p>
    );
  }
  if (state.kind === 'failed') return <p className="mb-6">{REVIEW_TEXTS.loadFailed}</p>;
  const { eligible, review } = state;
  if (!eligible && !review) return <p className="mb-6">{REVIEW_MESSAGES.notEligible}</p>;
  return (
    <div className="mb-6">
      <div ref={statusRef} tabIndex={-1} className="outline-none">
        <p role="status" className="font-semibold text-green-800">
          {message}
        </p>
        {review ? <ReviewStatus review={review} /> : null}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <ReviewForm
            productId={productId}
            review={review}
            onSaved={(next, text) => {
              saved(next);
              setMessage(text);
              setOpen(false);
              setFocus('status');
            }}
            onCancel={() => {
              setOpen(false);
              setFocus('button');
            }}
          />
        </Suspense>
      ) : eligible ? (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => {
            setMessage('');
            setFocus(null);
            setOpen(true);
          }}
          className={`${BUTTON} mt-3`}
        >
          {review ? REVIEW_TEXTS.edit : REVIEW_TEXTS.write}
        </button>
      ) : null}
    </div>
  );
}
