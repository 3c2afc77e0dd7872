// A store whose code is not part of the page's first load: components subscribe at once and see null until the
// code has been fetched (on first use), then the store's own snapshots.

export interface ExternalStore<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

export interface LazyStore<T extends ExternalStore<S>, S> {
  /** The store, fetching its code on first call. Rejects when it cannot be fetched (offline); the next call retries. */
  load(): Promise<T>;
  /** For useSyncExternalStore. With `loadOnSubscribe` the code is fetched as soon as a component shows the store. */
  subscribe(listener: () => void): () => void;
  snapshot(): S | null;
  serverSnapshot(): null;
}

export function lazyStore<T extends ExternalStore<S>, S>(
  importStore: () => Promise<T>,
  options: { loadOnSubscribe?: boolean } = {},
): LazyStore<T, S> {
  let store: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const load = () =>
    (loading ??= importStore().then(
      (loaded) => {
        store = loaded;
        loaded.subscribe(emit);
        emit();
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    load,
    subscribe(listener) {
      listeners.add(listener);
      // A failed fetch leaves the state unknown; the next use tries again.
      if (options.loadOnSubscribe) load().catch(() => undefined);
      return () => listeners.delete(listener);
    },
    snapshot: () => store?.getSnapshot() ?? null,
    serverSnapshot: () => null,
  };
}
