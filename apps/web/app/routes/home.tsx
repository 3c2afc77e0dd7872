import { COLLECTION_MESSAGES, collectionsErrorMessage } from '@rangrez/contract/rules/catalogue-messages';
import { toSlug } from '@rangrez/contract/rules/slugs';
import type { Slide } from '@rangrez/contract/schemas';
import { Suspense } from 'react';
import { Await } from 'react-router';
import { type CardProduct, toCardProduct } from '../features/catalogue/components/ProductCard';
import { CollectionSection } from '../features/catalogue/home/CollectionSection';
import {
  LatestArrivalsCarousel,
  LatestArrivalsSkeleton,
  isNewlyAdded,
} from '../features/catalogue/home/LatestArrivals';
import { PoliciesSection } from '../features/catalogue/home/PoliciesSection';
import { HeroSlider, SliderSkeleton } from '../features/catalogue/slider/HeroSlider';
import { withMediaPath } from '../lib/media-path';
import { useRootData, publicUrlFromMatches } from '../lib/root-data';
import { seo } from '../lib/seo';
import type { Route } from './+types/home';

/** How many products the LATEST ARRIVALS carousel shows. */
const LATEST_LIMIT = 12;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Rangrez | Streetwear inspired by anime, comics and urban culture',
    description:
      'Oversized tees, hoodies, sweatshirts, crop tops and jackets, printed on demand in India. Free shipping on prepaid orders.',
    path: '/',
    publicUrl: publicUrlFromMatches(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, site } = context.services;
  // Below the fold: streamed after the first paint instead of holding the page back.
  // Trimmed to what a card shows: the page carries this data for hydration.
  const latest: Promise<CardProduct[]> = catalogue.subcategories().then(async (collections) => {
    const group = Object.keys(collections).find(isNewlyAdded);
    if (!group) return [];
    const items = await catalogue.products({
      category: toSlug(group),
      subCategory: 'all',
      limit: LATEST_LIMIT,
    });
    return items.map((item) => withMediaPath(toCardProduct(item), 'image', site.publicUrl));
  });
  // The first slide is the page's largest image: it must be in the first HTML. A failure shows no slider.
  let slides: Slide[] | null;
  try {
    slides = (await catalogue.activeSlides()).map((slide) =>
      withMediaPath(withMediaPath(slide, 'desktop', site.publicUrl), 'mobile', site.publicUrl),
    );
  } catch (err) {
    console.error(err);
    slides = null;
  }
  return { slides, latest };
}

// A navigation inside the app shows the page at once, with skeletons until the data arrives
// ('Loading slides...'). The first visit is server-rendered and does not run this.
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = serverLoader();
  return { slides: data.then((d) => d.slides), latest: data.then((d) => d.latest) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const groups = Object.entries(root?.collections ?? {});
  return (
    <div>
      <h1 className="sr-only">Rangrez: streetwear inspired by anime, comics and urban culture</h1>
      <Suspense fallback={<SliderSkeleton />}>
        <Await resolve={loaderData.slides} errorElement={null}>
          {(slides) => (slides && slides.length > 0 ? <HeroSlider slides={slides} /> : null)}
        </Await>
      </Suspense>
      <PoliciesSection />
      <div id="collections" className="space-y-16 pb-4">
        {root?.collectionsError ? (
          <p role="alert" className="mx-auto max-w-7xl px-4 text-red-700">
            {collectionsErrorMessage(root.collectionsError)}
          </p>
        ) : null}
        {groups.map(([group, subcategories]) =>
          isNewlyAdded(group) ? (
            <section
              key={group}
              aria-labelledby={`group-${toSlug(group)}`}
              className="mx-auto max-w-7xl px-4"
            >
              <p className="text-sm font-bold uppercase tracking-widest text-accent-dark">{group}</p>
              <h2 id={`group-${toSlug(group)}`} className="text-2xl font-extrabold uppercase tracking-wide">
                LATEST ARRIVALS
              </h2>
              <div className="mt-6">
                <Suspense fallback={<LatestArrivalsSkeleton />}>
                  <Await resolve={loaderData.latest} errorElement={<CollectionsError />}>
                    {(products) => <LatestArrivalsCarousel products={products} />}
                  </Await>
                </Suspense>
              </div>
            </section>
          ) : (
            <CollectionSection key={group} group={group} subcategories={subcategories} />
          ),
        )}
      </div>
    </div>
  );
}

function CollectionsError() {
  return (
    <p role="alert" className="text-red-700">
      {collectionsErrorMessage(COLLECTION_MESSAGES.fetchFailed)}
    </p>
  );
}
