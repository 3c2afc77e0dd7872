// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { adminMediaResponseSchema } from '@rangrez/contract/schemas/admin-media';
import { type AdminProduct, adminProductResponseSchema } from '@rangrez/contract/schemas/admin-catalogue';
import { apiResponse } from '../../../lib/test-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAdminToken } from '../api';
import {
  type FakeCall,
  PRODUCT_ID,
  errorAnswer,
  fakeAdminApi,
  fakeUploads,
  makeProduct,
  makeStaff,
  renderInSession,
} from '../test-helpers';
import { ProductImages } from './ProductImages';

const FRONT = 'a1b2c3d4-0000-4000-8000-000000000001';
const BACK = 'a1b2c3d4-0000-4000-8000-000000000002';
const WHITE = 'a1b2c3d4-0000-4000-8000-000000000003';
const UPLOADED = 'a1b2c3d4-0000-4000-8000-000000000004';
const url = (id: string) => `http://localhost/media/${id}.jpg`;
// Thumbnails without alt text are decorative (no img role), so they are found by tag.
const srcs = (list: HTMLElement) => [...list.querySelectorAll('img')].map((i) => i.getAttribute('src'));

let product: AdminProduct;
let calls: FakeCall[];
let saved: ReturnType<typeof vi.fn<(text: string) => void>>;
const flush = () => act(async () => {});

function renderImages(canWrite = true) {
  return renderInSession(
    () => <ProductImages product={product} canWrite={canWrite} onSaved={saved} />,
    makeStaff('catalogue'),
  );
}

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await flush();
}

async function choose(label: string, ...files: File[]) {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
  // The fake upload answers over a few turns of the event loop.
  for (let i = 0; i < 5; i++) await flush();
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const putBodies = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  saved = vi.fn<(text: string) => void>();
  product = makeProduct({
    images: [
      {
        color: 'Bk',
        images: [
          { mediaId: FRONT, url: url(FRONT), alt: 'Front' },
          { mediaId: BACK, url: url(BACK), alt: '' },
        ],
      },
      { color: 'Wh', images: [{ mediaId: WHITE, url: url(WHITE), alt: 'White front' }] },
    ],
  });
  calls = fakeAdminApi(() => apiResponse(adminProductResponseSchema, { product }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductImages', () => {
  it('shows each colour’s gallery in order with its alt text', () => {
    renderImages();
    const black = screen.getByRole('list', { name: 'Images, Black (Bk)' });
    expect(srcs(black)).toEqual([url(FRONT), url(BACK)]);
    expect((screen.getByLabelText('Alt text, Black (Bk), image 1') as HTMLInputElement).value).toBe('Front');
    expect(
      (screen.getByRole('button', { name: 'Move Black (Bk), image 1 up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('sends the whole gallery after a reorder, an alt edit and a removal', async () => {
    renderImages();
    await click('Move Black (Bk), image 2 up');
    fireEvent.change(screen.getByLabelText('Alt text, Black (Bk), image 1'), {
      target: { value: 'Back print' },
    });
    await click('Remove White (Wh), image 1');
    expect(screen.getByText('No images for White (Wh) yet.')).toBeTruthy();
    await click('Save images');

    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      `/products/${PRODUCT_ID}/images`,
    ]);
    expect(putBodies()).toEqual([
      {
        images: [
          { color: 'Bk', mediaId: BACK, alt: 'Back print' },
          { color: 'Bk', mediaId: FRONT, alt: 'Front' },
        ],
      },
    ]);
    expect(calls[0]!.authorization).toBe('Bearer staff-token-1');
    expect(saved).toHaveBeenCalledWith('Images saved.');
  });

  it('shows the API’s refusal of a file, and the gallery stays as it was', async () => {
    const uploads = fakeUploads(() => errorAnswer('The image must be at least 600 px wide', 400));
    renderImages();
    await choose('Images for White (Wh)', png('narrow.png'));

    expect(screen.getByRole('alert').textContent).toBe('narrow.png: The image must be at least 600 px wide');
    expect(
      uploads.map(({ method, path, body, authorization }) => ({
        method,
        path,
        file: ((body as FormData).get('file') as File).name,
        authorization,
      })),
    ).toEqual([
      { method: 'POST', path: '/media', file: 'narrow.png', authorization: 'Bearer staff-token-1' },
    ]);
    await click('Save images');
    expect(putBodies()).toEqual([
      {
        images: [
          { color: 'Bk', mediaId: FRONT, alt: 'Front' },
          { color: 'Bk', mediaId: BACK, alt: '' },
          { color: 'Wh', mediaId: WHITE, alt: 'White front' },
        ],
      },
    ]);
  });

  it('adds an uploaded image at the end of its colour’s gallery', async () => {
    fakeUploads(() =>
      apiResponse(
        adminMediaResponseSchema,
        { media: { _id: UPLOADED, url: url(UPLOADED), width: 1200, height: 1500, alt: '' } },
        201,
      ),
    );
    renderImages();
    await choose('Images for White (Wh)', png('white-back.png'));

    expect(screen.queryByRole('alert')).toBeNull();
    const white = screen.getByRole('list', { name: 'Images, White (Wh)' });
    expect(srcs(white)).toEqual([url(WHITE), url(UPLOADED)]);
    await click('Save images');
    expect(putBodies()).toEqual([
      {
        images: [
          { color: 'Bk', mediaId: FRONT, alt: 'Front' },
          { color: 'Bk', mediaId: BACK, alt: '' },
          { color: 'Wh', mediaId: WHITE, alt: 'White front' },
          { color: 'Wh', mediaId: UPLOADED, alt: '' },
        ],
      },
    ]);
  });

  it('only shows the galleries without products:write', () => {
    const { container } = renderImages(false);
    expect(container.querySelectorAll('img')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Images for Black (Bk)')).toBeNull();
  });
});
