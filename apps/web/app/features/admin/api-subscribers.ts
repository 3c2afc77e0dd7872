// The back office's newsletter calls (docs/admin.md#subscribers). Every answer is parsed with the contract's schema.
import { adminSubscriberListResponseSchema } from '@rangrez/contract/schemas/newsletter';
import type { SignedInCall } from './api-call';

export function subscriberCalls(signedIn: SignedInCall) {
  return {
    /** `query` as subscriberQueryString builds it. */
    subscribers: (query: string) => signedIn(`/subscribers?${query}`, adminSubscriberListResponseSchema),
  };
}

/** The list's filters as the API reads them; empty ones left out. */
export function subscriberQueryString(filters: { q: string; status: string }, offset = 0): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}
