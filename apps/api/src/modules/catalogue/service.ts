import type { SubcategoriesData } from '@rangrez/contract/schemas';
import type { Db } from '../../lib/db.ts';
import { mediaUrl } from '@rangrez/db/media/urls';
import { listGroupsWithSubcategories } from './repository.ts';

export function createCatalogueService(db: Db, publicUrl: string) {
  return {
    /** Collection groups in display order, each with its sub-categories (spec §3 "Collections data"). */
    async subcategories(): Promise<SubcategoriesData> {
      const rows = await listGroupsWithSubcategories(db);
      const data: SubcategoriesData = {};
      for (const row of rows) {
        (data[row.groupName] ??= []).push({
          id: row.id,
          name: row.name,
          thumbnail: row.thumbnailKey
            ? mediaUrl(publicUrl, row.thumbnailKey, 480, 'jpg')
            : `${publicUrl}/media/placeholder.svg`,
          parentCategory: row.groupName,
          description: row.description,
        });
      }
      return data;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
