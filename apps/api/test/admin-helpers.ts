// Staff for the admin API's tests: created in the database with a known password, signed in through
// POST /api/v1/admin/session as the admin app would.
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@rangrez/contract/rules/staff-roles';
import { staff } from '@rangrez/db/schema';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import type { TestApp } from './helpers.ts';

export const STAFF_PASSWORD = 'Staff-Password-1';
let staffPasswordHash: Promise<string> | undefined;
let counter = 0;

export interface SignedInStaff {
  id: string;
  email: string;
  role: StaffRole;
  accessToken: string;
  headers: { authorization: string };
}

/** A staff row with STAFF_PASSWORD; `email` defaults to a fresh address. */
export async function createStaffMember(
  t: TestApp,
  role: StaffRole,
  overrides: { email?: string; totpSecret?: string | null } = {},
) {
  staffPasswordHash ??= hashPassword(STAFF_PASSWORD);
  counter += 1;
  const [row] = await t.database.db
    .insert(staff)
    .values({
      email: overrides.email ?? `${role}-${counter}-${process.pid}@staff.test`,
      role,
      passwordHash: await staffPasswordHash,
      totpSecret: overrides.totpSecret ?? null,
    })
    .returning();
  if (!row) throw new Error('createStaffMember: no row');
  return row;
}

/** Signs a member in; `totp` when their account has two-factor sign-in. */
export async function signInStaff(t: TestApp, email: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { email, password: STAFF_PASSWORD, ...(totp ? { totp } : {}) },
  });
}

/** A new member of `role`, signed in. */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const row = await createStaffMember(t, role);
  const res = await signInStaff(t, row.email);
  if (res.statusCode !== 200) throw new Error(`signedInStaff: ${res.statusCode} ${res.body}`);
  const { accessToken } = res.json() as { accessToken: string };
  return {
    id: row.id,
    email: row.email,
    role,
    accessToken,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/**
 * A multipart/form-data body for app.inject, built by hand as a browser's FormData would send it: `payload` and
 * the content-type header with its boundary.
 */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----rangrez-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
