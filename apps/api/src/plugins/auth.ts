// Bearer-token authentication for user-owned routes (profile now; wishlist, cart and orders later).
//
// Usage:
//   app.get('/orders/:userId', { onRequest: app.authenticate, preValidation: selfParam('userId') }, handler)
//   - app.authenticate  401 unless the request carries a valid, unexpired access token of a live session;
//                       sets req.user = { id, sessionId }.
//   - selfParam(name)   403 unless the path parameter `name` is the caller's own user id (runs before body
//                       validation, so someone else's id is refused whatever the body says).
//   - requireSelf(req, userId)  the same check inside a handler, for ids that arrive in a body
//                       (POST /wishlist { userId }); returns the caller.
//   - currentUser(req)  the caller, for routes without a user id.
// 401 is kept for token problems only (docs/api.md#authentication): the client refreshes on 401 and retries once, so
// answering 401 for someone else's resource would make it loop.
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { ACCOUNT_MESSAGES, type AuthUser } from '../modules/accounts/index.ts';

export type { AuthUser };

export interface Authenticator {
  /** The caller behind an access token, or null when it is invalid, expired or revoked. */
  authenticate(accessToken: string): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on routes that do not use it. */
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-_.~+/]+=*)[ \t]*$/i;

/** Decorates the root instance, so every plugin (and every later module) sees app.authenticate. */
export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authenticationRequired);
    if (token.length > 4096) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    const user = await authenticator.authenticate(token);
    if (!user) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    req.user = user;
  });
}

/** The authenticated caller; 401 if app.authenticate did not run or failed. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized(ACCOUNT_MESSAGES.authenticationRequired);
  return req.user;
}

/** The caller, if `userId` is theirs; 403 'You do not have access to this resource' otherwise. */
export function requireSelf(req: FastifyRequest, userId: unknown): AuthUser {
  const user = currentUser(req);
  if (typeof userId !== 'string' || userId !== user.id) throw forbidden();
  return user;
}

/** A preValidation hook: the path parameter `name` must be the caller's own id. */
export function selfParam(name: string): preValidationAsyncHookHandler {
  return async (req) => {
    requireSelf(req, (req.params as Record<string, unknown> | undefined)?.[name]);
  };
}
