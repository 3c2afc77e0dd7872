// Promotions from the shopper's side (docs/promotions.md#the-shoppers-side): the product page's best offer, a
// wrong code refused in the store's words, a code and an automatic bundle as summary lines with the total after
// them, paid online through the Razorpay sandbox and shown on the order in My Orders; a prepaid-only code takes
// cash on delivery away; a guest's code follows the cart through sign-in. The owner sets the promotions up through
// the back office's API; each automatic one targets only the test's own product, so parallel specs are untouched.
import type { APIRequestContext, Page } from '@playwright/test';
import { type StaffSession, expect, test } from './back-office.ts';
import {
  PASSWORD,
  type Product,
  addToCart,
  expectFailedLoads,
  hydrated,
  ordersOf,
  signedIn,
  signUp,
} from './fixtures.ts';

async function createPromotion(
  request: APIRequestContext,
  owner: StaffSession,
  body: Record<string, unknown>,
): Promise<void> {
  const res = await request.post('/api/v1/admin/promotions', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: body,
  });
  // SAVE10 is one code for the whole store: a second worker (or a repeated run) finds it made already.
  if (res.status() === 409)
    expect(await res.json()).toMatchObject({ message: 'This code is already in use' });
  else expect(res.status(), await res.text()).toBe(201);
}

const summaryRow = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dl > div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function fillAddress(page: Page) {
  await page.getByLabel('Door No.').fill('12B');
  await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
  await page.getByLabel('PIN Code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
}

async function bundleFor(request: APIRequestContext, owner: StaffSession, p: Product) {
  await createPromotion(request, owner, {
    title: 'Buy 3 for ₹1,199',
    kind: 'bundle',
    value: 1199,
    bundleQuantity: 3,
    automatic: true,
    combinable: true,
    target: 'products',
    targetIds: [p._id],
  });
}

test('best offer on the product page, a wrong code refused, SAVE10 and the bundle paid online and shown on the order', async ({
  page,
  request,
  createProduct,
  owner,
  consoleErrors,
}) => {
  test.slow();
  const p = await createProduct();
  expect(p.price).toBe(799);
  await bundleFor(request, owner, p);
  await createPromotion(request, owner, {
    title: 'Ten off',
    code: 'SAVE10',
    kind: 'percentage',
    value: 10,
    combinable: true,
  });
  const session = await signUp(request, 'promo');
  await signedIn(page, session);

  await page.goto(`/product/${p._id}`);
  await expect(page.getByText('Best offer: Buy 3 for ₹1,199')).toBeVisible();
  for (let i = 0; i < 3; i++) await addToCart(request, session, p);

  await page.goto('/cart');
  await hydrated(page);
  const cart = page.locator('section', { has: page.getByRole('heading', { name: 'Order Summary' }) });
  await expect(summaryRow(cart, 'Buy 3 for ₹1,199')).toHaveText('-₹1,198');
  await page.getByLabel('Discount code').fill('WRONG10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
  await page.getByLabel('Discount code').fill('save10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code SAVE10 applied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove code' })).toBeFocused();
  // ₹2,397 for three, the bundle's ₹1,199, then 10% of that.
  await expect(summaryRow(cart, 'Ten off')).toHaveText('-₹119');
  await expect(summaryRow(cart, 'Total')).toHaveText('₹1,080');

  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText('Code SAVE10 applied')).toBeVisible();
  await expect(summaryRow(summary, 'Buy 3 for ₹1,199')).toHaveText('-₹1,198');
  await expect(summaryRow(summary, 'Ten off')).toHaveText('-₹119');
  await expect(summaryRow(summary, 'Total')).toHaveText('₹1,080');
  await fillAddress(page);
  await expect(page.getByLabel(/Online/)).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText('Test payment (Razorpay sandbox)');
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByText('Total: ₹1,080')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offers applied' })).toHaveText(
    'Buy 3 for ₹1,199: -₹1,198Ten off: -₹119',
  );
  const orderId = (await page.getByTestId('order-id').textContent())!;
  await page.getByRole('link', { name: 'View Orders' }).click();
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  await row.click();
  const details = page
    .locator(`[id="${await row.getAttribute('aria-controls')}"]`)
    .getByLabel('Order summary');
  await expect(summaryRow(details, 'Ten off')).toHaveText('-₹119');
  await expect(summaryRow(details, 'Buy 3 for ₹1,199')).toHaveText('-₹1,198');
  await expect(summaryRow(details, 'Total')).toHaveText('₹1,080');
  expect((await ordersOf(request, session)).map((o) => o.paymentMethod)).toEqual(['Prepaid']);
  // The wrong code's answer.
  expectFailedLoads(consoleErrors, 400, 1);
});

test('a prepaid-only code takes cash on delivery away, and removing it brings it back', async ({
  page,
  request,
  createProduct,
  owner,
}) => {
  const p = await createProduct();
  const code = `PREPAID-${Date.now().toString(36).toUpperCase()}`;
  await createPromotion(request, owner, {
    title: 'Prepaid five',
    code,
    kind: 'percentage',
    value: 5,
    prepaidOnly: true,
  });
  const session = await signUp(request, 'prepaid');
  await addToCart(request, session, p);
  await signedIn(page, session);

  await page.goto('/place-order');
  await hydrated(page);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(page.getByLabel(/Cash on Delivery/)).toHaveCount(0);
  await expect(page.getByLabel(/Online/)).toBeChecked();
  await expect(
    page.getByText('Cash on Delivery is not available: an offer in your order is for prepaid orders only.'),
  ).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  // 5% of ₹799, in whole rupees.
  await expect(summaryRow(summary, 'Prepaid five')).toHaveText('-₹39');

  await page.getByRole('button', { name: 'Remove code' }).click();
  await expect(page.getByLabel(/Cash on Delivery/)).toBeVisible();
  await expect(summary.getByText('Prepaid five')).toHaveCount(0);
});

test("a guest's code is kept with the browser cart and goes to the account's cart on sign-in", async ({
  page,
  request,
  createProduct,
  owner,
}) => {
  const p = await createProduct();
  const code = `GUEST-${Date.now().toString(36).toUpperCase()}`;
  await createPromotion(request, owner, { title: 'Hundred off', code, kind: 'fixed', value: 100 });
  const session = await signUp(request, 'guest-code');

  await page.goto(`/product/${p._id}`);
  await hydrated(page);
  await page.getByRole('button', { name: p.size[0]!, exact: true }).click();
  await page.locator('fieldset', { hasText: 'Colour' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();

  // The cart page is for signed-in shoppers; a guest's cart is the drawer.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.getByLabel('Discount code').fill(code);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(summaryRow(drawer, 'Hundred off')).toHaveText('-₹100');
  await expect(summaryRow(drawer, 'Total')).toHaveText('₹699');
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  await page.goto('/login?returnTo=%2Fcart');
  await expect(page.getByRole('button', { name: /with Google/ })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(session.user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  const cart = page.locator('section', { has: page.getByRole('heading', { name: 'Order Summary' }) });
  await expect(summaryRow(cart, 'Total')).toHaveText('₹699');
  const kept = await request.get('/api/v1/cart', {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(((await kept.json()) as { data: { couponCode?: string } }).data.couponCode).toBe(code);
});
