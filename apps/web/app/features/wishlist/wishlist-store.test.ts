import type { WishlistProduct, WishlistResponse } from '@rangrez/contract/schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { WishlistApi } from './api';
import { WishlistStore, type WishlistSession, type WishlistStoreDeps } from './wishlist-store';
import { isLiked, visibleProducts } from './wishlist-state';

const tee: WishlistProduct = {
  _id: 'p1',
  name: 'Oversized Tee',
  image: 'https://store.test/media/p1.jpg',
  price: 499,
  mrp: 799,
};
const hoodie: WishlistProduct = {
  _id: 'p2',
  name: 'Zip Hoodie',
  image: 'https://store.test/media/p2.jpg',
  price: 1299,
  mrp: 1599,
};
const list = (...products: WishlistProduct[]): WishlistResponse => ({
  success: true,
  data: { products: products.map((product) => ({ product })) },
  message: 'Wishlist fetched successfully',
});

/** A session that tests move by hand. */
class FakeSession implements WishlistSession {
  private state: ReturnType<WishlistSession['getSnapshot']> = { status: 'signedOut', user: null };
  private listeners = new Set<() => void>();
  signOut = vi.fn(async () => this.set(null));
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;
  set(userId: string | null) {
    this.state = userId ? { status: 'signedIn', user: { _id: userId } } : { status: 'signedOut', user: null };
    for (const listener of this.listeners) listener();
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let session: FakeSession;
let api: {
  list: ReturnType<typeof vi.fn<WishlistApi['list']>>;
  add: ReturnType<typeof vi.fn<WishlistApi['add']>>;
  remove: ReturnType<typeof vi.fn<WishlistApi['remove']>>;
};
let notify: ReturnType<typeof vi.fn<WishlistStoreDeps['notify']>>;
let store: WishlistStore;

beforeEach(() => {
  session = new FakeSession();
  api = { list: vi.fn(), add: vi.fn(), remove: vi.fn() };
  notify = vi.fn();
  store = new WishlistStore({ api, session, notify });
  store.start();
});

async function signedInWith(...products: WishlistProduct[]) {
  api.list.mockResolvedValueOnce(list(...products));
  session.set('u1');
  await store.ensureLoaded();
}

describe('wishlist', () => {
  it('asks a guest to log in and calls nothing', async () => {
    expect(await store.toggle('p1')).toBe(false);
    expect(notify).toHaveBeenCalledWith('Please log in to add items to your wishlist.', 'info');
    expect(api.add).not.toHaveBeenCalled();
  });

  it('loads the list once for every heart', async () => {
    await signedInWith(tee);
    await store.ensureLoaded();
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(api.list).toHaveBeenCalledWith('u1');
    expect(isLiked(store.getSnapshot(), 'p1')).toBe(true);
    expect(isLiked(store.getSnapshot(), 'p2')).toBe(false);
  });

  it('adds at once and keeps the server list, newest first', async () => {
    await signedInWith(tee);
    const held = deferred<WishlistResponse>();
    api.add.mockReturnValueOnce(held.promise);
    const adding = store.toggle('p2');
    expect(isLiked(store.getSnapshot(), 'p2')).toBe(true);
    // A second click while the first waits changes nothing.
    expect(await store.toggle('p2')).toBe(false);

    held.resolve({ ...list(hoodie, tee), message: 'Item added to wishlist' });
    expect(await adding).toBe(true);
    expect(api.add).toHaveBeenCalledTimes(1);
    expect(api.add).toHaveBeenCalledWith('p2', 'u1');
    expect(visibleProducts(store.getSnapshot()).map((p) => p._id)).toEqual(['p2', 'p1']);
    expect(notify).toHaveBeenCalledWith('Item added to wishlist!', 'success');
  });

  it('hides a removed product at once and brings it back with a message when the server fails', async () => {
    await signedInWith(hoodie, tee);
    const held = deferred<{ success: true; message: string }>();
    api.remove.mockReturnValueOnce(held.promise);
    const removing = store.toggle('p2');
    expect(visibleProducts(store.getSnapshot()).map((p) => p._id)).toEqual(['p1']);
    expect(isLiked(store.getSnapshot(), 'p2')).toBe(false);

    held.reject(new ApiError(500, 'Internal Server Error'));
    expect(await removing).toBe(false);
    expect(visibleProducts(store.getSnapshot()).map((p) => p._id)).toEqual(['p2', 'p1']);
    expect(isLiked(store.getSnapshot(), 'p2')).toBe(true);
    expect(notify).toHaveBeenCalledWith('Wishlist is not available', 'error');
  });

  it('confirms a removal in the documented words', async () => {
    await signedInWith(hoodie, tee);
    api.remove.mockResolvedValueOnce({ success: true, message: 'Item removed from wishlist' });
    expect(await store.toggle('p1')).toBe(true);
    expect(api.remove).toHaveBeenCalledWith('p1', 'u1');
    expect(visibleProducts(store.getSnapshot()).map((p) => p._id)).toEqual(['p2']);
    expect(notify).toHaveBeenCalledWith('Item removed from wishlist', 'success');
  });

  it('words other failures as documented', async () => {
    await signedInWith();
    api.add.mockRejectedValueOnce(new ApiError(0, 'No internet connection'));
    await store.toggle('p1');
    expect(notify).toHaveBeenLastCalledWith('No internet connection', 'error');
    api.add.mockRejectedValueOnce(new ApiError(403, 'You do not have access to this resource'));
    await store.toggle('p1');
    expect(notify).toHaveBeenLastCalledWith('Please check if you are logged in.', 'error');
    expect(isLiked(store.getSnapshot(), 'p1')).toBe(false);
  });

  it('signs out when the failure is about the token', async () => {
    await signedInWith(tee);
    api.remove.mockRejectedValueOnce(new ApiError(401, 'Session expired. Please login again.'));
    await store.toggle('p1');
    expect(notify).toHaveBeenCalledWith('Session expired. Please login again.', 'error');
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ userId: null, products: [] });
  });

  it('marks a failed load for the page and forgets everything on sign-out', async () => {
    api.list.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    session.set('u1');
    await store.ensureLoaded();
    expect(store.getSnapshot().load).toBe('error');

    api.list.mockResolvedValueOnce(list(tee));
    await store.ensureLoaded(true);
    expect(store.getSnapshot()).toMatchObject({ load: 'ready', products: [tee] });
    session.set(null);
    expect(store.getSnapshot()).toMatchObject({ userId: null, load: 'idle', products: [] });
  });
});
