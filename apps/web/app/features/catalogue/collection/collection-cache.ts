// The collection page's state (selections and products) is kept for the session and restored on the way back
// from a product page (docs/product/screens.md#collection-page). One entry, keyed by the page URL, in
// sessionStorage; it expires after 10 minutes so a long session does not show stale prices.
import { PRODUCT_LIST_CACHE_MS } from '@rangrez/contract/rules/constants';

// The version changes with the cards' shape, so a view saved by an older page is not restored into a newer one.
export const COLLECTION_STORAGE_KEY = 'rangrez:collection-view:v2';

interface SavedView<T> {
  key: string;
  savedAt: number;
  data: T;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The view's key: path and query, so `?cat=men` and `?cat=women` are different views. */
export function collectionViewKey(url: { pathname: string; search: string }): string {
  return `${url.pathname}${url.search}`;
}

export function saveCollectionView<T>(storage: StorageLike | null, key: string, data: T, now: number): void {
  if (!storage) return;
  try {
    storage.setItem(
      COLLECTION_STORAGE_KEY,
      JSON.stringify({ key, savedAt: now, data } satisfies SavedView<T>),
    );
  } catch {
    // Storage full or disabled (private mode): the page still works, it just reloads on return.
  }
}

export function restoreCollectionView<T>(
  storage: StorageLike | null,
  key: string,
  now: number,
  maxAgeMs: number = PRODUCT_LIST_CACHE_MS,
): T | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(COLLECTION_STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedView<T>>;
    if (saved.key !== key || typeof saved.savedAt !== 'number' || saved.data === undefined) return null;
    if (now - saved.savedAt > maxAgeMs || now < saved.savedAt) return null;
    return saved.data;
  } catch {
    return null;
  }
}

/** sessionStorage when the browser lets us use it. */
export function sessionStore(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
