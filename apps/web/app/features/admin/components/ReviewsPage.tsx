// /admin/reviews (reviews:read; decisions need reviews:moderate): the moderation queue, pending first, with a switch
// to the approved and rejected reviews (docs/admin.md#reviews).
import { REVIEW_STATUSES, type ReviewStatus } from '@rangrez/contract/rules/reviews';
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import { useAdminSession } from '../session';
import { useReviewQueue } from '../use-review-queue';
import { RequirePermission } from './RequirePermission';
import { ReviewItem } from './ReviewItem';
import { Notice, PageHeading, secondaryButtonClass } from './ui';

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function ReviewsPage() {
  return (
    <RequirePermission permission="reviews:read">
      <ReviewQueue />
    </RequirePermission>
  );
}

function StatusSwitch({ status, onChange }: { status: ReviewStatus; onChange: (s: ReviewStatus) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show reviews that are</legend>
      {REVIEW_STATUSES.map((s) => (
        <label
          key={s}
          className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg border px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ink ${s === status ? 'border-ink bg-ink text-white' : 'border-black/20 bg-white text-ink'}`}
        >
          <input
            type="radio"
            name="review-status"
            value={s}
            checked={s === status}
            onChange={() => onChange(s)}
            className="sr-only"
          />
          {STATUS_LABELS[s]}
        </label>
      ))}
    </fieldset>
  );
}

function ReviewQueue() {
  const { staff } = useAdminSession();
  const queue = useReviewQueue();
  const canModerate = roleCan(staff.role, 'reviews:moderate');
  const label = STATUS_LABELS[queue.status].toLowerCase();
  return (
    <>
      <PageHeading title="Reviews">
        Nothing a shopper writes reaches the shop until it is approved.
      </PageHeading>
      <div className="flex flex-col gap-4">
        <StatusSwitch status={queue.status} onChange={queue.show} />
        <Notice notice={queue.notice} />
        {queue.error ? <Notice notice={{ kind: 'error', text: queue.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {queue.loading && queue.reviews.length === 0
            ? 'Loading reviews…'
            : `${queue.total.toLocaleString('en-IN')} ${label} ${queue.total === 1 ? 'review' : 'reviews'}`}
        </p>
        {queue.reviews.length > 0 ? (
          <ul
            aria-label={`${STATUS_LABELS[queue.status]} reviews`}
            aria-busy={queue.loading || undefined}
            className="flex flex-col gap-3"
          >
            {queue.reviews.map((review) => (
              <ReviewItem
                key={`${review._id}:${review.updatedAt}`}
                review={review}
                canModerate={canModerate}
                actions={queue}
              />
            ))}
          </ul>
        ) : null}
        {queue.hasMore ? (
          <button
            type="button"
            onClick={() => void queue.loadMore()}
            className={`${secondaryButtonClass} self-center`}
          >
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}
