// A bounded in-process cache of values read from the database, kept only while a ChangeFeed hears every change
// (docs/decisions/010-catalogue-cache.md). A value loaded under one generation is never stored under another:
// a read that raced a change is used once and dropped. Concurrent misses of one key share one load.
import type { ChangeFeed } from './change-feed.ts';

export interface ReadCacheOptions<V> {
  maxEntries: number;
  /** With sizeOf: the most the entries may weigh together (bytes, roughly). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

export class ReadCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, { value: V; size: number }>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();
  private size = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ReadCacheOptions<V>,
  ) {
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
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value read under `generation`; ignored when a change came in between or nothing is heard. */
  set(key: string, value: V, generation: number): void {
    if (!this.feed.listening || generation !== this.feed.generation) return;
    const size = this.options.sizeOf?.(value) ?? 1;
    if (this.options.maxSize !== undefined && size > this.options.maxSize / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.size -= old.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      const full =
        this.entries.size > this.options.maxEntries ||
        (this.options.maxSize !== undefined && this.size > this.options.maxSize);
      if (!full) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
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
    this.size = 0;
  }
}
