// Accounts in the browser: sign-up, sign-out, sign-in, the profile, Google sign-in through the local
// stand-in, the route guard and the login lock-out. Every test uses its own fresh e-mail address, so tests do
// not share accounts or lock-out counters.
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  expect,
  expectFailedLoads,
  freshEmail,
  openSignIn,
  signInWithForm,
  signUp,
  test,
} from './fixtures.ts';

/** Edits the profile through its checks (required name, avatar URL) and saves a new first name and address. */
async function editProfile(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

  await page.getByLabel('First Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name and last name are required')).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeFocused();

  await page.getByLabel('First Name').fill('Riyaa');
  await page.getByLabel('Avatar URL').fill('not a url');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid avatar URL')).toBeVisible();
  await page.getByLabel('Avatar URL').fill('');

  await page.getByLabel('Door No.').fill('12B');
  await page.getByLabel('Street').fill('Linking Road');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Pincode').fill('400050');
  await page.getByLabel('Country').fill('India');
  const update = page.waitForRequest(
    (req) => req.method() === 'PUT' && req.url().includes('/api/v1/user/update/'),
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Only the changed fields are sent; never the e-mail.
  expect((await update).postDataJSON()).toEqual({
    firstName: 'Riyaa',
    address: {
      doorNo: '12B',
      street: 'Linking Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
      country: 'India',
    },
  });
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  // After 3 s the message goes and the page returns to read mode.
  await expect(page.getByText('Profile updated successfully!')).toBeHidden({ timeout: 6000 });
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
}

test('sign up, sign out, sign in again and edit the profile', async ({ page, consoleErrors }) => {
  const email = freshEmail('flow');
  await openSignIn(page, '/signup');
  await page.getByLabel('First Name').fill('Riya');
  await page.getByLabel('Last Name').fill('Kapoor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(page.getByText('Password strength: Weak')).toBeVisible();
  await page.getByLabel('Phone Number').fill('98765 43210');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be stronger')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed in: the profile menu greets by first name and offers Log Out.
  const menuButton = page.getByRole('button', { name: 'Account menu for Riya' });
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')]),
  ).toEqual([null, null]);

  // Signing up again with the same e-mail is refused in the documented words.
  await openSignIn(page, '/signup');
  await page.getByLabel('First Name').fill('Riya');
  await page.getByLabel('Last Name').fill('Kapoor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This email is already registered. Please use a different email.',
  );
  expectFailedLoads(consoleErrors, 409, 1);

  await openSignIn(page, '/login');
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Account menu for Riya' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await editProfile(page, email);

  // The change is on the server, not only in this tab.
  await page.evaluate(() =>
    localStorage.setItem(
      'user',
      JSON.stringify({ ...JSON.parse(localStorage.getItem('user')!), firstName: 'Stale' }),
    ),
  );
  await page.reload();
  await expect(page.getByText('Riyaa Kapoor')).toBeVisible();
  await expect(page.getByText('400050')).toBeVisible();
});

test('a protected page sends a signed-out visitor to sign in and back', async ({ page, request }) => {
  const { email } = (await signUp(request, 'guard', { firstName: 'Kabir', lastName: 'Rao' })).user;

  // Server-rendered as loading (the session lives in the browser), then redirected.
  const html = await (await request.get('/profile')).text();
  expect(html).toContain('Loading your session');

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile$/);
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/signup?returnTo=%2Fprofile',
  );
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Kabir Rao')).toBeVisible();

  // Signed in, /login goes straight to returnTo; an off-site returnTo falls back to the home page.
  await page.goto('/login?returnTo=%2F%2Fevil.example');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // The session survives a reload and is shared with a new tab of the same browser.
  const other = await page.context().newPage();
  await other.goto('/orders');
  await expect(other.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await other.close();
});

test('Google sign-in through the stand-in popup', async ({ page }) => {
  const email = freshEmail('google');
  await openSignIn(page, '/login?returnTo=%2Fprofile');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await popup.getByLabel('Use another account').check();
  await popup.getByLabel('Email (another account)').fill(email);
  await popup.getByLabel('Name (another account)').fill('Meher Ali');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Meher Ali')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('closing the Google popup without choosing an account says so', async ({ page }) => {
  await openSignIn(page, '/signup');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText('Google signup failed. Please try again.');
});

test('five wrong passwords lock the form with a countdown that survives a reload', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { email } = (await signUp(request, 'lock', { firstName: 'Lock', lastName: 'Test' })).user;

  await page.clock.install();
  await openSignIn(page, '/login');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signInWithForm(page, email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect password.');
  }
  await signInWithForm(page, email, 'wrong-password');
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText(/^Too many login attempts\. Please try again in (5:00|4:59) minutes\.$/);
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();

  // Stop the page's clock one minute into the lock, then let it tick.
  const lockedUntil = Number(await page.evaluate(() => localStorage.getItem('loginLockedUntil')));
  await page.clock.pauseAt(lockedUntil - 240_000);
  await expect(banner).toHaveText('Too many login attempts. Please try again in 4:00 minutes.');
  await page.clock.runFor(1000);
  await expect(banner).toHaveText('Too many login attempts. Please try again in 3:59 minutes.');

  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many login attempts\. Please try again in 3:5\d minutes\.$/,
  );
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();

  await page.clock.runFor(240_000);
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByLabel('Email', { exact: true })).toBeEnabled();
  expectFailedLoads(consoleErrors, 400, 5);
});
