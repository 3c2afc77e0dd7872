// The back office's own calls under /api/v1/admin (docs/admin.md): staff sign-in with two-factor codes, staff
// management and the audit trail. Staff are not shoppers: their tokens, sessions and schemas are their own.

import { z } from 'zod';
import { PERMISSIONS, STAFF_MESSAGES, STAFF_ROLES } from '../rules/staff-roles.ts';
import { isEmailAddress, isUuid } from '../rules/patterns.ts';
import { passwordStrength } from '../rules/password-strength.ts';
import { idSchema, isoDateTimeSchema, requiredText } from './basics.ts';

const staffEmailSchema = requiredText('email', 254, 'Email is required')
  .transform((email) => email.toLowerCase())
  .refine(isEmailAddress, 'Invalid email format');

/** A staff password: at least 10 characters and 3 of the 5 strength checks (staff reach customers' data). */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const staffPasswordSchema = z
  .string({ error: 'password is required' })
  .min(STAFF_PASSWORD_MIN_LENGTH, `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'password must be at most 128 characters')
  .refine((password) => passwordStrength(password).isValid, 'Password must be stronger');

export const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `role must be one of ${STAFF_ROLES.join(', ')}`,
});
export const permissionSchema = z.enum(PERMISSIONS);

const totpCodeSchema = z
  .string({ error: 'totp must be text' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

/** POST /admin/session: `totp` is the authenticator's code, or a recovery code in its place. */
export const adminSessionBodySchema = z.object({
  email: staffEmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  totp: z
    .string({ error: 'totp must be text' })
    .trim()
    .max(32, 'totp must be at most 32 characters')
    .optional()
    .transform((v) => v || undefined),
});
export type AdminSessionBody = z.infer<typeof adminSessionBodySchema>;

/** The signed-in staff member as the admin app needs them. */
export const staffSelfSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
  totpEnabled: z.boolean(),
  /** Two-factor sign-in is required and not set up yet: only the set-up calls answer until it is. */
  mustEnrolTotp: z.boolean(),
});
export type StaffSelf = z.infer<typeof staffSelfSchema>;

/** POST /admin/session, POST /admin/invitations/{token}: the token is sent as a bearer on every admin call. */
export const adminSessionResponseSchema = z.object({
  accessToken: z.string(),
  staff: staffSelfSchema,
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;

export const staffSelfResponseSchema = z.object({ staff: staffSelfSchema });

/** POST /admin/2fa/setup: a new secret, shown once as a QR code and as text. */
export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });
/** POST /admin/2fa/confirm: the recovery codes, shown once; only their hashes are kept. */
export const totpConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;

export const staffMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  totpEnabled: z.boolean(),
  createdAt: isoDateTimeSchema,
  lastSignInAt: isoDateTimeSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ staff: staffMemberSchema });

/** POST /admin/staff: invite someone by e-mail; the link works once, for 48 hours. */
export const staffInviteBodySchema = z.object({ email: staffEmailSchema, role: staffRoleSchema });
export type StaffInviteBody = z.infer<typeof staffInviteBodySchema>;

/** PATCH /admin/staff/{id} */
export const staffUpdateBodySchema = z
  .object({
    role: staffRoleSchema.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Nothing to change');
export type StaffUpdateBody = z.infer<typeof staffUpdateBodySchema>;

export const staffIdParamsSchema = z.object({ id: idSchema('id').refine(isUuid, 'id must be a staff id') });

// The invitation token travels in request bodies, never in a URL, so it does not end up in access logs; the
// e-mailed link carries it after '#', which browsers do not send either.
const invitationTokenSchema = requiredText('token', 200, STAFF_MESSAGES.invitationInvalid);

/** POST /admin/invitations/lookup: whom the link invites, before they choose a password. */
export const invitationLookupBodySchema = z.object({ token: invitationTokenSchema });
export const invitationResponseSchema = z.object({ email: z.string(), role: staffRoleSchema });
/** POST /admin/invitations/accept: answers a signed-in session, like POST /admin/session. */
export const invitationAcceptBodySchema = z.object({
  token: invitationTokenSchema,
  password: staffPasswordSchema,
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;

// ---------------------------------------------------------------- audit trail

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** The staff member's e-mail; 'system' for changes made by the store itself or the operator's CLI. */
  actor: z.string(),
  role: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** The changed fields before and after (a field diff), null where there was no before (creation) or after. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string(),
  ip: z.string(),
  at: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalFilter = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const optionalDate = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), `${field} must be a date`);

/** GET /admin/audit: newest first, a page at a time (`before` is the last entry's id of the previous page). */
export const auditQuerySchema = z.object({
  actor: optionalFilter('actor', 254),
  entityType: optionalFilter('entityType', 50),
  entityId: optionalFilter('entityId', 100),
  action: optionalFilter('action', 100),
  from: optionalDate('from'),
  to: optionalDate('to'),
  before: z.coerce.number({ error: 'before must be a number' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
