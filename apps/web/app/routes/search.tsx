// /search?q=: the whole catalogue searched, server-rendered like a collection page, with sort and filters kept in
// the URL (docs/search.md#the-pages).
import { noMatchMessage, searchResultsMessage } from '@rangrez/contract/rules/catalogue-messages';
import { Link, useLocation } from 'react-router';
import { toCardProduct } from '../features/catalogue/components/ProductCard';
import { ProductGrid } from '../features/catalogue/components/ProductGrid';
import { searchParamsFromUrl } from '../features/catalogue/search/search-params';
import { withMediaPath } from '../lib/media-path';
import { deferred } from '../lib/deferred';
import { seo } from '../lib/seo';
import type { Route } from './+types/search';

// Its HTML (a GET form that works alone) is in the page; its code follows the first load (lib/deferred.tsx).
const SearchFilters = deferred(() =>
  import('../features/catalogue/search/SearchFilters').then((m) => m.SearchFilters),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, site } = context.services;
  const url = new URL(request.url);
  const params = searchParamsFromUrl(url.searchParams);
  const result = await search.search(params);
  const q = params.q ?? '';
  return {
    params,
    total: result.total,
    facets: result.facets,
    nextCursor: result.nextCursor,
    products: result.products.map((p) => withMediaPath(toCardProduct(p), 'image', site.publicUrl)),
    // Result pages are not for search engines: their text is whatever a visitor typed.
    meta: seo({
      title: q ? `Search: ${q} | Rangrez` : 'Search | Rangrez',
      description: 'Search the Rangrez catalogue.',
      path: '/search',
      publicUrl: site.publicUrl,
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

function nextPageHref(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set('cursor', cursor);
  return `/search?${params.toString()}`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { params, total, facets, products, nextCursor } = loaderData;
  const location = useLocation();
  const q = params.q ?? '';
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-3xl font-black tracking-tight">{q ? `Results for "${q}"` : 'All products'}</h1>
      <p role="status" className="mt-2 text-sm font-semibold text-neutral-700">
        {searchResultsMessage(total)}
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-[13rem_1fr] md:gap-8">
        <aside aria-label="Filters">
          <SearchFilters facets={facets} params={params} action="/search" />
        </aside>
        <section aria-label="Products">
          {products.length === 0 ? (
            <p className="rounded-xl bg-white p-8 text-center text-neutral-600 ring-1 ring-black/5">
              {q ? noMatchMessage(q) : 'No products match these filters.'}
            </p>
          ) : (
            <ProductGrid products={products} />
          )}
          {nextCursor ? (
            <Link
              to={nextPageHref(location.search, nextCursor)}
              className="mt-6 inline-block rounded-full border border-black/15 px-5 py-2.5 text-sm font-semibold"
            >
              Next page
            </Link>
          ) : null}
        </section>
      </div>
    </div>
  );
}
