// The back office's calls for the accountant's exports (docs/gst.md#exports). Every answer is parsed with the
// contract's schema; the files come as downloads.
import type { BooksFile } from '@rangrez/contract/rules/books';
import { booksSummaryResponseSchema } from '@rangrez/contract/schemas/books';
import type { SignedInCall } from './api-call';

type Download = (path: string) => Promise<{ file: Blob; name: string | null }>;

export function booksCalls(signedIn: SignedInCall, download: Download) {
  return {
    /** `query` as booksQueryString builds it. */
    booksSummary: (query: string) => signedIn(`/books/summary?${query}`, booksSummaryResponseSchema),
    exportBooks: (file: BooksFile, query: string) => download(`/books/${file}?${query}`),
  };
}

export interface BooksPeriodChoice {
  mode: 'month' | 'range';
  month: string;
  from: string;
  to: string;
}

/** The chosen period as the API reads it, or null while it is incomplete. */
export function booksQueryString(choice: BooksPeriodChoice): string | null {
  const params = new URLSearchParams();
  if (choice.mode === 'month') {
    if (!choice.month) return null;
    params.set('month', choice.month);
  } else {
    if (!choice.from || !choice.to) return null;
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  return params.toString();
}
