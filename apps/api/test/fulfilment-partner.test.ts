// Handing orders to the (simulated) Qikink: durable, retried with backoff through an outage, exactly once (looked up
// by order number before re-creating); status polling, AWB and tracking; unknown status words kept, not guessed.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { fulfilments, orders } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { partnerOrderInput } from '../src/modules/fulfilment/service.ts';
import { itemsOf } from '../src/modules/orders/repository.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import { confirmCod } from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let partner: SimulatedPartner;

beforeAll(async () => {
  t = await createTestApp(
    { QIKINK_SIMULATED_STEP_SECONDS: '60', ACCESS_TOKEN_TTL_SECONDS: '86400' },
    undefined,
    { clock },
  );
  partner = t.app.integrations.simulatedPartner!;
});
afterAll(() => t.close());
beforeEach(() => partner.setDown(false));

const db = () => t.database.db;

async function placeCod(buyer: SignedInUser, sku?: string) {
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10, ...(sku ? { sku } : {}) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: {
      orderItems: [{ productId: tee.id, size: 'L', color: 'Wh', quantity: '2' }],
      deliveryAddress: {
        firstName: 'Rohan',
        lastName: 'Das',
        email: 'rohan@example.in',
        phone: '9830012345',
        doorNo: '22/1',
        address: 'Park Street, Mullick Bazar',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      },
      customerId: buyer.userId,
      totalAmount: 799 * 2 + 50,
      gateway: 'COD',
      orderType: 'BUY_NOW',
    },
  });
  expect(res.statusCode).toBe(201);
  const placed = res.json() as { qikinkOrderId: string; order: { _id: string } };
  // Confirmed by the shopper: only then is a COD order handed over (docs/cod-confirmation.md).
  await confirmCod(t, buyer, placed.qikinkOrderId);
  return placed;
}

const fulfilmentOf = async (orderId: string) =>
  (await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId)))[0];
const orderOf = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0];

describe('hand-over to the partner', () => {
  it('sends a COD order with our number, the variant SKU and the amount the courier collects', async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId, order } = await placeCod(buyer, 'TST-HANDOVER-1');
    await t.app.jobs.runDueJobs();
    const create = partner.received.find(
      (r) =>
        r.path.endsWith('/api/order/create') &&
        (r.body as { order_number?: string }).order_number === qikinkOrderId,
    );
    expect(create?.body).toEqual({
      order_number: qikinkOrderId,
      qikink_shipping: '1',
      gateway: 'COD',
      total_order_value: '1648.00',
      line_items: [
        { search_from_my_products: 1, sku: 'TST-HANDOVER-1-Wh-L', quantity: '2', price: '799.00' },
      ],
      shipping_address: {
        first_name: 'Rohan',
        last_name: 'Das',
        address1: '22/1, Park Street, Mullick Bazar',
        address2: '',
        phone: '9830012345',
        email: 'rohan@example.in',
        city: 'Kolkata',
        zip: '700016',
        province: 'West Bengal',
        country_code: 'IN',
      },
    });
    expect(await fulfilmentOf(order._id)).toMatchObject({
      partnerOrderId: expect.stringMatching(/^\d+$/),
      attempts: 1,
      lastError: null,
      submittedAt: clock.now(),
    });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('submitted');
  });

  it('survives the partner being down for an hour and submits every order once it is back, exactly once', async () => {
    const buyer = await signInNewUser(t);
    const createdBefore = partner.stats.ordersCreated;
    partner.setDown(true);
    const placed = [await placeCod(buyer), await placeCod(buyer), await placeCod(buyer)];
    const first = await t.app.jobs.runDueJobs();
    expect(first.failed['fulfilment.submit']).toBe(3);
    for (const { order } of placed) {
      expect(await fulfilmentOf(order._id)).toMatchObject({ attempts: 1, partnerOrderId: null });
      expect((await fulfilmentOf(order._id))?.lastError).toMatch(/^Qikink/);
      expect((await orderOf(order._id))?.fulfilmentState).toBe('queued');
    }
    // pg-boss scheduled the retries in the future (backoff): nothing is due right now.
    const early = await t.app.jobs.runDueJobs();
    expect(early.ran['fulfilment.submit'] ?? 0).toBe(0);
    // Retries with backoff while it stays down (the HTML maintenance page with HTTP 200 as well).
    for (const mode of ['unavailable', 'html'] as const) {
      partner.setDown(mode);
      clock.advance(30 * 60_000);
      const retried = await t.app.jobs.runDueJobs({ skipDelays: true, periodic: true });
      expect(retried.failed['fulfilment.submit']).toBeGreaterThanOrEqual(3);
    }
    expect(partner.stats.ordersCreated).toBe(createdBefore);

    partner.setDown(false);
    clock.advance(5 * 60_000);
    await t.app.jobs.runDueJobs({ skipDelays: true });
    for (const { order } of placed) {
      expect((await orderOf(order._id))?.fulfilmentState).toBe('submitted');
      expect((await fulfilmentOf(order._id))?.lastError).toBeNull();
    }
    expect(partner.stats.ordersCreated).toBe(createdBefore + 3);
    // Whatever is still queued (re-queued copies, periodic sweeps) creates nothing more.
    clock.advance(60 * 60_000);
    await t.app.jobs.runDueJobs({ skipDelays: true, periodic: true });
    await t.app.jobs.runDueJobs({ skipDelays: true, periodic: true });
    expect(partner.stats.ordersCreated).toBe(createdBefore + 3);
    for (const { qikinkOrderId } of placed) {
      expect(await t.app.integrations.fulfilment.findOrderByNumber(qikinkOrderId)).not.toBeNull();
    }
  });

  it('finds an order whose creation got through although the answer was lost, instead of creating it again', async () => {
    const buyer = await signInNewUser(t);
    partner.setDown(true);
    const { qikinkOrderId, order } = await placeCod(buyer);
    await t.app.jobs.runDueJobs();
    partner.setDown(false);
    // The earlier attempt reached the partner after all (its answer never came back).
    const row = (await orderOf(order._id))!;
    const atPartner = await t.app.integrations.fulfilment.createOrder(
      partnerOrderInput(row, await itemsOf(db(), [row.id])),
    );
    const createdBefore = partner.stats.ordersCreated;
    await t.app.jobs.runDueJobs({ skipDelays: true });
    expect(partner.stats.ordersCreated).toBe(createdBefore);
    expect(await fulfilmentOf(order._id)).toMatchObject({ partnerOrderId: atPartner.partnerOrderId });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('submitted');
    expect((await t.app.integrations.fulfilment.findOrderByNumber(qikinkOrderId))?.partnerOrderId).toBe(
      atPartner.partnerOrderId,
    );
  });

  it('does not retry an order the partner refuses (Invalid SKU): it waits in exception for a person', async () => {
    const buyer = await signInNewUser(t);
    partner.addUnknownSku('TST-REFUSED-1-Wh-L');
    const { order } = await placeCod(buyer, 'TST-REFUSED-1');
    const run = await t.app.jobs.runDueJobs();
    expect(run.failed['fulfilment.submit'] ?? 0).toBe(0);
    expect(await fulfilmentOf(order._id)).toMatchObject({ partnerOrderId: null, lastError: 'Invalid SKU' });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('exception');
    const again = await t.app.jobs.runDueJobs({ skipDelays: true, periodic: true });
    expect(again.ran['fulfilment.submit'] ?? 0).toBe(0);
  });
});

