import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefreshTokenResponse } from '@rangrez/contract/schemas';
import { SESSION_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { api, setAuthHooks } from '../../lib/api';
import { type SESSION_KEYS, SessionStore, type SessionStoreDeps } from './session-store';
import { MemoryStorage, deferred, makeSession, makeUser } from './test-helpers';

function setup(overrides: Partial<SessionStoreDeps> = {}, storage: Storage | null = new MemoryStorage()) {
  const deps = {
    storage: () => storage,
    refreshCall: vi.fn<SessionStoreDeps['refreshCall']>(),
    logoutCall: vi.fn<SessionStoreDeps['logoutCall']>().mockResolvedValue(undefined),
    onExpired: vi.fn(),
    ...overrides,
  };
  return { store: new SessionStore(deps), storage, deps };
}

function storeSession(storage: Storage, items: Partial<Record<keyof typeof SESSION_KEYS, string>>) {
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
}

describe('restoring the session', () => {
  it('restores a session when access token, refresh token and user are all stored', () => {
    const storage = new MemoryStorage();
    storeSession(storage, { accessToken: 'a', refreshToken: 'r', user: JSON.stringify(makeUser()) });
    const { store } = setup({}, storage);
    expect(store.getSnapshot()).toEqual({
      status: 'signedIn',
      accessToken: 'a',
      refreshToken: 'r',
      user: makeUser(),
    });
  });

  it.each([
    ['the access token', { refreshToken: 'r', user: JSON.stringify(makeUser()) }],
    ['the refresh token', { accessToken: 'a', user: JSON.stringify(makeUser()) }],
    ['the user', { accessToken: 'a', refreshToken: 'r' }],
  ])('stays signed out without %s, and clears the partial session', (_missing, items) => {
    const storage = new MemoryStorage();
    storeSession(storage, items);
    const { store } = setup({}, storage);
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(storage.length).toBe(0);
  });

  it('stays signed out when the stored user is not a user', () => {
    const storage = new MemoryStorage();
    storeSession(storage, { accessToken: 'a', refreshToken: 'r', user: '{not json' });
    expect(setup({}, storage).store.getSnapshot().status).toBe('signedOut');
    storeSession(storage, { accessToken: 'a', refreshToken: 'r', user: '{"firstName":"x"}' });
    expect(setup({}, storage).store.getSnapshot().status).toBe('signedOut');
  });

  it('is signed out without storage (server, disabled storage) and renders as loading on the server', () => {
    const { store } = setup({}, null);
    expect(store.getServerSnapshot().status).toBe('loading');
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(store.accessToken()).toBeNull();
    store.signIn(makeSession());
    expect(store.getSnapshot().status).toBe('signedIn');
  });

  it('survives a storage that throws', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = broken.getItem;
    const { store } = setup({}, broken);
    expect(store.getSnapshot().status).toBe('signedOut');
    store.signIn(makeSession());
    expect(store.getSnapshot().status).toBe('signedIn');
  });
});

