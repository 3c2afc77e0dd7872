// A bounded in-process cache of values read from the database, kept only while a ChangeFeed hears every change
// (docs/decisions/010-catalogue-cache.md). A value loaded under one generation is never stored under another:
// a read that raced a change is used once and dropped. Concurrent misses of one key share one load.
// Eviction (least recently used, by count and by size) is lru-cache's; the generation guard is ours.
//
// A value may also carry an expiry: an answer that the clock alone will change (slides whose active window opens
// or closes) is right until that instant, and no database write announces the moment.
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';
import { type Clock, systemClock } from './clock.ts';

export interface ReadCacheOptions<V> {
  maxEntries: number;
  /** With sizeOf: the most the entries may weigh together (bytes, roughly). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** What expiries are compared with; the system clock unless a test moves one by hand. */
  clock?: Clock;
}

/** When a loaded value stops being true by the clock alone; null when only a change can end it. */
export type ExpiryOf<V> = (value: V) => Date | null;

export class ReadCache<V> {
  // Boxed: lru-cache cannot hold null, and null (no such product) is an answer worth keeping too.
  private readonly entries: LRUCache<string, { value: V; expiresAt: number | null }>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();
  private readonly clock: Clock;

  constructor(
    private readonly feed: ChangeFeed,
    options: ReadCacheOptions<V>,
  ) {
    const { maxEntries, maxSize, sizeOf } = options;
    this.clock = options.clock ?? systemClock;
    this.entries = new LRUCache<string, { value: V; expiresAt: number | null }>(
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
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && this.clock.now().getTime() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry?.value;
  }

  /**
   * Stores a value read under `generation`, until `expiresAt` if given; ignored when a change came in between or
   * nothing is heard.
   */
  set(key: string, value: V, generation: number, expiresAt: Date | null = null): void {
    if (!this.feed.listening || generation !== this.feed.generation) return;
    this.entries.set(key, { value, expiresAt: expiresAt?.getTime() ?? null });
  }

  /**
   * The cached value, or the result of `load` (stored when still current, until `expiryOf` of it if given).
   * Errors are not cached.
   */
  async getOrLoad(key: string, load: () => Promise<V>, expiryOf?: ExpiryOf<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.feed.generation;
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation && this.feed.listening) return pending.promise;
    const promise = load().then((value) => {
      this.set(key, value, generation, expiryOf?.(value) ?? null);
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
