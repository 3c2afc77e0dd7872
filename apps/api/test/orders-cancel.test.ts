// A shopper cancels an order (docs/orders-lifecycle.md#cancellation): cash on delivery at once until the hand-over,
// then as a request the partner decides on; an unpaid online attempt at once; a prepaid order never (the published
// policy); someone else's order is not found.
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { codOrderBody, createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import { ORDER_LIFE_SETTINGS, orderRow, paidOnlineOrder, placedCodOrder } from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let partner: SimulatedPartner;

beforeAll(async () => {
  t = await createTestApp(ORDER_LIFE_SETTINGS, undefined, { clock });
  partner = t.app.integrations.simulatedPartner!;
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderOf = (orderNumber: string) => orderRow(t, orderNumber);
const stockOf = (productId: string) => variantStock(db(), productId, 'Bk', 'M');
const cancel = (buyer: Pick<SignedInUser, 'headers'>, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: buyer.headers });

describe('POST /orders/{orderId}/cancel', () => {
  it('cancels a cash-on-delivery order at once before the hand-over: stock back, nothing sent to the partner', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }], 849),
    });
    const orderNumber = placed.json().qikinkOrderId as string;
    expect(await stockOf(tee.id)).toBe(4);

    const res = await cancel(buyer, orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your order has been cancelled.',
      order: { orderId: orderNumber, status: 'cancelled' },
    });
    // Not yet confirmed by the shopper, so never started at the partner (docs/cod-confirmation.md).
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'cancelled',
      paymentState: 'voided',
      fulfilmentState: 'not_started',
      codConfirmation: 'cancelled',
    });
    expect(await stockOf(tee.id)).toBe(5);
    // Nothing reaches the partner.
    await t.app.jobs.runDueJobs();
    expect(partner.received.filter((r) => JSON.stringify(r.body ?? '').includes(orderNumber))).toEqual([]);

    const again = await cancel(buyer, orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This order is already cancelled.' });
  });

  it('asks the partner once the order was handed over, and refuses once it has shipped', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const orderNumber = await placedCodOrder(t, buyer, tee.id);
    const res = await cancel(buyer, orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        'Cancellation requested. Your order is with our print partner; we will confirm once they have stopped it.',
      order: { status: 'cancellation_requested' },
    });
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'cancel_requested',
      paymentState: 'cod_pending',
    });
    expect(await stockOf(tee.id)).toBe(4);
    expect((await cancel(buyer, orderNumber)).json()).toEqual({
      success: false,
      message: 'Cancellation has already been requested for this order.',
    });

    // The partner shipped it after all: the request is over, the order goes on.
    await partner.setStatus(orderNumber, 'In-Transit');
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await orderOf(orderNumber)).toMatchObject({ state: 'confirmed', fulfilmentState: 'shipped' });
    const late = await cancel(buyer, orderNumber);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      success: false,
      message: 'This order has already shipped and can no longer be cancelled.',
    });
  });

  it('cancels an unpaid online attempt (its stock back), but never a paid prepaid order', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/razorpay/initiate-payment',
      headers: buyer.headers,
      payload: codOrderBody(buyer, [{ productId: tee.id }], 799, { gateway: 'Prepaid' }),
    });
    const unpaid = attempt.json().orderId as string;
    expect((await cancel(buyer, unpaid)).json()).toMatchObject({ order: { status: 'cancelled' } });
    expect(await orderOf(unpaid)).toMatchObject({ state: 'cancelled', paymentState: 'pending' });
    expect(await stockOf(tee.id)).toBe(5);

    const { orderNumber } = await paidOnlineOrder(t, buyer, tee.id);
    const res = await cancel(buyer, orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'Prepaid orders cannot be cancelled. If your order arrives with a defect, you can request a return after delivery.',
    });
    expect((await orderOf(orderNumber)).state).toBe('confirmed');
  });

  it("answers 404 for someone else's order and an unknown one, and 401 without a token", async () => {
    const buyer = await signInNewUser(t);
    const other = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const orderNumber = await placedCodOrder(t, buyer, tee.id);
    const order = await orderOf(orderNumber);
    for (const ref of [orderNumber, order.id, 'RZNOSUCHORDER00', 'x']) {
      const res = await cancel(other, ref);
      expect([ref, res.statusCode, res.json()]).toEqual([
        ref,
        404,
        { success: false, message: 'Order not found' },
      ]);
    }
    expect((await cancel({ headers: { authorization: '' } }, orderNumber)).statusCode).toBe(401);
    expect((await orderOf(orderNumber)).state).toBe('confirmed');
  });
});
