// Forgotten passwords and pasted phone numbers in the browser: 'Forgot password?' on the sign-in page, the link in
// the e-mail the outbox wrote to a file, a new password that signs in (and the old one that no longer does), and a
// phone and PIN pasted into checkout with their separators, which keep every digit (docs/accounts.md).
import {
  PASSWORD,
  addToCart,
  expect,
  expectFailedLoads,
  openSignIn,
  signInWithForm,
  signUp,
  signedIn,
  test,
} from './fixtures.ts';
import { mailTo } from './mailbox.ts';

const NEW_PASSWORD = 'N3w!password';

test('a forgotten password is reset through the e-mailed link, and the new one signs in', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The outbox's sender looks every 10 seconds: the e-mail may take that long.
  test.slow();
  const session = await signUp(request, 'forgot');
  const email = session.user.email;

  await openSignIn(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this e-mail, we have sent a link.',
  );

  const mail = await mailTo(email, /Reset your Rangrez password/);
  const link = /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link).toBeDefined();
  const { pathname, hash } = new URL(link!);
  await page.goto(`${pathname}${hash}`);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  // The button is enabled once the page has read the link's token in the browser, i.e. once it is hydrated:
  // typing before that would be typing into the server's HTML, which React then resets.
  await expect(page.getByRole('button', { name: 'Set password' })).toBeEnabled();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password must be stronger')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been set. Please sign in with your new password.',
  );

  // The link works once.
  const again = await request.post('/api/v1/password/reset', {
    data: { token: hash.slice(1), password: 'An0ther!pass' },
  });
  expect(again.status()).toBe(400);
  // The session signed up with is over.
  const refreshed = await request.post('/api/v1/refresh-token', {
    data: { refreshToken: session.refreshToken },
  });
  expect(refreshed.status()).toBe(401);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText('Incorrect password.')).toBeVisible();
  expectFailedLoads(consoleErrors, 400, 1);
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a phone and a PIN pasted into checkout keep every digit', async ({ page, request, createProduct }) => {
  const session = await signUp(request, 'paste');
  await addToCart(request, session, await createProduct());
  await signedIn(page, session);
  await page.goto('/place-order');

  const phone = page.getByLabel('Phone Number');
  await phone.fill('');
  // insertText is what a paste does: one insertion, which a maxLength would cut before the page saw it.
  await phone.focus();
  await page.keyboard.insertText('98765 43210');
  await expect(phone).toHaveValue('9876543210');
  await phone.fill('');
  await phone.focus();
  await page.keyboard.insertText('+91 98765 43210');
  await expect(phone).toHaveValue('9876543210');

  const pin = page.getByLabel('PIN Code');
  await pin.focus();
  await page.keyboard.insertText('56 00-01');
  await expect(pin).toHaveValue('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
});
