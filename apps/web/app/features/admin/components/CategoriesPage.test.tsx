// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type AdminCategory,
  adminCategoryListResponseSchema,
  adminCategoryResponseSchema,
  adminSizeChartListResponseSchema,
  adminSizeChartResponseSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { GARMENT_TYPES } from '@rangrez/contract/rules/size-chart';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
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
  productCount: 3,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const categories = [
  category({}),
  category({
    _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Caps',
    slug: 'caps',
    parentId: GROUP_ID,
    productCount: 0,
  }),
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
    if (call.path === '/categories' && call.method === 'GET')
      return apiResponse(adminCategoryListResponseSchema, { categories });
    if (call.path === '/categories' && call.method === 'POST')
      return apiResponse(adminCategoryResponseSchema, { category: category({}) }, 201);
    if (call.path === '/size-charts') return apiResponse(adminSizeChartListResponseSchema, { sizeCharts });
    if (call.method === 'PUT')
      return apiResponse(adminSizeChartResponseSchema, {
        sizeChart: { garmentType: GARMENT_TYPES[0], ...(call.body as object) } as never,
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
  it('lists groups with their sub-categories, and offers to delete only empty ones', async () => {
    renderInSession(CategoriesPage, makeStaff('catalogue'));
    await flush();
    const table = screen.getByRole('table', { name: 'Categories' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Men', 'Caps']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete Caps']);
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
  });
});
