// @vitest-environment happy-dom
// The code field of the drawer and the cart page (docs/promotions.md#the-shoppers-side): a signed-in shopper's code
// goes to the server cart, a guest's is checked by the preview and kept with the anonymous cart until sign-in.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CartData } from '@rangrez/contract/schemas';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { CartStore, GUEST_CODE_KEY, type Notify } from '../cart-store';
import { FakeSession, MemoryStorage, answer, cartData, fakeApi, line, product } from '../test-helpers';
import { CartStoreContext } from '../use-cart';
import { CartDrawer } from './CartDrawer';
import { CartPage } from './CartPage';

let storage: MemoryStorage;
let session: FakeSession;
let api: ReturnType<typeof fakeApi>;
let notify: ReturnType<typeof vi.fn<Notify>>;
let store: CartStore;
const tee = product({ price: 1000, mrp: 1300 });
const key = { productId: 'p1', size: 'M', color: 'Bk' };

function renderWith(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <>{element}</> }]);
  return render(
    <CartStoreContext.Provider value={store}>
      <Stub initialEntries={['/']} />
    </CartStoreContext.Provider>,
  );
}

const saved: NonNullable<CartData['promotions']>[number] = {
  id: 'pr1',
  code: 'SAVE10',
  kind: 'percentage',
  title: 'Ten off',
  saved: 200,
};

/** The signed-in cart with two tees, and the promotion fields the server would add. */
function cartWith(extra: Partial<CartData> = {}) {
  return answer({ ...cartData([line(tee, 'M', 'Bk', 2)]), ...extra });
}

/** What the summary's Total row says. */
const total = () => screen.getByText('Total', { selector: 'dt' }).nextElementSibling?.textContent;

async function applyCode(code: string) {
  // The field's code is loaded after the page.
  fireEvent.change(await screen.findByLabelText('Discount code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

beforeEach(() => {
  storage = new MemoryStorage();
  session = new FakeSession();
  api = fakeApi();
  notify = vi.fn<Notify>();
  store = new CartStore({ storage: () => storage, api, session, notify });
});
afterEach(cleanup);

describe('signed in', () => {
  beforeEach(() => {
    api.get.mockResolvedValue(cartWith());
    session.set('u1');
  });

  it('applies a code: the summary gets its row and the total comes down; Remove code takes it away', async () => {
    api.applyCoupon.mockResolvedValue(
      cartWith({ promotions: [saved], promotionDiscount: 200, couponCode: 'SAVE10' }),
    );
    api.removeCoupon.mockResolvedValue(cartWith());
    renderWith(<CartPage />);
    await screen.findByText('Total', { selector: 'dt' });
    expect(total()).toBe('₹2,000');
    await applyCode(' save10 ');
    expect(await screen.findByText('Code SAVE10 applied')).toBeTruthy();
    expect(api.applyCoupon).toHaveBeenCalledWith('save10');
    expect(screen.getByText('Ten off')).toBeTruthy();
    expect(screen.getByText('-₹200')).toBeTruthy();
    expect(total()).toBe('₹1,800');
    // The button that replaced the field has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Remove code'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    const field = await screen.findByLabelText('Discount code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(api.removeCoupon).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Ten off')).toBeNull();
    expect(total()).toBe('₹2,000');
  });

  it('shows a refusal in the server words and keeps the field', async () => {
    api.applyCoupon.mockRejectedValue(new ApiError(400, 'Invalid code.'));
    renderWith(<CartDrawer onClose={() => undefined} />);
    await screen.findByText('Total', { selector: 'dt' });
    await applyCode('NOPE123');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code.');
    expect(screen.getByLabelText('Discount code')).toBeTruthy();
    expect(screen.queryByText(/applied/)).toBeNull();
  });

  it('shows why a kept code stopped applying, and automatic promotions without any code', async () => {
    api.get.mockResolvedValue(
      cartWith({
        promotions: [{ ...saved, id: 'auto', code: null, title: 'Buy 3 for ₹1,199' }],
        promotionDiscount: 200,
        couponCode: 'TWOPLUS',
        couponMessage: 'This code does not apply to the items in your cart.',
      }),
    );
    renderWith(<CartPage />);
    expect(await screen.findByText('Code TWOPLUS applied')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This code does not apply to the items in your cart.');
    expect(screen.getByText('Buy 3 for ₹1,199')).toBeTruthy();
  });
});

describe('guest', () => {
  it('checks the code with the preview, keeps it with the anonymous cart and prices the cart with it', async () => {
    await store.add(key, tee);
    api.previewPromotions.mockImplementation(async (body) => ({
      success: true,
      data:
        body.code === 'WRONG'
          ? {
              promotions: [],
              promotionDiscount: 0,
              shippingDiscount: 0,
              prepaidOnly: false,
              couponMessage: 'Invalid code.',
            }
          : body.code === undefined
            ? { promotions: [], promotionDiscount: 0, shippingDiscount: 0, prepaidOnly: false }
            : {
                promotions: [{ ...saved, saved: 100 }],
                promotionDiscount: 100,
                shippingDiscount: 0,
                prepaidOnly: false,
                couponCode: 'SAVE10',
              },
    }));
    renderWith(<CartPage />);
    await applyCode('WRONG');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code.');
    expect(storage.getItem(GUEST_CODE_KEY)).toBeNull();

    await applyCode('save10');
    expect(await screen.findByText('Code SAVE10 applied')).toBeTruthy();
    expect(storage.getItem(GUEST_CODE_KEY)).toBe('SAVE10');
    expect(api.previewPromotions).toHaveBeenCalledWith(
      { items: [{ productId: 'p1', quantity: 1 }], code: 'SAVE10' },
      expect.any(AbortSignal),
    );
    await waitFor(() => expect(total()).toBe('₹900'));
    expect(api.applyCoupon).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(await screen.findByLabelText('Discount code')).toBeTruthy();
    expect(storage.getItem(GUEST_CODE_KEY)).toBeNull();
  });

  it('hands the code to the server cart after the sign-in merge, once, and says so when it is refused then', async () => {
    await store.add(key, tee);
    storage.setItem(GUEST_CODE_KEY, 'WELCOME20');
    api.merge.mockResolvedValue({
      success: true,
      message: 'Cart merged',
      data: { ...cartData([line(tee, 'M', 'Bk', 1)]), merge: { applied: true, dropped: [], adjusted: [] } },
    });
    api.applyCoupon.mockRejectedValue(new ApiError(400, 'This code is for your first order only.'));
    await act(async () => {
      session.set('u1');
      await store.settled();
    });
    await waitFor(() => expect(api.applyCoupon).toHaveBeenCalledWith('WELCOME20'));
    await store.settled();
    expect(api.merge).toHaveBeenCalledTimes(1);
    expect(api.merge.mock.invocationCallOrder[0]).toBeLessThan(
      api.applyCoupon.mock.invocationCallOrder[0] ?? 0,
    );
    expect(notify).toHaveBeenCalledWith('This code is for your first order only.', 'error');
    expect(storage.getItem(GUEST_CODE_KEY)).toBeNull();
    expect(store.getSnapshot().server?.items).toHaveLength(1);
  });
});
