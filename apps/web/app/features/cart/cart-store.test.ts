import { MAX_ORDER_LINES } from '@rangrez/contract/rules/constants';
import type { CartMergeResponse } from '@rangrez/contract/schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { cartCount } from './cart-count';
import { CART_SYNC_KEY, CartStore, type Notify } from './cart-store';
import { GUEST_CART_KEY, afterMerge, parseGuestCart } from './guest-cart';
import {
  FakeSession,
  MemoryStorage,
  answer,
  cartData,
  deferred,
  fakeApi,
  line,
  product,
} from './test-helpers';

let storage: MemoryStorage;
let session: FakeSession;
let api: ReturnType<typeof fakeApi>;
let notify: ReturnType<typeof vi.fn<Notify>>;
let events: EventTarget;
let store: CartStore;

const tee = product();
const hoodie = product({ _id: 'p2', name: 'Zip Hoodie', sku: 'RZ-HD-2', price: 1299, mrp: 1599, stock: 40 });
const key = (productId: string, size: string, color: string) => ({ productId, size, color });
const stored = () => parseGuestCart(storage.getItem(GUEST_CART_KEY));
const count = () => cartCount(store.getSnapshot());

beforeEach(() => {
  storage = new MemoryStorage();
  session = new FakeSession();
  api = fakeApi();
  notify = vi.fn<Notify>();
  events = new EventTarget();
  store = new CartStore({ storage: () => storage, api, session, notify, events });
  store.start();
});

