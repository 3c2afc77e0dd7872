// Paying again and switching to cash on delivery (docs/orders-lifecycle.md#paying-again) end to end: an online
// payment declined at checkout, paid afterwards from 'Complete payment' in My Orders through the Razorpay
// sandbox's pop-up, after which its tax invoice downloads from My Orders; and an unpaid order switched to cash on
// delivery from the success page. Every test signs up its own shopper and buys its own product.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addToCart,
  expect,
  ordersOf,
  type Product,
  type Session,
  signedIn,
  signUp,
  test,
  unpaidOnlineOrder,
} from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';

async function fillAddress(page: Page) {
  await page.getByLabel('Door No.').fill('12B');
  await page.getByLabel('Address', { exact: true }).fill('MG Road, Shivajinagar');
  await page.getByLabel('PIN Code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
}

/** An online order waiting for its payment, placed through the API as the checkout page does: its number. */
async function unpaidOrder(request: APIRequestContext, session: Session, product: Product): Promise<string> {
  return (await unpaidOnlineOrder(request, session, product)).orderId;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

test('a declined online payment is paid afterwards from Complete payment, and the order is confirmed', async ({
  page,
  request,
  createProduct,
}) => {
  // axe scans the page once: seconds of CPU on a busy machine.
  test.slow();
  const session = await signUp(request, 'retry');
  const p = await createProduct();
  await addToCart(request, session, p);
  await signedIn(page, session);

  await page.goto('/place-order');
  await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText(p.name)).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Payment failed');

  await page.goto('/orders');
  const row = page.getByRole('button', { name: /^Order / });
  await expect(row).toContainText(/Payment (Failed|Pending)/);
  await row.click();
  const section = page.getByRole('region', { name: 'Complete payment' });
  await expect(section.getByRole('heading', { name: 'Complete payment' })).toBeVisible();
  await expect(section).toContainText('No money was taken.');
  await expect(section.getByRole('button', { name: 'Switch to Cash on Delivery' })).toBeVisible();
  await expectNoSeriousViolations(page, 'orders page with Complete payment');
  await section.getByRole('button', { name: 'Pay now' }).click();

  const popup = page.getByRole('dialog');
  await expect(popup).toContainText('Test payment (Razorpay sandbox)');
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();

  const status = section.getByRole('status');
  await expect(status).toHaveText('Payment received. Your order is confirmed.');
  await expect(status).toBeFocused();
  await expect(row).toContainText(/Confirmed|Processing/);
  await expect(section.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  const orders = await ordersOf(request, session);
  expect(orders.map((o) => [o.status, o.paymentMethod])).toEqual([
    [expect.stringMatching(/^(confirmed|processing)$/), 'Prepaid'],
  ]);

  // Paid and captured: the tax invoice is issued (docs/gst.md#issuing) and downloads from My Orders.
  await expect
    .poll(async () => (await ordersOf(request, session))[0]?.invoiceNumber)
    .toMatch(/^RZ\/\d\d-\d\d\/\d{6}$/);
  const invoiceNumber = (await ordersOf(request, session))[0]!.invoiceNumber!;
  await page.goto('/orders');
  await page.getByRole('button', { name: /^Order / }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const file = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('an unpaid online order is switched to cash on delivery from the success page', async ({
  page,
  request,
  createProduct,
}) => {
  test.slow();
  const session = await signUp(request, 'to-cod');
  const p = await createProduct();
  const orderId = await unpaidOrder(request, session, p);
  await signedIn(page, session);

  await page.goto(`/successPage/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete payment' })).toBeVisible();
  await expect(
    page.getByText('We have not received the payment for this order. No money was taken.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Switch to Cash on Delivery' }).click();
  const confirm = page.getByRole('group', { name: 'Switch to Cash on Delivery?' });
  await expect(confirm).toContainText(
    `New total: ${rupees(p.price + 50)} (includes the ₹50 cash on delivery fee).`,
  );
  await expect(confirm.getByRole('button', { name: 'Yes, switch' })).toBeFocused();
  await expectNoSeriousViolations(page, 'success page asking to switch to cash on delivery');
  await confirm.getByRole('button', { name: 'Yes, switch' }).click();

  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  await expect(page.getByText(`Total: ${rupees(p.price + 50)}`)).toBeVisible();

  await page.goto('/orders');
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderId}`) });
  // Handed to the partner at once, as any cash-on-delivery order.
  await expect(row).toContainText(/Confirmed|Processing/);
  await row.click();
  await expect(page.locator(`[id="${await row.getAttribute('aria-controls')}"]`)).toContainText(
    'Payment: Cash on Delivery',
  );
  const [order] = await ordersOf(request, session);
  expect(order).toMatchObject({ orderId, paymentMethod: 'COD', totalAmount: p.price + 50 });
  expect(['confirmed', 'processing']).toContain(order?.status);
});
