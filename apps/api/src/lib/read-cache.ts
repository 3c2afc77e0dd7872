// A bounded in-process cache of values read from the database, kept only while a ChangeFeed hears every change
// (docs/decisions/010-catalogue-cache.md). A value loaded under one generation is never stored under another:
// a read that raced a change is used once and dropped. Concurrent misses of one key share one load.
// Eviction (least recently used, by count and by size) is lru-cache's; the generation guard is ours.
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';

export interface ReadCacheOptions<V> {
  maxEntries: number;
  /** With sizeOf: the most the entries may weigh together (bytes, roughly). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

export class ReadCache<V> {
  // Boxed: lru-cache cannot hold null, and null (no such product) is an answer worth keeping too.
  private readonly entries: LRUCache<string, { value: V }>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();

  constructor(
    private readonly feed: ChangeFeed,
    options: ReadCacheOptions<V>,
  ) {
    const { maxEntries, maxSize, sizeOf } = options;
    this.entries = new LRUCache<string, { value: V }>(
      maxSize === undefined
        ? { max: maxEntries }
        : {
            max: maxEntries,
            maxSize,
            // One entry may take at most a quarter of the budget, so a few large answers cannot flush the rest.
            maxEntrySize: maxSize / 4,
            // lru-cache wants positive whole numbers.
            sizeCalculation: (entry) => Math.max(1, Math.ceil(sizeOf?.(entry.value) ?? 1)),
          },
    );
    feed.onChange(() => this.clear());
  }

  get entryCount(): number {
    return this.entries.size;
  }

  /** The generation a read must start under to be stored with set(). */
  get generation(): number {
    return this.feed.generation;
  }

  get(key: string): V | undefined {
    if (!this.feed.listening) return undefined;
    return this.entries.get(key)?.value;
  }

  /** Stores a value read under `generation`; ignored when a change came in between or nothing is heard. */
  set(key: string, value: V, generation: number): void {
    if (!this.feed.listening || generation !== this.feed.generation) return;
    this.entries.set(key, { value });
  }

  /** The cached value, or the result of `load` (stored when still current). Errors are not cached. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.feed.generation;
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation && this.feed.listening) return pending.promise;
    const promise = load().then((value) => {
      this.set(key, value, generation);
      return value;
    });
    this.loading.set(key, { generation, promise });
    const forget = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }
}
