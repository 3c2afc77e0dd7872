// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  type OwnReview,
  reviewPhotoUploadResponseSchema,
  reviewSavedResponseSchema,
} from '@rangrez/contract/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { FakeXhr, makeOwnReview, makePhoto } from '../test-helpers';
import { ReviewForm } from './ReviewForm';

const PRODUCT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const GOOD = 'Soft cotton, the print is still sharp after many washes.';
const SUBMITTED = 'Thank you! Your review will appear once it is approved.';

let puts: unknown[];
let putAnswer: () => Response;
let onSaved: ReturnType<typeof vi.fn<(review: OwnReview, message: string) => void>>;
let previews: number;
const flush = () => act(async () => {});

beforeEach(() => {
  puts = [];
  previews = 0;
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = vi.fn();
  putAnswer = () =>
    apiResponse(
      reviewSavedResponseSchema,
      { success: true, message: SUBMITTED, review: makeOwnReview({ rating: 4, comment: GOOD }) },
      201,
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'PUT' && url === `/api/v1/product/${PRODUCT}/review`) {
        puts.push(JSON.parse(String(init.body)));
        return putAnswer();
      }
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
  onSaved = vi.fn<(review: OwnReview, message: string) => void>();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(review: OwnReview | null = null) {
  return render(
    <ReviewForm productId={PRODUCT} review={review} onSaved={onSaved} onCancel={() => undefined} />,
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const checkedStars = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.parentElement?.textContent);
const pick = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Add photos'), { target: { files } });
const png = (name = 'photo.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('ReviewForm', () => {
  it('checks the review with the contract’s messages, sends nothing and focuses the rating', async () => {
    renderForm();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Write a review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'rating is required',
      'comment must be at least 10 characters',
    ]);
    expect(document.activeElement).toBe(radio('1 star'));
    expect(radio('1 star').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(radio('5 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: `   ${'a'.repeat(9)}   ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'comment must be at least 10 characters',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Your review'));
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('comment must be at most 2000 characters');
    expect(puts).toEqual([]);
  });

  it('chooses the rating with the arrow keys, Home and End, wrapping around', () => {
    renderForm();
    const first = radio('1 star');
    expect([first.tabIndex, radio('2 stars').tabIndex]).toEqual([0, -1]);
    first.focus();
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    press('ArrowRight');
    expect(checkedStars()).toEqual(['★1 star']);
    press('ArrowRight');
    press('ArrowUp');
    expect([checkedStars(), document.activeElement]).toEqual([['★3 stars'], radio('3 stars')]);
    expect(radio('3 stars').tabIndex).toBe(0);
    press('End');
    press('ArrowRight');
    expect([checkedStars(), document.activeElement]).toEqual([['★1 star'], radio('1 star')]);
    press('ArrowLeft');
    expect(checkedStars()).toEqual(['★5 stars']);
    press('ArrowDown');
    press('Home');
    expect([checkedStars(), document.activeElement]).toEqual([['★1 star'], radio('1 star')]);
  });

  it('uploads picked photos with progress, sends their ids and hands the saved review on', async () => {
    renderForm();
    pick(png('front.png'), png('back.png'));
    expect(FakeXhr.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', `/api/v1/product/${PRODUCT}/review/photos`],
      ['POST', `/api/v1/product/${PRODUCT}/review/photos`],
    ]);
    expect((FakeXhr.requests[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    const photos = screen.getByRole('list', { name: 'Photos' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Photo 1', 'blob:preview-1'],
      ['Photo 2', 'blob:preview-2'],
    ]);
    act(() => FakeXhr.requests[0]!.progress(40, 100));
    expect(
      (screen.getByRole('progressbar', { name: 'Uploading photo 1' }) as HTMLProgressElement).value,
    ).toBe(40);

    // Still uploading: not sent yet.
    fireEvent.click(radio('4 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: ` ${GOOD} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'Wait until your photos have uploaded, or remove them.',
    );
    expect(puts).toEqual([]);

    await act(async () => {
      FakeXhr.requests[0]!.respond(
        201,
        reviewPhotoUploadResponseSchema.parse({ success: true, photo: makePhoto(1) }),
      );
      FakeXhr.requests[1]!.respond(
        201,
        reviewPhotoUploadResponseSchema.parse({ success: true, photo: makePhoto(2) }),
      );
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(puts).toEqual([{ rating: 4, comment: GOOD, photos: [makePhoto(1)._id, makePhoto(2)._id] }]);
    expect(onSaved).toHaveBeenCalledWith(makeOwnReview({ rating: 4, comment: GOOD }), SUBMITTED);
  });

  it('refuses a photo over 20 MB before sending it, shows the server’s refusals, and allows 3 photos at most', async () => {
    renderForm();
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 + 1 });
    pick(huge, png('text.png'));
    expect(FakeXhr.requests).toHaveLength(1);
    await act(async () =>
      FakeXhr.requests[0]!.respond(415, {
        success: false,
        message: 'The file is not a JPEG, PNG, WebP or AVIF image',
      }),
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The file is larger than 20 MB',
      'The file is not a JPEG, PNG, WebP or AVIF image',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Add photos'));

    pick(png('1.png'), png('2.png'), png('3.png'), png('4.png'));
    expect(FakeXhr.requests).toHaveLength(4);
    expect(screen.getByRole('status').textContent).toBe('You can add up to 3 photos.');
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    // Removing one that is uploading stops its upload.
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(FakeXhr.requests.map((r) => r.aborted)).toEqual([false, false, true, false]);
    expect(screen.getByLabelText('Add photos')).toBeTruthy();
  });

  it('edits a review: its rating, text and photos to start with, and the server’s refusal shown', async () => {
    putAnswer = () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'photos must hold only photos you uploaded' },
        400,
      );
    renderForm(makeOwnReview({ rating: 2, comment: GOOD, photos: [makePhoto(3)] }));
    expect(screen.getByRole('heading', { name: 'Edit your review' })).toBeTruthy();
    expect(checkedStars()).toEqual(['★2 stars']);
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(GOOD);
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      'https://shop.test/media/33333333333333333333333333333333-240.jpg',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(puts).toEqual([{ rating: 2, comment: GOOD, photos: [makePhoto(3)._id] }]);
    expect(screen.getByRole('alert').textContent).toBe('photos must hold only photos you uploaded');
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Submit review' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
