// Description (split on periods), Additional Information and Reviews tabs (docs/product/screens.md#product-page), with
// the WAI-ARIA tabs pattern. Every panel is in the server HTML (inactive ones hidden) so all the text is indexable.
// The Reviews panel starts with the shopper's own review and its form (the reviews feature).
import { NO_REVIEWS_TEXT, clampRating } from '@rangrez/contract/rules/rating';
import type { Review } from '@rangrez/contract/schemas';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Stars } from '../../../components/Stars';
import { deferred } from '../../../lib/deferred';
import { descriptionSentences, infoLines } from './product-logic';
import { ReviewPhotos } from './ReviewPhotos';

// It depends on who is signed in, so the server renders nothing there and the browser fills it in; its code
// follows the tabs' own.
const OwnReview = deferred(() => import('../../reviews').then((m) => m.OwnReview));

export function ProductTabs({
  productId,
  description,
  addInfo,
  reviews,
}: {
  productId: string;
  description: string;
  addInfo: string;
  reviews: Review[];
}) {
  const tabs = [
    { id: 'description', label: 'Description' },
    { id: 'info', label: 'Additional Information' },
    { id: 'reviews', label: `Reviews (${reviews.length})` },
  ] as const;
  const [active, setActive] = useState(0);
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : event.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <section className="deferred-layout mt-12 [--deferred-height:20rem]" aria-label="Product information">
      {/* Phones: three equal columns whose labels may wrap, so none is cut off or scrolled out of sight. */}
      <div
        ref={listRef}
        role="tablist"
        className="grid grid-cols-3 border-b border-black/10 sm:flex sm:gap-6"
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            id={`${base}-${tab.id}-tab`}
            type="button"
            role="tab"
            aria-selected={i === active}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={onKeyDown}
            className={`border-b-2 px-1 py-3 text-xs font-bold uppercase leading-tight tracking-wide sm:shrink-0 sm:px-0 sm:text-sm ${
              i === active ? 'border-ink text-ink' : 'border-transparent text-neutral-500 hover:text-ink'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          id={`${base}-${tab.id}-panel`}
          role="tabpanel"
          aria-labelledby={`${base}-${tab.id}-tab`}
          hidden={i !== active}
          tabIndex={0}
          className="py-6 leading-relaxed text-neutral-700"
        >
          {tab.id === 'description' ? (
            <ul className="list-disc space-y-1 pl-5">
              {descriptionSentences(description).map((sentence, j) => (
                <li key={j}>{`${sentence}.`}</li>
              ))}
            </ul>
          ) : tab.id === 'info' ? (
            <ul className="space-y-1">
              {infoLines(addInfo).map((line, j) => (
                <li key={j}>{line}</li>
              ))}
            </ul>
          ) : (
            <>
              <OwnReview key={productId} productId={productId} />
              <Reviews reviews={reviews} />
            </>
          )}
        </div>
      ))}
    </section>
  );
}

function Reviews({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p>{NO_REVIEWS_TEXT}.</p>;
  return (
    <ul className="space-y-5">
      {reviews.map((review, i) => {
        const rating = clampRating(review.rating);
        return (
          <li key={review._id ?? i} className="flex gap-4">
            {review.user.avatar ? (
              <img
                src={review.user.avatar}
                alt=""
                width={44}
                height={44}
                loading="lazy"
                decoding="async"
                className="h-11 w-11 shrink-0 rounded-full bg-neutral-200 object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-ink font-bold text-white"
              >
                {review.user.firstName.charAt(0).toUpperCase() || '?'}
              </span>
            )}
            <div>
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-bold text-ink">{review.user.firstName}</span>
                <Stars rating={rating} />
                <span className="text-sm text-neutral-500">{`${rating}/5`}</span>
                {review.verified ? (
                  <span className="text-xs font-semibold text-green-700">
                    <span aria-hidden="true">✓ </span>Verified buyer
                  </span>
                ) : null}
              </p>
              <p className="mt-1">{review.comment}</p>
              {review.photos.length > 0 ? (
                <ReviewPhotos photos={review.photos} author={review.user.firstName} />
              ) : null}
              {review.reply ? (
                <div className="mt-2 border-l-2 border-black/10 pl-3 text-sm">
                  <p className="font-bold text-ink">Reply from Rangrez</p>
                  <p>{review.reply.text}</p>
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
