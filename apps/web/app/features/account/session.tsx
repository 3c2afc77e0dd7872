// React face of the session store. The store's code (session-instance.ts: storage, refresh, sign-out, the API
// client's auth hooks) is fetched right after hydration rather than with the page; until it is there the session
// reads as loading, which is also what the server renders.
import type { AuthSession, User } from '@rangrez/contract/schemas';
import { type ReactNode, createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { setAuthHooks } from '../../lib/auth-hooks';
import type { SessionState, SessionStatus, SessionStore } from './session-store';

export interface Session {
  status: SessionStatus;
  user: User | null;
  signIn(session: AuthSession): void;
  signOut(): Promise<void>;
  updateUser(user: User): void;
}

const LOADING: SessionState = { status: 'loading', user: null, accessToken: null, refreshToken: null };

let tabStore: SessionStore | null = null;
let loading: Promise<SessionStore> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function provideSession(store: SessionStore): void {
  tabStore = store;
  store.subscribe(emit);
  emit();
}

/** The tab's session store, fetching its code on first call. */
export function loadSession(): Promise<SessionStore> {
  if (tabStore) return Promise.resolve(tabStore);
  loading ??= import('./session-instance').then(
    (module) => {
      // The instance module does not import this one back, so the two stay free of an import cycle.
      if (!tabStore) provideSession(module.sessionStore);
      return module.sessionStore;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Follows the tab's store, or reads as loading until its code has arrived. The cart and wishlist stores follow
 * the session through it: they wait for 'loading' to end, so they need not import the store's code themselves.
 */
export const tabSession = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // A failed fetch (offline) leaves the session loading; the next subscriber tries again.
    if (!tabStore) loadSession().catch(() => undefined);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): SessionState => tabStore?.getSnapshot() ?? LOADING,
  getServerSnapshot: (): SessionState => LOADING,
  signOut: (): Promise<void> => loadSession().then((store) => store.signOut()),
};

/** A store given to SessionProvider (tests), else null: the tab's store. */
const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ children, store }: { children: ReactNode; store?: SessionStore }) {
  useEffect(() => {
    if (!store) return;
    setAuthHooks({ accessToken: store.accessToken, refresh: store.refresh });
    window.addEventListener('storage', store.handleStorageEvent);
    return () => window.removeEventListener('storage', store.handleStorageEvent);
  }, [store]);
  return <SessionContext.Provider value={store ?? null}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const given = useContext(SessionContext);
  const source = given ?? tabSession;
  const state = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getServerSnapshot);
  // Stable actions, so effects may depend on them without re-running on every session change.
  const actions = useMemo(() => {
    // Synchronous once the store is there (always, in practice: it loads at hydration, long before a form is
    // sent), so a sign-in is complete before the page navigates on.
    const withStore = (act: (store: SessionStore) => void) => {
      const store = given ?? tabStore;
      if (store) act(store);
      else void loadSession().then(act);
    };
    return {
      signIn: (session: AuthSession) => withStore((store) => store.signIn(session)),
      signOut: () => (given ? given.signOut() : loadSession().then((store) => store.signOut())),
      updateUser: (user: User) => withStore((store) => store.updateUser(user)),
    };
  }, [given]);
  return useMemo(() => ({ status: state.status, user: state.user, ...actions }), [state, actions]);
}
