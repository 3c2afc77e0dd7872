// What the back-office specs share: the authenticator's codes, the sign-in form, the two-factor set-up, staff added
// from the command line, and a signed-in owner per worker for the specs that test pages rather than signing in.
// The e2e store requires two-factor sign-in (playwright.config.ts), so every member sets it up first.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, freshEmail, hydrated, test as base } from './fixtures.ts';

/**
 * The authenticator's code `stepsAhead` 30-second steps from now. The server accepts one step of drift and each
 * step once, so the sign-in right after the set-up uses the next step's code instead of waiting for it.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

/**
 * The page's notice of what just happened. A list that is reordered by dragging has a status region of its own for
 * its announcements, silent until a drag: the notice is the status region that says something.
 */
export const notice = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

/** The sign-in form, filled and sent; what follows (the code, the security page) is the caller's. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** On the security page: the set-up key as the page shows it, a code from it, the recovery codes once. */
export async function setUpTwoFactor(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByRole('definition').textContent())!.trim();
  await page.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: /Store these recovery codes now/ })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

/** A member added as the operator does it (`npm run staff -- add`), against the e2e store; their password. */
export function addStaffFromCommandLine(email: string, role: string): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/staff.ts', 'add', email, role],
    {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  const password = /One-time password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`no one-time password in: ${out}`);
  return password;
}

/** A signed-in staff member: what the admin app keeps in the tab's sessionStorage, and their e-mail. */
export interface StaffSession {
  email: string;
  accessToken: string;
}

/** The admin app's key for the tab's token (features/admin/api.ts). */
const TOKEN_KEY = 'rangrez.adminToken';

/**
 * `owner`: one owner per worker, added from the command line and signed in with two-factor set up through the API
 * (admin.spec.ts goes through those screens), so the specs that test the pages themselves pay for Argon2 once.
 * `openBackOffice` opens a back-office page in that owner's session, as a sign-in would have left the tab.
 */
export const test = base.extend<{ openBackOffice: (path: string) => Promise<void> }, { owner: StaffSession }>(
  {
    owner: [
      async ({ playwright }, use, workerInfo) => {
        const email = freshEmail('owner');
        const password = addStaffFromCommandLine(email, 'owner');
        const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const signedIn = await api.post('/api/v1/admin/session', { data: { email, password } });
        expect(signedIn.status()).toBe(200);
        const { accessToken } = (await signedIn.json()) as { accessToken: string };
        const headers = { authorization: `Bearer ${accessToken}` };
        const setup = await api.post('/api/v1/admin/2fa/setup', { headers });
        const { secret } = (await setup.json()) as { secret: string };
        const confirmed = await api.post('/api/v1/admin/2fa/confirm', {
          headers,
          data: { code: totpCode(secret) },
        });
        expect(confirmed.status()).toBe(200);
        await api.dispose();
        await use({ email, accessToken });
      },
      { scope: 'worker', timeout: 60_000 },
    ],
    openBackOffice: async ({ page, owner }, use) => {
      await page.addInitScript(
        ([key, token]) => window.sessionStorage.setItem(key!, token!),
        [TOKEN_KEY, owner.accessToken],
      );
      await use(async (target) => {
        await page.goto(target);
        await hydrated(page);
        await expect(nav(page)).toBeVisible();
      });
    },
  },
);

export { expect };
