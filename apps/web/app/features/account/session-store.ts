// The browser session (docs/product/rules.md#sessions): access token, refresh token and user in localStorage,
// restored only when all three are stored. Pure of React so it can be tested and shared by the API client.
import type { AuthSession, RefreshTokenResponse, User } from '@rangrez/contract/schemas';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
}

/** Storage keys, named after the session's fields in the API's answers. */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

export interface SessionStoreDeps {
  /** null where there is no storage (server rendering, storage disabled). */
  storage: () => Storage | null;
  /** POST /refresh-token; throws on any failure. */
  refreshCall: (refreshToken: string) => Promise<RefreshTokenResponse>;
  /** POST /logout; failures are ignored (best effort). */
  logoutCall: (tokens: { accessToken: string; refreshToken: string }) => Promise<unknown>;
  /** Told when a refresh fails and the session is dropped ('Session expired. Please login again.'). */
  onExpired?: () => void;
}

const LOADING: SessionState = { status: 'loading', user: null, accessToken: null, refreshToken: null };
const SIGNED_OUT: SessionState = { status: 'signedOut', user: null, accessToken: null, refreshToken: null };

function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { _id?: unknown })._id === 'string' &&
    typeof (value as { email?: unknown }).email === 'string'
  );
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw (quota, privacy modes): the session then lives in memory only.
    return fallback;
  }
}

/** Reads a complete session from storage, or null when any of the three items is missing or unreadable. */
function readStoredSession(storage: Storage | null): SessionState | null {
  if (!storage) return null;
  return safe(() => {
    const accessToken = storage.getItem(SESSION_KEYS.accessToken);
    const refreshToken = storage.getItem(SESSION_KEYS.refreshToken);
    const rawUser = storage.getItem(SESSION_KEYS.user);
    if (!accessToken || !refreshToken || !rawUser) return null;
    const user: unknown = JSON.parse(rawUser);
    if (!isUser(user)) return null;
    return { status: 'signedIn' as const, user, accessToken, refreshToken };
  }, null);
}

export class SessionStore {
  private state: SessionState = LOADING;
  private started = false;
  private listeners = new Set<() => void>();
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly deps: SessionStoreDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current state; the first call in a browser restores the stored session. */
  getSnapshot = (): SessionState => {
    if (!this.started) this.start();
    return this.state;
  };

  /** What the server renders: the session is browser-only, so it is always still loading there. */
  getServerSnapshot = (): SessionState => LOADING;

  /** Restores the stored session (all three items, or none: a partial session is cleared). */
  start(): void {
    this.started = true;
    const storage = this.deps.storage();
    if (!storage) {
      this.state = SIGNED_OUT;
      return;
    }
    const stored = readStoredSession(storage);
    if (!stored) this.clearStorage();
    this.state = stored ?? SIGNED_OUT;
  }

  accessToken = (): string | null => this.getSnapshot().accessToken;

  signIn(session: AuthSession): void {
    this.write({ accessToken: session.accessToken, refreshToken: session.refreshToken, user: session.user });
    this.set({ status: 'signedIn', ...session });
  }

  updateUser(user: User): void {
    const current = this.getSnapshot();
    if (current.status !== 'signedIn') return;
    this.write({ user });
    this.set({ ...current, user });
  }

  /** Clears the session at once and revokes it on the server in the background (best effort). */
  async signOut(): Promise<void> {
    const { accessToken, refreshToken } = this.getSnapshot();
    this.clear();
    if (accessToken && refreshToken) {
      await this.deps.logoutCall({ accessToken, refreshToken }).catch(() => undefined);
    }
  }

  /**
   * After a 401: one refresh for everyone. Concurrent callers share the same call; a caller whose request
   * carried a token that has since been replaced just retries. false means the session has been dropped.
   */
  refresh = (rejectedToken?: string | null): Promise<boolean> => {
    const current = this.getSnapshot();
    if (this.refreshing) return this.refreshing;
    if (current.status !== 'signedIn' || !current.refreshToken) return Promise.resolve(false);
    if (rejectedToken && current.accessToken && rejectedToken !== current.accessToken)
      return Promise.resolve(true);
    const refreshToken = current.refreshToken;
    this.refreshing = this.deps
      .refreshCall(refreshToken)
      .then((tokens) => {
        // A sign-out (or another account's sign-in) while refreshing wins over the late answer.
        if (this.state.refreshToken !== refreshToken) return this.state.status === 'signedIn';
        this.write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
        this.set({ ...this.state, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
        return true;
      })
      .catch(() => {
        if (this.state.refreshToken === refreshToken) {
          this.clear();
          this.deps.onExpired?.();
        }
        return false;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  };

  /** Another tab signed in or out: follow it (the `storage` event). */
  handleStorageEvent = (event: Pick<StorageEvent, 'key'>): void => {
    if (event.key !== null && !Object.values<string>(SESSION_KEYS).includes(event.key)) return;
    const stored = readStoredSession(this.deps.storage());
    const next = stored ?? SIGNED_OUT;
    const current = this.state;
    if (
      current.status === next.status &&
      current.accessToken === next.accessToken &&
      current.refreshToken === next.refreshToken &&
      JSON.stringify(current.user) === JSON.stringify(next.user)
    ) {
      return;
    }
    this.set(next);
  };

  private clear(): void {
    this.clearStorage();
    this.set(SIGNED_OUT);
  }

  private set(state: SessionState): void {
    this.started = true;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private write(items: Partial<{ accessToken: string; refreshToken: string; user: User }>): void {
    const storage = this.deps.storage();
    if (!storage) return;
    safe(() => {
      if (items.accessToken !== undefined) storage.setItem(SESSION_KEYS.accessToken, items.accessToken);
      if (items.refreshToken !== undefined) storage.setItem(SESSION_KEYS.refreshToken, items.refreshToken);
      if (items.user !== undefined) storage.setItem(SESSION_KEYS.user, JSON.stringify(items.user));
    }, undefined);
  }

  private clearStorage(): void {
    const storage = this.deps.storage();
    if (!storage) return;
    safe(() => {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
    }, undefined);
  }
}
