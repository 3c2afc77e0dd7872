// The COD rules end to end (docs/cod.md): the owner sets a maximum COD order value on /admin/settings/cod, and a
// shopper whose cart is above it finds Cash on Delivery disabled at checkout with the exact reason beside it. The
// rules are the store's, shared by every spec running at the same time: the maximum is set far above any other
// spec's order, and the rules as they were are put back at the end. The rules' page and the RTO report pass axe
// and fit a phone.
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, notice, test } from './back-office.ts';
import { addToCart, bearer, hydrated, signedIn, signUp } from './fixtures.ts';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

test('a maximum COD order value set by the owner disables Cash on Delivery at checkout, with the reason', async ({
  page,
  request,
  owner,
  openBackOffice,
  createProduct,
}) => {
  test.setTimeout(90_000);
  const product = await createProduct();
  const session = await signUp(request, 'cod-max');
  // Twelve units: above the maximum set below, which any other spec's order of a few units stays under.
  await addToCart(request, session, product);
  const added = await request.put('/api/v1/cart/items', {
    headers: bearer(session),
    data: { productId: product._id, size: product.size[0], color: product.color[0], quantity: 12 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const maximum = product.price * 10;
  const staff = { authorization: `Bearer ${owner.accessToken}` };
  const before = (await (await request.get('/api/v1/admin/settings/cod', { headers: staff })).json()).rules;

  try {
    await openBackOffice('/admin/settings/cod');
    const field = page.getByLabel('Maximum COD order value (₹)');
    await expect(field).toHaveValue(String(before.maxOrderValue));
    await field.fill(String(maximum));
    await page.getByRole('button', { name: 'Save COD rules' }).click();
    await expect(notice(page)).toHaveText('Cash on Delivery rules saved');

    await signedIn(page, session);
    await page.goto('/place-order');
    await hydrated(page);
    await page.getByLabel('Door No.').fill('12B');
    await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
    await page.getByLabel('PIN Code').fill('560001');
    await expect(page.getByText('Location auto-detected')).toBeVisible();
    const reason = `Cash on Delivery is available for orders between ₹0 and ${rupees(maximum)}.`;
    const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
    await expect(cod).toBeDisabled();
    await expect(page.getByText(reason)).toBeVisible();
    await expect(cod).toHaveAccessibleDescription(new RegExp(reason.replace(/[.₹]/g, '\\$&')));
    await expect(page.getByRole('radio', { name: /Online/ })).toBeChecked();
  } finally {
    const restored = await request.put('/api/v1/admin/settings/cod', {
      headers: staff,
      data: {
        minOrderValue: before.minOrderValue,
        maxOrderValue: before.maxOrderValue,
        maxOpenPerPhone: before.maxOpenPerPhone,
        rtoBlockThreshold: before.rtoBlockThreshold,
        fee: before.fee,
        denyPins: before.denyPins,
        indiaPostOnlyPins: before.indiaPostOnlyPins,
      },
    });
    expect(restored.status()).toBe(200);
  }
});

/** How far the page scrolls sideways at the current width. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the COD rules and RTO pages pass axe and fit a phone', async ({ page, openBackOffice }) => {
  test.setTimeout(60_000);
  const stops = [
    { path: '/admin/settings/cod', ready: page.getByRole('button', { name: 'Save COD rules' }) },
    { path: '/admin/rto', ready: page.getByRole('heading', { name: 'Returned orders' }) },
  ];
  for (const stop of stops) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openBackOffice(stop.path);
    await expect(stop.ready).toBeVisible();
    await expectNoSeriousViolations(page, stop.path, { wholePage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => sideways(page), { message: `${stop.path} scrolls sideways on a phone` }).toBe(0);
  }
});
