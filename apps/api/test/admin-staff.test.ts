// Staff sign-in, two-factor codes, sessions that end when they must, invitations and roles (docs/admin.md).
import { auditLog, staffSessions } from '@rangrez/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import type { MailMessage } from '../src/integrations/mail/port.ts';
import { createStaffAdmin, ensureOwner } from '../src/modules/staff/bootstrap.ts';
import { totpCode } from '../src/modules/staff/totp.ts';
import { STAFF_PASSWORD, createStaffMember, signInStaff, signedInStaff } from './admin-helpers.ts';
import { type TestApp, createTestApp, sendOutbox, signInNewUser } from './helpers.ts';

const clock = new ManualClock('2026-11-20T09:00:00.000Z');
let t: TestApp;
const mails: MailMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  const mailer = t.app.integrations.mailer;
  mailer.send = async (message) => {
    mails.push(message);
    return { messageId: `<${mails.length}@test>` };
  };
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('signing in', () => {
  it('answers the token and the member with their permissions', async () => {
    const member = await createStaffMember(t, 'catalogue');
    const res = await signInStaff(t, member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.staff).toMatchObject({
      email: member.email,
      role: 'catalogue',
      totpEnabled: false,
      mustEnrolTotp: false,
    });
    expect(body.staff.permissions).toContain('products:write');
    expect(body.staff.permissions).not.toContain('orders:read');
    const me = await get('/api/v1/admin/session', body.accessToken);
    expect(me.json().staff.email).toBe(member.email);
  });

  it('refuses a wrong password or an unknown e-mail with one message, and locks after 5 failures', async () => {
    const member = await createStaffMember(t, 'ops');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'nobody@staff.test', password: STAFF_PASSWORD },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, 'Invalid email or password']);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/session',
        payload: { email: member.email, password: 'Wrong-Password-1' },
      });
      expect(res.json().message).toBe('Invalid email or password');
    }
    const locked = await signInStaff(t, member.email);
    expect([locked.statusCode, locked.json().message]).toEqual([
      429,
      'Too many login attempts. Please try again later.',
    ]);
    expect(Number(locked.headers['retry-after'])).toBe(300);
    clock.advanceSeconds(301);
    expect((await signInStaff(t, member.email)).statusCode).toBe(200);
  });

  it('does not let a shopper account sign in to the back office', async () => {
    const shopper = await signInNewUser(t, { email: 'shopper-staff@example.in' });
    expect(shopper.userId).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'shopper-staff@example.in', password: 'Test-Password-1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a disabled member after checking the password', async () => {
    const owner = await signedInStaff(t, 'owner');
    const member = await createStaffMember(t, 'support');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    const res = await signInStaff(t, member.email);
    expect([res.statusCode, res.json().message]).toEqual([403, 'This staff account is disabled']);
  });
});

