// COD confirmation end to end (docs/cod-confirmation.md): a shopper's cash-on-delivery order waits on the success
// page; the stand-in WhatsApp inbox shows the request, the tester taps Confirm, the signed webhook confirms the
// order and the print partner receives it. Another order left unconfirmed is cancelled by the sweep once its
// deadline has passed (the server runs on the system clock, so the test moves the order's deadline into the past
// in the database and waits for the periodic job) and its stock comes back.
import { orders } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { bearer, expect, hydrated, ordersOf, placeCodOrder, signUp, signedIn, test } from './fixtures.ts';

test('the shopper taps Confirm in the stand-in WhatsApp and the order goes to the print partner', async ({
  page,
  request,
  createProduct,
  storeDb,
}) => {
  const session = await signUp(request, 'codconfirm');
  const product = await createProduct();
  const orderNumber = await placeCodOrder(request, session, product, { confirm: false });

  await signedIn(page, session);
  await page.goto(`/successPage/${orderNumber}`);
  await hydrated(page);
  const ask = page.getByRole('region', { name: 'Confirm your Cash on Delivery order' });
  await expect(ask).toContainText('Please confirm your Cash on Delivery order by');
  await expect(ask.getByRole('button', { name: 'Confirm order' })).toBeVisible();

  // The request leaves from a job: it shows in the inbox once the worker has sent it.
  const bubble = page.locator('.bubble', { hasText: orderNumber });
  await expect(async () => {
    // The shopper's own number (fixtures.ts gives each one), as WhatsApp writes it.
    await page.goto(`/__whatsapp/91${session.user.phone}`);
    await expect(bubble).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await bubble.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.bubble', { hasText: orderNumber })).toContainText('You tapped Confirm.');

  const [order] = await ordersOf(request, session);
  expect(order).toMatchObject({ orderId: orderNumber, codConfirmation: 'confirmed' });
  await expect
    .poll(
      async () =>
        (await storeDb.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]
          ?.fulfilmentState,
      { message: 'the order handed to the print partner', timeout: 30_000 },
    )
    .toBe('submitted');
});

test('an order left unconfirmed is cancelled once its window has passed, and its stock comes back', async ({
  request,
  createProduct,
  storeDb,
}) => {
  test.setTimeout(200_000);
  const session = await signUp(request, 'codtimeout');
  const product = await createProduct({ stock: 3 });
  const orderNumber = await placeCodOrder(request, session, product, { confirm: false });
  const stockOf = async () => {
    const res = await request.get(`/api/v1/product/${product._id}`);
    return ((await res.json()) as { stock: number }).stock;
  };
  const before = await stockOf();
  await storeDb.db
    .update(orders)
    .set({ codConfirmDeadline: new Date(Date.now() - 60_000) })
    .where(eq(orders.orderNumber, orderNumber));
  // The sweep runs every minute on the server.
  await expect
    .poll(async () => (await ordersOf(request, session))[0]?.status, {
      message: 'the unconfirmed order cancelled by the sweep',
      timeout: 180_000,
      intervals: [2000],
    })
    .toBe('cancelled');
  const [order] = await ordersOf(request, session);
  expect(order).toMatchObject({ orderId: orderNumber, codConfirmation: 'cancelled' });
  await expect.poll(stockOf, { message: 'the stock released' }).toBe(before + 1);
  const repeat = await request.post(`/api/v1/orders/${orderNumber}/cod-confirmation`, {
    headers: bearer(session),
    data: { action: 'confirm' },
  });
  expect(repeat.status()).toBe(409);
  expect(await repeat.json()).toEqual({ success: false, message: 'This order has already been cancelled.' });
});
