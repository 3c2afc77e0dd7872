// The back office's API kernel (docs/admin.md#the-admin-api), for every route under /api/v1/admin:
//
// - Deny by default: each route declares the permission it needs next to its path
//   (`config: { permission: 'products:write' }`), 'signed-in' for any staff member, or 'public' for sign-in
//   and invitations. Registering an admin route without one fails at start-up, and admin-permissions.test.ts
//   reads the route table.
// - Staff only: a staff bearer token of a live session. No token or a bad one is 401; a shopper's valid token
//   is 403, as is a role without the permission. While two-factor sign-in is required but not set up, only the
//   'signed-in' routes (the set-up itself) answer.
// - Audited: handlers change data only through `req.change(what, fn)`, a transaction that commits only with
//   an audit row written by `fn` (modules/audit).
import {
  type Permission,
  STAFF_MESSAGES,
  type StaffRole,
  roleCan,
} from '@rangrez/contract/rules/staff-roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../lib/db.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { type AuditActor, type AuditedChange, auditedChange } from '../modules/audit/index.ts';

export type RoutePermission = Permission | 'signed-in' | 'public';

/** The staff member behind an admin request. */
export interface StaffCaller {
  id: string;
  email: string;
  role: StaffRole;
  sessionId: string;
  totpEnabled: boolean;
  /** Two-factor sign-in is required and not set up: only the 'signed-in' routes (the set-up) answer. */
  mustEnrolTotp: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an admin route needs (plugins/admin.ts). Required on every route under /api/v1/admin. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** The staff member behind an admin request; null on public routes and outside /admin. */
    staff: StaffCaller | null;
  }
}

export interface AdminKernelOptions {
  db: Db;
  /** The staff member behind a staff token, or null when it is invalid, expired or revoked. */
  authenticateStaff(token: string): Promise<StaffCaller | null>;
  /** Whether the token is a valid shopper token (answered 403, not 401: it is valid, just not staff). */
  isShopperToken(token: string): Promise<boolean>;
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-_.~+/]+=*)[ \t]*$/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isMutating = (method: string) => MUTATING.has(method.toUpperCase());

/** The caller of an admin route that is not public; 401 if the kernel did not set one. */
export function staffCaller(req: FastifyRequest): StaffCaller {
  if (!req.staff) throw unauthorized(STAFF_MESSAGES.notStaff);
  return req.staff;
}

/** Who changes things in this request, for the audit row. */
export function auditActor(req: FastifyRequest): AuditActor {
  const staff = staffCaller(req);
  return { id: staff.id, email: staff.email, role: staff.role, requestId: String(req.id), ip: req.ip };
}

/** Runs `fn` in a transaction that must write an audit row (modules/audit auditedChange). */
export function changeAudited<T>(
  db: Db,
  req: FastifyRequest,
  what: string,
  fn: (c: AuditedChange) => Promise<T>,
): Promise<T> {
  return auditedChange(db, auditActor(req), what, fn);
}

async function authorise(
  opts: AdminKernelOptions,
  req: FastifyRequest,
  permission: Exclude<RoutePermission, 'public'>,
) {
  const header = req.headers.authorization;
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token || token.length > 4096) throw unauthorized(STAFF_MESSAGES.notStaff);
  const staff = await opts.authenticateStaff(token);
  if (!staff) {
    if (await opts.isShopperToken(token)) throw forbidden(STAFF_MESSAGES.notStaff);
    throw unauthorized(STAFF_MESSAGES.notStaff);
  }
  req.staff = staff;
  if (permission === 'signed-in') return;
  if (staff.mustEnrolTotp) throw forbidden(STAFF_MESSAGES.enrolmentRequired);
  if (!roleCan(staff.role, permission)) throw forbidden(STAFF_MESSAGES.forbidden);
}

/**
 * Installs the kernel on the /admin scope: call it first inside that scope, before its routes are added, so the
 * route check sees every one of them.
 */
export function registerAdminKernel(scope: FastifyInstance, opts: AdminKernelOptions): void {
  scope.decorateRequest('staff', null);
  scope.addHook('onRoute', (route) => {
    const permission = (route.config as { permission?: RoutePermission } | undefined)?.permission;
    if (!permission) {
      const methods = [route.method].flat().join(',');
      throw new Error(`Admin route ${methods} ${route.url} declares no permission (plugins/admin.ts)`);
    }
  });
  scope.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config.permission;
    // Unknown admin paths reach the scope's not-found handler without a route config: nothing to authorise.
    if (permission === undefined || permission === 'public') return;
    await authorise(opts, req, permission);
  });
}
