// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardRating } from './ProductCard';

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

  it('shows nothing for a product without reviews, nor for a card saved before cards carried ratings', () => {
    const { container } = render(<CardRating average={0} count={0} />);
    expect(container.innerHTML).toBe('');
    const saved = { averageRating: undefined, reviewCount: undefined } as unknown as {
      averageRating: number;
      reviewCount: number;
    };
    const older = render(<CardRating average={saved.averageRating} count={saved.reviewCount} />);
    expect(older.container.innerHTML).toBe('');
  });
});
