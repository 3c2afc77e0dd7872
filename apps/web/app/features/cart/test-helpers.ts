// Test doubles for the cart's unit tests.
import { cartTotals } from '@rangrez/contract/rules/cart-totals';
import type { CartData, CartLine, CartResponse } from '@rangrez/contract/schemas';
import { vi } from 'vitest';
import type { CartApi } from './api';
import type { SessionSource } from './cart-store';
import type { CartProductInfo } from './guest-cart';

export { MemoryStorage } from '../../lib/memory-storage';

export function product(overrides: Partial<CartProductInfo> = {}): CartProductInfo {
  return {
    _id: 'p1',
    name: 'Oversized Tee',
    sku: 'RZ-TEE-1',
    price: 499,
    mrp: 799,
    stock: 5,
    image: 'https://store.test/media/p1.jpg',
    thumbnail: 'https://store.test/media/p1-160.jpg',
    ...overrides,
  };
}

export function line(
  p: CartProductInfo,
  size: string,
  color: string,
  quantity: number,
  extra: Partial<CartLine> = {},
): CartLine {
  return {
    _id: `line-${p._id}-${size}-${color}`,
    product: { ...p },
    size,
    color,
    quantity,
    lineTotal: p.price * quantity,
    status: 'ok',
    ...extra,
  };
}

/** A server cart: totals by the contract's rule over the buyable lines. */
export function cartData(items: CartLine[], issues: CartData['issues'] = []): CartData {
  const buyable = items.filter((l) => l.status === 'ok' || l.status === 'price_changed');
  return {
    items,
    totals: cartTotals({
      lines: buyable.map((l) => ({ price: l.product.price, mrp: l.product.mrp, quantity: l.quantity })),
    }),
    issues,
  };
}

export function answer(data: CartData, message?: string): CartResponse {
  return { success: true, ...(message ? { message } : {}), data };
}

export function fakeApi() {
  return {
    get: vi.fn<CartApi['get']>(),
    add: vi.fn<CartApi['add']>(),
    setQuantity: vi.fn<CartApi['setQuantity']>(),
    remove: vi.fn<CartApi['remove']>(),
    merge: vi.fn<CartApi['merge']>(),
    applyCoupon: vi.fn<CartApi['applyCoupon']>(),
    removeCoupon: vi.fn<CartApi['removeCoupon']>(),
    // No promotion unless a test says otherwise.
    previewPromotions: vi.fn<CartApi['previewPromotions']>().mockResolvedValue({
      success: true,
      data: { promotions: [], promotionDiscount: 0, shippingDiscount: 0, prepaidOnly: false },
    }),
  };
}

/** A session that tests move by hand. */
export class FakeSession implements SessionSource {
  private state: ReturnType<SessionSource['getSnapshot']> = { status: 'signedOut', user: null };
  private listeners = new Set<() => void>();
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

/** A promise with its resolve/reject exposed, to hold a call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
