// The browser's way to call /api/v1 (docs/api.md): JSON, 10 s timeout, bearer token when signed in, 'No internet
// connection' when offline, and on a 401 one refresh followed by one retry of the original request.
// Server loaders do not use this: they call the API's services in-process through the load context.
import { API_TIMEOUT_MS } from '@rangrez/contract/rules/constants';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { authHooks } from './auth-hooks';

const API_BASE = '/api/v1';
const NO_INTERNET = NETWORK_MESSAGES.offline;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export { setAuthHooks } from './auth-hooks';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token (default true when signed in). */
  auth?: boolean;
  /** Let the request outlive the page (tracking a click that navigates away). */
  keepalive?: boolean;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const sentToken = options.auth !== false ? (authHooks()?.accessToken() ?? null) : null;
  const res = await send(path, options);
  const auth = authHooks();
  if (res.status === 401 && options.auth !== false && auth?.accessToken()) {
    if (await auth.refresh(sentToken)) return parse<T>(await send(path, options));
  }
  return parse<T>(res);
}

async function send(
  path: string,
  { method = 'GET', body, headers = {}, signal, auth: useAuth = true, keepalive }: ApiOptions,
) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, NO_INTERNET);
  const token = useAuth ? authHooks()?.accessToken() : null;
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  try {
    return await fetch(path.startsWith('http') ? path : `${API_BASE}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    if (timeout.aborted) throw new ApiError(0, 'Request timed out. Please try again.');
    throw new ApiError(
      0,
      typeof navigator !== 'undefined' && !navigator.onLine ? NO_INTERNET : NETWORK_MESSAGES.requestFailed,
    );
  }
}

async function parse<T>(res: Response): Promise<T> {
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : NETWORK_MESSAGES.requestFailed;
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}
