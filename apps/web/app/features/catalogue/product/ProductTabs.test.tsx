// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Review } from '@rangrez/contract/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductTabs } from './ProductTabs';

afterEach(cleanup);

const review = (overrides: Partial<Review>): Review => ({
  rating: 5,
  comment: 'Lovely print',
  user: { firstName: 'Asha', avatar: '' },
  photos: [],
  ...overrides,
});

describe('the Reviews tab', () => {
  it('marks verified buyers and shows the store reply under a review', () => {
    render(
      <ProductTabs
        description="Soft."
        addInfo=""
        reviews={[
          review({
            _id: 'a',
            verified: true,
            reply: { text: 'Thank you, Asha!', repliedAt: '2026-11-20T10:00:00.000Z' },
          }),
          review({ _id: 'b', comment: 'Demo words', user: { firstName: 'Kabir', avatar: '' } }),
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (2)' }));
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.includes('Verified buyer'))).toEqual([true, false]);
    expect(items[0]?.textContent).toContain('Reply from RangrezThank you, Asha!');
    expect(items[1]?.textContent).not.toContain('Reply from Rangrez');
  });
});
