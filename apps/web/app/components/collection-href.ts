import { toSlug } from '@rangrez/contract/rules/slugs';

/** /collection/{group slug}/{sub-category slug} (docs/product/rules.md#collection-slugs). */
export function collectionHref(group: string, subCategory: string): string {
  return `/collection/${toSlug(group)}/${toSlug(subCategory)}`;
}
