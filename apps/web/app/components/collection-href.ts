import { toSlug } from '@rangrez/contract/rules/slugs';

/** /collection/{group slug}/{sub-category slug} (spec §2 slug rules). */
export function collectionHref(group: string, subCategory: string): string {
  return `/collection/${toSlug(group)}/${toSlug(subCategory)}`;
}