describe('two-factor sign-in', () => {
  async function enrol(token: string) {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/2fa/setup',
      headers: bearer(token),
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rangrez:.+\?.*secret=/);
    expect(qrSvg).toContain('<svg');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/2fa/confirm',
      headers: bearer(token),
      payload: { code: totpCode(secret, clock.now()) },
    });
    expect(confirm.statusCode).toBe(200);
    return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  it('asks for the code once set up, accepts each code once, and each recovery code once', async () => {
    const member = await signedInStaff(t, 'ops');
    const { secret, recoveryCodes } = await enrol(member.accessToken);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const noCode = await signInStaff(t, member.email);
    expect([noCode.statusCode, noCode.json().message]).toEqual([
      401,
      'Enter the 6-digit code from your authenticator app',
    ]);
    clock.advanceSeconds(30);
    const code = totpCode(secret, clock.now());
    expect((await signInStaff(t, member.email, code)).statusCode).toBe(200);
    const replay = await signInStaff(t, member.email, code);
    expect([replay.statusCode, replay.json().message]).toEqual([
      401,
      'That code is not valid. Try the current one, or a recovery code.',
    ]);
    const recovery = recoveryCodes[0]!.toUpperCase();
    expect((await signInStaff(t, member.email, recovery)).statusCode).toBe(200);
    expect((await signInStaff(t, member.email, recovery)).statusCode).toBe(401);
  });

  it('with STAFF_2FA=required, a member without it may only set it up', async () => {
    const strict = await createTestApp({ STAFF_2FA: 'required' }, undefined, { clock });
    try {
      const member = await signedInStaff(strict, 'owner');
      const me = await strict.app.inject({
        method: 'GET',
        url: '/api/v1/admin/session',
        headers: member.headers,
      });
      expect(me.json().staff.mustEnrolTotp).toBe(true);
      const list = await strict.app.inject({
        method: 'GET',
        url: '/api/v1/admin/staff',
        headers: member.headers,
      });
      expect([list.statusCode, list.json().message]).toEqual([
        403,
        'Two-factor authentication is required. Set it up to continue.',
      ]);
      const setup = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/admin/2fa/setup',
        headers: member.headers,
      });
      await strict.app.inject({
        method: 'POST',
        url: '/api/v1/admin/2fa/confirm',
        headers: member.headers,
        payload: { code: totpCode(setup.json().secret, clock.now()) },
      });
      const after = await strict.app.inject({
        method: 'GET',
        url: '/api/v1/admin/staff',
        headers: member.headers,
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  it('end at once when the role changes, the account is disabled, or the member signs out', async () => {
    const owner = await signedInStaff(t, 'owner');
    const a = await signedInStaff(t, 'catalogue');
    const b = await signedInStaff(t, 'support');
    const c = await signedInStaff(t, 'ops');
    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/staff/${id}`, headers: owner.headers, payload });
    expect((await patch(a.id, { role: 'ops' })).json().staff.role).toBe('ops');
    expect((await get('/api/v1/admin/session', a.accessToken)).statusCode).toBe(401);
    expect((await patch(b.id, { disabled: true })).json().staff.status).toBe('disabled');
    expect((await get('/api/v1/admin/session', b.accessToken)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/session', headers: c.headers })).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/admin/session', c.accessToken)).statusCode).toBe(401);
    const reasons = await t.database.db
      .select({ reason: staffSessions.revokedReason })
      .from(staffSessions)
      .where(eq(staffSessions.staffId, a.id));
    expect(reasons.map((r) => r.reason)).toEqual(['role changed']);
  });

  it('end after 12 hours idle, and not before', async () => {
    const member = await signedInStaff(t, 'support');
    clock.advanceSeconds(11 * 3600);
    expect((await get('/api/v1/admin/session', member.accessToken)).statusCode).toBe(200);
    clock.advanceSeconds(12 * 3600 + 60);
    expect((await get('/api/v1/admin/session', member.accessToken)).statusCode).toBe(401);
  });

  it('never let the last active owner go', async () => {
    const solo = await createTestApp({}, undefined, { clock });
    try {
      const owner = await signedInStaff(solo, 'owner');
      const res = await solo.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/staff/${owner.id}`,
        headers: owner.headers,
        payload: { role: 'ops' },
      });
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        'The shop must keep at least one active owner',
      ]);
    } finally {
      await solo.close();
    }
  });
});

