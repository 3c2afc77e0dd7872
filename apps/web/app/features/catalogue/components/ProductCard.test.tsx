// @vitest-environment happy-dom
import type { ProductListItem } from '@rangrez/contract/schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardProduct, CardRating, ProductCard, toCardProduct } from './ProductCard';

afterEach(cleanup);

describe('the rating on a product card', () => {
  it('reads out the average and the count, and shows stars, the average to one decimal and the count', () => {
    const { container } = render(<CardRating average={4.5} count={12} />);
    expect(screen.getByText('Rated 4.5 out of 5, 12 reviews').className).toBe('sr-only');
    const visible = container.querySelector('[aria-hidden="true"]');
    expect(visible?.textContent).toBe('4.5 (12)');
    expect(visible?.querySelectorAll('svg')).toHaveLength(5);
  });

  it('says "review" for one and keeps a whole average whole when read out', () => {
    const { container } = render(<CardRating average={4} count={1} />);
    expect(screen.getByText('Rated 4 out of 5, 1 review')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('4.0 (1)');
  });

  it('shows nothing for a product without reviews', () => {
    const { container } = render(<CardRating average={0} count={0} />);
    expect(container.innerHTML).toBe('');
  });
});

const item = (stock: number): ProductListItem => ({
  _id: '0b8c6f3e-5d2a-4c1b-9e7f-1a2b3c4d5e6f',
  name: 'Kanji Hoodie',
  sku: 'RGZ-HD-0001',
  price: 1499,
  mrp: 1799,
  stock,
  image: '/media/kanji.jpg',
  thumbnail: '/media/kanji-thumb.jpg',
  size: ['M'],
  color: ['Bk'],
  description: '',
  category: { name: 'Hoodie', parentCategory: { name: 'Men' } },
  averageRating: 0,
  reviewCount: 0,
});

async function renderCard(product: CardProduct) {
  const Stub = createRoutesStub([
    {
      path: '/',
      HydrateFallback: () => null,
      Component: () => <ProductCard product={product} sizes="300px" />,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByRole('article');
}

describe('the product card', () => {
  it('carries an Out of Stock badge when nothing of the product can be bought', async () => {
    const card = await renderCard(toCardProduct(item(0)));
    expect(card.textContent).toContain('Out of Stock');
    expect(screen.getByText('Out of Stock').tagName).toBe('SPAN');
  });

  it('shows no badge, and carries no flag, for a product in stock', async () => {
    const product = toCardProduct(item(3));
    expect(product).not.toHaveProperty('outOfStock');
    const card = await renderCard(product);
    expect(card.textContent).not.toContain('Out of Stock');
  });
});
