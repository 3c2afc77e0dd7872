// The welcome offer end to end (docs/newsletter.md): subscribe in the About page's newsletter box, confirm from
// the e-mail file, receive the single-use code, apply it at checkout on a first order, pay, see the saving on the
// order, see the code refused on a second order, and unsubscribe with one click from the e-mail's link.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type Product,
  addToCart,
  expect,
  expectFailedLoads,
  freshEmail,
  freshPhone,
  hydrated,
  openSignIn,
  PASSWORD,
  signedIn,
  signUp,
  test,
} from './fixtures.ts';
import { mailTo } from './mailbox.ts';

const summaryRow = (scope: Locator, label: string) =>
  scope
    .locator('dl > div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** Checkout with the delivery address filled in and `code` applied; answers the order summary. */
async function checkoutWithCode(page: Page, phone: string, code: string): Promise<Locator> {
  await page.goto('/place-order');
  await hydrated(page);
  await page.getByLabel('Door No.').fill('4');
  await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
  await page.getByLabel('PIN Code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  return page.getByRole('complementary', { name: 'Order Summary' });
}

/** A first order paid online with the welcome code: the saving in the summary, on the success page and in My Orders. */
async function payFirstOrderWithCode(page: Page, request: APIRequestContext, product: Product, code: string) {
  const saved = Math.min(Math.floor(product.price * 0.2), 300);
  const shopper = await signUp(request, 'welcome-buyer');
  const phone = freshPhone();
  await addToCart(request, shopper, product);
  await signedIn(page, shopper);
  const summary = await checkoutWithCode(page, phone, code);
  await expect(summary.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(summaryRow(summary, 'Welcome offer: 20% off your first order')).toHaveText(
    `-${rupees(saved)}`,
  );
  await expect(summaryRow(summary, 'Total')).toHaveText(rupees(product.price - saved));
  await expect(page.getByLabel(/Online/)).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText('Test payment (Razorpay sandbox)');
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByText(`Total: ${rupees(product.price - saved)}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offers applied' })).toHaveText(
    `Welcome offer: 20% off your first order: -${rupees(saved)}`,
  );
  const orderId = (await page.getByTestId('order-id').textContent())!;
  await page.getByRole('link', { name: 'View Orders' }).click();
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  await row.click();
  const details = page
    .locator(`[id="${await row.getAttribute('aria-controls')}"]`)
    .getByLabel('Order summary');
  await expect(summaryRow(details, 'Welcome offer: 20% off your first order')).toHaveText(
    `-${rupees(saved)}`,
  );

  return { shopper, phone };
}

test('subscribe on About, confirm from the e-mail, get the welcome code, pay a first order with it, unsubscribe', async ({
  page,
  request,
  createProduct,
  consoleErrors,
}) => {
  test.slow();
  const email = freshEmail('welcome');
  await page.goto('/about');
  await hydrated(page);
  const box = page.getByRole('region', { name: 'Join the Rangrez Newsletter' });
  await expect(
    box.getByText('New drops first, and 20% off your first order as a welcome gift.'),
  ).toBeVisible();
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByText('Please tick the box to agree to our e-mails')).toBeVisible();
  await expect(box.getByLabel('Send me new drops and offers. Unsubscribe any time.')).toBeFocused();
  await box.getByLabel('Send me new drops and offers. Unsubscribe any time.').check();
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText(
    'Almost there! Check your inbox and open the link we sent to confirm your subscription.',
  );

  const confirmLink = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/;
  const confirmation = await mailTo(email, confirmLink);
  expect(confirmation).toMatch(/^Subject: Confirm your Rangrez newsletter subscription\r?$/m);
  expect(confirmation).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  await page.goto(confirmLink.exec(confirmation)![0]);
  await expect(page.getByRole('heading', { name: 'Newsletter subscription' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'You are subscribed. Your welcome code is on its way to your inbox.',
  );

  const welcome = await mailTo(email, /Your code: WELCOME-/);
  const code = /Your code: (WELCOME-[A-Z0-9]+)/.exec(welcome)![1]!;
  expect(welcome).toContain('20% off your first order, up to ₹300.');
  expect(welcome.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
    /^List-Unsubscribe: <https?:\/\/\S+\/api\/v1\/newsletter\/unsubscribe\?token\S+>, <mailto:\S+>\r?$/m,
  );

  // The code at checkout on a first order, paid online; the saved amount on the order; refused on a second.
  const { shopper, phone } = await payFirstOrderWithCode(page, request, await createProduct(), code);
  await addToCart(request, shopper, await createProduct());
  await checkoutWithCode(page, phone, code);
  await expect(page.getByRole('alert')).toHaveText('This code has already been used.');
  // That refusal's answer.
  expectFailedLoads(consoleErrors, 400, 1);

  // The visible link at the foot of the e-mail (the header's one-click URL is for mail programs).
  const unsubscribeLink = /Unsubscribe: (https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+)/;
  await page.goto(unsubscribeLink.exec(welcome)![1]!);
  await expect(page.getByRole('heading', { name: 'Newsletter', exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'You have been unsubscribed. You will not get any more newsletter e-mails from us.',
  );
});

test('sign-up offers the same: the ticked box sends the new account the confirmation e-mail', async ({
  page,
}) => {
  const email = freshEmail('welcome-signup');
  await openSignIn(page, '/signup');
  await expect(
    page.getByText(
      'Get 20% off your first order: we e-mail your welcome code once you confirm your address.',
    ),
  ).toBeVisible();
  await page.getByLabel('First Name').fill('Ira');
  await page.getByLabel('Last Name').fill('Menon');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByLabel('Send me new drops and offers. Unsubscribe any time.').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const confirmation = await mailTo(email, /\/newsletter\/confirm\?token=/);
  expect(confirmation).toMatch(/^Subject: Confirm your Rangrez newsletter subscription\r?$/m);
});