describe('invitations', () => {
  async function invite(email: string, role = 'catalogue') {
    const owner = await signedInStaff(t, 'owner');
    mails.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email, role },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().staff).toMatchObject({ email: email.toLowerCase(), role, status: 'invited' });
    // The invitation is in the outbox with the change; the sender sends it.
    expect(mails).toHaveLength(0);
    await sendOutbox(t);
    const mail = mails[0]!;
    expect(mail.to).toBe(email.toLowerCase());
    const link = /(http\S+#)(\S+)/.exec(mail.text);
    expect(link?.[1]).toBe('http://shop.test/admin/accept-invitation#');
    return { owner, token: link![2]! };
  }
  const accept = (token: string, password = 'Chosen-Password-9') =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/invitations/accept', payload: { token, password } });

  it('e-mails a single-use link that signs the new member in with the role they were given', async () => {
    const { token } = await invite('Meera@Staff.test');
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations/lookup',
      payload: { token },
    });
    expect(lookup.json()).toEqual({ email: 'meera@staff.test', role: 'catalogue' });
    const weak = await accept(token, 'short');
    expect([weak.statusCode, weak.json().message]).toEqual([400, 'Password must be at least 10 characters']);
    const first = await accept(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().staff).toMatchObject({ email: 'meera@staff.test', role: 'catalogue' });
    const again = await accept(token);
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      'This invitation link is invalid or has expired',
    ]);
    expect((await signInStaff(t, 'meera@staff.test')).statusCode).toBe(401);
  });

  it('expires after 48 hours', async () => {
    const { token } = await invite('late@staff.test', 'support');
    clock.advanceSeconds(48 * 3600 + 1);
    expect((await accept(token)).json().message).toBe('This invitation link is invalid or has expired');
  });

  it('refuses to invite an address that already has an account', async () => {
    const member = await createStaffMember(t, 'ops');
    const owner = await signedInStaff(t, 'owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email: member.email, role: 'support' },
    });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'A staff account with this email already exists',
    ]);
  });
});

describe('the audit trail', () => {
  it('records who did what, with the changed fields, and filters by entity', async () => {
    const owner = await signedInStaff(t, 'owner');
    const member = await createStaffMember(t, 'support');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { role: 'ops' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?entityType=staff&entityId=${member.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().entries;
    expect(entry).toMatchObject({
      actor: owner.email,
      role: 'owner',
      action: 'staff.update',
      entityType: 'staff',
      entityId: member.id,
      before: { role: 'support' },
      after: { role: 'ops' },
    });
    const byActor = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?actor=${encodeURIComponent(owner.email.toUpperCase())}&action=staff.update`,
      headers: owner.headers,
    });
    expect(byActor.json().entries.map((e: { entityId: string }) => e.entityId)).toEqual([member.id]);
  });

  it("shows each member's own entries on their timeline, for whoever may read the staff list", async () => {
    const owner = await signedInStaff(t, 'owner');
    const member = await signedInStaff(t, 'catalogue');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { role: 'support' },
    });
    const res = await get(`/api/v1/admin/staff/${member.id}/timeline`, owner.accessToken);
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['staff.update', owner.email],
      ['staff.sign_in', member.email],
    ]);
    expect(entries[0]).toMatchObject({ before: { role: 'catalogue' }, after: { role: 'support' } });
    const ops = await signedInStaff(t, 'ops');
    const refused = await get(`/api/v1/admin/staff/${member.id}/timeline`, ops.accessToken);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your role does not allow this']);
    const bad = await get('/api/v1/admin/staff/not-an-id/timeline', owner.accessToken);
    expect([bad.statusCode, bad.json()]).toEqual([400, { success: false, message: 'id must be a staff id' }]);
  });

  it('pages newest first', async () => {
    const owner = await signedInStaff(t, 'owner');
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?limit=2',
      headers: owner.headers,
    });
    const page = first.json();
    expect(page.entries).toHaveLength(2);
    expect(Number(page.entries[0]._id)).toBeGreaterThan(Number(page.entries[1]._id));
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?limit=2&before=${page.nextBefore}`,
      headers: owner.headers,
    });
    expect(Number(next.json().entries[0]._id)).toBeLessThan(Number(page.entries[1]._id));
  });
});

