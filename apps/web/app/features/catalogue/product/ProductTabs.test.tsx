// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Review } from '@rangrez/contract/schemas';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductTabs } from './ProductTabs';

// The shopper's own review is the reviews feature's (tested there); here, only where it goes.
vi.mock('../../reviews', () => ({
  OwnReview: ({ productId }: { productId: string }) => <p>{`Own review of ${productId}`}</p>,
}));

afterEach(cleanup);

/** Rendered once the own review's code (fetched on first render) has arrived. */
const renderTabs = (props: ComponentProps<typeof ProductTabs>) =>
  act(async () => {
    render(<ProductTabs {...props} />);
  });

const review = (overrides: Partial<Review>): Review => ({
  rating: 5,
  comment: 'Lovely print',
  user: { firstName: 'Asha', avatar: '' },
  photos: [],
  ...overrides,
});

describe('the Reviews tab', () => {
  it('marks verified buyers and shows the store reply under a review, below the shopper’s own review', async () => {
    await renderTabs({
      productId: 'p1',
      description: 'Soft.',
      addInfo: '',
      reviews: [
        review({
          _id: 'a',
          verified: true,
          reply: { text: 'Thank you, Asha!', repliedAt: '2026-11-20T10:00:00.000Z' },
        }),
        review({ _id: 'b', comment: 'Demo words', user: { firstName: 'Kabir', avatar: '' } }),
      ],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel.firstElementChild?.textContent).toBe('Own review of p1');
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.includes('Verified buyer'))).toEqual([true, false]);
    expect(items[0]?.textContent).toContain('Reply from RangrezThank you, Asha!');
    expect(items[1]?.textContent).not.toContain('Reply from Rangrez');
  });

  it('shows review photos as thumbnails that open full screen', async () => {
    const photo = (n: number) => ({
      _id: `p${n}`,
      url: `https://shop.test/media/${String(n).repeat(32)}-540.jpg`,
      width: 640,
      height: 800,
    });
    await renderTabs({
      productId: 'p1',
      description: 'Soft.',
      addInfo: '',
      reviews: [review({ _id: 'a', verified: true, photos: [photo(1), photo(2)] })],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (1)' }));
    const panel = screen.getByRole('tabpanel');
    const thumbnails = within(panel).getByRole('list', { name: "Photos from Asha's review" });
    const buttons = within(thumbnails).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      "Open photo 1 of 2 from Asha's review",
      "Open photo 2 of 2 from Asha's review",
    ]);
    expect(buttons[1]?.querySelector('img')?.getAttribute('src')).toBe(
      `https://shop.test/media/${'2'.repeat(32)}-320.jpg`,
    );
    // The lightbox's code comes with the first click.
    await act(async () => {
      fireEvent.click(buttons[1]!);
    });
    const dialog = await vi.waitFor(() =>
      screen.getByRole('dialog', { name: "Photos from Asha's review: images" }),
    );
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe(
      "Photos from Asha's review, image 2 of 2",
    );
  });
});

describe('the tab list', () => {
  it('names every tab in full and moves with the arrow keys, Home and End, wrapping around', async () => {
    await renderTabs({ productId: 'p1', description: 'Soft. Warm.', addInfo: 'Made in India', reviews: [] });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Additional Information', 'Reviews (0)']);
    const selected = () => screen.getByRole('tab', { selected: true });

    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(selected().textContent).toBe('Reviews (0)');
    expect(document.activeElement).toBe(selected());
    expect(screen.getByRole('tabpanel').textContent).toContain('No reviews yet.');
    fireEvent.keyDown(selected(), { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Description');
    fireEvent.keyDown(selected(), { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Additional Information');
    expect(screen.getByRole('tabpanel').textContent).toBe('Made in India');
    fireEvent.keyDown(selected(), { key: 'Home' });
    expect(selected().textContent).toBe('Description');
    fireEvent.keyDown(selected(), { key: 'End' });
    expect(selected().textContent).toBe('Reviews (0)');
    expect(document.activeElement).toBe(selected());
  });
});
