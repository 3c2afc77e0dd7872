// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  type MyReviewResponse,
  myReviewResponseSchema,
  reviewSavedResponseSchema,
} from '@rangrez/contract/schemas';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import {
  MemoryStorage,
  SessionProvider,
  SessionStore,
  type SessionStoreDeps,
  makeSession,
} from '../../account/test-helpers';
import { makeOwnReview } from '../test-helpers';
import { OwnReview } from './OwnReview';

const PRODUCT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const GOOD = 'Soft cotton, the print is still sharp after many washes.';

let mine: MyReviewResponse;
let calls: string[];
const flush = () => act(async () => {});

function renderOwnReview(signedIn = true) {
  const store = new SessionStore({
    storage: () => new MemoryStorage(),
    refreshCall: vi.fn<SessionStoreDeps['refreshCall']>(),
    logoutCall: vi.fn<SessionStoreDeps['logoutCall']>(async () => undefined),
  });
  if (signedIn) store.signIn(makeSession());
  else store.signOut();
  const Stub = createRoutesStub([
    { path: '/product/:id', Component: () => <OwnReview productId={PRODUCT} /> },
  ]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={[`/product/${PRODUCT}?colour=Bk`]} />
    </SessionProvider>,
  );
}

beforeEach(() => {
  calls = [];
  mine = { success: true, eligible: true, review: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === `/api/v1/product/${PRODUCT}/my-review`) return apiResponse(myReviewResponseSchema, mine);
      if (init.method === 'PUT' && url === `/api/v1/product/${PRODUCT}/review`) {
        const body = JSON.parse(String(init.body)) as { rating: number; comment: string };
        return apiResponse(
          reviewSavedResponseSchema,
          {
            success: true,
            message: 'Thank you! Your review will appear once it is approved.',
            review: makeOwnReview({ ...body, status: 'pending' }),
          },
          200,
        );
      }
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OwnReview', () => {
  it('tells a guest who may review, with a way to log in and come back, and asks the server nothing', async () => {
    renderOwnReview(false);
    await flush();
    expect(
      screen.getByText(/Reviews are written by shoppers whose order with the product was delivered\./),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Log in to review it' });
    expect(link.getAttribute('href')).toBe(
      `/login?returnTo=${encodeURIComponent(`/product/${PRODUCT}?colour=Bk`)}`,
    );
    expect(calls).toEqual([]);
  });

  it('tells a shopper without a delivered order why they cannot review yet', async () => {
    mine = { success: true, eligible: false, review: null };
    renderOwnReview();
    await flush();
    expect(screen.getByText('You can review a product after your order with it is delivered')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the form, and after a save shows the thanks and the status, focused, with the button to edit', async () => {
    renderOwnReview();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    // The form's code arrives on first use.
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Write a review' })).toBeTruthy());
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Write a review' }));
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: GOOD } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(calls).toEqual([
      `GET /api/v1/product/${PRODUCT}/my-review`,
      `PUT /api/v1/product/${PRODUCT}/review`,
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your review will appear once it is approved.',
    );
    expect(screen.getByText('Waiting for moderation: it appears here once it is approved.')).toBeTruthy();
    expect(document.activeElement?.contains(screen.getByRole('status'))).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Write a review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });

  it('shows a rejected review’s reason and the store’s reply, and Cancel puts the focus back on Edit', async () => {
    mine = {
      success: true,
      eligible: true,
      review: makeOwnReview({
        status: 'rejected',
        rejectionReason: 'Mentions a phone number',
        reply: { text: 'Please write to us instead.', repliedAt: '2026-11-21T10:00:00.000Z' },
      }),
    };
    renderOwnReview();
    await flush();
    expect(screen.getByText('Not published.')).toBeTruthy();
    expect(screen.getByText('Reason: Mentions a phone number')).toBeTruthy();
    expect(screen.getByText('Reply from Rangrez').nextSibling?.textContent).toBe(
      'Please write to us instead.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit your review' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Edit your review' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit your review' }));
  });
});
