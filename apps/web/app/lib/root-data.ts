// The root loader's data (collections for the menus, the public URL for canonical links), readable from any
// component or meta function. Kept here rather than imported from root.tsx to avoid an import cycle.
import type { SubcategoriesData } from '@rangrez/contract/schemas';
import type { SiteSettings } from '@rangrez/contract/services';
import { useRouteLoaderData } from 'react-router';

export interface RootData {
  collections: SubcategoriesData | null;
  /** Set when the collections could not be loaded ('Failed to fetch collections'). */
  collectionsError: string | null;
  publicUrl: string;
  /** What the footer shows of the store's settings; null when they could not be read. */
  footer: { email: string; social: SiteSettings['social']; whatsappNumber: string } | null;
}

/** Undefined while the root error boundary renders without data. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

function rootDataFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

export function publicUrlFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): string {
  return rootDataFromMatches(matches)?.publicUrl ?? '';
}
