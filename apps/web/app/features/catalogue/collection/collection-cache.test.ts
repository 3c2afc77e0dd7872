import { describe, expect, it } from 'vitest';
import {
  COLLECTION_STORAGE_KEY,
  collectionViewKey,
  restoreCollectionView,
  saveCollectionView,
} from './collection-cache';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('collection view cache', () => {
  const key = collectionViewKey({ pathname: '/collection/men/hoodie', search: '?q=tokyo' });

  it('restores what was saved for the same URL within 10 minutes', () => {
    const storage = memoryStorage();
    saveCollectionView(storage, key, { products: [1, 2] }, 1000);
    expect(restoreCollectionView(storage, key, 1000 + 600_000)).toEqual({ products: [1, 2] });
    expect(restoreCollectionView(storage, key, 1000 + 600_001)).toBeNull();
  });

  it('does not restore another URL, a clock gone backwards or garbage', () => {
    const storage = memoryStorage();
    saveCollectionView(storage, key, { products: [] }, 1000);
    expect(restoreCollectionView(storage, '/collection/men/hoodie', 1000)).toBeNull();
    expect(restoreCollectionView(storage, key, 999)).toBeNull();
    storage.map.set(COLLECTION_STORAGE_KEY, '{not json');
    expect(restoreCollectionView(storage, key, 1000)).toBeNull();
    expect(restoreCollectionView(null, key, 1000)).toBeNull();
  });

  it('keeps the last saved view when the storage refuses a write', () => {
    const storage = memoryStorage();
    saveCollectionView(storage, key, { products: [1] }, 1000);
    const full = {
      getItem: storage.getItem,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const other = collectionViewKey({ pathname: '/collection/women/crop-top', search: '' });
    saveCollectionView(full, other, { products: [2] }, 2000);
    // The page going back to the refused view loads afresh; the earlier view is still there for its own URL.
    expect(restoreCollectionView(full, other, 2000)).toBeNull();
    expect(restoreCollectionView(full, key, 2000)).toEqual({ products: [1] });
  });
});