describe('the first owner', () => {
  it('is created once from the settings, and keeps its password on later starts', async () => {
    const db = t.database.db;
    const first = await ensureOwner(db, clock, 'Boss@Rangrez.test', 'Owner-Password-1');
    expect(first).toEqual({ kind: 'created', email: 'boss@rangrez.test', password: null });
    expect(await ensureOwner(db, clock, 'boss@rangrez.test', 'Another-Password-2')).toEqual({
      kind: 'unchanged',
      email: 'boss@rangrez.test',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'boss@rangrez.test', password: 'Owner-Password-1' },
    });
    expect(res.json().staff.role).toBe('owner');
    const [created] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.create'), eq(auditLog.actor, 'system')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(created?.after).toEqual({ email: 'boss@rangrez.test', role: 'owner' });
  });

  it('gets a one-time password to print when none is configured', async () => {
    const outcome = await ensureOwner(t.database.db, clock, 'owner@rangrez.store', null);
    expect(outcome.kind).toBe('created');
    const password = outcome.kind === 'created' ? outcome.password : null;
    expect(password).toMatch(/^.{20,}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'owner@rangrez.store', password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('forged staff tokens', () => {
  it('refuses a token with no signature, another key, another audience or past its time, and a staff token on shop routes', async () => {
    const member = await signedInStaff(t, 'owner');
    const claims = decodeJwt(member.accessToken);
    const now = Math.floor(clock.now().getTime() / 1000);
    const signWith = (key: string, audience: string, iat: number, exp: number) =>
      new SignJWT({ sid: claims.sid, typ: 'staff' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const forged = [
      new UnsecuredJWT({ sid: claims.sid, typ: 'staff' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience(String(claims.aud))
        .setExpirationTime(now + 600)
        .encode(),
      await signWith('another-secret-that-is-long-enough-to-sign', String(claims.aud), now, now + 600),
      await signWith('another-secret-that-is-long-enough-to-sign', 'rangrez-api', now, now + 600),
    ];
    for (const token of forged) {
      const res = await get('/api/v1/admin/staff', token);
      expect([res.statusCode, res.json().message]).toEqual([401, 'Staff sign-in required']);
    }
    // The real token still works, and is no shopper's token.
    expect((await get('/api/v1/admin/staff', member.accessToken)).statusCode).toBe(200);
    const shop = await t.app.inject({ url: '/api/v1/cart', headers: bearer(member.accessToken) });
    expect(shop.statusCode).toBe(401);
  });
});

describe("the operator's command line", () => {
  it('changes roles, resets two-factor sign-in and disables through the same rules as the staff page', async () => {
    const solo = await createTestApp({}, undefined, { clock });
    try {
      const admin = createStaffAdmin(solo.database.db, clock);
      const owner = await signedInStaff(solo, 'owner');
      await expect(admin.setRole(owner.email, 'ops')).rejects.toThrow(
        'The shop must keep at least one active owner',
      );
      await expect(admin.disable(owner.email)).rejects.toThrow(
        'The shop must keep at least one active owner',
      );
      await expect(admin.disable('nobody@staff.test')).rejects.toThrow('Staff account not found');

      const member = await signedInStaff(solo, 'support');
      expect((await admin.setRole(member.email.toUpperCase(), 'catalogue')).role).toBe('catalogue');
      const after = await solo.app.inject({ url: '/api/v1/admin/session', headers: member.headers });
      expect(after.statusCode).toBe(401);
      expect((await admin.resetTwoFactor(member.email)).totpEnabled).toBe(false);
      expect((await admin.disable(member.email)).status).toBe('disabled');
      const trail = await solo.database.db
        .select({ action: auditLog.action, actor: auditLog.actor })
        .from(auditLog)
        .where(eq(auditLog.entityId, member.id))
        .orderBy(desc(auditLog.id));
      expect(trail.slice(0, 3)).toEqual([
        { action: 'staff.update', actor: 'system' },
        { action: 'staff.reset_2fa', actor: 'system' },
        { action: 'staff.update', actor: 'system' },
      ]);
    } finally {
      await solo.close();
    }
  });
});
