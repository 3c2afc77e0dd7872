// The signed-in shopper's own review of a product and whether they may write or edit one (GET my-review), once the
// session is known. Guests never call: the answer would be 401.
import type { OwnReview } from '@rangrez/contract/schemas';
import { useEffect, useState } from 'react';
import { useSession } from '../account';
import { reviewsApi } from './api';

export type OwnReviewState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'failed' }
  | { kind: 'ready'; eligible: boolean; review: OwnReview | null };

interface Loaded {
  /** Whose answer and for which product: another shopper or product starts over. */
  key: string;
  state: OwnReviewState;
}

export function useOwnReview(productId: string): {
  state: OwnReviewState;
  /** After a save: the review as the server answered it. */
  saved: (review: OwnReview) => void;
} {
  const { status, user } = useSession();
  const key = `${user?._id ?? ''}:${productId}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (status !== 'signedIn') return;
    const controller = new AbortController();
    reviewsApi.mine(productId, controller.signal).then(
      ({ eligible, review }) => setLoaded({ key, state: { kind: 'ready', eligible, review } }),
      () => {
        if (!controller.signal.aborted) setLoaded({ key, state: { kind: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [status, key, productId]);

  const state: OwnReviewState =
    status === 'signedOut'
      ? { kind: 'signed-out' }
      : status === 'signedIn' && loaded?.key === key
        ? loaded.state
        : { kind: 'loading' };
  return {
    state,
    saved: (review) => setLoaded({ key, state: { kind: 'ready', eligible: true, review } }),
  };
}
