// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminCategory,
  adminCategoryCreateBodySchema,
  adminCategoryListResponseSchema,
  adminCategoryResponseSchema,
  adminSizeChartListResponseSchema,
  adminSizeChartResponseSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { adminMediaResponseSchema } from '@rangrez/contract/schemas/admin-media';
import { GARMENT_TYPES } from '@rangrez/contract/rules/size-chart';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import {
  type FakeCall,
  errorAnswer,
  fakeAdminApi,
  fakeUploads,
  makeStaff,
  renderInSession,
} from '../test-helpers';
import { CategoriesPage } from './CategoriesPage';

const GROUP_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  _id: GROUP_ID,
  name: 'Men',
  slug: 'men',
  description: '',
  position: 0,
  parentId: null,
  thumbnailMediaId: null,
  thumbnail: null,
  productCount: 3,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const WOMEN_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const CAPS_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const HOODIES_ID = '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b';
const IMAGE_ID = '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c';
const categories = [
  category({}),
  category({ _id: CAPS_ID, name: 'Caps', slug: 'caps', parentId: GROUP_ID, productCount: 0 }),
  category({
    _id: HOODIES_ID,
    name: 'Hoodies',
    slug: 'hoodies',
    parentId: GROUP_ID,
    position: 1,
    productCount: 3,
    thumbnailMediaId: IMAGE_ID,
    thumbnail: 'http://localhost/media/hoodies-320.jpg',
  }),
  category({ _id: WOMEN_ID, name: 'Women', slug: 'women', position: 1, productCount: 0 }),
];
const sizeCharts = GARMENT_TYPES.map((garmentType) => ({
  garmentType,
  rows: garmentType === 'Acid Wash Oversized T-shirt' ? [{ size: 'M' as const, chest: 42, length: 29 }] : [],
}));
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    if (call.path === '/categories/order')
      return apiResponse(adminCategoryListResponseSchema, { categories });
    if (call.path === '/categories' && call.method === 'GET')
      return apiResponse(adminCategoryListResponseSchema, { categories });
    if (call.path === '/categories' && call.method === 'POST')
      return apiResponse(adminCategoryResponseSchema, { category: category({}) }, 201);
    if (call.path === '/size-charts') return apiResponse(adminSizeChartListResponseSchema, { sizeCharts });
    if (call.method === 'PUT')
      return apiResponse(adminSizeChartResponseSchema, {
        sizeChart: { garmentType: GARMENT_TYPES[0], ...(call.body as object) } as never,
      });
    if (call.method === 'PATCH')
      return apiResponse(adminCategoryResponseSchema, {
        category: category({
          ...categories.find((c) => call.path.endsWith(c._id)),
          ...(call.body as object),
        }),
      });
    if (call.method === 'DELETE') return errorAnswer('A category with products cannot be deleted', 409);
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CategoriesPage', () => {
  it('lists groups with their sub-categories and thumbnails, and offers to delete only empty ones', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    const groups = screen.getByRole('list', { name: 'Groups in menu order' });
    const subs = screen.getByRole('list', { name: 'Sub-categories of Men' });
    expect(
      within(subs)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Caps', 'Hoodies']);
    expect(within(subs).getAllByRole('listitem')[1]?.textContent).toContain('/hoodies · 3 products');
    expect(subs.querySelector('img')?.getAttribute('src')).toBe('http://localhost/media/hoodies-320.jpg');
    expect(
      within(groups)
        .getAllByRole('button', { name: /^Delete/ })
        .map((b) => b.textContent),
    ).toEqual(['Delete Caps', 'Delete Women']);
    // Each list's ends cannot move further.
    expect(screen.getByRole('button', { name: 'Move Men up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Hoodies down' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Caps down' })).toHaveProperty('disabled', false);
  });

  it('moves a sub-category within its group: the whole list of siblings, in the new order', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Move Hoodies up' }));
    await flush();
    const order = calls.filter((c) => c.path === '/categories/order');
    expect(order.map((c) => [c.method, c.body])).toEqual([
      ['PUT', { parentId: GROUP_ID, ids: [HOODIES_ID, CAPS_ID] }],
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Order saved: Hoodies is now number 1.');
    fireEvent.click(screen.getByRole('button', { name: 'Move Women up' }));
    await flush();
    expect(calls.filter((c) => c.path === '/categories/order').at(-1)?.body).toEqual({
      parentId: null,
      ids: [WOMEN_ID, GROUP_ID],
    });
  });

  it('edits a category in place: sends only what changed, with the API schema’s messages', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    const edit = screen.getByRole('button', { name: 'Edit Caps' });
    fireEvent.click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    const form = within(screen.getByRole('form', { name: 'Edit Caps' }));
    fireEvent.click(form.getByRole('button', { name: 'Save Caps' }));
    await flush();
    expect(form.getByRole('alert').textContent).toBe('Nothing to change');
    fireEvent.change(form.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Caps' }));
    await flush();
    const nameMessage = adminCategoryCreateBodySchema.safeParse({ name: '' }).error?.issues[0]?.message;
    expect(form.getByText(nameMessage!)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Bucket Hats' } });
    fireEvent.change(form.getByLabelText('Group'), { target: { value: WOMEN_ID } });
    fireEvent.click(form.getByRole('button', { name: 'Save Caps' }));
    await flush();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`/categories/${CAPS_ID}`, { name: 'Bucket Hats', parentId: WOMEN_ID }],
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Bucket Hats saved.');
    expect(screen.queryByRole('form', { name: 'Edit Caps' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('uploads a thumbnail and saves it with the category, or removes one', async () => {
    const uploads = fakeUploads(() =>
      apiResponse(
        adminMediaResponseSchema,
        { media: { _id: IMAGE_ID, url: 'http://localhost/media/new.jpg', width: 900, height: 900, alt: '' } },
        201,
      ),
    );
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Caps' }));
    const form = within(screen.getByRole('form', { name: 'Edit Caps' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'caps.png', { type: 'image/png' });
    fireEvent.change(form.getByLabelText('Thumbnail'), { target: { files: [file] } });
    await flush();
    expect(uploads.map((u) => [u.method, u.path])).toEqual([['POST', '/media']]);
    expect(screen.getByRole('form', { name: 'Edit Caps' }).querySelector('img')?.getAttribute('src')).toBe(
      'http://localhost/media/new.jpg',
    );
    fireEvent.click(form.getByRole('button', { name: 'Save Caps' }));
    await flush();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { thumbnailMediaId: IMAGE_ID },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Hoodies' }));
    const hoodies = within(screen.getByRole('form', { name: 'Edit Hoodies' }));
    fireEvent.click(hoodies.getByRole('button', { name: 'Remove thumbnail' }));
    fireEvent.click(hoodies.getByRole('button', { name: 'Save Hoodies' }));
    await flush();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ thumbnailMediaId: null });
  });

  it('adds a sub-category under the chosen group', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bucket Hats' } });
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: GROUP_ID } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await flush();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Bucket Hats', parentId: GROUP_ID });
  });

  it('edits a size chart as a table: adds a size, checks it with the API schema, saves it whole', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Add a size' }));
    fireEvent.change(screen.getByLabelText('Size of row 2'), { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save size chart' }));
    await flush();
    expect(screen.getByText('chest must be more than 0 inches')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('chest of row 2, inches'), { target: { value: '44' } });
    fireEvent.change(screen.getByLabelText('length of row 2, inches'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save size chart' }));
    await flush();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/size-charts/${encodeURIComponent(GARMENT_TYPES[0])}`);
    expect(put?.body).toEqual({
      rows: [
        { size: 'M', chest: 42, length: 29 },
        { size: 'L', chest: 44, length: 30 },
      ],
    });
  });

  it('is read-only for support: no form, no delete, no save', async () => {
    renderInSession(CategoriesPage, makeStaff('support'));
    await flush();
    expect(screen.queryByRole('button', { name: 'Add category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save size chart' })).toBeNull();
    expect(screen.queryByText(/Delete/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Move) / })).toBeNull();
  });
});