describe('status polling', () => {
  it("follows the partner's statuses to shipped (with the AWB) and delivered", async () => {
    const buyer = await signInNewUser(t);
    const { qikinkOrderId, order } = await placeCod(buyer);
    await t.app.jobs.runDueJobs();
    const status = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${buyer.userId}`,
        headers: buyer.headers,
      });
      return (res.json().orders as { orderId: string }[]).find((o) => o.orderId === qikinkOrderId);
    };
    expect(await status()).toMatchObject({ status: 'processing' });
    expect(await status()).not.toHaveProperty('awbNo');

    // Live -> To be Printed -> Printed -> Manifested: the courier has it.
    clock.advance(185_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    const fulfilment = await fulfilmentOf(order._id);
    expect(fulfilment).toMatchObject({
      partnerStatus: 'Manifested',
      awbNo: expect.stringMatching(/^1490\d{10}$/),
      courier: 'Delhivery',
    });
    expect(await status()).toMatchObject({
      status: 'shipped',
      awbNo: fulfilment!.awbNo,
      trackingLink: `http://shop.test/__qikink/track/${fulfilment!.awbNo}`,
    });

    clock.advance(10 * 60_000);
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await status()).toMatchObject({ status: 'delivered', awbNo: fulfilment!.awbNo });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('delivered');
  });

  it('keeps an unknown status word as given without moving the order', async () => {
    const buyer = await signInNewUser(t);
    const { order } = await placeCod(buyer);
    await t.app.jobs.runDueJobs();
    const { partnerOrderId } = (await fulfilmentOf(order._id))!;
    await partner.setStatus(partnerOrderId!, 'Awaiting Quality Review');
    await t.app.jobs.runDueJobs({ periodic: true });
    expect(await fulfilmentOf(order._id)).toMatchObject({ partnerStatus: 'Awaiting Quality Review' });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('submitted');

    await partner.setStatus(partnerOrderId!, 'RTO Initiated');
    await t.app.jobs.runDueJobs({ periodic: true });
    expect((await orderOf(order._id))?.fulfilmentState).toBe('returned');
  });
});