describe('signing in and out', () => {
  it('stores all three items on sign-in and notifies subscribers', () => {
    const { store, storage } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(makeSession());
    expect(storage?.getItem('accessToken')).toBe('access-1');
    expect(storage?.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(storage?.getItem('user') ?? 'null')).toEqual(makeUser());
    expect(listener).toHaveBeenCalled();
  });

  it('updates the stored user', () => {
    const { store, storage } = setup();
    store.signIn(makeSession());
    store.updateUser(makeUser({ firstName: 'Meera' }));
    expect(store.getSnapshot().user?.firstName).toBe('Meera');
    expect(JSON.parse(storage?.getItem('user') ?? 'null').firstName).toBe('Meera');
  });

  it('signs out at once, revokes the session on the server and clears storage even if that call fails', async () => {
    const { store, storage, deps } = setup({
      logoutCall: vi.fn<SessionStoreDeps['logoutCall']>().mockRejectedValue(new Error('offline')),
    });
    store.signIn(makeSession());
    await store.signOut();
    expect(deps.logoutCall).toHaveBeenCalledWith({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(storage?.length).toBe(0);
  });

  it('follows another tab signing in and out (storage event)', () => {
    const storage = new MemoryStorage();
    const { store } = setup({}, storage);
    expect(store.getSnapshot().status).toBe('signedOut');
    storeSession(storage, { accessToken: 'a', refreshToken: 'r', user: JSON.stringify(makeUser()) });
    store.handleStorageEvent({ key: 'user' });
    expect(store.getSnapshot().status).toBe('signedIn');
    storage.clear();
    store.handleStorageEvent({ key: null });
    expect(store.getSnapshot().status).toBe('signedOut');
  });

  it('ignores storage events for other keys', () => {
    const { store } = setup();
    store.signIn(makeSession());
    const listener = vi.fn();
    store.subscribe(listener);
    store.handleStorageEvent({ key: 'cart' });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('refreshing after a 401', () => {
  it('shares one refresh call between concurrent callers and stores the rotated tokens', async () => {
    const call = deferred<RefreshTokenResponse>();
    const { store, storage, deps } = setup({ refreshCall: vi.fn(() => call.promise) });
    store.signIn(makeSession());
    const first = store.refresh('access-1');
    const second = store.refresh('access-1');
    call.resolve({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(deps.refreshCall).toHaveBeenCalledTimes(1);
    expect(deps.refreshCall).toHaveBeenCalledWith('refresh-1');
    expect(store.accessToken()).toBe('access-2');
    expect(storage?.getItem('refreshToken')).toBe('refresh-2');
  });

  it('lets a request that carried an already replaced token retry without another refresh', async () => {
    const { store, deps } = setup();
    store.signIn(makeSession({ accessToken: 'access-2' }));
    expect(await store.refresh('access-1')).toBe(true);
    expect(deps.refreshCall).not.toHaveBeenCalled();
  });

  it('signs out once and says the session expired when the refresh fails', async () => {
    const call = deferred<RefreshTokenResponse>();
    const { store, storage, deps } = setup({ refreshCall: vi.fn(() => call.promise) });
    store.signIn(makeSession());
    const results = Promise.all([store.refresh('access-1'), store.refresh('access-1')]);
    call.reject(new Error('Invalid refresh token'));
    expect(await results).toEqual([false, false]);
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(storage?.length).toBe(0);
    expect(deps.onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when signed out', async () => {
    const { store, deps } = setup();
    expect(await store.refresh()).toBe(false);
    expect(deps.refreshCall).not.toHaveBeenCalled();
  });
});

describe('the API client with the session hooks installed', () => {
  afterEach(() => {
    setAuthHooks(null);
    vi.unstubAllGlobals();
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends the bearer token, refreshes once on concurrent 401s and retries each request once', async () => {
    const { store, deps } = setup({
      refreshCall: vi.fn(async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
    });
    store.signIn(makeSession());
    setAuthHooks({ accessToken: store.accessToken, refresh: store.refresh });
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization');
        seen.push(auth);
        return auth === 'Bearer access-2'
          ? json(200, { ok: true })
          : json(401, { success: false, message: 'Token expired' });
      }),
    );
    const results = await Promise.all([api('/wishlist'), api('/orders/u1')]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(deps.refreshCall).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-2', 'Bearer access-2']);
  });

  it('a 401 arriving after another request already refreshed retries with the new token, no second refresh', async () => {
    const { store, deps } = setup({
      refreshCall: vi.fn(async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
    });
    store.signIn(makeSession());
    setAuthHooks({ accessToken: store.accessToken, refresh: store.refresh });
    const slow = deferred<Response>();
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization');
        seen.push(auth);
        if (auth === 'Bearer access-2') return json(200, { url });
        return url.endsWith('/slow') ? slow.promise : json(401, { success: false, message: 'Token expired' });
      }),
    );
    const slowCall = api('/slow');
    expect(await api('/fast')).toEqual({ url: '/api/v1/fast' });
    slow.resolve(json(401, { success: false, message: 'Token expired' }));
    expect(await slowCall).toEqual({ url: '/api/v1/slow' });
    expect(deps.refreshCall).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-2', 'Bearer access-2']);
  });

  it('gives up after a failed refresh: signed out, the original error surfaces, no second retry', async () => {
    const onExpired = vi.fn();
    const { store } = setup({
      refreshCall: vi.fn(async () => Promise.reject(new Error('revoked'))),
      onExpired,
    });
    store.signIn(makeSession());
    setAuthHooks({ accessToken: store.accessToken, refresh: store.refresh });
    const fetchMock = vi.fn(async () => json(401, { success: false, message: 'Token expired' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/user/u1')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('the session-expired notice uses the documented words', () => {
    expect(SESSION_MESSAGES.expired).toBe('Session expired. Please login again.');
  });
});
