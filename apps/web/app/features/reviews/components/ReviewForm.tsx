// The shopper's review form (docs/product/rules.md#reviews): a star rating, the comment and up to 3 photos, checked
// with the contract's schema and messages before it is sent, then saved for moderation. Loaded only when the
// shopper opens it: neither its code nor zod is part of the product page's first load.
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_MAX_PHOTOS } from '@rangrez/contract/rules/reviews';
import { reviewBodySchema } from '@rangrez/contract/schemas/review-body';
import type { OwnReview } from '@rangrez/contract/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { reviewsApi } from '../api';
import { REVIEW_TEXTS } from '../review-texts';
import { usePhotoUploads } from '../use-photo-uploads';
import { PhotoPicker } from '../../../components/PhotoPicker';
import { RatingInput } from './RatingInput';

type Field = 'rating' | 'comment' | 'photos';
type Errors = Partial<Record<Field | 'form', string>>;

/** The first message the schema gives for each field, as the API would answer it. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'rating' || field === 'comment' || field === 'photos') && !errors[field])
      errors[field] = issue.message;
  }
  return errors;
}

export function ReviewForm({
  productId,
  review,
  onSaved,
  onCancel,
}: {
  productId: string;
  review: OwnReview | null;
  onSaved: (review: OwnReview, message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const photos = usePhotoUploads(productId, review?.photos ?? []);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStar = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  // Opened by a button that is now hidden: the form's heading takes the focus.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = reviewBodySchema.safeParse({ rating: rating ?? undefined, comment, photos: photos.ids });
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (photos.busy) found.photos = REVIEW_TEXTS.waitForPhotos;
    setErrors(found);
    if (found.rating) firstStar.current?.focus();
    else if (found.comment) commentRef.current?.focus();
    if (!parsed.success || photos.busy) return;
    setBusy(true);
    try {
      const saved = await reviewsApi.save(productId, parsed.data);
      onSaved(saved.review, saved.message);
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.message : NETWORK_MESSAGES.requestFailed });
      setBusy(false);
    }
  }

  const commentError = errors.comment;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 flex flex-col gap-5 rounded-xl border border-black/10 p-4"
    >
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
        {review ? REVIEW_TEXTS.edit : REVIEW_TEXTS.write}
      </h3>
      <RatingInput
        id={`${id}-rating`}
        value={rating}
        onChange={(value) => {
          setRating(value);
          setErrors(({ rating: _, ...rest }) => rest);
        }}
        error={errors.rating}
        firstRef={firstStar}
      />
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-semibold">
          {REVIEW_TEXTS.comment}
        </label>
        <textarea
          ref={commentRef}
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={5}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${id}-comment-hint${commentError ? ` ${id}-comment-error` : ''}`}
          className="mt-1 block w-full rounded-lg border border-black/20 bg-white px-3 py-2.5 text-base outline-none focus:border-black focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-600"
        />
        <p id={`${id}-comment-hint`} className="mt-1 text-sm text-neutral-600">
          {REVIEW_TEXTS.commentHint}{' '}
          <span>{`${comment.trim().length.toLocaleString('en-IN')} / ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-IN')}`}</span>
        </p>
        {commentError ? (
          <p id={`${id}-comment-error`} role="alert" className="mt-1 text-sm text-red-700">
            {commentError}
          </p>
        ) : null}
      </div>
      <PhotoPicker
        id={`${id}-photos`}
        uploads={photos}
        error={errors.photos}
        max={REVIEW_MAX_PHOTOS}
        texts={REVIEW_TEXTS}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-ink px-6 font-semibold text-white hover:bg-black/80 disabled:opacity-60"
        >
          {busy ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-full border border-black/20 px-6 font-semibold"
        >
          {REVIEW_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
