// The orders desk (docs/admin.md#orders): the list's filters, search and keyset pages, the CSV, the order page with
// its timeline, the desk's actions and their refusals with their audit rows, the needs-action queue and its count,
// and who may do what.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { auditLog, fulfilments, orders, payments, returns, webhookInbox } from '@rangrez/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import { csvCell } from '../src/modules/orders-desk/csv.ts';
import { signedInStaff, type SignedInStaff } from './admin-helpers.ts';
import {
  TEST_ADDRESS,
  codOrderBody,
  createTestApp,
  signInNewUser,
  type SignedInUser,
  type TestApp,
} from './helpers.ts';
import {
  confirmCod,
  ORDER_LIFE_SETTINGS,
  orderRow,
  paidOnlineOrder,
  placedCodOrder,
} from './order-helpers.ts';

const clock = new ManualClock('2026-11-20T06:00:00.000Z');
let t: TestApp;
let owner: SignedInStaff;
let ops: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp(ORDER_LIFE_SETTINGS, undefined, { clock });
  owner = await signedInStaff(t, 'owner');
  ops = await signedInStaff(t, 'ops');
  support = await signedInStaff(t, 'support');
  catalogue = await signedInStaff(t, 'catalogue');
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (who: SignedInStaff, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.headers });
const post = (who: SignedInStaff, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
const numbersOf = (res: { json(): unknown }) =>
  (res.json() as { orders: { orderNumber: string }[] }).orders.map((o) => o.orderNumber);

/** A cash-on-delivery order to `address`; handed to the partner unless `handOver` is false. */
async function codOrder(buyer: SignedInUser, address: Partial<typeof TEST_ADDRESS> = {}, handOver = true) {
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: buyer.headers,
    payload: codOrderBody(buyer, [{ productId: tee.id }], 849, {
      deliveryAddress: { ...TEST_ADDRESS, ...address },
    }),
  });
  expect(res.statusCode).toBe(201);
  const orderNumber = res.json().qikinkOrderId as string;
  // Handed over once the shopper confirms it (docs/cod-confirmation.md).
  if (handOver) {
    await confirmCod(t, buyer, orderNumber);
    await t.app.jobs.runDueJobs();
  }
  return orderNumber;
}

async function auditRows(requestId: unknown) {
  return db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(requestId)));
}

