// The signed-in shopper's wishlist, shared by every heart and the /wishlist page (docs/product/rules.md#wishlist). A
// toggle shows at once: it is kept as a pending change over the server's list, and dropping it is the rollback
// when the server fails. Loaded the first time something asks for it. Pure of React, so it can be tested.
import { WISHLIST_MESSAGES } from '@rangrez/contract/rules/wishlist-messages';
import { ApiError } from '../../lib/api';
import type { WishlistApi } from './api';
import type { WishlistResponse } from '@rangrez/contract/schemas';
import { type PendingChange, type WishlistState, isLiked } from './wishlist-state';

/** The products of a wishlist answer, whose entries carry each under `product` (docs/api.md#wishlist). */
const productsOf = (res: WishlistResponse) => res.data.products.map((entry) => entry.product);

export interface WishlistSession {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { status: 'loading' | 'signedIn' | 'signedOut'; user: { _id: string } | null };
  signOut(): Promise<void>;
}

export interface WishlistStoreDeps {
  api: WishlistApi;
  session: WishlistSession;
  notify: (message: string, kind?: 'error' | 'success' | 'info') => void;
  /** False on the server. Default true. */
  enabled?: boolean;
}

const INITIAL: WishlistState = { userId: null, load: 'idle', products: [], pending: new Map() };

/** Errors about the token mean the session is gone. */
function isSessionError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return error instanceof Error && /token|session expired/i.test(error.message);
}

/** A failed toggle: the request's own words when it never got an answer, else the documented ones. */
function toggleFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return error.message;
  if (error instanceof ApiError && error.status >= 500) return WISHLIST_MESSAGES.notAvailable;
  return WISHLIST_MESSAGES.checkLoggedIn;
}

export class WishlistStore {
  private state: WishlistState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private started = false;
  private epoch = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: WishlistStoreDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.start();
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): WishlistState => {
    this.start();
    return this.state;
  };

  getServerSnapshot = (): WishlistState => INITIAL;

  start(): void {
    if (this.started || this.deps.enabled === false) return;
    this.started = true;
    this.deps.session.subscribe(this.onSession);
    this.onSession();
  }

  /** Loads the list once per shopper (hearts call it), or again with `force` (the wishlist page). */
  ensureLoaded(force = false): Promise<void> {
    this.start();
    const { userId, load } = this.state;
    if (!userId || (!force && load !== 'idle' && load !== 'error')) return this.loading ?? Promise.resolve();
    if (this.loading) return this.loading;
    const epoch = this.epoch;
    if (load !== 'ready') this.set({ ...this.state, load: 'loading' });
    this.loading = this.deps.api
      .list(userId)
      .then(
        (res) => {
          if (epoch === this.epoch) this.set({ ...this.state, load: 'ready', products: productsOf(res) });
        },
        (error: unknown) => {
          if (epoch !== this.epoch) return;
          if (isSessionError(error)) this.sessionExpired();
          else this.set({ ...this.state, load: 'error' });
        },
      )
      .finally(() => {
        if (epoch === this.epoch) this.loading = null;
      });
    return this.loading;
  }

  /** The heart: add if absent, remove if present. Resolves to whether the server agreed. */
  async toggle(productId: string): Promise<boolean> {
    this.start();
    const { userId } = this.state;
    if (!userId) {
      this.deps.notify(WISHLIST_MESSAGES.loginToAddItems, 'info');
      return false;
    }
    // One change per product at a time: a second click waits for the first answer.
    if (this.state.pending.has(productId)) return false;
    const change: PendingChange = isLiked(this.state, productId) ? 'remove' : 'add';
    const epoch = this.epoch;
    this.setPending(productId, change);
    try {
      if (change === 'add') {
        const res = await this.deps.api.add(productId, userId);
        if (epoch !== this.epoch) return false;
        this.set({ ...this.state, products: productsOf(res), load: 'ready' });
        this.deps.notify(WISHLIST_MESSAGES.addedToast, 'success');
      } else {
        await this.deps.api.remove(productId, userId);
        if (epoch !== this.epoch) return false;
        this.set({ ...this.state, products: this.state.products.filter((p) => p._id !== productId) });
        this.deps.notify(WISHLIST_MESSAGES.removed, 'success');
      }
      this.setPending(productId, null);
      return true;
    } catch (error) {
      if (epoch !== this.epoch) return false;
      // Dropping the pending change is the rollback.
      this.setPending(productId, null);
      if (isSessionError(error)) this.sessionExpired();
      else this.deps.notify(toggleFailureMessage(error), 'error');
      return false;
    }
  }

  private onSession = (): void => {
    const { status, user } = this.deps.session.getSnapshot();
    const userId = status === 'signedIn' && user ? user._id : null;
    if (userId === this.state.userId) return;
    this.epoch += 1;
    this.loading = null;
    this.set({ ...INITIAL, userId });
  };

  private sessionExpired(): void {
    this.deps.notify(WISHLIST_MESSAGES.sessionExpired, 'error');
    void this.deps.session.signOut();
  }

  private setPending(productId: string, change: PendingChange | null): void {
    const pending = new Map(this.state.pending);
    if (change) pending.set(productId, change);
    else pending.delete(productId);
    this.set({ ...this.state, pending });
  }

  private set(state: WishlistState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
