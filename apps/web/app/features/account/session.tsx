// React face of the session store: one store per browser tab, installed as the API client's auth hooks.
import { type ReactNode, createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AuthSession, User } from '@rangrez/contract/schemas';
import { SESSION_MESSAGES } from '@rangrez/contract/rules';
import { setAuthHooks } from '../../lib/api';
import { accountApi } from './api';
import { SessionStore, browserStorage, type SessionStatus } from './session-store';
import { notify } from '../../components/Toast';

export interface Session {
  status: SessionStatus;
  user: User | null;
  signIn(session: AuthSession): void;
  signOut(): Promise<void>;
  updateUser(user: User): void;
}

/** The tab's session. Module-level so the API client and every component share it. */
export const sessionStore = new SessionStore({
  storage: browserStorage,
  refreshCall: accountApi.refresh,
  logoutCall: accountApi.logout,
  onExpired: () => notify(SESSION_MESSAGES.expired, 'error'),
});

// Installed when the module loads, not in an effect: child effects run before their parent's, and a page's
// first API call must already carry the token.
if (typeof window !== 'undefined') {
  setAuthHooks({ accessToken: sessionStore.accessToken, refresh: sessionStore.refresh });
}

const SessionContext = createContext<SessionStore>(sessionStore);

export function SessionProvider({ children, store = sessionStore }: { children: ReactNode; store?: SessionStore }) {
  useEffect(() => {
    if (store !== sessionStore) setAuthHooks({ accessToken: store.accessToken, refresh: store.refresh });
    window.addEventListener('storage', store.handleStorageEvent);
    return () => window.removeEventListener('storage', store.handleStorageEvent);
  }, [store]);
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const store = useContext(SessionContext);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  // Stable actions, so effects may depend on them without re-running on every session change.
  const actions = useMemo(
    () => ({
      signIn: (session: AuthSession) => store.signIn(session),
      signOut: () => store.signOut(),
      updateUser: (user: User) => store.updateUser(user),
    }),
    [store],
  );
  return useMemo(() => ({ status: state.status, user: state.user, ...actions }), [state, actions]);
}
