// The back office (docs/admin.md), on a store that requires two-factor sign-in (NODE_ENV=production): the owner
// signs in, is sent to set it up and does so from the key shown by the QR code, signs out and in again with a
// code, invites a catalogue editor, who accepts the e-mailed link in another browser and sees only what the role
// may open; the owner's audit trail then names both. A catalogue editor added from the command line creates a
// product with two colours and three sizes, gives it stock, publishes it, and the shop's product page shows it.
// The sign-in page passes axe.
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousViolations } from './axe.ts';
import {
  PASSWORD,
  TEST_COLLECTION,
  expect,
  expectFailedLoads,
  freshEmail,
  hydrated,
  test,
} from './fixtures.ts';
import { OWNER } from './owner.ts';

/**
 * The authenticator's code `stepsAhead` 30-second steps from now. The server accepts one step of drift and each
 * step once, so the sign-in right after the set-up uses the next step's code instead of waiting for it.
 */
function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** On the security page: the set-up key as the page shows it, a code from it, the recovery codes once. */
async function setUpTwoFactor(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByRole('definition').textContent())!.trim();
  await page.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: /Store these recovery codes now/ })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

async function signInWithCode(page: Page, secret: string): Promise<void> {
  await signIn(page, OWNER.email, OWNER.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** The invitation link of the newest message to `to` that the file mailer wrote under the store's DATA_DIR. */
async function invitationLink(to: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let link = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml'))
          .sort();
        for (const name of names.reverse()) {
          const raw = await readFile(path.join(dir, name), 'utf8');
          if (!raw.includes(`To: ${to}`)) continue;
          // Quoted-printable: joined soft line breaks, decoded escapes.
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          link = /https?:\/\/\S+\/admin\/accept-invitation#[\w-]+/.exec(text)?.[0] ?? '';
          return link;
        }
        return '';
      },
      { message: `invitation mail to ${to}` },
    )
    .not.toBe('');
  return link;
}

/**
 * In a browser of their own: the invited editor chooses a password and is signed in, straight to the two-factor
 * set-up the store requires, with only the sections a catalogue editor may open.
 */
async function acceptInvitation(browser: Browser, link: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText('You are invited as Catalogue')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}x9`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  // The token does not stay in the address bar or the tab's history.
  expect(new URL(page.url()).hash).toBe('');
  await expect(nav(page).getByRole('link')).toHaveText(['Dashboard', 'Products', 'Reviews', 'Security']);
  await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  expect(errors, 'browser console errors of the invited editor').toEqual([]);
  await context.close();
}

test('the back-office sign-in page has no serious or critical axe violations', async ({ page }) => {
  test.slow();
  await page.goto('/admin/login');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/login');
});

test('the owner sets up two-factor sign-in and invites a catalogue editor, and the audit trail names both', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Argon2 for every sign-in and several page loads in two browsers, on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  // The store runs as in production, where two-factor sign-in is required: every page leads to its set-up.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Two-factor authentication is required. Set it up to continue.',
  );
  await expect(nav(page).getByRole('link')).toHaveText([
    'Dashboard',
    'Products',
    'Reviews',
    'Staff',
    'Audit',
    'Security',
  ]);
  const secret = await setUpTwoFactor(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await signInWithCode(page, secret);
  // The first answer asked for the code: a 401 the browser logs.
  expectFailedLoads(consoleErrors, 401, 1);

  const editor = freshEmail('editor');
  await nav(page).getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('Email', { exact: true }).fill(editor);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Catalogue' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${editor}.`)).toBeVisible();

  await acceptInvitation(browser, await invitationLink(editor));

  await nav(page).getByRole('link', { name: 'Audit' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'staff.invite' }).filter({ hasText: OWNER.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'staff.accept_invitation' }).filter({ hasText: editor })).toHaveCount(
    1,
  );
});

/** A member added as the operator does it (`npm run staff -- add`), against the e2e store; their password. */
function addStaffFromCommandLine(email: string, role: string): string {
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

/** From the products list: a new product in the specs' collection, black and white, S, M and L; its id. */
async function createProduct(page: Page, name: string): Promise<string> {
  await nav(page).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('SKU', { exact: true }).fill(`E2E-${Date.now()}`);
  await page.getByLabel('Price (₹, whole rupees)').fill('1299');
  await page.getByLabel('Category').selectOption({ label: TEST_COLLECTION.subCategory });
  for (const code of ['Bk', 'Wh']) {
    await page.getByLabel('Colour code').fill(code);
    await page.getByRole('button', { name: 'Add colour' }).click();
  }
  const sizes = page.getByRole('group', { name: 'Sizes' });
  for (const size of ['S', 'M', 'L']) await sizes.getByLabel(size, { exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/Product created/);
  return /\/admin\/products\/([\w-]+)$/.exec(page.url())![1]!;
}

/** On the product's page: 4 of each colour and size, white L sold out; then published. */
async function stockAndPublish(page: Page): Promise<void> {
  for (const colour of ['Black (Bk)', 'White (Wh)']) {
    for (const size of ['S', 'M', 'L']) {
      const stock = colour.startsWith('White') && size === 'L' ? '0' : '4';
      await page.getByLabel(`Stock, ${colour}, ${size}`).fill(stock);
    }
  }
  await expect(page.getByText(/Total stock:/)).toContainText('20');
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByRole('status')).toHaveText('Variants and stock saved.');
  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByRole('link', { name: /View in the shop/ })).toBeVisible();
}

test('a catalogue editor creates a product with its colours, sizes and stock, publishes it, and the shop shows it', async ({
  page,
}) => {
  // Argon2 at sign-in, the two-factor set-up and several saves, on a busy machine.
  test.setTimeout(120_000);
  const editor = freshEmail('catalogue');
  const password = addStaffFromCommandLine(editor, 'catalogue');
  await signIn(page, editor, password);
  await expect(page).toHaveURL(/\/admin\/security$/);
  await setUpTwoFactor(page);
  await expect(nav(page).getByRole('link')).toHaveText(['Dashboard', 'Products', 'Reviews', 'Security']);

  const name = `Kesari Zip Hoodie ${Date.now()}`;
  const id = await createProduct(page, name);
  await stockAndPublish(page);
  const timeline = page.getByRole('list', { name: 'Changes to this product' });
  await expect(timeline.getByText('product.variants')).toBeVisible();

  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('₹1,299').first()).toBeVisible();
  await expect(page.getByText('Hurry Up')).toBeVisible();
});
