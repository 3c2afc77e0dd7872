// The welcome offer end to end (docs/newsletter.md): subscribe in the About page's newsletter box, confirm from
// the e-mail file, receive the single-use code, and unsubscribe with one click from the e-mail's link. The code is
// then used once on a first order through the API and refused on a second.
import {
  type Product,
  type Session,
  bearer,
  expect,
  freshEmail,
  hydrated,
  openSignIn,
  PASSWORD,
  signUp,
  test,
} from './fixtures.ts';
import { mailTo } from './mailbox.ts';

/** A first order for a shopper nobody else is: its own e-mail and phone decide "first order" (decision 029). */
function firstOrderBody(
  session: Session,
  product: Product,
  email: string,
  couponCode: string,
  total: number,
) {
  const phone = `9${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-9)}`;
  return {
    orderItems: [{ productId: product._id, size: product.size[0], color: product.color[0], quantity: '1' }],
    deliveryAddress: {
      firstName: session.user.firstName,
      lastName: session.user.lastName,
      email,
      phone,
      doorNo: '4',
      address: 'Anna Salai, Teynampet',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600018',
    },
    customerId: session.user._id,
    totalAmount: total,
    gateway: 'COD',
    orderType: 'BUY_NOW',
    couponCode,
  };
}

test('subscribe on About, confirm from the e-mail, receive the welcome code, unsubscribe in one click', async ({
  page,
  request,
  createProduct,
}) => {
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
  // mailTo decodes quoted-printable escapes in the headers too, which can mangle the token's first characters.
  expect(welcome.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
    /^List-Unsubscribe: <https?:\/\/\S+\/api\/v1\/newsletter\/unsubscribe\?token\S+>, <mailto:\S+>\r?$/m,
  );

  // The code on a first order, then refused on a second.
  const product = await createProduct();
  const shopper = await signUp(request, 'welcome-buyer');
  const saved = Math.min(Math.floor(product.price * 0.2), 300);
  const first = await request.post('/api/v1/qikink/order', {
    headers: bearer(shopper),
    data: firstOrderBody(shopper, product, email, code, product.price + 50 - saved),
  });
  expect(first.status()).toBe(201);
  expect((await first.json()).order).toMatchObject({
    promotionDiscount: saved,
    promotions: [{ code, saved }],
  });
  const second = await request.post('/api/v1/qikink/order', {
    headers: bearer(shopper),
    data: firstOrderBody(shopper, product, freshEmail('welcome-again'), code, product.price + 50 - saved),
  });
  expect(second.status()).toBe(400);
  expect(await second.json()).toEqual({ success: false, message: 'This code has already been used.' });

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
