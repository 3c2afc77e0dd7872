// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import {
  type AdminReview,
  adminReviewListResponseSchema,
  adminReviewResponseSchema,
} from '@rangrez/contract/schemas/reviews';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import {
  type FakeCall,
  errorAnswer,
  fakeAdminApi,
  makeReview,
  makeStaff,
  renderInSession,
} from '../test-helpers';
import { ReviewsPage } from './ReviewsPage';

let reviews: AdminReview[];
let calls: FakeCall[];
const flush = () => act(async () => {});
const review = makeReview();
const queryOf = (call: FakeCall | undefined) =>
  Object.fromEntries(new URLSearchParams((call?.path ?? '').split('?')[1]));
const decisions = () => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
const item = () => within(screen.getByRole('list', { name: /reviews$/ })).getAllByRole('listitem')[0]!;

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  reviews = [review];
  calls = fakeAdminApi((call) => {
    if (call.method === 'GET') {
      const { status } = queryOf(call);
      const shown = reviews.filter((r) => r.status === status);
      return apiResponse(adminReviewListResponseSchema, { reviews: shown, total: shown.length });
    }
    if (call.path.endsWith('/approve') && reviews[0]!.isDemo) return errorAnswer('Review not found', 404);
    const status = call.path.endsWith('/approve')
      ? 'approved'
      : call.path.endsWith('/reject')
        ? 'rejected'
        : undefined;
    reviews = reviews.map((r) => ({ ...r, ...(status ? { status } : {}) }));
    return apiResponse(adminReviewResponseSchema, { review: reviews[0]! });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReviewsPage', () => {
  it('opens on the pending queue: product, shopper, rating, text, verified and date', async () => {
    renderInSession(ReviewsPage, makeStaff('catalogue'));
    await flush();
    expect(queryOf(calls[0])).toEqual({ status: 'pending', limit: '50' });
    const text = item().textContent;
    expect(text).toContain('Kesari Oversized Tee');
    expect(text).toContain('Asha (asha@example.test)');
    expect(text).toContain('Rated 4 out of 5');
    expect(text).toContain('Lovely fabric, runs a little large.');
    expect(text).toContain('Verified buyer');
    expect(screen.getByText('1 pending review')).toBeTruthy();
  });

  it('needs a reason to reject, then sends it and the review leaves the queue', async () => {
    renderInSession(ReviewsPage, makeStaff('catalogue'));
    await flush();
    fireEvent.click(within(item()).getByRole('button', { name: /^Reject/ }));
    const reason = screen.getByLabelText('Reason for rejecting');
    await vi.waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(screen.getByRole('button', { name: 'Reject review' }));
    await flush();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('reason is required');
    expect(decisions()).toEqual([]);

    fireEvent.change(reason, { target: { value: ' Mentions a competitor. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject review' }));
    await flush();
    expect(decisions()).toEqual([
      ['POST', `/reviews/${review._id}/reject`, { reason: 'Mentions a competitor.' }],
    ]);
    expect(screen.getByText('Rejected: Asha sees your reason.')).toBeTruthy();
    expect(screen.getByText('0 pending reviews')).toBeTruthy();
  });

  it('approves, replies and switches to the other statuses', async () => {
    renderInSession(ReviewsPage, makeStaff('owner'));
    await flush();
    fireEvent.click(within(item()).getByRole('button', { name: /^Reply/ }));
    fireEvent.change(screen.getByLabelText("The store's reply"), {
      target: { value: 'Thank you, Asha!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await flush();
    fireEvent.click(within(item()).getByRole('button', { name: /^Approve/ }));
    await flush();
    expect(decisions()).toEqual([
      ['PUT', `/reviews/${review._id}/reply`, { text: 'Thank you, Asha!' }],
      ['POST', `/reviews/${review._id}/approve`, undefined],
    ]);

    fireEvent.click(screen.getByLabelText('Approved'));
    await flush();
    expect(queryOf(calls.at(-1))).toEqual({ status: 'approved', limit: '50' });
    // Approved already: it can be rejected later, not approved again.
    expect(within(item()).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(item()).getByRole('button', { name: /^Reject/ })).toBeTruthy();
  });

  it('shows the review’s photos, each a link to the whole photo', async () => {
    const photo = (n: number) => ({
      _id: `0b7c7a52-7f5e-4d0c-9d0a-00000000000${n}`,
      url: `https://shop.test/media/${String(n).repeat(32)}-540.jpg`,
      width: 640,
      height: 800,
    });
    reviews = [makeReview({ photos: [photo(1), photo(2)] })];
    renderInSession(ReviewsPage, makeStaff('catalogue'));
    await flush();
    const photos = within(item()).getByRole('list', { name: "Photos, Asha's review" });
    const links = within(photos).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      [`https://shop.test/media/${'1'.repeat(32)}-1920.jpg`, '_blank'],
      [`https://shop.test/media/${'2'.repeat(32)}-1920.jpg`, '_blank'],
    ]);
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Photo 1 of 2 (opens in a new tab)', photo(1).url],
      ['Photo 2 of 2 (opens in a new tab)', photo(2).url],
    ]);
  });

  it('shows no photo list for a review without photos', async () => {
    renderInSession(ReviewsPage, makeStaff('catalogue'));
    await flush();
    expect(within(item()).queryByRole('list')).toBeNull();
  });

  it('shows the server’s refusal of a decision', async () => {
    reviews = [makeReview({ isDemo: true, verified: false })];
    renderInSession(ReviewsPage, makeStaff('catalogue'));
    await flush();
    expect(item().textContent).toContain('Not verified');
    fireEvent.click(within(item()).getByRole('button', { name: /^Approve/ }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Review not found');
  });

  it.each(['ops', 'support'] as const)('refuses %s before calling anything', (role) => {
    renderInSession(ReviewsPage, makeStaff(role));
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.forbidden);
    expect(calls).toEqual([]);
  });
});
