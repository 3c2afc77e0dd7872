import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../../lib/seo';
import { breadcrumbJsonLd, productJsonLd } from './structured-data';

const product = {
  _id: 'p1',
  name: 'Tokyo Drift Oversized Tee',
  sku: 'RGZ-OST-0001',
  price: 799,
  stock: 0,
  image: 'https://shop.test/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-640.jpg',
  description: 'Heavyweight cotton.',
  reviews: [
    { rating: 5, comment: 'Great', user: { firstName: 'A', avatar: '' }, photos: [] },
    { rating: 4, comment: 'Good', user: { firstName: 'B', avatar: '' }, photos: [] },
  ],
  category: { name: 'Oversized T-Shirt', parentCategory: { name: 'Men' } },
};

describe('productJsonLd', () => {
  it('offers the price in INR with availability from stock and the rating', () => {
    const ld = productJsonLd(product, 'https://shop.test/product/p1');
    expect(ld.offers).toMatchObject({
      price: '799.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(productJsonLd({ ...product, stock: 5 }, 'u').offers.availability).toBe(
      'https://schema.org/LimitedAvailability',
    );
    expect(productJsonLd({ ...product, stock: 50, reviews: [] }, 'u')).not.toHaveProperty('aggregateRating');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the items from 1', () => {
    expect(breadcrumbJsonLd([{ name: 'Home', url: 'https://shop.test/' }]).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element', () => {
    expect(serializeJsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
