import {
  COLLECTION_MESSAGES,
  SEARCH_ALL_PRODUCTS,
  noMatchMessage,
  searchResultsMessage,
} from '@rangrez/contract/rules/catalogue-messages';
import { PRODUCT_LIST_MAX_LIMIT } from '@rangrez/contract/rules/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, data, isRouteErrorResponse, useLocation, useNavigate, useNavigation } from 'react-router';
import { DeferredNotFound as NotFound } from '../components/DeferredNotFound';
import { JsonLd } from '../components/JsonLd';
import { COLLECTION_SEARCH_ID, useSearchToggle } from '../components/SearchToggle';
import { SearchIcon } from '../components/icons';
import { CollectionFilters } from '../features/catalogue/collection/CollectionFilters';
import {
  collectionViewKey,
  restoreCollectionView,
  saveCollectionView,
  sessionStore,
} from '../features/catalogue/collection/collection-cache';
import {
  type CollectionFilters as Filters,
  categoryName,
  filtersFromUrl,
  filtersToSearch,
  isKnownCollectionPath,
  productQuery,
  typeName,
} from '../features/catalogue/collection/filters';
import { toCardProduct } from '../features/catalogue/components/ProductCard';
import { ProductGrid } from '../features/catalogue/components/ProductGrid';
import { facetSearch } from '../features/catalogue/search/facet-search';
import { searchParamsFromUrl } from '../features/catalogue/search/search-params';
import { withMediaPath } from '../lib/media-path';
import { breadcrumbJsonLd } from '../features/catalogue/product/structured-data';
import { useRootData } from '../lib/root-data';
import { deferred } from '../lib/deferred';
import { NOT_FOUND_META, absoluteUrl, seo, serializeJsonLd } from '../lib/seo';
import type { Route } from './+types/collection';

/** Typing pauses this long before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

// Sort and filters: a GET form that works alone, its code after the first load like the breadcrumbs'.
const SearchFilters = deferred(() =>
  import('../features/catalogue/search/SearchFilters').then((m) => m.SearchFilters),
);
// Links only: its HTML is in the page, its code follows the first load (see lib/deferred.tsx).
const Breadcrumbs = deferred(() => import('../components/Breadcrumbs').then((m) => m.Breadcrumbs));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { catalogue, site } = context.services;
  const collections = await catalogue.subcategories().catch(() => null);
  // The API answers an unknown collection with an empty list (the spec's client expects it); the page is missing.
  if (!isKnownCollectionPath(params, collections)) throw data('Collection not found', { status: 404 });
  const filters = filtersFromUrl(params, new URL(request.url).searchParams, collections);
  const query = productQuery(filters);
  const url = new URL(request.url);
  // Sort and filters come from the query string; the selection and its own search from the collection's filters.
  const refine = { ...searchParamsFromUrl(url.searchParams), q: filters.q || undefined, cursor: undefined };
  const found = query
    ? await context.services.search.search({
        ...refine,
        category: query.category,
        subCategory: query.subCategory,
        limit: PRODUCT_LIST_MAX_LIMIT,
      })
    : null;
  const products = (found?.products ?? []).map(toCardProduct);
  const { categories, heading } = labels(filters, collections);
  const path = `/collection/${encodeURIComponent(params.categoryName)}/${encodeURIComponent(params.subCategoryName)}`;
  // Head tags and JSON-LD are built here, on the server, so their builders never ship to the browser.
  const meta = seo({
    title: `${heading} | ${categories} | Rangrez`,
    description: `Shop ${heading.toLowerCase()} for ${categories.toLowerCase()} at Rangrez: streetwear inspired by anime, comics and urban culture, printed on demand in India. Free shipping on prepaid orders.`,
    path,
    publicUrl: site.publicUrl,
    image: products[0]?.image,
    noindex: filters.q !== '',
  });
  const jsonLd = serializeJsonLd(
    breadcrumbJsonLd([
      { name: 'Home', url: absoluteUrl(site.publicUrl, '/') },
      { name: categories, url: absoluteUrl(site.publicUrl, path) },
    ]),
  );
  return {
    filters,
    search: refine,
    facets: found?.facets ?? null,
    products: products.map((p) => withMediaPath(p, 'image', site.publicUrl)),
    meta,
    jsonLd,
  };
}

// Coming back from a product page restores the view from this session without a round trip.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const key = collectionViewKey(new URL(request.url));
  const saved = restoreCollectionView<Awaited<ReturnType<typeof serverLoader>>>(
    sessionStore(),
    key,
    Date.now(),
  );
  return saved ?? (await serverLoader());
}

function labels(filters: Filters, collections: Parameters<typeof categoryName>[1]) {
  const categories = filters.categories.map((slug) => categoryName(slug, collections));
  const types = filters.types.map((slug) => typeName(slug, collections));
  return {
    categories: categories.length > 0 ? categories.join(', ') : 'Collections',
    heading: types.length > 0 ? types.join(', ') : 'All Styles',
  };
}

/** The collection's own parameters (selection and search) that the sort and filter form carries along. */
const OWN_PARAMS = ['cat', 'type', 'q'];

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData?.meta ??
  (error ? NOT_FOUND_META : []);

