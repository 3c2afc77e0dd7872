// A product's page: the product with its timeline, the shop's categories for the form, and the page's actions
// (save, duplicate, archive or restore), each reported in one notice. After a change the page loads the product
// again, so the form, the grid and the timeline show what the server now holds.
import type { AdminProduct, AdminProductPatchBody } from '@rangrez/contract/schemas/admin-catalogue';
import type { SubcategoriesData } from '@rangrez/contract/schemas/catalogue';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AdminApi, errorText } from './api';
import type { NoticeState } from './components/ui';
import { useAdminSession } from './session';
import { useAdminData } from './use-admin-data';

/** What the page after a navigation says first (the product just created or duplicated). */
export interface ProductPageState {
  notice?: string;
}

export const loadCategories = (api: AdminApi): Promise<SubcategoriesData> => api.subcategories();

export function useProductEditor(id: string) {
  const { api } = useAdminSession();
  const navigate = useNavigate();
  const location = useLocation();
  const load = useCallback(
    (client: AdminApi) =>
      Promise.all([client.product(id), client.productTimeline(id)]).then(([{ product }, { entries }]) => ({
        product,
        timeline: entries,
      })),
    [id],
  );
  const loaded = useAdminData(load);
  const categories = useAdminData(loadCategories);
  const arrived = (location.state as ProductPageState | null)?.notice;
  const [notice, setNotice] = useState<NoticeState | null>(
    arrived ? { kind: 'success', text: arrived } : null,
  );
  const [busy, setBusy] = useState(false);

  const done = (text: string) => {
    setNotice({ kind: 'success', text });
    loaded.reload();
  };
  async function act(change: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await change();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return {
    ...loaded,
    categories: categories.data,
    // The form waits for the category list: a select whose options change under it loses its value.
    categoriesSettled: categories.data !== undefined || categories.error !== undefined,
    notice,
    busy,
    /** Throws the server's refusal for the form to show by its fields' buttons. */
    async save(body: AdminProductPatchBody) {
      setNotice(null);
      await api.updateProduct(id, body);
      done('Saved.');
    },
    variantsSaved: done,
    imagesSaved: done,
    duplicate: () =>
      act(async () => {
        const { product } = await api.duplicateProduct(id);
        const state: ProductPageState = {
          notice: 'Duplicated: this is the copy, unpublished and with no stock.',
        };
        await navigate(`/admin/products/${product._id}`, { state });
      }),
    setArchived: (product: AdminProduct, archived: boolean) =>
      act(async () => {
        await api.updateProduct(product._id, { archived });
        done(archived ? 'Archived: hidden everywhere in the shop.' : 'Restored as a draft.');
      }),
  };
}
