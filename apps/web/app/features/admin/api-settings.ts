// The back office's categories, size charts and store settings calls
// (docs/admin.md#categories-size-charts-and-settings). Every answer is parsed with the contract's schema.
import {
  type AdminCategoryCreateBody,
  type AdminCategoryPatchBody,
  type AdminSettingsBody,
  type AdminSizeChartBody,
  adminCategoryListResponseSchema,
  adminCategoryResponseSchema,
  adminSettingsResponseSchema,
  adminSizeChartListResponseSchema,
  adminSizeChartResponseSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import type { SignedInCall } from './api-call';

const category = (id: string) => `/categories/${encodeURIComponent(id)}`;

export function settingsCalls(signedIn: SignedInCall) {
  return {
    categories: () => signedIn('/categories', adminCategoryListResponseSchema),
    createCategory: (body: AdminCategoryCreateBody) =>
      signedIn('/categories', adminCategoryResponseSchema, { method: 'POST', body }),
    updateCategory: (id: string, body: AdminCategoryPatchBody) =>
      signedIn(category(id), adminCategoryResponseSchema, { method: 'PATCH', body }),
    /** The groups (parentId null) or one group's sub-categories, every one once, in their new order. */
    orderCategories: (parentId: string | null, ids: string[]) =>
      signedIn('/categories/order', adminCategoryListResponseSchema, {
        method: 'PUT',
        body: { parentId, ids },
      }),
    deleteCategory: (id: string) =>
      signedIn(category(id), successMessageResponseSchema, { method: 'DELETE' }),
    sizeCharts: () => signedIn('/size-charts', adminSizeChartListResponseSchema),
    putSizeChart: (garmentType: string, body: AdminSizeChartBody) =>
      signedIn(`/size-charts/${encodeURIComponent(garmentType)}`, adminSizeChartResponseSchema, {
        method: 'PUT',
        body,
      }),
    settings: () => signedIn('/settings', adminSettingsResponseSchema),
    putSettings: (body: AdminSettingsBody) =>
      signedIn('/settings', adminSettingsResponseSchema, { method: 'PUT', body }),
  };
}
