// The back office (docs/admin.md), on a store that requires two-factor sign-in (NODE_ENV=production): the owner
// signs in, is sent to set it up and does so from the key shown by the QR code, signs out and in again with a
// code, invites a catalogue editor, who accepts the e-mailed link in another browser, sees only what the role may
// open, sets up their own two-factor sign-in and lists a product: two colours, three sizes, a photo per colour,
// one size of one colour down to its last unit, published. A shopper buys that unit with cash on delivery and the
// product page then shows the size sold out in that colour only; the owner's audit trail names every step and
// who took it. A catalogue editor added from the command line creates a product with two colours and three
// sizes, gives it stock, publishes it, and the shop's product page shows it. The sign-in page passes axe.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { addStaffFromCommandLine, nav, notice, setUpTwoFactor, signIn, totpCode } from './back-office.ts';
import {
  PASSWORD,
  TEST_COLLECTION,
  expect,
  expectFailedLoads,
  freshEmail,
  hydrated,
  signUp,
  signedIn,
  test,
} from './fixtures.ts';
import { mailTo } from './mailbox.ts';
import { OWNER } from './owner.ts';
import { solidPng } from './png.ts';

async function signInWithCode(page: Page, secret: string): Promise<void> {
  await signIn(page, OWNER.email, OWNER.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** The invitation link in the newest invitation to `to`. */
async function invitationLink(to: string): Promise<string> {
  const link = /https?:\/\/\S+\/admin\/accept-invitation#[\w-]+/;
  return link.exec(await mailTo(to, link))![0];
}

/**
 * In a browser of their own: the invited editor chooses a password and is signed in, straight to the two-factor
 * set-up the store requires, with only the sections a catalogue editor may open. Answers the editor's page; its
 * browser stays open until `close`, which also fails on any console error it saw.
 */
async function acceptInvitation(
  browser: Browser,
  link: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText('You are invited as Catalogue')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}x9`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  // The token does not stay in the address bar or the tab's history.
  expect(new URL(page.url()).hash).toBe('');
  await expect(nav(page).getByRole('link')).toHaveText([
    'Dashboard',
    'Products',
    'Import',
    'Slides',
    'Promotions',
    'Reviews',
    'Search',
    'Back in stock',
    'Subscribers',
    'Categories',
    'Security',
  ]);
  await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  return { page, close: () => closeWatched(context, errors, 'the invited editor') };
}

/** A second browser's console errors and uncaught exceptions, which the fixture's guard does not see. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  return errors;
}

async function closeWatched(context: BrowserContext, errors: string[], who: string): Promise<void> {
  await context.close();
  expect(errors, `browser console errors of ${who}`).toEqual([]);
}

test('the back-office sign-in page has no serious or critical axe violations', async ({ page }) => {
  test.slow();
  await page.goto('/admin/login');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/login');
});

test('the owner invites a catalogue editor who lists a product with photos, a shopper buys its last unit in one size, and the audit trail names every step', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // Argon2 for every sign-in, uploads, saves and a checkout, in three browsers, on a busy machine.
  test.setTimeout(300_000);
  await signIn(page, OWNER.email, OWNER.password);
  // The store runs as in production, where two-factor sign-in is required: every page leads to its set-up.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Two-factor authentication is required. Set it up to continue.',
  );
  await expect(nav(page).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    /^Needs action/,
    'Products',
    'Import',
    'Slides',
    'Promotions',
    'Reviews',
    'Returns',
    'Search',
    'Back in stock',
    'Subscribers',
    'Books',
    'Categories',
    'Settings',
    'Delivery',
    'COD rules',
    'RTO',
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

  const invited = await acceptInvitation(browser, await invitationLink(editor));
  await setUpTwoFactor(invited.page);
  const name = `Kesari Zip Hoodie ${Date.now()}`;
  const id = await createProduct(invited.page, name);
  // White M is down to its last unit.
  await setStock(invited.page, (colour, size) => (colour === 'White (Wh)' && size === 'M' ? '1' : '4'), 21);
  await uploadPhotos(invited.page);
  await publish(invited.page);
  await invited.close();

  await buyLastUnit(browser, request, id, name);

  await nav(page).getByRole('link', { name: 'Audit' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'staff.invite' }).filter({ hasText: OWNER.email })).toHaveCount(1);
  for (const action of [
    'staff.accept_invitation',
    'product.create',
    'product.variants',
    'product.images',
    // Publishing.
    'product.update',
  ]) {
    await expect(
      rows.filter({ hasText: action }).filter({ hasText: editor }),
      `${action} by ${editor}`,
    ).toHaveCount(1);
  }
});

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
  await expect(notice(page)).toHaveText(/Product created/);
  return /\/admin\/products\/([\w-]+)$/.exec(page.url())![1]!;
}

const COLOURS = ['Black (Bk)', 'White (Wh)'] as const;

/** On the product's page: each colour and size's stock as `stockOf` says, saved; the page adds them to `total`. */
async function setStock(
  page: Page,
  stockOf: (colour: string, size: string) => string,
  total: number,
): Promise<void> {
  for (const colour of COLOURS) {
    for (const size of ['S', 'M', 'L']) {
      await page.getByLabel(`Stock, ${colour}, ${size}`).fill(stockOf(colour, size));
    }
  }
  await expect(page.getByText(/Total stock:/)).toContainText(String(total));
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(notice(page)).toHaveText('Variants and stock saved.');
}

async function publish(page: Page): Promise<void> {
  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice(page)).toHaveText('Saved.');
  await expect(page.getByRole('link', { name: /View in the shop/ })).toBeVisible();
}

/** On the product's page: a photo for each colour, through its file button, with its alt text; then saved. */
async function uploadPhotos(page: Page): Promise<void> {
  const pixels = { 'Black (Bk)': [28, 25, 23], 'White (Wh)': [245, 245, 244] } as const;
  for (const colour of COLOURS) {
    await page.getByLabel(`Images for ${colour}`, { exact: true }).setInputFiles({
      name: `${colour}.png`,
      mimeType: 'image/png',
      // The store refuses photos under 600 px wide.
      buffer: solidPng(640, 800, pixels[colour]),
    });
    const gallery = page.getByRole('list', { name: `Images, ${colour}` });
    await expect(gallery.locator('img')).toHaveCount(1);
    await page.getByLabel(`Alt text, ${colour}, image 1`).fill(`Zip hoodie in ${colour}`);
  }
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(notice(page)).toHaveText('Images saved.');
  await expect(page.getByRole('img', { name: 'Zip hoodie in White (Wh)' })).toBeVisible();
}

/** A PIN the store knows, and the address lines a new account does not have yet. */
async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel('Door No.').fill('12B');
  await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
  await page.getByLabel('PIN Code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
}

/**
 * A new shopper, in a browser of their own, buys white M's last unit cash on delivery through the cart and the
 * checkout; the product page then shows M sold out in white only.
 */
async function buyLastUnit(browser: Browser, request: APIRequestContext, id: string, name: string) {
  const session = await signUp(request, 'last-unit');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signedIn(page, session);
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const colours = page.getByRole('group', { name: /^Colour/ });
  // The size fieldset's legend sits in a row with the size chart's button, so it does not name the group: the
  // page has no other button named by a size.
  const sizes = page;
  await colours.getByRole('button', { name: 'White', exact: true }).click();
  await sizes.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(name).first()).toBeVisible();
  await page
    .getByRole('button', { name: 'Checkout', exact: true })
    .or(page.getByRole('link', { name: 'Checkout', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/place-order$/);
  await fillAddress(page);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();

  // The order's commit reaches the catalogue's caches through the database: the page may need a reload or two.
  await expect(async () => {
    await page.goto(`/product/${id}`);
    await hydrated(page);
    await colours.getByRole('button', { name: 'White', exact: true }).click();
    await expect(sizes.getByRole('button', { name: 'M', exact: true })).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  for (const size of ['S', 'L'])
    await expect(sizes.getByRole('button', { name: size, exact: true })).toBeEnabled();
  await colours.getByRole('button', { name: 'Black', exact: true }).click();
  for (const size of ['S', 'M', 'L'])
    await expect(sizes.getByRole('button', { name: size, exact: true })).toBeEnabled();
  await closeWatched(context, errors, 'the shopper');
}

test('a catalogue editor creates a product with its colours, sizes, stock and MRP rule, publishes it, and the shop shows it', async ({
  page,
}) => {
  // Argon2 at sign-in, the two-factor set-up and several saves, on a busy machine.
  test.setTimeout(120_000);
  const editor = freshEmail('catalogue');
  const password = addStaffFromCommandLine(editor, 'catalogue');
  await signIn(page, editor, password);
  await expect(page).toHaveURL(/\/admin\/security$/);
  await setUpTwoFactor(page);
  await expect(nav(page).getByRole('link')).toHaveText([
    'Dashboard',
    'Products',
    'Import',
    'Slides',
    'Promotions',
    'Reviews',
    'Search',
    'Back in stock',
    'Subscribers',
    'Categories',
    'Security',
  ]);

  const name = `Kesari Zip Hoodie ${Date.now()}`;
  const id = await createProduct(page, name);
  // 4 of each colour and size, white L sold out.
  await setStock(page, (colour, size) => (colour === 'White (Wh)' && size === 'L' ? '0' : '4'), 20);
  await publish(page);
  const timeline = page.getByRole('list', { name: 'Changes to this product' });
  await expect(timeline.getByText('product.variants')).toBeVisible();
  // A declared MRP instead of price + ₹300: (1999 - 1299) / 1999 = 35% off.
  await page.getByLabel('MRP rule').selectOption('A declared MRP');
  await page.getByLabel('MRP (₹)').fill('1999');
  await expect(page.getByText('Shoppers see MRP ₹1,999 crossed out: save 35%.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(timeline.getByText('MRP ₹1,999')).toBeVisible();

  await page.goto(`/product/${id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('₹1,299').first()).toBeVisible();
  await expect(page.locator('s', { hasText: '₹1,999' }).first()).toHaveText('MRP ₹1,999');
  await expect(page.getByText('Save 35%').first()).toBeVisible();
  await expect(page.getByText('Hurry Up')).toBeVisible();
});
