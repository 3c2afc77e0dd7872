import { compareSizes, isSize } from '@rangrez/contract/rules/size-chart';
import { PRODUCT_ERROR_MESSAGES } from '@rangrez/contract/rules/product-messages';
import { toSlug } from '@rangrez/contract/rules/slugs';
import type { ProductColourImagesResponse } from '@rangrez/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link, data, isRouteErrorResponse } from 'react-router';
import { JsonLd } from '../components/JsonLd';
import { DeferredNotFound as NotFound } from '../components/DeferredNotFound';
import { notify } from '../components/toast-store';
import { useSession } from '../features/account';
import { toCardProduct } from '../features/catalogue/components/ProductCard';
import { ProductGallery } from '../features/catalogue/gallery/ProductGallery';
import { galleryImages, initialGallery } from '../features/catalogue/gallery/gallery-state';
import { ProductPurchase } from '../features/catalogue/product/ProductPurchase';
import { breadcrumbJsonLd, productJsonLd } from '../features/catalogue/product/structured-data';
import { deferred } from '../lib/deferred';
import { NOT_FOUND_META, absoluteUrl, seo, serializeJsonLd, summary } from '../lib/seo';
import type { Route } from './+types/product';

// Below the fold: their code follows the page's first load (see lib/deferred.tsx).
const ProductTabs = deferred(() =>
  import('../features/catalogue/product/ProductTabs').then((m) => m.ProductTabs),
);
const RelatedProducts = deferred(() =>
  import('../features/catalogue/product/RelatedProducts').then((m) => m.RelatedProducts),
);

// Client-side behind a form: its HTML is in the page, its code follows the first load.
const CheckDelivery = deferred(() => import('../features/delivery').then((m) => m.CheckDelivery));

// Links only: its HTML is in the page, its code follows the first load (see lib/deferred.tsx).
const Breadcrumbs = deferred(() => import('../components/Breadcrumbs').then((m) => m.Breadcrumbs));

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalogue, promotions, site } = context.services;
  const [product, offer] = await Promise.all([
    catalogue.product(params.productId, { includeRecommendations: true }),
    promotions.productOffer(params.productId),
  ]);
  if (!product) throw data('Product not found', { status: 404 });
  const { recommendations = [], ...rest } = product;
  const group = product.category.parentCategory.name;
  const path = `/product/${encodeURIComponent(product._id)}`;
  const url = absoluteUrl(site.publicUrl, path);
  return {
    // Sizes in size order, sorted here so the sorting code stays on the server.
    product: {
      ...rest,
      size: [...rest.size].sort((a, b) => (isSize(a) && isSize(b) ? compareSizes(a, b) : 0)),
    },
    // Related cards need only what a card shows: keeps the page's data payload small.
    related: recommendations.map(toCardProduct),
    offer,
    // Head tags and JSON-LD are built here, on the server, so their builders never ship to the browser.
    meta: seo({
      title: `${product.name} | Rangrez`,
      description: summary(product.description || `${product.name} by Rangrez, printed on demand in India.`),
      path,
      publicUrl: site.publicUrl,
      image: product.image,
      imageAlt: product.name,
      type: 'product',
      price: product.price,
    }),
    jsonLd: [
      serializeJsonLd(productJsonLd({ ...product, images: initialGallery(product).images }, url)),
      serializeJsonLd(
        breadcrumbJsonLd([
          { name: 'Home', url: absoluteUrl(site.publicUrl, '/') },
          {
            name: product.category.name,
            url: absoluteUrl(site.publicUrl, collectionPath(group, product.category.name)),
          },
          { name: product.name, url },
        ]),
      ),
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? NOT_FOUND_META;

function collectionPath(group: string, subCategory: string): string {
  return `/collection/${toSlug(group)}/${toSlug(subCategory)}`;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, related, jsonLd, offer } = loaderData;
  // The colour in the first photo starts chosen.
  const [start] = useState(() => initialGallery(product));
  const [color, setColor] = useState<string | null>(start.color);
  const [images, setImages] = useState(start.images);
  const [loadingColour, setLoadingColour] = useState(false);
  const request = useRef<AbortController | null>(null);
  const shopper = useSession().user;
  const profilePin = shopper?.address?.pincode;

  // Another product (a related card) starts over with its own pictures and the colour in them.
  const [shownId, setShownId] = useState(product._id);
  if (shownId !== product._id) {
    const start = initialGallery(product);
    setShownId(product._id);
    setColor(start.color);
    setImages(start.images);
  }
  useEffect(() => () => request.current?.abort(), [product._id]);

  async function chooseColour(code: string) {
    setColor(code);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoadingColour(true);
    try {
      // The API client is not part of the page's first load: only a colour pick needs it.
      const { api } = await import('../lib/api');
      const res = await api<ProductColourImagesResponse>(
        `/product/${encodeURIComponent(product._id)}/color/${encodeURIComponent(code)}`,
        { signal: controller.signal, auth: false },
      );
      if (!controller.signal.aborted) setImages(galleryImages(product.image, res.images));
    } catch {
      // A failure falls back silently to the main image.
      if (!controller.signal.aborted) setImages([product.image]);
    } finally {
      if (!controller.signal.aborted) setLoadingColour(false);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          {
            label: product.category.name,
            to: collectionPath(product.category.parentCategory.name, product.category.name),
          },
          { label: product.name },
        ]}
      />
      {jsonLd.map((json, i) => (
        <JsonLd key={i} json={json} />
      ))}
      <div className="mt-4 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery images={images} name={product.name} busy={loadingColour} />
        <div className="flex flex-col gap-6">
          <ProductPurchase
            product={product}
            offer={offer}
            color={color}
            onColor={(code) => void chooseColour(code)}
            shopperEmail={shopper?.email ?? null}
          />
          <CheckDelivery key={product._id} productId={product._id} profilePin={profilePin} />
        </div>
      </div>
      <ProductTabs
        productId={product._id}
        description={product.description}
        addInfo={product.addInfo}
        reviews={product.reviews}
      />
      <RelatedProducts products={related} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) notify(PRODUCT_ERROR_MESSAGES.loadFailed, 'error');
  }, [notFound]);
  if (notFound) return <NotFound />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{PRODUCT_ERROR_MESSAGES.loadFailed}</h1>
      <Link to="/" className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-black/80">
        Return to Home
      </Link>
    </section>
  );
}