describe('GET /admin/orders: filters, search and pages', () => {
  const made = { old: '', prepaid: '', cod: '' };

  beforeAll(async () => {
    const asha = await signInNewUser(t);
    const ravi = await signInNewUser(t);
    clock.set('2026-11-18T08:00:00.000Z');
    made.old = await codOrder(asha, { email: 'old.buyer@example.in', phone: '91234 56780' });
    clock.set('2026-11-19T08:00:00.000Z');
    made.prepaid = (
      await paidOnlineOrder(t, ravi, (await createProduct(db(), { pricePaise: 79_900, stock: 5 })).id)
    ).orderNumber;
    clock.set('2026-11-20T08:00:00.000Z');
    made.cod = await codOrder(asha, { email: 'Meera.K@Example.in', phone: '99887 76655' });
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, made.cod));
    await db().update(fulfilments).set({ awbNo: 'AWB7788990011' }).where(eq(fulfilments.orderId, row!.id));
  });

  it('lists every order newest first, and keyset pages cover each exactly once', async () => {
    const all = numbersOf(await get(support, '/orders?limit=200'));
    expect(all.slice(0, 3)).toEqual([made.cod, made.prepaid, made.old]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(support, `/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...numbersOf(res));
      cursor = (res.json() as { nextCursor: string | null }).nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('answers each row with the customer, money in rupees, the five states and the shopper’s word', async () => {
    const res = await get(support, `/orders?q=${made.prepaid}`);
    expect(res.json().orders).toEqual([
      expect.objectContaining({
        orderNumber: made.prepaid,
        customerName: 'Asha Verma',
        email: 'asha.verma@example.in',
        phone: '9876543210',
        total: 799,
        gateway: 'Prepaid',
        state: 'confirmed',
        paymentState: 'captured',
        fulfilmentState: 'submitted',
        refundState: 'none',
        status: 'processing',
        itemCount: 1,
        needsAction: null,
      }),
    ]);
  });

  it('filters on the gateway, the machines and the calendar days', async () => {
    const mine = (res: { json(): unknown }) => numbersOf(res).filter((n) => Object.values(made).includes(n));
    expect(mine(await get(support, '/orders?gateway=Prepaid'))).toEqual([made.prepaid]);
    expect(mine(await get(support, '/orders?payment=captured'))).toEqual([made.prepaid]);
    expect(mine(await get(support, '/orders?gateway=COD&fulfilment=submitted'))).toEqual([
      made.cod,
      made.old,
    ]);
    expect(mine(await get(support, '/orders?status=cancelled'))).toEqual([]);
    expect(mine(await get(support, '/orders?refund=none&from=2026-11-19&to=2026-11-19'))).toEqual([
      made.prepaid,
    ]);
    expect(mine(await get(support, '/orders?from=2026-11-20'))).toEqual([made.cod]);
    expect(mine(await get(support, '/orders?to=2026-11-18'))).toEqual([made.old]);
  });

  it('searches the order number (exact or prefix), e-mail, phone and AWB', async () => {
    expect(numbersOf(await get(support, `/orders?q=${made.cod.toLowerCase()}`))).toEqual([made.cod]);
    const prefix = made.cod.slice(0, 12);
    expect(numbersOf(await get(support, `/orders?q=${prefix}`))).toContain(made.cod);
    expect(numbersOf(await get(support, '/orders?q=MEERA.K%40example.IN'))).toEqual([made.cod]);
    expect(numbersOf(await get(support, `/orders?q=${encodeURIComponent('+91 99887-76655')}`))).toEqual([
      made.cod,
    ]);
    expect(numbersOf(await get(support, '/orders?q=AWB7788990011'))).toEqual([made.cod]);
    expect(numbersOf(await get(support, '/orders?q=nobody%40example.in'))).toEqual([]);
  });

  it('refuses a bad cursor, an unknown state and a reversed range in the error shape', async () => {
    expect((await get(support, '/orders?cursor=bm9wZQ')).json()).toEqual({
      success: false,
      message: 'cursor is not valid: start again from the first page',
    });
    const state = await get(support, '/orders?payment=paid');
    expect(state.statusCode).toBe(400);
    expect(state.json().message).toBe(
      'payment must be one of pending, cod_pending, authorized, captured, failed, collected, voided',
    );
    expect((await get(support, '/orders?from=2026-11-20&to=2026-11-19')).json().message).toBe(
      'from must not be after to',
    );
  });

  it('exports the filtered set as CSV', async () => {
    const res = await get(support, '/orders/export.csv?gateway=Prepaid');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      'order_number,created_at,customer,email,phone,total,gateway,status,order_state,payment_state,fulfilment_state,refund_state,items,needs_action',
    );
    expect(rows.filter((r) => r.startsWith(made.prepaid))).toEqual([
      `${made.prepaid},2026-11-19T08:00:00.000Z,Asha Verma,asha.verma@example.in,9876543210,799,Prepaid,processing,confirmed,captured,submitted,none,1,`,
    ]);
    expect(rows.slice(1).every((r) => r.includes(',Prepaid,'))).toBe(true);
  });
});

describe('permissions', () => {
  it('lets support read but change nothing, and keeps the catalogue role out', async () => {
    const buyer = await signInNewUser(t);
    const n = await codOrder(buyer);
    expect((await get(support, `/orders/${n}`)).statusCode).toBe(200);
    expect((await get(support, '/orders/needs-action')).statusCode).toBe(200);
    const note = await post(support, `/orders/${n}/notes`, { body: 'hi' });
    expect([note.statusCode, note.json()]).toEqual([
      403,
      { success: false, message: 'Your role does not allow this' },
    ]);
    expect((await post(support, `/orders/${n}/resend`)).statusCode).toBe(403);
    expect((await get(catalogue, '/orders')).statusCode).toBe(403);
    expect((await get(catalogue, '/needs-action/count')).statusCode).toBe(403);
    expect((await post(ops, `/orders/${n}/notes`, { body: 'Called the shopper' })).statusCode).toBe(201);
  });
});

describe('GET /admin/orders/{orderId}', () => {
  it('shows lines, customer with other orders, address, payment, fulfilment, notes and one timeline in time order', async () => {
    const buyer = await signInNewUser(t);
    const first = await codOrder(buyer);
    clock.advance(60_000);
    const paid = await paidOnlineOrder(
      t,
      buyer,
      (await createProduct(db(), { pricePaise: 79_900, stock: 5 })).id,
    );
    const row = await orderRow(t, paid.orderNumber);
    // The webhook inbox names the order it was about once processed (its own module's); one row written here.
    await db()
      .insert(webhookInbox)
      .values({
        provider: 'razorpay',
        eventId: `evt_${paid.orderNumber}`,
        eventType: 'refund.failed',
        payload: {},
        status: 'dead',
        lastError: 'no refund with that id',
        orderId: row.id,
        receivedAt: new Date('2026-11-20T08:01:30.000Z'),
      });
    clock.advance(60_000);
    const noted = await post(ops, `/orders/${paid.orderNumber}/notes`, {
      body: 'Shopper asked about the size',
    });
    expect([noted.statusCode, noted.json()]).toEqual([201, { success: true, message: 'Note added' }]);

    const res = await get(support, `/orders/${paid.orderNumber}`);
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({
      orderNumber: paid.orderNumber,
      gateway: 'Prepaid',
      status: 'processing',
      totals: { total: 799, paid: 799, refundable: 799 },
      customer: { orderCount: 2, otherOrders: [{ orderNumber: first, status: 'processing' }] },
      address: { firstName: 'Asha', city: 'Mumbai', pincode: '400050', editable: false },
      payment: {
        providerOrderId: paid.razorpayOrderId,
        providerPaymentId: paid.paymentId,
        amount: 799,
        status: 'captured',
      },
      fulfilment: { partnerOrderId: expect.any(String), attempts: 1, lastError: null },
      refunds: [],
      notes: [{ body: 'Shopper asked about the size', author: ops.email }],
      actions: { cancel: true, refund: true, resend: false, confirmCancellation: false, editAddress: false },
    });
    expect(order.items).toEqual([
      expect.objectContaining({ quantity: 1, size: 'M', color: 'Bk', price: 799 }),
    ]);
    const at: string[] = order.timeline.map((e: { at: string }) => e.at);
    expect(at).toEqual([...at].sort());
    expect(order.timeline).toContainEqual({
      kind: 'webhook',
      at: '2026-11-20T08:01:30.000Z',
      title: 'Webhook refund.failed',
      detail: 'dead: no refund with that id',
      actor: 'razorpay',
    });
    expect(order.timeline).toContainEqual(
      expect.objectContaining({ kind: 'note', detail: 'Shopper asked about the size', actor: ops.email }),
    );
    expect(order.timeline).toContainEqual(
      expect.objectContaining({ kind: 'audit', title: 'order.note', actor: ops.email }),
    );
    expect(order.timeline).toContainEqual(
      expect.objectContaining({ kind: 'event', title: 'payment: pending → captured' }),
    );
    // The note was written after every event of the order.
    const kindsInOrder: string[] = order.timeline.map((e: { kind: string }) => e.kind);
    expect(kindsInOrder.indexOf('note')).toBeGreaterThan(kindsInOrder.lastIndexOf('event'));
  });

  it('finds an order by _id too, and answers 404 for none', async () => {
    const n = await codOrder(await signInNewUser(t));
    const row = await orderRow(t, n);
    expect((await get(support, `/orders/${row.id}`)).json().order.orderNumber).toBe(n);
    expect((await get(support, '/orders/RZNOPE')).json()).toEqual({
      success: false,
      message: 'Order not found',
    });
  });
});

describe('actions', () => {
  it('edits the address until the hand-over, audited with before and after; then 409', async () => {
    const buyer = await signInNewUser(t);
    const n = await codOrder(buyer, {}, false);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/orders/${n}/address`,
      headers: ops.headers,
      payload: { ...TEST_ADDRESS, doorNo: '14A', pincode: '400051' },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, message: 'Address saved' }]);
    expect(await orderRow(t, n)).toMatchObject({ doorNo: '14A', pincode: '400051' });
    const [audit] = await auditRows(res.headers['x-request-id']);
    expect(audit).toMatchObject({
      action: 'order.address',
      before: { doorNo: '12B', pincode: '400050' },
      after: { doorNo: '14A', pincode: '400051' },
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/orders/${n}/address`,
      headers: ops.headers,
      payload: { ...TEST_ADDRESS, pincode: '12' },
    });
    expect(bad.statusCode).toBe(400);
    await confirmCod(t, buyer, n);
    await t.app.jobs.runDueJobs();
    const late = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/orders/${n}/address`,
      headers: ops.headers,
      payload: { ...TEST_ADDRESS, doorNo: '15' },
    });
    expect([late.statusCode, late.json()]).toEqual([
      409,
      {
        success: false,
        message: 'The print partner already has this order: its address can no longer be changed here',
      },
    ]);
  });

  it('lists a refused hand-over in the queue, sends it again, and the entry goes', async () => {
    const partner = t.app.integrations.simulatedPartner!;
    const buyer = await signInNewUser(t);
    const n = await codOrder(buyer, {}, false);
    await partner.refuseOrders({ orderNumber: n, message: 'Invalid SKU', once: true });
    await confirmCod(t, buyer, n);
    await t.app.jobs.runDueJobs();
    expect(await orderRow(t, n)).toMatchObject({ fulfilmentState: 'exception' });
    const queue = (await get(support, '/orders/needs-action')).json().entries;
    expect(queue.filter((e: { orderNumber: string }) => e.orderNumber === n)).toEqual([
      expect.objectContaining({
        kind: 'fulfilment-exception',
        what: `${n}: The print partner refused or is holding this order`,
        actions: expect.arrayContaining([
          { label: 'Send to the partner again', method: 'POST', path: `/admin/orders/${n}/resend` },
        ]),
      }),
    ]);
    const count = (await get(support, '/needs-action/count')).json().count;
    expect(count).toBe(queue.length);
    expect((await get(support, `/orders?needsAction=true&q=${n}`)).json().orders[0].needsAction).toBe(
      'The print partner refused or is holding this order',
    );

    const res = await post(ops, `/orders/${n}/resend`);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { success: true, message: 'Sent to the print partner again' },
    ]);
    expect((await auditRows(res.headers['x-request-id']))[0]).toMatchObject({ action: 'order.resend' });
    await t.app.jobs.runDueJobs();
    expect(await orderRow(t, n)).toMatchObject({ fulfilmentState: 'submitted' });
    const after = (await get(support, '/orders/needs-action')).json().entries;
    expect(after.filter((e: { orderNumber: string }) => e.orderNumber === n)).toEqual([]);
    expect((await get(support, '/needs-action/count')).json().count).toBe(count - 1);
    expect((await post(ops, `/orders/${n}/resend`)).json()).toEqual({
      success: false,
      message: 'Only a refused or failed hand-over can be sent to the print partner again',
    });
  });

  it('answers a cancel-at-partner task: too late puts it back, cancelled there cancels it', async () => {
    const n = await placedCodOrder(t, await signInNewUser(t), (await createProduct(db(), { stock: 3 })).id);
    expect((await post(ops, `/orders/${n}/cancellation/confirm`)).json()).toEqual({
      success: false,
      message: 'This order is not waiting for a cancellation at the print partner',
    });
    expect(
      (await post(ops, `/orders/${n}/cancel`, { reason: 'Shopper changed their mind' })).statusCode,
    ).toBe(200);
    const entry = (await get(support, '/orders/needs-action'))
      .json()
      .entries.find((e: { orderNumber: string }) => e.orderNumber === n);
    expect(entry).toMatchObject({ kind: 'cancel-at-partner' });

    const late = await post(ops, `/orders/${n}/cancellation/too-late`);
    expect([late.statusCode, late.json()]).toEqual([
      200,
      { success: true, message: 'Too late to cancel: the order stays with the print partner' },
    ]);
    expect(await orderRow(t, n)).toMatchObject({ state: 'confirmed' });
    expect((await auditRows(late.headers['x-request-id']))[0]).toMatchObject({
      action: 'order.cancel_too_late',
      before: { state: 'cancel_requested' },
      after: { state: 'confirmed' },
    });
    expect((await post(ops, `/orders/${n}/cancellation/too-late`)).statusCode).toBe(409);

    await post(ops, `/orders/${n}/cancel`, { reason: 'Asked again' });
    const done = await post(ops, `/orders/${n}/cancellation/confirm`);
    expect([done.statusCode, done.json()]).toEqual([200, { success: true, message: 'Order cancelled' }]);
    expect(await orderRow(t, n)).toMatchObject({
      state: 'cancelled',
      paymentState: 'voided',
      fulfilmentState: 'cancelled',
    });
    const queue = (await get(support, '/orders/needs-action')).json().entries;
    expect(queue.filter((e: { orderNumber: string }) => e.orderNumber === n)).toEqual([]);
  });

  it('refunds money that matches no order once, and the queue entry goes', async () => {
    const [payment] = await db()
      .insert(payments)
      .values({
        provider: 'razorpay',
        providerOrderId: 'order_unmatched1',
        providerPaymentId: 'pay_unmatched1',
        amountPaise: 49_900,
        status: 'unmatched',
      })
      .returning();
    const entry = (await get(support, '/orders/needs-action'))
      .json()
      .entries.find((e: { paymentId: string | null }) => e.paymentId === payment!.id);
    expect(entry).toMatchObject({
      kind: 'unmatched-payment',
      what: '₹499 paid (pay_unmatched1) matches no order',
      actions: [{ label: 'Refund it', method: 'POST', path: `/admin/payments/${payment!.id}/refund` }],
    });
    expect((await post(support, `/payments/${payment!.id}/refund`, { reason: 'No order' })).statusCode).toBe(
      403,
    );
    const res = await post(ops, `/payments/${payment!.id}/refund`, { reason: 'Paid twice, no order' });
    expect(res.statusCode).toBe(201);
    expect(res.json().refund).toMatchObject({
      amount: 499,
      method: 'provider',
      status: 'pending',
      reason: 'Paid twice, no order',
    });
    expect((await auditRows(res.headers['x-request-id']))[0]).toMatchObject({
      action: 'payment.refund',
      entityId: payment!.id,
    });
    expect((await post(ops, `/payments/${payment!.id}/refund`, { reason: 'again' })).json()).toEqual({
      success: false,
      message: 'This payment is already refunded or on its way back',
    });
    const after = (await get(support, '/orders/needs-action')).json().entries;
    expect(after.filter((e: { paymentId: string | null }) => e.paymentId === payment!.id)).toEqual([]);
    expect(
      (await post(ops, '/payments/00000000-0000-4000-8000-000000000000/refund', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('refuses an empty note and an unknown order', async () => {
    const n = await codOrder(await signInNewUser(t));
    expect((await post(ops, `/orders/${n}/notes`, { body: '  ' })).json()).toEqual({
      success: false,
      message: 'body is required',
    });
    expect((await post(ops, '/orders/RZNOPE/notes', { body: 'x' })).statusCode).toBe(404);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.note'), eq(auditLog.actor, ops.email)));
    expect(rows.length).toBeGreaterThan(0);
    void owner;
  });
});

describe('the needs-action queue’s other sources', () => {
  it('lists cash on delivery past its promise, a return request and a dead webhook, each with its actions', async () => {
    const buyer = await signInNewUser(t);
    const n = await codOrder(buyer);
    const row = await orderRow(t, n);
    const [request] = await db()
      .insert(returns)
      .values({ orderId: row.id, userId: buyer.userId, reason: 'Print peeling' })
      .returning();
    const [hook] = await db()
      .insert(webhookInbox)
      .values({
        provider: 'razorpay',
        eventId: `evt_dead_${n}`,
        eventType: 'payment.captured',
        payload: {},
        status: 'dead',
        lastError: 'order not found',
      })
      .returning();
    const entriesNow = async () =>
      (await get(support, '/orders/needs-action')).json().entries as {
        kind: string;
        orderNumber: string | null;
        webhookId: number | null;
        what: string;
        actions: unknown[];
      }[];

    let entries = await entriesNow();
    expect(entries.filter((e) => e.orderNumber === n).map((e) => e.kind)).toEqual(['return-requested']);
    expect(entries.find((e) => e.kind === 'return-requested' && e.orderNumber === n)).toMatchObject({
      what: `${n}: a return was requested (Print peeling)`,
      actions: [{ label: 'Decide on the return', method: 'GET', path: `/admin/returns/${request!.id}` }],
    });
    expect(entries.find((e) => e.webhookId === hook!.id)).toMatchObject({
      kind: 'dead-webhook',
      what: 'Webhook payment.captured failed for good: order not found',
      actions: [{ label: 'Replay it', method: 'POST', path: `/admin/webhooks/${hook!.id}/replay` }],
    });

    // Ten days after it was placed the parcel is late (the shipping policy's promise).
    clock.advance(10 * 86_400_000 + 60_000);
    // Staff sessions end after 12 idle hours: a member signs in again.
    support = await signedInStaff(t, 'support');
    entries = await entriesNow();
    expect(
      entries
        .filter((e) => e.orderNumber === n)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['cod-overdue', 'return-requested']);
    expect((await get(support, `/orders/${n}`)).json().order.needsAction).toBe(
      'Cash on delivery, not delivered 10 days after it was placed',
    );
    await t.app.integrations.simulatedPartner!.markDelivered(n);
    await t.app.jobs.runDueJobs({ periodic: true });
    entries = await entriesNow();
    expect(entries.filter((e) => e.orderNumber === n).map((e) => e.kind)).toEqual(['return-requested']);
  });
});

describe('csvCell', () => {
  it('quotes separators and quotes, and defuses formulas', () => {
    expect(csvCell('Asha, "A" Verma')).toBe('"Asha, ""A"" Verma"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+91')).toBe("'+91");
    expect(csvCell(799.5)).toBe('799.5');
  });
});
