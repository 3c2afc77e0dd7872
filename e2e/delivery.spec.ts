// The delivery promise end to end (docs/delivery.md): a shopper checks a PIN on a product page and sees the date
// the API promises and whether cash on delivery is possible; an unknown PIN gets the shop's message; an order's
// success page shows its promised day.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectFailedLoads, hydrated, placeCodOrder, signedIn, signUp, test } from './fixtures.ts';

/** 'Delivered by Sat, 5 Dec' for '2026-12-05', written independently of the shop's own rule. */
function deliveredBy(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `Delivered by ${part({ weekday: 'short' })}, ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
}

async function promised(request: APIRequestContext, pin: string, productId: string): Promise<string> {
  const res = await request.get(`/api/v1/delivery/${pin}?productId=${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { deliveryBy: string }).deliveryBy;
}

test('a shopper checks a PIN on a product page: the date, cash on delivery, free prepaid shipping', async ({
  page,
  request,
  createProduct,
  consoleErrors,
}) => {
  const p = await createProduct();
  await page.goto(`/product/${p._id}`);
  await hydrated(page);
  const widget = page.getByRole('region', { name: 'Check delivery' });
  const result = widget.getByRole('status');

  const date = deliveredBy(await promised(request, '400050', p._id));
  // The widget's code follows the page's first load: until it has hydrated, a check may go unanswered.
  await expect(async () => {
    await widget.getByLabel('Delivery PIN code').fill('400050');
    await widget.getByRole('button', { name: 'Check' }).click();
    await expect(result.getByText(date)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(result).toContainText('To Mumbai, Maharashtra');
  await expect(result).toContainText('Cash on Delivery available');
  await expect(result).toContainText('Free shipping on prepaid orders');

  // India Post alone reaches Leh: prepaid only.
  await widget.getByLabel('Delivery PIN code').fill('194101');
  await widget.getByLabel('Delivery PIN code').press('Enter');
  await expect(result).toContainText('Cash on Delivery not available');

  await widget.getByLabel('Delivery PIN code').fill('999999');
  await widget.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveText('We do not deliver to this PIN code yet.');
  // The API's 404 for the unknown PIN is the point here; the browser logs it.
  expectFailedLoads(consoleErrors, 404, 1);

  // The PIN last found is remembered for the visit: another product page checks it at once.
  const other = await createProduct();
  await page.goto(`/product/${other._id}`);
  await expect(page.getByLabel('Delivery PIN code')).toHaveValue('194101');
  await expect(page.getByRole('region', { name: 'Check delivery' }).getByRole('status')).toContainText(
    'Cash on Delivery not available',
  );
});

test("the order success page shows the order's promised day", async ({ page, request, createProduct }) => {
  const session = await signUp(request, 'delivery');
  const p = await createProduct();
  const orderNumber = await placeCodOrder(request, session, p);
  const orders = await request.get(`/api/v1/orders/${session.user._id}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  const order = ((await orders.json()) as { orders: { orderId: string; deliveryBy: string }[] }).orders.find(
    (o) => o.orderId === orderNumber,
  );
  expect(order?.deliveryBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await signedIn(page, session);
  await page.goto(`/successPage/${orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByText(deliveredBy(order!.deliveryBy))).toBeVisible();
});
