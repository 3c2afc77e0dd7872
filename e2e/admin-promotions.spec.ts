// The back office's promotions, as a catalogue member uses them: a percentage code and an automatic bundle on one
// product are created through the form (a field's message first), found in the list, one switched off (and
// audited); an order placed with the code shows on the code's page as one redemption with a link to the order.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { addStaffFromCommandLine, expect, nav, test, totpCode } from './back-office.ts';
import { type Product, type Session, bearer, freshEmail, hydrated, signUp } from './fixtures.ts';

/** A catalogue member signed in through the API with two-factor set up, as the owner fixture is. */
async function catalogueMember(request: APIRequestContext): Promise<string> {
  const email = freshEmail('catalogue');
  const password = addStaffFromCommandLine(email, 'catalogue');
  const signedIn = await request.post('/api/v1/admin/session', { data: { email, password } });
  expect(signedIn.status()).toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const setup = await request.post('/api/v1/admin/2fa/setup', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post('/api/v1/admin/2fa/confirm', {
    headers,
    data: { code: totpCode(secret) },
  });
  expect(confirmed.status()).toBe(200);
  return accessToken;
}

async function openAs(page: Page, token: string, target: string) {
  await page.addInitScript(
    ([key, value]) => window.sessionStorage.setItem(key!, value!),
    ['rangrez.adminToken', token],
  );
  await page.goto(target);
  await hydrated(page);
  await expect(nav(page)).toBeVisible();
}

/** axe finds nothing serious, and at a phone's width the page does not scroll sideways (its tables do). */
async function accessible(page: Page, name: string) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, name, { wholePage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** One unit of the product, cash on delivery, with `couponCode`, through the API; the order number. */
async function orderWithCode(request: APIRequestContext, shopper: Session, product: Product, code: string) {
  const discount = Math.floor(product.price / 10);
  const res = await request.post('/api/v1/qikink/order', {
    headers: bearer(shopper),
    data: {
      orderItems: [{ productId: product._id, size: product.size[0], color: product.color[0], quantity: '1' }],
      deliveryAddress: {
        firstName: shopper.user.firstName,
        lastName: shopper.user.lastName,
        email: shopper.user.email,
        phone: shopper.user.phone,
        doorNo: '4',
        address: 'Anna Salai, Teynampet',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600018',
      },
      customerId: shopper.user._id,
      // 10% off in whole rupees, plus ₹50 for cash on delivery.
      totalAmount: product.price - discount + 50,
      gateway: 'COD',
      orderType: 'BUY_NOW',
      couponCode: code,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { qikinkOrderId: string }).qikinkOrderId;
}

async function createCode(page: Page, title: string, code: string) {
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();
  await page.getByLabel('Title (shown to shoppers in the order summary)').fill(title);
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await accessible(page, 'new promotion');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  // The contract's message, beside the field, and the field takes the focus.
  await expect(page.getByText('value must be a whole percent from 1 to 100')).toBeVisible();
  await expect(page.getByLabel('Percent off')).toBeFocused();
  await page.getByLabel('Percent off').fill('10');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '10% off' })).toBeVisible();
}

async function createBundle(page: Page, title: string, product: Product) {
  await page.getByRole('link', { name: 'Back to promotions' }).click();
  await page.getByRole('link', { name: 'New promotion' }).click();
  await page.getByLabel('Title (shown to shoppers in the order summary)').fill(title);
  await page.getByLabel('Kind').selectOption({ label: 'Bundle price' });
  await page.getByLabel('Bundle price (₹, whole rupees)').fill('1199');
  await page.getByLabel('Units in the bundle').fill('3');
  await page.getByRole('radio', { name: 'Automatic, without a code' }).check();
  await page.getByLabel('Applies to', { exact: true }).selectOption({ label: 'Chosen products' });
  await page.getByLabel('Find products by name or SKU').fill(product.name);
  await page.getByRole('button', { name: new RegExp(`^Add ${product.name}`) }).click();
  await expect(page.getByRole('list', { name: 'Chosen products' })).toContainText(product.name);
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a catalogue member creates, finds, switches off and follows promotions', async ({
  page,
  request,
  createProduct,
  owner,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const code = `TEN${run}`;
  const codeTitle = `Ten off ${run}`;
  const bundleTitle = `Any three ${run}`;
  const product = await createProduct();
  const token = await catalogueMember(request);

  await openAs(page, token, '/admin/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await createCode(page, codeTitle, code);
  await createBundle(page, bundleTitle, product);

  await page.getByRole('link', { name: 'Back to promotions' }).click();
  await page.getByLabel('Search by code or title').fill(run);
  const table = page.getByRole('region', { name: 'Promotions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const bundleRow = table.getByRole('row', { name: new RegExp(bundleTitle) });
  await expect(bundleRow.getByRole('cell')).toHaveText([
    'Automatic',
    'Any 3 for ₹1,199',
    'Active',
    '0 / no limit',
    '₹0 (no budget)',
    'Always',
  ]);
  await expect(
    table
      .getByRole('row', { name: new RegExp(codeTitle) })
      .getByRole('cell')
      .first(),
  ).toHaveText(code);
  await accessible(page, 'promotions');

  // Off: the list's filter finds it among the switched-off ones, and the audit trail has the change.
  await bundleRow.getByRole('link', { name: bundleTitle }).click();
  await page.getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched off.' })).toHaveText('Switched off.');
  await expect(page.getByRole('button', { name: 'Switch on' })).toBeVisible();
  const bundleId = new URL(page.url()).pathname.split('/').pop()!;
  const audit = await request.get(`/api/v1/admin/audit?entityType=promotion&entityId=${bundleId}`, {
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  const actions = ((await audit.json()) as { entries: { action: string; after: { active?: boolean } }[] })
    .entries;
  expect(actions.map((e) => e.action)).toEqual(['promotion.update', 'promotion.create']);
  expect(actions[0]?.after.active).toBe(false);
  await page.getByRole('link', { name: 'Back to promotions' }).click();
  await page.getByLabel('Search by code or title').fill(run);
  await page.getByLabel('Status').selectOption({ label: 'Off' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: bundleTitle })).toBeVisible();

  // An order with the code: its page counts one redemption and links the order.
  const shopper = await signUp(request, 'promo-admin');
  const orderNumber = await orderWithCode(request, shopper, product, code);
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await table.getByRole('link', { name: codeTitle }).click();
  const days = page.getByRole('region', { name: 'Redemptions per day' });
  await expect(
    days
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('1');
  await expect(page.getByRole('link', { name: orderNumber })).toHaveAttribute(
    'href',
    `/admin/orders/${orderNumber}`,
  );
  await expect(page.getByText('1 order, page 1 of 1')).toBeVisible();
  await accessible(page, 'promotion');
});
