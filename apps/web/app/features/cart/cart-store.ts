// One cart per tab (docs/decisions/007-cart-api.md). Guests: the anonymous cart in local storage, kept
// in step across tabs by storage events. Signed in: the server's cart; edits show at once (optimistic) and the
// server's answer, which is always the whole cart, replaces them. On sign-in the anonymous lines are merged
// first and deleted only once the server has them. Pure of React, so it can be tested with fakes.
import type { CartData, CartLine } from '@rangrez/contract/schemas';
import { lineQuantityRefusal } from '@rangrez/contract/rules/cart-lines';
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import { ApiError } from '../../lib/api';
import type { CartApi } from './api';
import { codeFailure, previewItems } from './code-calls';
import {
  type CartProductInfo,
  type GuestCart,
  type GuestLine,
  type GuestResult,
  type LineKey,
  GUEST_CART_KEY,
  addGuestLine,
  afterMerge,
  mergeBody,
  parseGuestCart,
  removeGuestLine,
  sameLine,
  setGuestQuantity,
} from './guest-cart';

type CartMode = 'unknown' | 'guest' | 'user';

export interface CartState {
  /** unknown until the session is known (always, on the server). */
  mode: CartMode;
  /** The anonymous cart: the cart itself for a guest; for a signed-in shopper, lines not merged yet. */
  guest: readonly GuestLine[];
  /** Signed in: the server's cart with any unconfirmed edit applied; null until first loaded. */
  server: CartData | null;
  /** `server` carries edits the server has not answered yet: its totals are stale. */
  optimistic: boolean;
  /** A load or merge is under way. */
  loading: boolean;
  /** Why the last load or merge failed; cleared by the next success. */
  error: string | null;
  /** A guest's promotion code, kept with the anonymous cart and applied to the server cart after sign-in. */
  guestCode: string | null;
}

export interface SessionSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { status: 'loading' | 'signedIn' | 'signedOut'; user: { _id: string } | null };
}

export type Notify = (message: string, kind?: 'error' | 'success' | 'info') => void;

export interface CartStoreDeps {
  /** null where there is no storage (server rendering, storage disabled). */
  storage: () => Storage | null;
  api: CartApi;
  session: SessionSource;
  notify: Notify;
  /** Where other tabs' storage events arrive (window); absent in tests. */
  events?: EventTarget | null;
  /** Told when the anonymous cart has been merged, with the resulting cart. */
  onMerged?: (cart: CartData) => void;
  /** False on the server: the cart is the browser's. Default true. */
  enabled?: boolean;
}

/** Written after each change of a signed-in cart so the shopper's other tabs reload it. */
export const CART_SYNC_KEY = 'rangrez.cart.sync';

/** Beside the anonymous cart (GUEST_CART_KEY): the code a guest applied. */
export const GUEST_CODE_KEY = 'rangrez.cart.code';

const INITIAL: CartState = {
  mode: 'unknown',
  guest: [],
  server: null,
  optimistic: false,
  loading: false,
  error: null,
  guestCode: null,
};

/**
 * The shopper-facing failure text: the server's own words when it refused on purpose (stock, limits, a line
 * that is gone), else the documented message for the action (docs/product/texts.md#cart).
 */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 404 || error.status === 409)
    ? error.message
    : fallback;
}

function withLines(data: CartData, items: CartLine[]): CartData {
  return { ...data, items };
}

function setLineQuantity(line: CartLine, quantity: number): CartLine {
  return { ...line, quantity, lineTotal: line.product.price * quantity };
}

export class CartStore {
  private state: CartState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private started = false;
  private userId: string | null = null;
  /** Bumped on every change of shopper: work started for an earlier one is dropped. */
  private epoch = 0;
  /** Server calls run one at a time, so their answers arrive in the order the shopper acted. */
  private queue: Promise<void> = Promise.resolve();
  private lastCall = 0;
  /** The last cart the server answered: what a failed edit rolls back to. */
  private confirmed: CartData | null = null;

  constructor(private readonly deps: CartStoreDeps) {}

