// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { totpConfirmResponseSchema, totpSetupResponseSchema } from '@rangrez/contract/schemas/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { SecurityPage } from './SecurityPage';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`);
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    if (call.path === '/2fa/setup')
      return apiResponse(totpSetupResponseSchema, {
        secret: SECRET,
        otpauthUrl: `otpauth://totp/Rangrez:owner?secret=${SECRET}&issuer=Rangrez`,
        qrSvg: QR,
      });
    if (call.path === '/2fa/confirm')
      return (call.body as { code: string }).code === '123456'
        ? apiResponse(totpConfirmResponseSchema, { recoveryCodes: CODES })
        : errorAnswer(STAFF_MESSAGES.totpInvalid, 400);
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function confirm(code: string) {
  fireEvent.change(screen.getByLabelText('6-digit code from the app'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
  await flush();
}

describe('SecurityPage', () => {
  it('shows the QR code as an image and the key as text, confirms a code, then shows the recovery codes once', async () => {
    renderInSession(SecurityPage, makeStaff('owner', { totpEnabled: false, mustEnrolTotp: true }));
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.enrolmentRequired);
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await flush();

    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    // Never inserted as markup: an <img> does not run what an SVG document may carry.
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect(document.querySelector('svg')).toBeNull();
    expect(screen.getByText(SECRET)).toBeTruthy();

    await confirm('12');
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    await confirm('654321');
    expect(screen.getByText(STAFF_MESSAGES.totpInvalid)).toBeTruthy();
    await confirm('123456');

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /2fa/setup',
      'POST /2fa/confirm',
      'POST /2fa/confirm',
    ]);
    const heading = screen.getByRole('heading', { name: /Store these recovery codes now/ });
    expect(document.activeElement).toBe(heading);
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
  });

  it('says two-factor sign-in is on when it is', () => {
    renderInSession(SecurityPage, makeStaff('catalogue'));
    expect(screen.getByText(/Two-factor sign-in is on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  });
});
