// Staff sign-in, two-factor set-up, invitations and staff management under /api/v1/admin (docs/admin.md).
import {
  adminSessionBodySchema,
  auditListResponseSchema,
  adminSessionResponseSchema,
  invitationAcceptBodySchema,
  invitationLookupBodySchema,
  invitationResponseSchema,
  staffIdParamsSchema,
  staffInviteBodySchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffSelfResponseSchema,
  staffUpdateBodySchema,
  successMessageResponseSchema,
  totpConfirmBodySchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
} from '@rangrez/contract/schemas';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor, staffCaller } from '../../plugins/admin.ts';
import { LoginLockedError } from '../accounts/index.ts';
import type { ClientInfo, StaffService } from './service.ts';

export interface StaffRoutesOptions {
  staff: StaffService;
}

const AUTH_BODY_LIMIT = 16 * 1024;

const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  requestId: String(req.id),
});

async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof LoginLockedError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

type StaffApp = Parameters<FastifyPluginAsyncZod<StaffRoutesOptions>>[0];

/** Signing in and out, the current member, and setting up two-factor sign-in. */
function sessionRoutes(app: StaffApp, { staff }: StaffRoutesOptions): void {
  app.post(
    '/session',
    {
      config: { permission: 'public', rateLimitGroup: 'sign-in' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: adminSessionBodySchema, response: { 200: adminSessionResponseSchema } },
    },
    async (req, reply) => withRetryAfter(reply, () => staff.signIn(req.body, clientInfo(req))),
  );
  app.get(
    '/session',
    { config: { permission: 'signed-in' }, schema: { response: { 200: staffSelfResponseSchema } } },
    async (req) => ({ staff: await staff.self(staffCaller(req)) }),
  );
  app.delete(
    '/session',
    { config: { permission: 'signed-in' }, schema: { response: { 200: successMessageResponseSchema } } },
    async (req) => {
      await staff.signOut(staffCaller(req), auditActor(req));
      return { success: true as const, message: STAFF_MESSAGES.signedOut };
    },
  );
  app.post(
    '/2fa/setup',
    { config: { permission: 'signed-in' }, schema: { response: { 200: totpSetupResponseSchema } } },
    async (req) => staff.startTotpSetup(staffCaller(req), auditActor(req)),
  );
  app.post(
    '/2fa/confirm',
    {
      config: { permission: 'signed-in' },
      schema: { body: totpConfirmBodySchema, response: { 200: totpConfirmResponseSchema } },
    },
    async (req) => staff.confirmTotpSetup(staffCaller(req), auditActor(req), req.body.code),
  );
}

/** Accepting an invitation: the link's token in the body, never in the URL. */
function invitationRoutes(app: StaffApp, { staff }: StaffRoutesOptions): void {
  app.post(
    '/invitations/lookup',
    {
      config: { permission: 'public', rateLimitGroup: 'sign-in' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: invitationLookupBodySchema, response: { 200: invitationResponseSchema } },
    },
    async (req) => staff.invitation(req.body.token),
  );
  app.post(
    '/invitations/accept',
    {
      config: { permission: 'public', rateLimitGroup: 'sign-in' },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: invitationAcceptBodySchema, response: { 200: adminSessionResponseSchema } },
    },
    async (req) => staff.acceptInvitation(req.body, clientInfo(req)),
  );
}

/** The owner's staff page: list, invite, change role, disable, reset two-factor sign-in. */
function managementRoutes(app: StaffApp, { staff }: StaffRoutesOptions): void {
  app.get(
    '/staff',
    { config: { permission: 'staff:read' }, schema: { response: { 200: staffListResponseSchema } } },
    async () => ({ staff: await staff.list() }),
  );
  app.get(
    '/staff/:id/timeline',
    {
      config: { permission: 'staff:read' },
      schema: { params: staffIdParamsSchema, response: { 200: auditListResponseSchema } },
    },
    async (req) => staff.timeline(req.params.id),
  );
  app.post(
    '/staff',
    {
      config: { permission: 'staff:write' },
      schema: { body: staffInviteBodySchema, response: { 201: staffMemberResponseSchema } },
    },
    async (req, reply) => reply.code(201).send({ staff: await staff.invite(auditActor(req), req.body) }),
  );
  app.patch(
    '/staff/:id',
    {
      config: { permission: 'staff:write' },
      schema: {
        params: staffIdParamsSchema,
        body: staffUpdateBodySchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (req) => ({ staff: await staff.update(auditActor(req), req.params.id, req.body) }),
  );
  app.post(
    '/staff/:id/reset-2fa',
    {
      config: { permission: 'staff:write' },
      schema: { params: staffIdParamsSchema, response: { 200: staffMemberResponseSchema } },
    },
    async (req) => ({ staff: await staff.resetTwoFactor(auditActor(req), req.params.id) }),
  );
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, opts) => {
  sessionRoutes(app, opts);
  invitationRoutes(app, opts);
  managementRoutes(app, opts);
};
