// What server loaders may ask of the API process. The web app never imports the API or db packages:
// the server passes an object of this shape as the load context (no HTTP hop). Types come from the contract,
// so what a loader gets is exactly what the matching /api/v1 call answers.
import type { ProductDetail, ProductListItem, Slide, SubcategoriesData } from '@rangrez/contract/schemas';

export interface ProductQuery {
  /** Collection group slug, e.g. 'men' (docs/product/rules.md#collection-slugs). */
  category?: string;
  /** Sub-category slug, e.g. 'oversized-t-shirt'. */
  subCategory?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

export interface SellerDetails {
  legalName: string;
  address: string;
  email: string;
  phone: string;
  grievanceOfficer: { name: string; email: string; phone: string };
}

export interface StoreServices {
  catalogue: {
    subcategories(): Promise<SubcategoriesData>;
    activeSlides(): Promise<Slide[]>;
    products(query: ProductQuery): Promise<ProductListItem[]>;
    /** null for an unknown or malformed id. */
    product(id: string, options?: { includeRecommendations?: boolean }): Promise<ProductDetail | null>;
  };
  site: {
    /** Absolute origin for canonical URLs, Open Graph and the sitemap. */
    publicUrl: string;
    seller: SellerDetails;
  };
}

export interface StoreLoadContext {
  services: StoreServices;
  /** Per-response CSP nonce for inline scripts React Router writes. */
  cspNonce?: string;
}

declare module 'react-router' {
  // Declaration merging needs an interface; it has no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StoreLoadContext {}
}
