// @vitest-environment happy-dom
import type { ProductListItem } from '@rangrez/contract/schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardProduct, ProductCard, toCardProduct } from './ProductCard';

afterEach(cleanup);

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
