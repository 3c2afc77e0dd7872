// The tab's session store, installed as the API client's auth hooks. Not part of a page's first load: the
// header's account menu and the hearts read the session through session.tsx, whose loadSession() fetches this
// module right after hydration and hands the store to the React side (the session is browser-only, so the server
// and the hydration render show it loading anyway).
import { SESSION_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { notify } from '../../components/toast-store';
import { setAuthHooks } from '../../lib/auth-hooks';
import { accountApi } from './api';
import { browserStorage } from '../../lib/browser-storage';
import { SessionStore } from './session-store';

export const sessionStore = new SessionStore({
  storage: browserStorage,
  refreshCall: accountApi.refresh,
  logoutCall: accountApi.logout,
  onExpired: () => notify(SESSION_MESSAGES.expired, 'error'),
});

// Installed when the module loads: whatever imports this module may call the API at once with the token.
if (typeof window !== 'undefined') {
  setAuthHooks({ accessToken: sessionStore.accessToken, refresh: sessionStore.refresh });
  // Another tab signing in or out.
  window.addEventListener('storage', sessionStore.handleStorageEvent);
}
