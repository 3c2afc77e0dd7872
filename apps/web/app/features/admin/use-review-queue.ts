// The reviews page's queue: one status at a time (pending first), most recently changed first, a page at a time,
// and the moderator's decisions, after each of which the queue is loaded again (a decided review leaves it).
import type { ReviewStatus } from '@rangrez/contract/rules/reviews';
import type { AdminReview } from '@rangrez/contract/schemas/reviews';
import { useEffect, useState } from 'react';
import { errorText } from './api';
import type { NoticeState } from './components/ui';
import { useAdminSession } from './session';

const REVIEW_PAGE_SIZE = 50;

function reviewQueryString(status: ReviewStatus, offset = 0): string {
  const params = new URLSearchParams({ status, limit: String(REVIEW_PAGE_SIZE) });
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

interface Queue {
  /** Which status and load these reviews answer, so an older answer never replaces a newer one. */
  key: string;
  reviews: AdminReview[];
  total: number;
  error?: string;
}

export function useReviewQueue() {
  const { api } = useAdminSession();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [version, setVersion] = useState(0);
  const key = `${status}:${version}`;
  const [queue, setQueue] = useState<Queue | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);

  useEffect(() => {
    let live = true;
    api.reviews(reviewQueryString(status)).then(
      ({ reviews, total }) => live && setQueue({ key, reviews, total }),
      (error: unknown) => live && setQueue({ key, reviews: [], total: 0, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, status, key]);

  const current = queue?.key === key ? queue : null;

  async function loadMore() {
    if (!current) return;
    try {
      const page = await api.reviews(reviewQueryString(status, current.reviews.length));
      setQueue((prev) =>
        prev?.key === key ? { ...prev, reviews: [...prev.reviews, ...page.reviews] } : prev,
      );
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  }

  /** Runs a decision; on success says `done` and loads the queue again. Throws the server's refusal. */
  async function decide(change: () => Promise<unknown>, done: string) {
    setNotice(null);
    await change();
    setNotice({ kind: 'success', text: done });
    setVersion((v) => v + 1);
  }

  return {
    status,
    show: (next: ReviewStatus) => {
      setNotice(null);
      setStatus(next);
    },
    // A reload keeps the queue on screen until its answer arrives.
    reviews: queue?.key.startsWith(`${status}:`) ? queue.reviews : [],
    total: current?.total ?? 0,
    error: current?.error,
    loading: current === null,
    hasMore: current ? current.reviews.length < current.total : false,
    loadMore,
    notice,
    approve: (r: AdminReview) =>
      decide(() => api.approveReview(r._id), `Approved: ${r.shopper.firstName}'s review is shown.`),
    reject: (r: AdminReview, reason: string) =>
      decide(() => api.rejectReview(r._id, { reason }), `Rejected: ${r.shopper.firstName} sees your reason.`),
    reply: (r: AdminReview, text: string) =>
      decide(() => api.replyToReview(r._id, { text }), `Reply saved under ${r.shopper.firstName}'s review.`),
  };
}
