// The orders desk in a browser (docs/admin.md#orders), as an ops member: find a prepaid order by its number,
// refund half of it with a reason on its page and see the refund on its timeline; the needs-action queue shows an
// order the print partner refused, and sending it again takes it off the queue. The shopper sees the refund in My
// Orders and gets its e-mail.
import type { APIRequestContext, Page } from '@playwright/test';
import { products } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { addStaffFromCommandLine, expect, nav, test, totpCode } from './back-office.ts';
import {
  freshEmail,
  hydrated,
  placeCodOrder,
  type Product,
  type Session,
  signedIn,
  signUp,
  unpaidOnlineOrder,
} from './fixtures.ts';
import { mailTo } from './mailbox.ts';

/** The sandbox's and the simulator's test controls take the store's default client credentials. */
const basic = (user: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`,
});
const RAZORPAY = basic('rzp_test_RangrezSandbox', 'sandbox_key_secret');
const QIKINK = basic('900001', 'simulated_client_secret');

/** An ops member added from the command line, two-factor set up through the API; the page starts signed in. */
async function signedInOps(page: Page, request: APIRequestContext): Promise<{ authorization: string }> {
  const email = freshEmail('ops');
  const password = addStaffFromCommandLine(email, 'ops');
  const signedIn = await request.post('/api/v1/admin/session', { data: { email, password } });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const { secret } = (await (await request.post('/api/v1/admin/2fa/setup', { headers })).json()) as {
    secret: string;
  };
  expect(
    (await request.post('/api/v1/admin/2fa/confirm', { headers, data: { code: totpCode(secret) } })).status(),
  ).toBe(200);
  await page.addInitScript(
    (token) => window.sessionStorage.setItem('rangrez.adminToken', token),
    accessToken,
  );
  return headers;
}

/** Waits for the server's own jobs (a webhook, a hand-over) to move the order: one of its states, read by the API. */
async function orderReaches(
  request: APIRequestContext,
  headers: { authorization: string },
  orderNumber: string,
  field: 'paymentState' | 'fulfilmentState',
  value: string,
) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/admin/orders/${orderNumber}`, { headers });
        return ((await res.json()) as { order?: Record<string, unknown> }).order?.[field];
      },
      { message: `${orderNumber} ${field}`, timeout: 30_000 },
    )
    .toBe(value);
}

/** A prepaid order of one unit, paid at the sandbox (its webhook confirms it); the order number. */
async function paidOrder(request: APIRequestContext, session: Session, product: Product): Promise<string> {
  const { orderId, razorpayOrderId } = await unpaidOnlineOrder(request, session, product);
  const paid = await request.post(`/__razorpay/control/orders/${razorpayOrderId}/pay`, {
    headers: RAZORPAY,
    data: { outcome: 'success' },
  });
  expect(paid.status()).toBe(200);
  return orderId;
}

test('ops find a prepaid order, refund half of it with a reason and see it on the timeline', async ({
  page,
  request,
  createProduct,
}) => {
  test.setTimeout(90_000);
  const product = await createProduct();
  const half = Math.floor(product.price / 2);
  const halfText = `₹${half.toLocaleString('en-IN')}`;
  const shopper = await signUp(request, 'desk-refund');
  const orderNumber = await paidOrder(request, shopper, product);
  const headers = await signedInOps(page, request);
  // The sandbox's webhook confirms the order on the server's own time.
  await orderReaches(request, headers, orderNumber, 'paymentState', 'captured');

  await page.goto('/admin/orders');
  await hydrated(page);
  await page.getByLabel('Search', { exact: true }).fill(orderNumber);
  const table = page.getByRole('region', { name: 'Orders table' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('captured');
  await table.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${orderNumber}` });
  await expect(dialog.getByLabel('Amount (₹)')).toBeFocused();
  await dialog.getByLabel('Amount (₹)').fill(String(half));
  await dialog.getByLabel('Reason').fill('The print was off-centre; half back as agreed');
  await expect(dialog.getByLabel('How')).toHaveValue('provider');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Refund of' })).toHaveText(
    `Refund of ${halfText} sent to the payment provider`,
  );
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeFocused();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('order.refund');
  await expect(timeline).toContainText('refund: none → processing');
  // The sandbox settles the refund on its own time: pending, or processed already.
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(
    new RegExp(
      `${halfText} · (pending|processed) · provider · The print was off-centre; half back as agreed`,
    ),
  );
  await expect(nav(page)).toBeVisible();

  // The shopper sees the refund under the order in My Orders, and hears of it by e-mail once it is processed.
  const shopperPage = await page.context().newPage();
  await signedIn(shopperPage, shopper);
  await shopperPage.goto('/orders');
  await hydrated(shopperPage);
  await shopperPage.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) }).click();
  await expect(shopperPage.getByRole('region', { name: 'Refunds' })).toContainText(
    new RegExp(`${halfText}(On its way|Refunded)`),
  );
  const mail = await mailTo(shopper.user.email, new RegExp(`We have refunded ${halfText} to your original`));
  expect(mail).toContain(orderNumber);
  expect(mail).toContain('The print was off-centre; half back as agreed');
  await shopperPage.close();
});

test('the needs-action queue shows a refused hand-over, and sending it again takes it off', async ({
  page,
  request,
  createProduct,
  storeDb,
}) => {
  test.setTimeout(90_000);
  const product = await createProduct();
  const shopper = await signUp(request, 'desk-refused');
  const [row] = await storeDb.db
    .select({ sku: products.sku })
    .from(products)
    .where(eq(products.id, product._id));
  // The partner refuses this product's SKU once (its own, so no other spec's order is refused).
  const refusal = await request.post('/__qikink/control/refusals', {
    headers: QIKINK,
    data: { sku: `${row!.sku}-${product.color[0]}-${product.size[0]}`, message: 'Invalid SKU', once: true },
  });
  expect(refusal.status()).toBe(200);
  const orderNumber = await placeCodOrder(request, shopper, product);
  const headers = await signedInOps(page, request);
  // The hand-over is a job of the server's.
  await orderReaches(request, headers, orderNumber, 'fulfilmentState', 'exception');

  const entry = page.getByRole('listitem').filter({ hasText: `${orderNumber}: The print partner refused` });
  await page.goto('/admin/needs-action');
  await hydrated(page);
  await expect(entry).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /^Needs action \d+ waiting$/ })).toBeVisible();

  await entry.getByRole('button', { name: 'Send to the partner again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to the partner again?' });
  await expect(dialog.getByRole('button', { name: 'Send to the partner again' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Send to the partner again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent to' })).toHaveText(
    'Sent to the print partner again',
  );
  await expect(entry).toHaveCount(0);
});
