// The seam between the web app and the API inside one process: server loaders get an object of this shape as
// their load context and call the API's own services, without an HTTP hop. Declared here, once, so that both the
// API (which implements it) and the web app (which calls it) are checked against the same types, and what a
// loader gets is exactly what the matching /api/v1 call answers. Types only: nothing here runs.
import type {
  SearchParams,
  SearchResult,
  ProductDetail,
  ProductListItem,
  Slide,
  SubcategoriesData,
  WelcomeOffer,
} from './schemas/index.ts';

export interface ProductQuery {
  /** Group slug (e.g. 'men'), a comma-separated list of them, or 'all' (or absent) for every group. */
  category?: string;
  /** Sub-category slug (e.g. 'oversized-t-shirt'), a comma-separated list of them, or 'all' (or absent). */
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

/** What the storefront shows of the store itself: set in the back office, defaulted by the environment. */
export interface SiteSettings {
  seller: SellerDetails;
  /** 'Monday to Saturday, 11:00 to 19:00 IST'. */
  supportHours: string;
  /** https URLs; '' for a network the store is not on. */
  social: { instagram: string; facebook: string; x: string; youtube: string };
  /** The 10-digit mobile shoppers message on WhatsApp; '' when the store offers none. */
  whatsappNumber: string;
  /** The newsletter's welcome offer; off: the newsletter box is the spec's coming-soon placeholder. */
  welcomeOffer: WelcomeOffer;
}

/** What the newsletter's confirm and unsubscribe pages show: done, or why not. */
export interface NewsletterOutcome {
  ok: boolean;
  message: string;
}

export interface StoreServices {
  catalogue: {
    subcategories(): Promise<SubcategoriesData>;
    activeSlides(): Promise<Slide[]>;
    products(query: ProductQuery): Promise<ProductListItem[]>;
    /** null for an unknown or malformed id. */
    product(id: string, options?: { includeRecommendations?: boolean }): Promise<ProductDetail | null>;
  };
  /** The /search page and the collection page's filters: what GET /api/v1/search answers (docs/search.md). */
  search: {
    search(query: SearchParams): Promise<SearchResult>;
  };
  promotions: {
    /** The product page's 'Best offer: …' text (docs/promotions.md#the-shoppers-side); null when none applies. */
    productOffer(productId: string): Promise<string | null>;
  };
  site: {
    /** Absolute origin for canonical URLs, Open Graph and the sitemap. */
    publicUrl: string;
    /** Read on every page that shows them: a change in the back office shows on the next page load. */
    settings(): Promise<SiteSettings>;
  };
  /** The cash on delivery fee the owner set (docs/cod.md#fee), in rupees, for the pages that state it. */
  cod: { feeRupees(): Promise<number> };
  /** The pages the newsletter's e-mails link to (docs/newsletter.md); each takes the token from its link. */
  newsletter: {
    confirm(token: string): Promise<NewsletterOutcome>;
    unsubscribe(token: string): Promise<NewsletterOutcome>;
  };
}
