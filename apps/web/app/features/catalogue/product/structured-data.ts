// schema.org JSON-LD for product and collection pages: search engines show price, stock and breadcrumbs.
import { CURRENCY } from '@rangrez/contract/rules/constants';
import { averageRating } from '@rangrez/contract/rules/rating';
import { stockBand } from '@rangrez/contract/rules/stock';
import type { ProductDetail } from '@rangrez/contract/schemas';

const AVAILABILITY = {
  out_of_stock: 'https://schema.org/OutOfStock',
  low: 'https://schema.org/LimitedAvailability',
  hurry: 'https://schema.org/InStock',
  in_stock: 'https://schema.org/InStock',
} as const;

const BRAND = 'Rangrez';

export function productJsonLd(
  product: Pick<
    ProductDetail,
    '_id' | 'name' | 'sku' | 'price' | 'stock' | 'image' | 'description' | 'reviews' | 'category'
  > & {
    images?: readonly string[];
  },
  url: string,
) {
  const reviewCount = product.reviews.length;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    image: product.images && product.images.length > 0 ? [...product.images] : [product.image],
    description: product.description,
    category: product.category.name,
    brand: { '@type': 'Brand', name: BRAND },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: AVAILABILITY[stockBand(product.stock)],
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(averageRating(product.reviews) * 10) / 10,
            reviewCount,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
