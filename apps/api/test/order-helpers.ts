// Orders in the states tests start from, placed through the API as a shopper would: cash on delivery, paid online
// (the sandbox paying and its webhook delivered), and delivered by the simulated partner. Each buys one unit of
// size M in black (codOrderBody's line).
import { orders } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { codOrderBody, type SignedInUser, type TestApp } from './helpers.ts';

/**
 * A cash-on-delivery order of one unit at `priceRupees`; its order number. Confirmed by the shopper (as most
 * shoppers do) and so handed to the partner, unless `confirm: false` leaves it waiting for the shopper's word
 * (docs/cod-confirmation.md).
 */
export async function placedCodOrder(
  t: TestApp,
  buyer: SignedInUser,
  productId: string,
  priceRupees = 799,
  { confirm = true }: { confirm?: boolean } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId }], priceRupees + 50),
  });
  expect(res.statusCode).toBe(201);
  const orderNumber = res.json().qikinkOrderId as string;
  if (confirm) await confirmCod(t, buyer, orderNumber);
  await t.app.jobs.runDueJobs();
  return orderNumber;
}

/** The shopper confirms their cash-on-delivery order on the site: it goes to the partner. */
export async function confirmCod(t: TestApp, buyer: SignedInUser, orderNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderNumber}/cod-confirmation`,
    headers: buyer.headers,
    payload: { action: 'confirm' },
  });
  expect(res.statusCode).toBe(200);
}

/**
 * A prepaid order of one unit, paid at the sandbox (captured), confirmed by its webhook and handed to the partner.
 * The app must run the sandbox's webhooks by hand (RAZORPAY_SANDBOX_WEBHOOKS=manual).
 */
export async function paidOnlineOrder(t: TestApp, buyer: SignedInUser, productId: string, priceRupees = 799) {
  const sandbox = t.app.integrations.razorpaySandbox!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/razorpay/initiate-payment',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId }], priceRupees, { gateway: 'Prepaid' }),
  });
  expect(res.statusCode).toBe(200);
  const { orderId: orderNumber, razorpayOrderId } = res.json() as {
    orderId: string;
    razorpayOrderId: string;
  };
  const { payment } = await sandbox.pay(razorpayOrderId, 'success');
  await sandbox.webhooks.deliverPending({ orderId: razorpayOrderId });
  await t.app.jobs.runDueJobs();
  return { orderNumber, razorpayOrderId, paymentId: payment.id };
}

/** Processes the webhooks stored in the inbox, and nothing else: the state a webhook alone leaves behind. */
export const processWebhooks = (t: TestApp) => t.app.jobs.runDueJobs({ only: ['payments.webhook'] });

/** A cash-on-delivery order the simulated partner delivered: its cash is collected. */
export async function deliveredCodOrder(
  t: TestApp,
  buyer: SignedInUser,
  productId: string,
  priceRupees = 799,
) {
  const orderNumber = await placedCodOrder(t, buyer, productId, priceRupees);
  await t.app.integrations.simulatedPartner!.markDelivered(orderNumber);
  await t.app.jobs.runDueJobs({ periodic: true });
  return orderNumber;
}

/**
 * Settings for tests that walk an order through its life: Razorpay's webhooks are delivered and the simulated
 * partner moves only when the test says so, and sessions outlive the clock moving on.
 */
export const ORDER_LIFE_SETTINGS = {
  RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
  QIKINK_SIMULATED_STEP_SECONDS: '86400',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
} as const;

/** The order's row, by our order number. */
export async function orderRow(t: TestApp, orderNumber: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw new Error(`no order ${orderNumber}`);
  return row;
}