  /** The cart's calls, for the previews the drawer and the cart page ask for. */
  get api(): CartApi {
    return this.deps.api;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.start();
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CartState => {
    this.start();
    return this.state;
  };

  /** What the server renders: the cart lives in the browser, so it is unknown there. */
  getServerSnapshot = (): CartState => INITIAL;

  start(): void {
    if (this.started || this.deps.enabled === false) return;
    this.started = true;
    this.deps.session.subscribe(this.onSession);
    this.deps.events?.addEventListener('storage', this.onStorage as EventListener);
    this.onSession();
  }

  /** Reloads: the drawer and the cart page call it when they open (the cart may have changed elsewhere). */
  refresh(): Promise<void> {
    this.start();
    if (this.state.mode === 'guest') {
      this.set({ ...this.state, guest: this.readGuest().lines });
      return Promise.resolve();
    }
    if (this.state.mode !== 'user') return Promise.resolve();
    if (!this.state.server) this.set({ ...this.state, loading: true, error: null });
    return this.sync();
  }

  /**
   * Resolves once every server call queued so far has been answered: after a sign-in, /place-order can wait for
   * the anonymous cart's merge (and the checkout summary rebuilt from it) before reading either.
   */
  settled(): Promise<void> {
    return this.queue;
  }

  /** ADD TO CART: +1 on the same product, size and colour, else a new line at 1. */
  add(key: LineKey, product: CartProductInfo): Promise<boolean> {
    this.start();
    if (this.state.mode !== 'user') {
      return Promise.resolve(
        this.changeGuest((cart) => addGuestLine(cart, key, product), CART_MESSAGES.added),
      );
    }
    const server = this.state.server;
    const existing = server?.items.find((line) => sameLine(lineKeyOf(line), key));
    // The page's stock answers at once what the server would refuse anyway.
    const refused = lineQuantityRefusal(product, key, (existing?.quantity ?? 0) + 1);
    if (refused) {
      this.deps.notify(refused, 'error');
      return Promise.resolve(false);
    }
    if (server) {
      const items = existing
        ? server.items.map((line) => (line === existing ? setLineQuantity(line, line.quantity + 1) : line))
        : [...server.items, newLine(key, product)];
      this.set({ ...this.state, server: withLines(server, items), optimistic: true });
    }
    return this.call(() => this.deps.api.add(key), CART_MESSAGES.addFailed, CART_MESSAGES.added);
  }

  /** The minus/plus buttons and the quantity input; 0 removes the line. */
  setQuantity(key: LineKey, quantity: number): Promise<boolean> {
    this.start();
    if (this.state.mode !== 'user') {
      return Promise.resolve(this.changeGuest((cart) => setGuestQuantity(cart, key, quantity)));
    }
    const server = this.state.server;
    const existing = server?.items.find((line) => sameLine(lineKeyOf(line), key));
    if (!server || !existing) return Promise.resolve(false);
    if (existing.quantity === quantity) return Promise.resolve(true);
    const refused =
      quantity > existing.quantity ? lineQuantityRefusal(existing.product, key, quantity) : null;
    if (refused) {
      this.deps.notify(refused, 'error');
      return Promise.resolve(false);
    }
    const items =
      quantity <= 0
        ? server.items.filter((line) => line !== existing)
        : server.items.map((line) => (line === existing ? setLineQuantity(line, quantity) : line));
    this.set({ ...this.state, server: withLines(server, items), optimistic: true });
    return this.call(() => this.deps.api.setQuantity(key, Math.max(0, quantity)), CART_MESSAGES.updateFailed);
  }

  remove(key: LineKey): Promise<boolean> {
    this.start();
    if (this.state.mode !== 'user')
      return Promise.resolve(this.changeGuest((cart) => removeGuestLine(cart, key)));
    const server = this.state.server;
    if (!server) return Promise.resolve(false);
    this.set({
      ...this.state,
      server: withLines(
        server,
        server.items.filter((line) => !sameLine(lineKeyOf(line), key)),
      ),
      optimistic: true,
    });
    return this.call(() => this.deps.api.remove(key), CART_MESSAGES.removeFailed);
  }

  /**
   * Applies a promotion code (docs/promotions.md#the-shoppers-side); resolves to the refusal in the shopper's
   * words, or null. Signed in: kept with the server cart. A guest: checked by the public preview and kept in the
   * browser until the sign-in merge hands it to the server cart.
   */
  async applyCode(code: string): Promise<string | null> {
    this.start();
    if (this.state.mode !== 'user') return this.applyGuestCode(code);
    let refusal: string | null = null;
    await this.run(
      async () => {
        const { data } = await this.deps.api.applyCoupon(code);
        this.touchSync();
        return data;
      },
      (error) => {
        refusal = codeFailure(error);
      },
    );
    return refusal;
  }

  async removeCode(): Promise<void> {
    this.start();
    if (this.state.mode !== 'user') {
      this.writeGuestCode(null);
      this.set({ ...this.state, guestCode: null });
      return;
    }
    await this.call(() => this.deps.api.removeCoupon(), CART_MESSAGES.updateFailed);
  }

  // ---------------------------------------------------------------- internals

  private async applyGuestCode(code: string): Promise<string | null> {
    const items = previewItems(this.state.guest);
    try {
      const { data } = await this.deps.api.previewPromotions({ items, code });
      if (data.couponMessage !== undefined) return data.couponMessage;
      const kept = data.couponCode ?? code.trim().toUpperCase();
      this.writeGuestCode(kept);
      this.set({ ...this.state, guestCode: kept });
      return null;
    } catch (error) {
      return codeFailure(error);
    }
  }

  /**
   * After sign-in: the code the guest applied goes to the server cart, once. Facts the preview could not know (a
   * first order, the shopper's own limits) are decided now; a refusal is said then, in the server's words.
   */
  private adoptGuestCode(): void {
    const code = this.readGuestCode();
    if (code === null) return;
    this.writeGuestCode(null);
    void this.run(
      async () => (await this.deps.api.applyCoupon(code)).data,
      (error) => {
        if (error instanceof ApiError && error.status === 400) this.deps.notify(error.message, 'error');
        // Not answered (offline, a server error): kept for the next sign-in.
        else this.writeGuestCode(code);
      },
    );
  }

  private onSession = (): void => {
    const { status, user } = this.deps.session.getSnapshot();
    if (status === 'loading') return;
    const userId = status === 'signedIn' && user ? user._id : null;
    if (this.state.mode !== 'unknown' && userId === this.userId) return;
    this.userId = userId;
    this.epoch += 1;
    this.confirmed = null;
    const guest = this.readGuest().lines;
    if (!userId) {
      this.set({ ...INITIAL, mode: 'guest', guest, guestCode: this.readGuestCode() });
      return;
    }
    this.set({ ...INITIAL, mode: 'user', guest, loading: true });
    void this.sync();
    this.adoptGuestCode();
  };

  private onStorage = (event: StorageEvent): void => {
    if (event.key === GUEST_CART_KEY || event.key === GUEST_CODE_KEY || event.key === null) {
      this.set({ ...this.state, guest: this.readGuest().lines, guestCode: this.readGuestCode() });
    }
    if (event.key === CART_SYNC_KEY && this.state.mode === 'user') void this.load();
  };

  /** Signed in: merge what the browser still holds, or else reload. */
  private sync(): Promise<void> {
    const guest = this.readGuest();
    if (guest.lines.length === 0) return this.load();
    return this.run(
      async () => {
        const { data } = await this.deps.api.merge(mergeBody(guest));
        // The server has the lines now (even if the shopper changed meanwhile): only what was added to the
        // browser's cart since sending stays, with a new mergeId.
        const rest = afterMerge(this.readGuest(), guest);
        this.writeGuest(rest);
        this.set({ ...this.state, guest: rest?.lines ?? [] });
        // A replayed merge (another tab, a retry) was reported where it was applied.
        if (data.merge.applied) {
          for (const note of [...data.merge.dropped, ...data.merge.adjusted])
            this.deps.notify(note.message, 'info');
        }
        const { merge: _merge, ...cart } = data;
        this.deps.onMerged?.(cart);
        return cart;
      },
      (error) => this.loadFailed(error),
    );
  }

  private load(): Promise<void> {
    return this.run(
      async () => (await this.deps.api.get()).data,
      (error) => this.loadFailed(error),
    );
  }

  private loadFailed(error: unknown): void {
    this.set({ ...this.state, error: error instanceof Error ? error.message : CART_MESSAGES.loadFailed });
  }

  /** A signed-in edit: the server's answer replaces the optimistic cart; a failure rolls back and says so. */
  private async call(
    request: () => Promise<{ data: CartData }>,
    failure: string,
    success?: string,
  ): Promise<boolean> {
    let ok = false;
    await this.run(
      async () => {
        const { data } = await request();
        ok = true;
        this.touchSync();
        if (success) this.deps.notify(success, 'success');
        return data;
      },
      (error) => this.deps.notify(failureMessage(error, failure), 'error'),
    );
    return ok;
  }

  /**
   * Queues a server call. Only the last call's outcome is shown (earlier answers are already out of date);
   * a failure of the last call shows the last cart the server confirmed.
   */
  private run(request: () => Promise<CartData>, onError: (error: unknown) => void): Promise<void> {
    const epoch = this.epoch;
    const id = ++this.lastCall;
    const task = this.queue.then(async () => {
      if (epoch !== this.epoch) return;
      try {
        const data = await request();
        if (epoch !== this.epoch) return;
        this.confirmed = data;
        if (id === this.lastCall) {
          this.set({ ...this.state, server: data, optimistic: false, loading: false, error: null });
        }
      } catch (error) {
        if (epoch !== this.epoch) return;
        onError(error);
        if (id === this.lastCall) {
          this.set({ ...this.state, server: this.confirmed, optimistic: false, loading: false });
        }
      }
    });
    this.queue = task;
    return task;
  }

  private changeGuest(change: (cart: GuestCart) => GuestResult, success?: string): boolean {
    const result = change(this.readGuest());
    if ('refused' in result) {
      this.deps.notify(result.refused, 'error');
      return false;
    }
    if (!this.writeGuest(result.cart.lines.length ? result.cart : null)) {
      this.deps.notify(CART_MESSAGES.saveFailed, 'error');
      return false;
    }
    this.set({ ...this.state, guest: result.cart.lines });
    if (success) this.deps.notify(success, 'success');
    return true;
  }

  private readGuest(): GuestCart {
    let text: string | null = null;
    try {
      text = this.deps.storage()?.getItem(GUEST_CART_KEY) ?? null;
    } catch {
      // Storage can throw (privacy modes): treated as an empty cart.
    }
    return parseGuestCart(text);
  }

  /** null deletes the anonymous cart. false when the browser would not store it. */
  private writeGuest(cart: GuestCart | null): boolean {
    try {
      const storage = this.deps.storage();
      if (!storage) return false;
      if (cart) storage.setItem(GUEST_CART_KEY, JSON.stringify(cart));
      else storage.removeItem(GUEST_CART_KEY);
      return true;
    } catch {
      return false;
    }
  }

  private readGuestCode(): string | null {
    try {
      return this.deps.storage()?.getItem(GUEST_CODE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private writeGuestCode(code: string | null): void {
    try {
      const storage = this.deps.storage();
      if (code === null) storage?.removeItem(GUEST_CODE_KEY);
      else storage?.setItem(GUEST_CODE_KEY, code);
    } catch {
      // Not kept: the shopper enters it again at checkout.
    }
  }

  private touchSync(): void {
    try {
      this.deps
        .storage()
        ?.setItem(CART_SYNC_KEY, String(this.lastCall) + Math.random().toString(36).slice(2));
    } catch {
      // Other tabs then refresh when their drawer opens.
    }
  }

  private set(state: CartState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export function lineKeyOf(line: { product: { _id: string }; size: string; color: string }): LineKey {
  return { productId: line.product._id, size: line.size, color: line.color };
}

/** A line shown before the server has answered; its answer brings the real one. */
function newLine(key: LineKey, product: CartProductInfo): CartLine {
  return {
    _id: `pending:${key.productId}:${key.size}:${key.color}`,
    product: { ...product, _id: key.productId },
    size: key.size,
    color: key.color,
    quantity: 1,
    lineTotal: product.price,
    status: 'ok',
  };
}