describe('guest cart', () => {
  it('adds a line at 1, raises the same product, size and colour by 1, and keeps other sizes apart', async () => {
    expect(await store.add(key('p1', 'M', 'Bk'), tee)).toBe(true);
    const firstId = stored().mergeId;
    await store.add(key('p1', 'M', 'Bk'), tee);
    const secondId = stored().mergeId;
    await store.add(key('p1', 'L', 'Bk'), tee);

    expect(stored().lines.map((l) => [l.productId, l.size, l.color, l.quantity])).toEqual([
      ['p1', 'M', 'Bk', 2],
      ['p1', 'L', 'Bk', 1],
    ]);
    expect(store.getSnapshot().mode).toBe('guest');
    expect(count()).toBe(3);
    expect(notify).toHaveBeenCalledWith('Item added to cart!', 'success');
    // Every change renews the mergeId (decision 007).
    expect(new Set([firstId, secondId, stored().mergeId]).size).toBe(3);
    expect(api.add).not.toHaveBeenCalled();
  });

  it('checks the stock the page showed: sold out and above the stock are refused in words', async () => {
    expect(await store.add(key('p9', 'M', 'Bk'), product({ _id: 'p9', name: 'Crop Top', stock: 0 }))).toBe(
      false,
    );
    expect(notify).toHaveBeenLastCalledWith('Out of Stock: Crop Top (Black, M)', 'error');

    const lastTwo = product({ stock: 2 });
    await store.add(key('p1', 'M', 'Bk'), lastTwo);
    await store.add(key('p1', 'M', 'Bk'), lastTwo);
    expect(await store.add(key('p1', 'M', 'Bk'), lastTwo)).toBe(false);
    // The stock the page showed is that of the colour and size chosen, and the refusal names them.
    expect(notify).toHaveBeenLastCalledWith('Only 2 left of Oversized Tee (Black, M)', 'error');
    expect(stored().lines[0]?.quantity).toBe(2);
  });

  it('sets quantities, removes the line at 0 or by the bin, and refuses more than the stock', async () => {
    await store.add(key('p1', 'M', 'Bk'), tee);
    await store.add(key('p2', 'S', 'Wh'), hoodie);

    await store.setQuantity(key('p1', 'M', 'Bk'), 4);
    expect(stored().lines[0]?.quantity).toBe(4);
    expect(await store.setQuantity(key('p1', 'M', 'Bk'), 6)).toBe(false);
    expect(notify).toHaveBeenLastCalledWith('Only 5 left of Oversized Tee (Black, M)', 'error');
    expect(stored().lines[0]?.quantity).toBe(4);

    await store.setQuantity(key('p1', 'M', 'Bk'), 0);
    expect(stored().lines.map((l) => l.productId)).toEqual(['p2']);
    await store.remove(key('p2', 'S', 'Wh'));
    // An empty anonymous cart is no cart at all.
    expect(storage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(count()).toBe(0);
  });

  it('holds at most the lines an order takes', async () => {
    for (let i = 0; i < MAX_ORDER_LINES; i++) {
      await store.add(key(`p${i}`, 'M', 'Bk'), product({ _id: `p${i}`, stock: 9 }));
    }
    expect(await store.add(key('extra', 'M', 'Bk'), product({ _id: 'extra', stock: 9 }))).toBe(false);
    expect(notify).toHaveBeenLastCalledWith('Your cart can hold at most 50 different items', 'error');
  });

  it("follows another tab's changes through the storage event", async () => {
    expect(count()).toBe(0);
    const other = new CartStore({ storage: () => storage, api, session, notify });
    await other.add(key('p1', 'M', 'Bk'), tee);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: GUEST_CART_KEY }));
    expect(count()).toBe(1);
  });

  it('reads a damaged or hand-edited storage entry as what it can use', () => {
    expect(parseGuestCart('not json').lines).toEqual([]);
    const cart = parseGuestCart(
      JSON.stringify({
        mergeId: 'bad id!',
        lines: [
          {
            productId: 'p1',
            size: 'M',
            color: 'Bk',
            quantity: 2,
            product: { name: 'Tee', price: 499, stock: 3 },
          },
          {
            productId: 'p1',
            size: 'M',
            color: 'Bk',
            quantity: 1,
            product: { name: 'Tee', price: 499, stock: 3 },
          },
          {
            productId: 'p2',
            size: 'M',
            color: 'Bk',
            quantity: 0,
            product: { name: 'X', price: 1, stock: 1 },
          },
          {
            productId: 'p3',
            size: 'M',
            color: 'Bk',
            quantity: 1,
            product: { name: 'Y', price: -5, stock: 1 },
          },
          null,
        ],
      }),
    );
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([['p1', 3]]);
    expect(cart.mergeId).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('signing in', () => {
  function mergeAnswer(
    applied = true,
    report: Partial<CartMergeResponse['data']['merge']> = {},
  ): CartMergeResponse {
    const data = cartData([line(tee, 'M', 'Bk', 3), line(hoodie, 'S', 'Wh', 1)]);
    return {
      success: true,
      message: applied ? 'Cart merged' : 'Cart already merged',
      data: { ...data, merge: { applied, dropped: [], adjusted: [], ...report } },
    };
  }

  it('merges the anonymous lines once and deletes them only after the server has them', async () => {
    await store.add(key('p1', 'M', 'Bk'), tee);
    await store.add(key('p2', 'S', 'Wh'), hoodie);
    const mergeId = stored().mergeId;
    const held = deferred<CartMergeResponse>();
    api.merge.mockReturnValueOnce(held.promise);

    session.set('u1');
    await vi.waitFor(() => expect(api.merge).toHaveBeenCalledTimes(1));
    expect(api.merge).toHaveBeenCalledWith({
      mergeId,
      items: [
        { productId: 'p1', size: 'M', color: 'Bk', quantity: 1, price: 499 },
        { productId: 'p2', size: 'S', color: 'Wh', quantity: 1, price: 1299 },
      ],
    });
    // Still in the browser while the merge is under way.
    expect(stored().lines).toHaveLength(2);
    expect(store.getSnapshot()).toMatchObject({ mode: 'user', loading: true, server: null });

    held.resolve(
      mergeAnswer(true, {
        dropped: [
          {
            productId: 'p7',
            size: 'M',
            color: 'Bk',
            reason: 'out_of_stock',
            message: 'Out of Stock: Old Tee',
          },
        ],
        adjusted: [
          {
            productId: 'p1',
            size: 'M',
            color: 'Bk',
            requested: 9,
            quantity: 3,
            message: 'Only 3 left of Oversized Tee',
          },
        ],
      }),
    );
    await store.settled();
    expect(store.getSnapshot().server).not.toBeNull();
    expect(storage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(count()).toBe(4);
    expect(notify).toHaveBeenCalledWith('Out of Stock: Old Tee', 'info');
    expect(notify).toHaveBeenCalledWith('Only 3 left of Oversized Tee', 'info');
    expect(api.get).not.toHaveBeenCalled();
  });

  it('says nothing more when the merge was already applied by another tab', async () => {
    await store.add(key('p1', 'M', 'Bk'), tee);
    notify.mockClear();
    api.merge.mockResolvedValueOnce(
      mergeAnswer(false, {
        dropped: [
          {
            productId: 'p7',
            size: 'M',
            color: 'Bk',
            reason: 'out_of_stock',
            message: 'Out of Stock: Old Tee',
          },
        ],
      }),
    );
    session.set('u1');
    await vi.waitFor(() => expect(store.getSnapshot().server).not.toBeNull());
    expect(notify).not.toHaveBeenCalled();
    expect(storage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('keeps the anonymous cart and its mergeId when the merge fails, and retries with the same id', async () => {
    await store.add(key('p1', 'M', 'Bk'), tee);
    const mergeId = stored().mergeId;
    api.merge.mockRejectedValueOnce(new ApiError(0, 'No internet connection'));
    session.set('u1');
    await vi.waitFor(() => expect(store.getSnapshot().loading).toBe(false));
    expect(store.getSnapshot()).toMatchObject({
      mode: 'user',
      server: null,
      error: 'No internet connection',
    });
    expect(stored()).toMatchObject({ mergeId, lines: [{ productId: 'p1', quantity: 1 }] });
    // The header still counts the lines the shopper has.
    expect(count()).toBe(1);

    api.merge.mockResolvedValueOnce(mergeAnswer());
    await store.refresh();
    expect(api.merge).toHaveBeenCalledTimes(2);
    expect(api.merge.mock.calls[1]?.[0].mergeId).toBe(mergeId);
    expect(storage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(store.getSnapshot().error).toBeNull();
  });

  it('loads the server cart when there is nothing to merge, and shows the guest cart again after sign-out', async () => {
    api.get.mockResolvedValueOnce(answer(cartData([line(hoodie, 'L', 'Bk', 2)])));
    session.set('u1');
    await vi.waitFor(() => expect(count()).toBe(2));
    expect(api.merge).not.toHaveBeenCalled();

    session.set(null);
    expect(store.getSnapshot()).toMatchObject({ mode: 'guest', server: null, guest: [] });
    expect(count()).toBe(0);
  });

  it('drops an answer that arrives after the shopper signed out', async () => {
    const held = deferred<ReturnType<typeof answer>>();
    api.get.mockReturnValueOnce(held.promise);
    session.set('u1');
    session.set(null);
    held.resolve(answer(cartData([line(hoodie, 'L', 'Bk', 2)])));
    await held.promise;
    await Promise.resolve();
    expect(store.getSnapshot()).toMatchObject({ mode: 'guest', server: null });
  });

  it('subtracts what was merged when the anonymous cart changed meanwhile', () => {
    const sent = parseGuestCart(
      JSON.stringify({
        mergeId: 'aaaaaaaa',
        lines: [
          {
            productId: 'p1',
            size: 'M',
            color: 'Bk',
            quantity: 2,
            product: { name: 'Tee', price: 499, stock: 9 },
          },
        ],
      }),
    );
    expect(afterMerge(sent, sent)).toBeNull();
    const grown = {
      mergeId: 'bbbbbbbb',
      lines: [
        { ...sent.lines[0]!, quantity: 3 },
        { ...sent.lines[0]!, size: 'L', quantity: 1 },
      ],
    };
    const rest = afterMerge(grown, sent);
    expect(rest?.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['M', 1],
      ['L', 1],
    ]);
    expect(rest?.mergeId).not.toBe('bbbbbbbb');
  });
});

describe('signed-in cart', () => {
  async function signedInWith(...lines: ReturnType<typeof line>[]) {
    api.get.mockResolvedValueOnce(answer(cartData(lines)));
    session.set('u1');
    await vi.waitFor(() => expect(store.getSnapshot().server).not.toBeNull());
  }

  it('shows an added line at once and takes the server answer as the cart', async () => {
    await signedInWith(line(hoodie, 'S', 'Wh', 1));
    const held = deferred<ReturnType<typeof answer>>();
    api.add.mockReturnValueOnce(held.promise);
    const adding = store.add(key('p1', 'M', 'Bk'), tee);
    expect(count()).toBe(2);
    expect(store.getSnapshot().optimistic).toBe(true);

    held.resolve(
      answer(cartData([line(hoodie, 'S', 'Wh', 1), line(tee, 'M', 'Bk', 1)]), 'Item added to cart!'),
    );
    expect(await adding).toBe(true);
    expect(api.add).toHaveBeenCalledWith(key('p1', 'M', 'Bk'));
    expect(store.getSnapshot()).toMatchObject({ optimistic: false });
    expect(store.getSnapshot().server?.items.map((l) => l._id)).toEqual(['line-p2-S-Wh', 'line-p1-M-Bk']);
    expect(notify).toHaveBeenCalledWith('Item added to cart!', 'success');
    // The shopper's other tabs are told to reload.
    expect(storage.getItem(CART_SYNC_KEY)).not.toBeNull();
  });

  it('rolls back a failed change and says so in the documented words, or in the server words for stock', async () => {
    await signedInWith(line(tee, 'M', 'Bk', 2));
    api.setQuantity.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    const change = store.setQuantity(key('p1', 'M', 'Bk'), 3);
    expect(count()).toBe(3);
    expect(await change).toBe(false);
    expect(count()).toBe(2);
    expect(notify).toHaveBeenLastCalledWith('Failed to update quantity', 'error');

    api.add.mockRejectedValueOnce(new ApiError(409, 'Only 2 left of Oversized Tee'));
    await store.add(key('p1', 'M', 'Bk'), product({ stock: 9 }));
    expect(notify).toHaveBeenLastCalledWith('Only 2 left of Oversized Tee', 'error');
    expect(count()).toBe(2);

    api.remove.mockRejectedValueOnce(new ApiError(0, 'No internet connection'));
    await store.remove(key('p1', 'M', 'Bk'));
    expect(notify).toHaveBeenLastCalledWith('Failed to remove item', 'error');
    expect(count()).toBe(2);
  });

  it('sends quick changes one after the other and shows the last answer only', async () => {
    await signedInWith(line(tee, 'M', 'Bk', 1));
    const first = deferred<ReturnType<typeof answer>>();
    api.setQuantity.mockReturnValueOnce(first.promise);
    api.setQuantity.mockResolvedValueOnce(answer(cartData([line(tee, 'M', 'Bk', 3)])));
    const a = store.setQuantity(key('p1', 'M', 'Bk'), 2);
    const b = store.setQuantity(key('p1', 'M', 'Bk'), 3);
    expect(count()).toBe(3);
    // The second request waits for the first answer.
    await vi.waitFor(() => expect(api.setQuantity).toHaveBeenCalledTimes(1));
    first.resolve(answer(cartData([line(tee, 'M', 'Bk', 2)])));
    await Promise.all([a, b]);
    expect(api.setQuantity.mock.calls.map((call) => call[1])).toEqual([2, 3]);
    expect(count()).toBe(3);
  });

  it('removes the line when the quantity reaches 0 and refuses more than the stock without asking', async () => {
    await signedInWith(line(tee, 'M', 'Bk', 2));
    expect(await store.setQuantity(key('p1', 'M', 'Bk'), 6)).toBe(false);
    expect(notify).toHaveBeenLastCalledWith('Only 5 left of Oversized Tee (Black, M)', 'error');
    expect(api.setQuantity).not.toHaveBeenCalled();

    api.setQuantity.mockResolvedValueOnce(answer(cartData([])));
    const removing = store.setQuantity(key('p1', 'M', 'Bk'), 0);
    expect(count()).toBe(0);
    await removing;
    expect(api.setQuantity).toHaveBeenCalledWith(key('p1', 'M', 'Bk'), 0);
  });

  it('reloads when another tab changed the cart', async () => {
    await signedInWith(line(tee, 'M', 'Bk', 1));
    api.get.mockResolvedValueOnce(answer(cartData([line(tee, 'M', 'Bk', 4)])));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: CART_SYNC_KEY }));
    await vi.waitFor(() => expect(count()).toBe(4));
  });

  it('keeps the load failure for the drawer to show', async () => {
    api.get.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    session.set('u1');
    await vi.waitFor(() => expect(store.getSnapshot().loading).toBe(false));
    expect(store.getSnapshot()).toMatchObject({ server: null, error: 'Internal Server Error' });
  });
});
