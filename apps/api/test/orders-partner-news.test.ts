// What the print partner's news does to an order's money and stock (docs/decisions/026-order-lifecycle-money-never-stuck.md):
// cash collected on delivery, stock back and cash failed on a return to origin, a prepaid order cancelled at the
// partner owed back with its stock returned, and the order's history saying so.
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { fulfilments, orderEvents } from '@rangrez/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import { ORDER_LIFE_SETTINGS, orderRow, paidOnlineOrder, placedCodOrder } from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let partner: SimulatedPartner;

beforeAll(async () => {
  t = await createTestApp(
    ORDER_LIFE_SETTINGS,
    undefined,
    { clock },
  );
  partner = t.app.integrations.simulatedPartner!;
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderOf = (orderNumber: string) => orderRow(t, orderNumber);
const stockOf = (productId: string) => variantStock(db(), productId, 'Bk', 'M');

async function handedOver(buyer: SignedInUser, gateway: 'COD' | 'Prepaid') {
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
  const orderNumber =
    gateway === 'COD'
      ? await placedCodOrder(t, buyer, tee.id)
      : (await paidOnlineOrder(t, buyer, tee.id)).orderNumber;
  const order = await orderOf(orderNumber);
  expect(order).toMatchObject({ state: 'confirmed', fulfilmentState: 'submitted' });
  expect(await stockOf(tee.id)).toBe(4);
  const [fulfilment] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
  return { tee, orderNumber, order, partnerOrderId: fulfilment!.partnerOrderId! };
}

async function partnerSays(partnerOrderId: string, status: string) {
  await partner.setStatus(partnerOrderId, status);
  await t.app.jobs.runDueJobs({ periodic: true });
}

const historyOf = async (orderId: string) =>
  (
    await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
  ).map((e) => `${e.machine}: ${e.fromState ?? '-'} -> ${e.toState} (${e.note})`);

describe("the partner's news", () => {
  it('collects the cash of a COD order when it is delivered', async () => {
    const buyer = await signInNewUser(t);
    const { orderNumber, partnerOrderId } = await handedOver(buyer, 'COD');
    await partnerSays(partnerOrderId, 'Delivered');
    expect(await orderOf(orderNumber)).toMatchObject({
      fulfilmentState: 'delivered',
      paymentState: 'collected',
      refundState: 'none',
    });
  });

  it('gives the stock back and marks the cash failed when a COD parcel returns to origin, once', async () => {
    const buyer = await signInNewUser(t);
    const { tee, orderNumber, order, partnerOrderId } = await handedOver(buyer, 'COD');
    await partnerSays(partnerOrderId, 'In-Transit');
    await partnerSays(partnerOrderId, 'RTO Initiated');
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'confirmed',
      fulfilmentState: 'returned',
      paymentState: 'failed',
      refundState: 'none',
      stockReturnedAt: clock.now(),
    });
    expect(await stockOf(tee.id)).toBe(5);
    // 'Returned' after 'RTO Initiated' is the same news: the stock comes back once.
    await partnerSays(partnerOrderId, 'Returned');
    expect(await stockOf(tee.id)).toBe(5);
    expect((await historyOf(order.id)).slice(-2)).toEqual([
      'payment: cod_pending -> failed (partner: RTO Initiated)',
      'fulfilment: shipped -> returned (partner: RTO Initiated)',
    ]);
  });

  it('owes a prepaid order back and returns its stock when the partner cancels it', async () => {
    const buyer = await signInNewUser(t);
    const { tee, orderNumber, order, partnerOrderId } = await handedOver(buyer, 'Prepaid');
    await partnerSays(partnerOrderId, 'Cancelled');
    // Owed, and at once on its way back: the refund job ran with the poll (docs/admin.md#refunds).
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'cancelled',
      fulfilmentState: 'cancelled',
      paymentState: 'captured',
      refundState: 'processing',
      stockReturnedAt: clock.now(),
    });
    expect(await stockOf(tee.id)).toBe(5);
    expect((await historyOf(order.id)).slice(-4)).toEqual([
      'order: confirmed -> cancelled (partner: Cancelled)',
      'fulfilment: submitted -> cancelled (partner: Cancelled)',
      'refund: none -> pending (partner: Cancelled)',
      'refund: pending -> processing (refund of ₹799 sent to the payment provider by system: owed back (automatic))',
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    expect(list.json().orders[0]).toMatchObject({ orderId: orderNumber, status: 'cancelled' });
  });

  it('voids the cash of a COD order the partner cancels', async () => {
    const buyer = await signInNewUser(t);
    const { tee, orderNumber, partnerOrderId } = await handedOver(buyer, 'COD');
    await partnerSays(partnerOrderId, 'Cancelled');
    expect(await orderOf(orderNumber)).toMatchObject({
      state: 'cancelled',
      paymentState: 'voided',
      refundState: 'none',
    });
    expect(await stockOf(tee.id)).toBe(5);
  });
});
