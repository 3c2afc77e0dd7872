// A defect return (docs/orders-lifecycle.md#returns): a shopper whose cash-on-delivery order was delivered asks
// for a return from My Orders with a photo of the defect and a UPI ID for the refund (the open form passes axe);
// an ops member approves it in the back office and chooses a reprint; the shopper then sees 'Reprinted' and the
// new order's number, and the reprint exists at the print partner at no charge.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Db } from '@rangrez/db/client';
import { orderEvents, orders } from '@rangrez/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { expectNoSeriousViolations } from './axe.ts';
import { addStaffFromCommandLine, nav, setUpTwoFactor, signIn } from './back-office.ts';
import { expect, freshEmail, placeCodOrder, signUp, signedIn, test } from './fixtures.ts';
import { solidPng } from './png.ts';

const QIKINK_BASIC = `Basic ${Buffer.from('900001:simulated_client_secret').toString('base64')}`;
const DESCRIPTION = 'The print on the back is smudged and off-centre.';

/**
 * Delivers the order as the partner's news would: the simulated partner marks it Delivered, and the store's
 * states and history say so (the poll that reads it runs every two minutes; the test does not wait for it).
 */
async function deliver(storeDb: Db, request: APIRequestContext, orderNumber: string) {
  const handedOver = and(eq(orders.orderNumber, orderNumber), eq(orders.fulfilmentState, 'submitted'));
  await expect
    .poll(async () => (await storeDb.db.select({ id: orders.id }).from(orders).where(handedOver)).length, {
      message: 'the order handed over to the print partner',
    })
    .toBe(1);
  const atPartner = await request.post(`/__qikink/control/orders/${orderNumber}/deliver`, {
    headers: { authorization: QIKINK_BASIC },
  });
  expect(atPartner.status()).toBe(200);
  await storeDb.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ fulfilmentState: 'delivered', paymentState: 'collected', paidPaise: sql`${orders.totalPaise}` })
      .where(handedOver)
      .returning({ id: orders.id });
    expect(order).toBeDefined();
    await tx.insert(orderEvents).values([
      {
        orderId: order!.id,
        machine: 'fulfilment',
        fromState: 'submitted',
        toState: 'delivered',
        note: 'e2e',
      },
      { orderId: order!.id, machine: 'payment', fromState: 'cod_pending', toState: 'collected', note: 'e2e' },
    ]);
  });
}

/** The order's row in My Orders, opened. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto('/orders');
  const row = page.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) });
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
}

/** An ops member, in a browser of their own, approves the return and chooses a reprint; its order number. */
async function reprintAsOps(browser: Browser, orderNumber: string): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  const ops = freshEmail('ops');
  await signIn(page, ops, addStaffFromCommandLine(ops, 'ops'));
  await expect(page).toHaveURL(/\/admin\/security$/);
  await setUpTwoFactor(page);
  await nav(page).getByRole('link', { name: 'Returns' }).click();
  await page.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Return for order ${orderNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 of the defect' })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expectNoSeriousViolations(page, 'a return waiting for a decision', { wholePage: true });

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Yes, approve' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Return approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Reprint', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, reprint' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Reprint sent to the print partner' }),
  ).toBeVisible();
  const reprint = (await page
    .getByRole('definition')
    .filter({ hasText: /^RZ/ })
    .first()
    .textContent())!.trim();
  await context.close();
  expect(errors, 'browser console errors of the ops member').toEqual([]);
  return reprint;
}

test('a delivered order gets a defect return with a photo; ops approve it and reprint; the shopper sees it reprinted', async ({
  page,
  browser,
  request,
  storeDb,
  createProduct,
}) => {
  // Argon2 at the ops member's sign-in and two-factor set-up, an image upload, on a busy machine.
  test.setTimeout(120_000);
  const product = await createProduct({ stock: 5 });
  const session = await signUp(request, 'returner', { firstName: 'Kabir', lastName: 'Rao' });
  const orderNumber = await placeCodOrder(request, session, product);
  await deliver(storeDb, request, orderNumber);

  await signedIn(page, session);
  await openOrder(page, orderNumber);
  await page.getByRole('button', { name: 'Request a return' }).click();
  const form = page.getByRole('form', { name: 'Return for a defect' });
  // Sent empty first: each field says what is missing, in the server's words.
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByText('Choose a reason for the return')).toBeVisible();
  await expect(form.getByText('Add 1 to 5 photos of the defect, or a short video')).toBeVisible();
  await expect(form.getByText('Enter a valid UPI ID, for example name@okbank')).toBeVisible();

  await form.getByLabel('Reason').selectOption({ label: 'Misprint (faded, smudged or off-centre print)' });
  await form.getByLabel('What is wrong?').fill(DESCRIPTION);
  await form.getByLabel('Add photos').setInputFiles({
    name: 'defect.png',
    mimeType: 'image/png',
    buffer: solidPng(640, 800, [120, 40, 90]),
  });
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await form.getByLabel('UPI ID', { exact: true }).fill('kabir.rao@okaxis');
  await expectNoSeriousViolations(page, 'the return form with a photo');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Return requested. We will look at it' }),
  ).toBeVisible();
  await expect(page.getByTestId('return-status')).toContainText('Return requested');
  await expect(page.getByRole('button', { name: 'Request a return' })).toHaveCount(0);

  const reprint = await reprintAsOps(browser, orderNumber);
  expect(reprint).toMatch(/^RZ[A-Z0-9]{13}$/);

  await openOrder(page, orderNumber);
  await expect(page.getByTestId('return-status')).toContainText('Reprinted');
  await expect(page.getByTestId('return-status')).toContainText(
    `A new print is on its way as order ${reprint}.`,
  );
  // The reprint is an order of its own, at ₹0, and the print partner has it.
  await expect(page.getByRole('button', { name: new RegExp(`Order ${reprint}`) })).toContainText('₹0');
  await expect
    .poll(
      async () => {
        const found = await storeDb.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM shared_state
            WHERE key LIKE 'qikink.simulated.order.%' AND value ->> 'order_number' = ${reprint}`,
        );
        return found.rows[0]?.n;
      },
      { message: 'the reprint at the print partner', timeout: 30_000 },
    )
    .toBe(1);
});
