// The categories page's state: the groups in menu order with their sub-categories, and the changes made from the
// list (move one place up or down, delete), each reported in one notice. A move saves the whole list of siblings
// with PUT /admin/categories/order; after any change the list is what the server answers.
import type { AdminCategory } from '@rangrez/contract/schemas/admin-settings';
import { useState } from 'react';
import { type AdminApi, errorText } from './api';
import type { NoticeState } from './components/ui';
import { useAdminSession } from './session';
import { useAdminData } from './use-admin-data';

export interface CategoryGroup {
  group: AdminCategory;
  subs: AdminCategory[];
}

const loadCategories = (api: AdminApi) => api.categories().then((answer) => answer.categories);

/** The API's flat list (each group followed by its sub-categories) as groups with their sub-categories. */
function groupCategories(categories: readonly AdminCategory[]): CategoryGroup[] {
  return categories
    .filter((c) => c.parentId === null)
    .map((group) => ({ group, subs: categories.filter((c) => c.parentId === group._id) }));
}

/** The ids of `category`'s siblings (itself included) in menu order. */
function siblingIds(categories: readonly AdminCategory[], category: AdminCategory): string[] {
  return categories.filter((c) => c.parentId === category.parentId).map((c) => c._id);
}

export function useCategories() {
  const { api } = useAdminSession();
  const loaded = useAdminData(loadCategories);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(run: () => Promise<string>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: 'success', text: await run() });
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(failure) });
    } finally {
      setBusy(false);
      loaded.reload();
    }
  }

  return {
    ...loaded,
    groups: loaded.data ? groupCategories(loaded.data) : undefined,
    notice,
    busy,
    /** One place towards the start (-1) or the end (+1) of its siblings. */
    move: async (category: AdminCategory, step: -1 | 1) => {
      const ids = siblingIds(loaded.data ?? [], category);
      const from = ids.indexOf(category._id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      await change(async () => {
        await api.orderCategories(category.parentId, ids);
        return `Order saved: ${category.name} is now number ${to + 1}.`;
      });
    },
    remove: (category: AdminCategory) =>
      change(async () => {
        await api.deleteCategory(category._id);
        return `${category.name} deleted.`;
      }),
    /** After the edit form has saved: its own words, and the list as the server now holds it. */
    saved: (text: string) => {
      setNotice({ kind: 'success', text });
      loaded.reload();
    },
  };
}
export type CategoriesState = ReturnType<typeof useCategories>;
