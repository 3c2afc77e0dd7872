// The API client's auth hooks, apart from the client itself (api.ts) so that the session layer can install them
// without bringing the client into every page's first load.

/**
 * Installed by the session layer (features/account): supplies the access token and performs the one refresh
 * after a 401. Kept as a hook so the API client knows nothing about sessions.
 */
export interface AuthHooks {
  accessToken(): string | null;
  /**
   * Returns true when a new access token is available; false signs the user out. `rejectedToken` is the token
   * the failed request carried: when it has already been replaced (a parallel request refreshed first), the
   * hook can answer true without another refresh.
   */
  refresh(rejectedToken?: string | null): Promise<boolean>;
}

let hooks: AuthHooks | null = null;

export function setAuthHooks(next: AuthHooks | null) {
  hooks = next;
}

export function authHooks(): AuthHooks | null {
  return hooks;
}