/** An unknown collection shows the 404 page inside the shop's layout; anything else goes to the root's boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export default function Collection({ loaderData, params }: Route.ComponentProps) {
  const root = useRootData();
  const collections = root?.collections ?? null;
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const search = useSearchToggle();

  // While a filter change loads, show the boxes as the shopper just set them.
  const [optimistic, setOptimistic] = useState<Filters | null>(null);
  const [seenData, setSeenData] = useState(loaderData);
  if (seenData !== loaderData) {
    setSeenData(loaderData);
    setOptimistic(null);
  }
  const pendingHere =
    navigation.location && navigation.location.pathname === location.pathname ? navigation.location : null;
  const filters =
    optimistic ??
    (pendingHere
      ? filtersFromUrl(params, new URLSearchParams(pendingHere.search), collections)
      : loaderData.filters);
  const { products } = loaderData;
  const names = labels(loaderData.filters, collections);

  useEffect(() => {
    saveCollectionView(sessionStore(), collectionViewKey(location), loaderData, Date.now());
  }, [loaderData, location]);

  function apply(next: Filters) {
    setOptimistic(next);
    const own = filtersToSearch(next, params, collections);
    const facets = facetSearch(location.search);
    navigate(
      { pathname: location.pathname, search: facets ? `${own ? `${own}&` : '?'}${facets}` : own },
      { replace: true, preventScrollReset: true },
    );
  }

  const showSearch = search.open || loaderData.filters.q !== '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: names.categories }]} />
      <JsonLd json={loaderData.jsonLd} />
      <h1 className="mt-3 text-3xl font-black tracking-tight">{names.heading}</h1>
      {showSearch ? (
        <SearchBar
          query={loaderData.filters.q}
          autoFocus={search.open && loaderData.filters.q === ''}
          onSearch={(q) => apply({ ...filters, q })}
        />
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-[13rem_1fr] md:gap-8">
        <aside aria-label="Filters">
          <CollectionFilters filters={filters} collections={collections} onChange={apply} />
          {loaderData.facets ? (
            <div className="mt-6">
              <SearchFilters
                facets={loaderData.facets}
                params={loaderData.search}
                action={location.pathname}
                keepKeys={OWN_PARAMS}
              />
            </div>
          ) : null}
        </aside>
        <section aria-label="Products" aria-busy={pendingHere ? true : undefined}>
          {loaderData.filters.q ? (
            <p role="status" className="mb-4 text-sm font-semibold text-neutral-700">
              {searchResultsMessage(products.length)}
            </p>
          ) : null}
          {products.length === 0 && loaderData.filters.q !== '' ? (
            <p className="rounded-xl bg-white p-8 text-center text-neutral-600 ring-1 ring-black/5">
              {noMatchMessage(loaderData.filters.q)}{' '}
              <Link
                to={`/search?q=${encodeURIComponent(loaderData.filters.q)}`}
                className="font-semibold text-ink underline"
              >
                {SEARCH_ALL_PRODUCTS}
              </Link>
            </p>
          ) : products.length === 0 ? (
            <p className="rounded-xl bg-white p-8 text-center text-neutral-600 ring-1 ring-black/5">
              {COLLECTION_MESSAGES.noProducts}
            </p>
          ) : (
            <ProductGrid products={products} />
          )}
        </section>
      </div>
    </div>
  );
}

function SearchBar({
  query,
  autoFocus,
  onSearch,
}: {
  query: string;
  autoFocus: boolean;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(query);
  // The last query this box sent: when the page's query changes to something else (another collection
  // opened from the menu), the box follows; when it is our own search arriving, the shopper's newer typing stays.
  const [sent, setSent] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (query !== sent) {
      setSent(query);
      setText(query);
    }
  }
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  const submit = useCallback((q: string) => {
    setSent(q);
    onSearchRef.current(q);
  }, []);
  useEffect(() => {
    const q = text.trim();
    if (q === sent) return;
    const timer = setTimeout(() => submit(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent, submit]);
  return (
    <form
      id={COLLECTION_SEARCH_ID}
      role="search"
      className="relative mt-4 max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== sent) submit(text.trim());
      }}
    >
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-neutral-500" />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products..."
        aria-label="Search products"
        maxLength={100}
        autoFocus={autoFocus}
        className="w-full rounded-full border border-black/15 bg-white py-2.5 pl-10 pr-4 text-base outline-none focus:border-ink focus:ring-2 focus:ring-ink/20"
      />
    </form>
  );
}
