// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartStore, type Notify } from '../cart-store';
import { FakeSession, MemoryStorage, answer, cartData, fakeApi, line, product } from '../test-helpers';
import { CartStoreContext } from '../use-cart';
import { CartDrawer } from './CartDrawer';
import { CartPage } from './CartPage';

let storage: MemoryStorage;
let session: FakeSession;
let api: ReturnType<typeof fakeApi>;
let store: CartStore;
const tee = product();

function renderWith(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <>{element}</> }]);
  return render(
    <CartStoreContext.Provider value={store}>
      <Stub initialEntries={['/']} />
    </CartStoreContext.Provider>,
  );
}

beforeEach(() => {
  storage = new MemoryStorage();
  session = new FakeSession();
  api = fakeApi();
  store = new CartStore({ storage: () => storage, api, session, notify: vi.fn<Notify>() });
});
afterEach(cleanup);

describe('CartDrawer', () => {
  it('says the cart is empty and offers no checkout', () => {
    renderWith(<CartDrawer onClose={() => undefined} />);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Cart Empty' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('shows the loading and failure states of a signed-in cart', async () => {
    let fail!: (error: Error) => void;
    // The session and the opened drawer both ask for the cart.
    api.get.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    session.set('u1');
    renderWith(<CartDrawer onClose={() => undefined} />);
    expect(screen.getByText('Loading cart...')).toBeTruthy();
    await act(async () => fail(new Error('Request failed')));
    expect(await screen.findByText('Error: Request failed')).toBeTruthy();
  });

  it('lists a line with its price, colour and size; minus does nothing at 1, plus raises', async () => {
    await store.add({ productId: 'p1', size: 'M', color: 'Bk' }, tee);
    renderWith(<CartDrawer onClose={() => undefined} />);
    expect(screen.getByText('Oversized Tee')).toBeTruthy();
    expect(screen.getByText('Black')).toBeTruthy();
    expect(screen.getByText('Size: M')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Oversized Tee (M, Black)' }));
    expect(screen.getByLabelText('Quantity of Oversized Tee (M, Black)').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Oversized Tee (M, Black)' }));
    expect(screen.getByLabelText('Quantity of Oversized Tee (M, Black)').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Oversized Tee (M, Black)' }));
    expect(screen.getByLabelText('Quantity of Oversized Tee (M, Black)').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Oversized Tee (M, Black) from cart' }));
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });

  it("says 'Only N left' at the stock limit, and plus says why instead of raising", async () => {
    const notify = vi.fn<Notify>();
    store = new CartStore({ storage: () => storage, api, session, notify });
    const few = product({ stock: 2 });
    await store.add({ productId: 'p1', size: 'M', color: 'Bk' }, few);
    renderWith(<CartDrawer onClose={() => undefined} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Oversized Tee (M, Black)' });
    expect(screen.queryByText('Only 2 left')).toBeNull();
    expect(plus.getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(plus);
    expect(screen.getByLabelText('Quantity of Oversized Tee (M, Black)').textContent).toBe('2');
    const note = screen.getByText('Only 2 left');
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    expect(plus.getAttribute('aria-describedby')).toBe(note.id);

    fireEvent.click(plus);
    expect(screen.getByLabelText('Quantity of Oversized Tee (M, Black)').textContent).toBe('2');
    expect(notify).toHaveBeenLastCalledWith('Only 2 left of Oversized Tee (Black, M)', 'error');
  });

  it('holds Checkout back with the reason while a line is sold out', async () => {
    const soldOut = line(tee, 'M', 'Bk', 1, { status: 'out_of_stock', _id: 'l1' });
    api.get.mockResolvedValue(
      answer(
        cartData(
          [soldOut],
          [
            {
              lineId: 'l1',
              productId: 'p1',
              size: 'M',
              color: 'Bk',
              status: 'out_of_stock',
              message: 'Out of Stock: Oversized Tee',
            },
          ],
        ),
      ),
    );
    session.set('u1');
    renderWith(<CartDrawer onClose={() => undefined} />);
    const checkout = (await screen.findByRole('button', { name: 'Checkout' })) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(screen.getAllByText('Out of Stock: Oversized Tee')).toHaveLength(2);
    expect(document.getElementById(checkout.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Out of Stock: Oversized Tee',
    );
  });
});

describe('CartPage', () => {
  it('ignores an empty or 0 quantity and sets a valid one', async () => {
    await store.add({ productId: 'p1', size: 'M', color: 'Bk' }, tee);
    renderWith(<CartPage />);
    const input = screen.getByLabelText('Quantity of Oversized Tee (M, Black)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: '0' } });
    expect(store.getSnapshot().guest[0]?.quantity).toBe(1);
    fireEvent.change(input, { target: { value: '3' } });
    expect(store.getSnapshot().guest[0]?.quantity).toBe(3);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input.value).toBe('3');
    expect(screen.getByText('Original Price')).toBeTruthy();
    expect(screen.getByText('-₹900 (38%)')).toBeTruthy();
  });

  it('says the cart is empty, and that it could not load', async () => {
    renderWith(<CartPage />);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    cleanup();
    api.get.mockRejectedValue(new Error('Request failed'));
    session.set('u1');
    renderWith(<CartPage />);
    expect(await screen.findByText('Failed to load cart items. Please try again later.')).toBeTruthy();
  });
});
