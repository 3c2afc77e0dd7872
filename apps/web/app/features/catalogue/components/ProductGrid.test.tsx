// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardProduct } from './ProductCard';
import { ProductGrid } from './ProductGrid';

afterEach(cleanup);

const product = (n: number): CardProduct => ({
  _id: `0b8c6f3e-5d2a-4c1b-9e7f-1a2b3c4d5e${String(n).padStart(2, '0')}`,
  name: `Kanji Hoodie ${n}`,
  price: 1499,
  mrp: 1799,
  image: `/media/kanji-${n}.jpg`,
  color: ['Bk'],
  averageRating: 0,
  reviewCount: 0,
});

async function renderGrid(count: number) {
  const products = Array.from({ length: count }, (_, i) => product(i + 1));
  const Stub = createRoutesStub([
    { path: '/', HydrateFallback: () => null, Component: () => <ProductGrid products={products} /> },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.findAllByRole('listitem');
}

describe('the product grid', () => {
  it('lays out the first four cards at once and the others only near the viewport', async () => {
    const items = await renderGrid(7);
    expect(items.map((li) => li.className)).toEqual([
      '',
      '',
      '',
      '',
      'deferred-layout',
      'deferred-layout',
      'deferred-layout',
    ]);
  });

  it('loads the first two images eagerly (the candidates for the largest paint) and the rest lazily', async () => {
    const items = await renderGrid(4);
    expect(items.map((li) => li.querySelector('img')?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it("defers the layout in the shop's stylesheet, with a stand-in height for cards not yet laid out", () => {
    const css = readFileSync(path.join(import.meta.dirname, '../../../app.css'), 'utf8');
    const rule = /\.deferred-layout\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('content-visibility: auto;');
    expect(rule).toContain('contain-intrinsic-height: auto var(--deferred-height, 22rem);');
  });
});
