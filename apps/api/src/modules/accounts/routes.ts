// Account calls (docs/api.md#accounts), plus logout and the Google sign-in configuration the web app reads.
import rateLimit from '@fastify/rate-limit';
import { PASSWORD_MESSAGES } from '@rangrez/contract/rules';
import {
  authSessionResponseSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  googleConfigResponseSchema,
  googleLoginBodySchema,
  loginBodySchema,
  logoutBodySchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  signupBodySchema,
  successMessageResponseSchema,
  userIdParamsSchema,
  userResponseSchema,
  userUpdateBodySchema,
  userUpdateParamsSchema,
} from '@rangrez/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../lib/errors.ts';
import { currentUser, selfParam } from '../../plugins/auth.ts';
import { ACCOUNT_MESSAGES, type AccountsService, type ClientInfo, LoginLockedError } from './service.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  signupRateLimitPerHour: number;
}

// Credentials and tokens are small; a megabyte of "password" is only an attempt to burn CPU.
const AUTH_BODY_LIMIT = 16 * 1024;

const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

type AccountsApp = Parameters<FastifyPluginAsyncZod<AccountsRoutesOptions>>[0];

/** Signing up, in and out, and renewing the access token. */
function sessionRoutes(app: AccountsApp, opts: AccountsRoutesOptions): void {
  const { accounts } = opts;

  app.post(
    '/signup',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { rateLimit: { max: opts.signupRateLimitPerHour, timeWindow: '1 hour' } },
      schema: { body: signupBodySchema, response: { 201: authSessionResponseSchema } },
    },
    async (req, reply) => reply.code(201).send(await accounts.signup(req.body, clientInfo(req))),
  );

  app.post(
    '/login',
    {
      config: { rateLimitGroup: 'sign-in' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: loginBodySchema, response: { 200: authSessionResponseSchema } },
    },
    async (req, reply) => {
      try {
        return await accounts.login(req.body, clientInfo(req));
      } catch (err) {
        if (err instanceof LoginLockedError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.post(
    '/google-login',
    {
      config: { rateLimitGroup: 'sign-in' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: googleLoginBodySchema, response: { 200: authSessionResponseSchema } },
    },
    async (req) => accounts.googleLogin(req.body, clientInfo(req)),
  );

  app.post(
    '/refresh-token',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: refreshTokenBodySchema, response: { 200: refreshTokenResponseSchema } },
    },
    async (req) => accounts.refresh(req.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: app.authenticate,
      schema: { body: logoutBodySchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => {
      await accounts.logout(currentUser(req), req.body?.refreshToken);
      return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
    },
  );
}

/** The signed-in shopper's own profile, and the Google sign-in configuration. */
function profileRoutes(app: AccountsApp, accounts: AccountsService): void {
  app.get(
    '/user/:id',
    {
      onRequest: app.authenticate,
      preValidation: selfParam('id'),
      schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
    },
    async (req) => ({ success: true as const, user: await accounts.getUser(req.params.id) }),
  );

  app.put(
    '/user/update/:userId',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: app.authenticate,
      preValidation: selfParam('userId'),
      schema: {
        params: userUpdateParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      user: await accounts.updateUser(req.params.userId, req.body),
      message: ACCOUNT_MESSAGES.profileUpdated,
    }),
  );

  app.get(
    '/auth/google/config',
    { schema: { response: { 200: googleConfigResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return accounts.googleConfig();
    },
  );
}

/**
 * Forgotten and changed passwords (docs/accounts.md#passwords). Counted per client address in the 'passwords'
 * limit group; the service limits the e-mails one account is sent.
 */
function passwordRoutes(app: AccountsApp, accounts: AccountsService): void {
  const ok = (message: string) => ({ success: true as const, message });
  const response = { 200: successMessageResponseSchema };

  app.post(
    '/password/forgot',
    {
      config: { rateLimitGroup: 'passwords' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: forgotPasswordBodySchema, response },
    },
    async (req) => {
      await accounts.passwords.forgot(req.body.email);
      return ok(PASSWORD_MESSAGES.resetLinkSent);
    },
  );

  app.post(
    '/password/reset',
    {
      config: { rateLimitGroup: 'passwords' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: resetPasswordBodySchema, response },
    },
    async (req) => {
      await accounts.passwords.reset(req.body);
      return ok(PASSWORD_MESSAGES.resetDone);
    },
  );

  app.post(
    '/password/change',
    {
      config: { rateLimitGroup: 'passwords' },
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: app.authenticate,
      schema: { body: changePasswordBodySchema, response },
    },
    async (req, reply) => {
      try {
        await accounts.passwords.change(currentUser(req), req.body);
      } catch (err) {
        if (err instanceof LoginLockedError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      return ok(PASSWORD_MESSAGES.changed);
    },
  );
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const { accounts } = opts;

  // Tokens and personal data: never to be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // In memory per instance: enough to slow scripted sign-ups. The login lockout, which must hold across
  // instances, lives in PostgreSQL (login_throttles).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(ACCOUNT_MESSAGES.signupRateLimited),
  });

  sessionRoutes(app, opts);
  profileRoutes(app, accounts);
  passwordRoutes(app, accounts);
};
