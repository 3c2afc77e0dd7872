// Defect returns (docs/orders-lifecycle.md#returns): the published policy's window, ownership and every refusal in
// the contract's words, the photos and video, one open return per order, every move of the return machine and its
// refusals, a reprint handed to the partner at no charge, refunds by each payout with the store credit ledger, and
// the history, audit and e-mail rows each move writes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RETURN_MESSAGES } from '@rangrez/contract/rules';
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import { auditLog, orderEvents, outbox, refunds, returns, storeCredit } from '@rangrez/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPartner } from '../src/integrations/qikink/simulated/partner.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type MultipartPart, multipart, type SignedInStaff, signedInStaff } from './admin-helpers.ts';
import { createTestApp, signInNewUser, type SignedInUser, type TestApp } from './helpers.ts';
import { solid } from './images.ts';
import {
  deliveredCodOrder,
  ORDER_LIFE_SETTINGS,
  orderRow,
  paidOnlineOrder,
  placedCodOrder,
} from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;
let t: TestApp;
let dataDir: string;
let partner: SimulatedPartner;
let ops: SignedInStaff;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-returns-'));
  t = await createTestApp({ ...ORDER_LIFE_SETTINGS, DATA_DIR: dataDir }, undefined, { clock });
  partner = t.app.integrations.simulatedPartner!;
  ops = await signedInStaff(t, 'ops');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;

let hue = 0;
const photoBytes = () =>
  solid(640, 800, `#${(0x203040 + (hue += 7919)).toString(16).padStart(6, '0').slice(-6)}`)
    .png()
    .toBuffer();
const file = (data: Buffer, filename = 'defect.png', contentType = 'image/png'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

function upload(
  who: SignedInUser,
  orderNumber: string,
  kind: 'photos' | 'video',
  data: Buffer,
  type = 'image/png',
) {
  const body = multipart([file(data, kind === 'video' ? 'defect.mp4' : 'defect.png', type)]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderNumber}/returns/${kind}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

async function photo(who: SignedInUser, orderNumber: string): Promise<string> {
  const res = await upload(who, orderNumber, 'photos', await photoBytes());
  expect(res.statusCode).toBe(201);
  return res.json().upload._id;
}

/** The first bytes of an MP4 file ('ftyp' box, brand isom), then filler. */
const mp4 = (size = 4096) => {
  const data = Buffer.alloc(size);
  data.writeUInt32BE(24, 0);
  data.write('ftypisom', 4, 'latin1');
  return data;
};

const ask = (who: SignedInUser, orderNumber: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderNumber}/returns`,
    headers: who.headers,
    payload,
  });

const act = (returnId: string, action: string, payload: object = {}, who: SignedInStaff = ops) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/returns/${returnId}/${action}`,
    headers: who.headers,
    payload,
  });

/** Moves the order's delivery back in time by `days` (the window counts from the delivered event). */
async function deliveredDaysAgo(orderNumber: string, days: number) {
  const order = await orderRow(t, orderNumber);
  await db()
    .update(orderEvents)
    .set({ createdAt: new Date(clock.now().getTime() - days * DAY) })
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toState, 'delivered')));
}

/** A delivered cash-on-delivery order of one ₹799 tee, and its buyer. */
async function deliveredCod(stock = 5) {
  const buyer = await signInNewUser(t);
  const tee = await createProduct(db(), { pricePaise: 79_900, stock });
  const orderNumber = await deliveredCodOrder(t, buyer, tee.id);
  return { buyer, tee, orderNumber };
}

/** A delivered prepaid order of one ₹799 tee, and its buyer. */
async function deliveredPrepaid() {
  const buyer = await signInNewUser(t);
  const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
  const { orderNumber, paymentId } = await paidOnlineOrder(t, buyer, tee.id);
  await partner.markDelivered(orderNumber);
  await t.app.jobs.runDueJobs({ periodic: true });
  expect((await orderRow(t, orderNumber)).fulfilmentState).toBe('delivered');
  return { buyer, tee, orderNumber, paymentId };
}

const UPI = { payout: 'upi', upiId: 'asha.verma@okhdfc' };

/** A requested return of a delivered COD order (paid out to UPI unless `payout` says otherwise). */
async function requested(payout: object = UPI) {
  const order = await deliveredCod();
  const photoId = await photo(order.buyer, order.orderNumber);
  const res = await ask(order.buyer, order.orderNumber, {
    reason: 'misprint',
    description: 'The print is smudged on the back.',
    photoIds: [photoId],
    ...payout,
  });
  expect(res.statusCode).toBe(201);
  return { ...order, returnId: res.json().return._id as string };
}

const returnRow = async (id: string) => (await db().select().from(returns).where(eq(returns.id, id)))[0]!;
const returnEvents = async (orderId: string) =>
  db()
    .select({ from: orderEvents.fromState, to: orderEvents.toState })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.machine, 'return')))
    .orderBy(asc(orderEvents.id));
const outboxOf = async (orderId: string) =>
  (await db().select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)))
    .filter((r) => r.kind === 'return-updated')
    .map((r) => [r.dedupeKey.split(':')[2], r.recipient]);

describe('asking for a return', () => {
  it('takes a return of a delivered order with photos: the row, its lines, evidence, history and e-mail', async () => {
    const { buyer, orderNumber } = await deliveredCod();
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderNumber}/returns`,
      headers: buyer.headers,
    });
    expect(before.json()).toEqual({ success: true, returns: [], canRequest: true, refusal: null });
    const photos = [await photo(buyer, orderNumber), await photo(buyer, orderNumber)];
    const res = await ask(buyer, orderNumber, {
      reason: 'misprint',
      description: 'The print is smudged on the back.',
      photoIds: photos,
      payout: 'bank',
      accountName: 'Asha Verma',
      accountNumber: '123456789012',
      ifsc: 'hdfc0001234',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: RETURN_MESSAGES.requested,
      return: {
        orderId: orderNumber,
        status: 'requested',
        statusLabel: 'Return requested',
        reason: 'misprint',
        payout: 'bank',
        items: [{ quantity: 1, size: 'M', color: 'Bk', price: 799 }],
        reprintOrderId: null,
        refundAmount: null,
      },
    });
    expect(body.return.evidence.map((e: { _id: string; kind: string }) => e.kind)).toEqual([
      'photo',
      'photo',
    ]);
    const order = await orderRow(t, orderNumber);
    expect(await returnRow(body.return._id)).toMatchObject({
      payoutAccountName: 'Asha Verma',
      payoutAccountNumber: '123456789012',
      payoutIfsc: 'HDFC0001234',
    });
    expect(await returnEvents(order.id)).toEqual([{ from: null, to: 'requested' }]);
    expect(await outboxOf(order.id)).toEqual([['requested', order.email]]);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderNumber}/returns`,
      headers: buyer.headers,
    });
    expect(mine.json()).toMatchObject({ canRequest: false, refusal: RETURN_MESSAGES.alreadyOpen });
    expect(mine.json().returns.map((r: { status: string }) => r.status)).toEqual(['requested']);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/returns', headers: buyer.headers });
    expect(all.json().returns.map((r: { orderId: string }) => r.orderId)).toEqual([orderNumber]);
  });

  it('accepts a return on the 7th day after delivery and refuses it on the 8th', async () => {
    const seventh = await deliveredCod();
    await deliveredDaysAgo(seventh.orderNumber, 7);
    const photoId = await photo(seventh.buyer, seventh.orderNumber);
    const ok = await ask(seventh.buyer, seventh.orderNumber, {
      reason: 'damaged',
      description: 'Torn seam',
      photoIds: [photoId],
      ...UPI,
    });
    expect(ok.statusCode).toBe(201);

    const eighth = await deliveredCod();
    const late = await photo(eighth.buyer, eighth.orderNumber);
    await deliveredDaysAgo(eighth.orderNumber, 8);
    const res = await ask(eighth.buyer, eighth.orderNumber, {
      reason: 'damaged',
      description: 'Torn seam',
      photoIds: [late],
      ...UPI,
    });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { success: false, message: RETURN_MESSAGES.windowClosed },
    ]);
    const uploadLate = await upload(eighth.buyer, eighth.orderNumber, 'photos', await photoBytes());
    expect([uploadLate.statusCode, uploadLate.json().message]).toEqual([409, RETURN_MESSAGES.windowClosed]);
  });

  it('refuses an order that is not delivered, and someone else’s order as unknown', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const orderNumber = await placedCodOrder(t, buyer, tee.id);
    const res = await ask(buyer, orderNumber, {
      reason: 'misprint',
      description: 'x',
      videoId: crypto.randomUUID(),
      ...UPI,
    });
    expect([res.statusCode, res.json().message]).toEqual([409, RETURN_MESSAGES.notDelivered]);

    const { orderNumber: theirs } = await deliveredCod();
    const stranger = await ask(buyer, theirs, {
      reason: 'misprint',
      description: 'x',
      videoId: crypto.randomUUID(),
      ...UPI,
    });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, RETURN_MESSAGES.orderNotFound]);
    const theirPhotos = await upload(buyer, theirs, 'photos', await photoBytes());
    expect([theirPhotos.statusCode, theirPhotos.json().message]).toEqual([
      404,
      RETURN_MESSAGES.orderNotFound,
    ]);
    const theirList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${theirs}/returns`,
      headers: buyer.headers,
    });
    expect(theirList.statusCode).toBe(404);
  });

  it('answers each invalid request in the contract’s words', async () => {
    const { buyer, orderNumber } = await deliveredCod();
    const mine = await photo(buyer, orderNumber);
    const other = await deliveredCod();
    const theirs = await photo(other.buyer, other.orderNumber);
    const base = { reason: 'misprint', description: 'Smudged print', photoIds: [mine], ...UPI };
    const six = [mine, ...(await Promise.all([1, 2, 3, 4, 5].map(() => photo(buyer, orderNumber))))];
    const cases: [object, string][] = [
      [{ ...base, upiId: 'asha.verma' }, RETURN_MESSAGES.upiInvalid],
      [{ ...base, upiId: 'a@' }, RETURN_MESSAGES.upiInvalid],
      [
        { ...base, payout: 'bank', accountName: 'Asha', accountNumber: '12345678', ifsc: 'HDFC0001234' },
        RETURN_MESSAGES.accountNumberInvalid,
      ],
      [
        {
          ...base,
          payout: 'bank',
          accountName: 'Asha',
          accountNumber: '1234567890123456789',
          ifsc: 'HDFC0001234',
        },
        RETURN_MESSAGES.accountNumberInvalid,
      ],
      [
        { ...base, payout: 'bank', accountName: 'Asha', accountNumber: '123456789', ifsc: 'HDFC1001234' },
        RETURN_MESSAGES.ifscInvalid,
      ],
      [
        { ...base, payout: 'bank', accountNumber: '123456789', ifsc: 'HDFC0001234' },
        RETURN_MESSAGES.accountNameRequired,
      ],
      [{ ...base, payout: 'original' }, RETURN_MESSAGES.payoutForCod],
      [{ ...base, photoIds: [] }, RETURN_MESSAGES.evidenceRequired],
      [{ ...base, photoIds: six }, RETURN_MESSAGES.tooManyPhotos],
      [{ ...base, photoIds: [theirs] }, RETURN_MESSAGES.photosNotOwned],
      [{ ...base, photoIds: [mine, mine] }, RETURN_MESSAGES.photosNotOwned],
      [{ ...base, photoIds: [mine], videoId: crypto.randomUUID() }, RETURN_MESSAGES.photoAndVideo],
      [{ ...base, photoIds: undefined, videoId: crypto.randomUUID() }, RETURN_MESSAGES.videoNotOwned],
      [{ ...base, reason: 'changed my mind' }, RETURN_MESSAGES.reasonInvalid],
      [{ ...base, description: '  ' }, RETURN_MESSAGES.descriptionRequired],
      [{ ...base, items: [{ itemId: crypto.randomUUID(), quantity: 1 }] }, RETURN_MESSAGES.itemUnknown],
    ];
    for (const [payload, message] of cases) {
      const res = await ask(buyer, orderNumber, payload);
      expect([JSON.stringify(payload).slice(0, 120), res.statusCode, res.json()]).toEqual([
        JSON.stringify(payload).slice(0, 120),
        400,
        { success: false, message },
      ]);
    }
    const order = await orderRow(t, orderNumber);
    expect(await returnEvents(order.id)).toEqual([]);
  });

  it('keeps a prepaid order’s refund to the original payment', async () => {
    const { buyer, orderNumber } = await deliveredPrepaid();
    const photoId = await photo(buyer, orderNumber);
    const wrong = await ask(buyer, orderNumber, {
      reason: 'wrong_size',
      description: 'L sent, M ordered',
      photoIds: [photoId],
      ...UPI,
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, RETURN_MESSAGES.payoutOriginalOnly]);
  });

  it('takes one open return per order; after a rejection the shopper may ask again', async () => {
    const { buyer, orderNumber } = await deliveredCod();
    const [first, later] = [await photo(buyer, orderNumber), await photo(buyer, orderNumber)];
    const asked = await ask(buyer, orderNumber, {
      reason: 'misprint',
      description: 'Smudged',
      photoIds: [first],
      ...UPI,
    });
    const returnId = asked.json().return._id;
    const again = { reason: 'misprint', description: 'Still smudged', photoIds: [later], ...UPI };
    const second = await ask(buyer, orderNumber, again);
    expect([second.statusCode, second.json().message]).toEqual([409, RETURN_MESSAGES.alreadyOpen]);
    const uploadNow = await upload(buyer, orderNumber, 'photos', await photoBytes());
    expect([uploadNow.statusCode, uploadNow.json().message]).toEqual([409, RETURN_MESSAGES.alreadyOpen]);
    expect((await act(returnId, 'reject', { reason: 'The photo shows no defect' })).statusCode).toBe(200);
    expect((await ask(buyer, orderNumber, again)).statusCode).toBe(201);
  });

  it('takes a short video by its content, refuses other files, and serves it only to its shopper and staff', async () => {
    const { buyer, orderNumber } = await deliveredCod();
    const notVideo = await upload(
      buyer,
      orderNumber,
      'video',
      Buffer.from('#!/bin/sh\necho hello\n'.repeat(10)),
      'video/mp4',
    );
    expect([notVideo.statusCode, notVideo.json().message]).toEqual([415, RETURN_MESSAGES.videoInvalid]);
    const tooBig = await upload(buyer, orderNumber, 'video', mp4(20 * 1024 * 1024 + 10), 'video/mp4');
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, RETURN_MESSAGES.videoTooLarge]);
    const order = await orderRow(t, orderNumber);
    expect(await fs.readdir(path.join(dataDir, 'returns', order.id))).toEqual([]);

    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000)]);
    const quicktime = mp4();
    quicktime.write('ftypqt  ', 4, 'latin1');
    for (const [data, type] of [
      [webm, 'video/webm'],
      [quicktime, 'video/quicktime'],
    ] as const) {
      const res = await upload(buyer, orderNumber, 'video', data, 'video/mp4');
      expect(res.statusCode).toBe(201);
      const stored = await fs.readdir(path.join(dataDir, 'returns', order.id));
      expect(stored).toContain(`${res.json().upload._id}.${type === 'video/webm' ? 'webm' : 'mov'}`);
    }
    const sent = await upload(buyer, orderNumber, 'video', mp4(), 'application/octet-stream');
    expect(sent.statusCode).toBe(201);
    const videoId = sent.json().upload._id;
    const res = await ask(buyer, orderNumber, {
      reason: 'defective',
      description: 'Stain on the front',
      videoId,
      payout: 'store_credit',
    });
    expect(res.statusCode).toBe(201);
    const [evidence] = res.json().return.evidence;
    expect(evidence).toMatchObject({ kind: 'video', contentType: 'video/mp4' });

    const own = await t.app.inject({ method: 'GET', url: evidence.url, headers: buyer.headers });
    expect([own.statusCode, own.headers['content-type'], own.rawPayload.length]).toEqual([
      200,
      'video/mp4',
      4096,
    ]);
    const stranger = await signInNewUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: evidence.url, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: evidence.url })).statusCode).toBe(401);
    const staff = await t.app.inject({
      method: 'GET',
      url: evidence.url.replace('/api/v1/returns/', '/api/v1/admin/returns/'),
      headers: ops.headers,
    });
    expect([staff.statusCode, staff.rawPayload.length]).toEqual([200, 4096]);
  });
});

describe('the return machine', () => {
  it('walks requested -> approved -> pickup -> received -> refunded (UPI, by hand), with history, audit and e-mails', async () => {
    const { orderNumber, returnId } = await requested();
    const order = await orderRow(t, orderNumber);
    expect((await act(returnId, 'approve')).json()).toMatchObject({
      message: 'Return approved',
      return: { status: 'approved' },
    });
    expect((await act(returnId, 'pickup')).json().return.status).toBe('pickup');
    expect((await act(returnId, 'received')).json().return.status).toBe('received');
    const noReference = await act(returnId, 'refund', {});
    expect([noReference.statusCode, noReference.json().message]).toEqual([
      400,
      RETURN_MESSAGES.referenceRequired,
    ]);
    const refunded = await act(returnId, 'refund', { reference: 'UPI-4455' });
    expect(refunded.json()).toMatchObject({
      message: 'Refund recorded',
      return: { status: 'refunded', refundAmount: 799 },
    });
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      method: 'manual',
      reference: 'UPI-4455',
      amountPaise: 79_900,
      status: 'processed',
    });
    expect(await returnRow(returnId)).toMatchObject({
      state: 'refunded',
      resolution: 'refund',
      refundId: refund!.id,
      decidedBy: ops.email,
    });
    expect((await orderRow(t, orderNumber)).refundState).toBe('partial');

    expect(await returnEvents(order.id)).toEqual([
      { from: null, to: 'requested' },
      { from: 'requested', to: 'approved' },
      { from: 'approved', to: 'pickup' },
      { from: 'pickup', to: 'received' },
      { from: 'received', to: 'refunded' },
    ]);
    expect((await outboxOf(order.id)).map(([state]) => state)).toEqual([
      'requested',
      'approved',
      'pickup',
      'received',
      'refunded',
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, returnId))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ['return.approved', ops.email],
      ['return.pickup', ops.email],
      ['return.received', ops.email],
      ['return.refunded', ops.email],
    ]);
  });

  it('refuses every move the machine does not allow with a 409 in words', async () => {
    const { returnId } = await requested();
    const early = [
      ['pickup', 'A return that is return requested cannot be sent for pickup.'],
      ['received', 'A return that is return requested cannot be marked as received.'],
      ['reprint', 'A return that is return requested cannot be reprinted.'],
      ['refund', 'A return that is return requested cannot be refunded.'],
    ];
    for (const [action, message] of early) {
      const res = await act(returnId, action!, action === 'refund' ? { reference: 'x' } : {});
      expect([action, res.statusCode, res.json()]).toEqual([action, 409, { success: false, message }]);
    }
    expect((await act(returnId, 'reject', { reason: 'No defect visible' })).json().return).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No defect visible',
    });
    const late = await act(returnId, 'approve');
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'A return that is return rejected cannot be approved.',
    ]);
    const missing = await act(crypto.randomUUID(), 'approve');
    expect([missing.statusCode, missing.json().message]).toEqual([404, RETURN_MESSAGES.returnNotFound]);
    const noReason = await act(returnId, 'reject', {});
    expect(noReason.statusCode).toBe(400);
  });

  it('lets support read returns but not decide them', async () => {
    const { returnId } = await requested();
    const support = await signedInStaff(t, 'support');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/returns/${returnId}`,
          headers: support.headers,
        })
      ).statusCode,
    ).toBe(200);
    const res = await act(returnId, 'approve', {}, support);
    expect([res.statusCode, res.json().message]).toEqual([403, 'Your role does not allow this']);
  });
});

describe('resolving a return', () => {
  it('reprints: a new order at no charge, linked to the original, handed to the partner, its stock taken', async () => {
    const { buyer, tee, orderNumber, returnId } = await requested();
    await act(returnId, 'approve');
    const stockBefore = await variantStock(db(), tee.id, 'Bk', 'M');
    const res = await act(returnId, 'reprint');
    expect(res.statusCode).toBe(200);
    const reprintNumber = res.json().return.reprintOrderId as string;
    expect(res.json().return).toMatchObject({ status: 'reprinted', statusLabel: 'Reprinted' });
    expect(reprintNumber).not.toBe(orderNumber);

    const original = await orderRow(t, orderNumber);
    const reprint = await orderRow(t, reprintNumber);
    expect(reprint).toMatchObject({
      reprintOfOrderId: original.id,
      userId: original.userId,
      totalPaise: 0,
      paymentMethod: 'Prepaid',
      state: 'confirmed',
      paymentState: 'captured',
      fulfilmentState: 'queued',
      refundState: 'none',
      pincode: original.pincode,
    });
    expect(await variantStock(db(), tee.id, 'Bk', 'M')).toBe(stockBefore - 1);

    await t.app.jobs.runDueJobs();
    expect((await orderRow(t, reprintNumber)).fulfilmentState).toBe('submitted');
    const created = partner.received.filter(
      (r) => r.method === 'POST' && JSON.stringify(r.body).includes(reprintNumber),
    );
    expect(created).toHaveLength(1);

    // The shopper sees the reprint as its own order at ₹0, and the return as reprinted.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${buyer.userId}`,
      headers: buyer.headers,
    });
    const shown = list.json().orders.find((o: { orderId: string }) => o.orderId === reprintNumber);
    expect(shown).toMatchObject({
      totalAmount: 0,
      paymentMethod: 'Prepaid',
      status: 'processing',
      items: [{ price: 0, quantity: 1 }],
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderNumber}/returns`,
      headers: buyer.headers,
    });
    expect(mine.json().returns[0]).toMatchObject({ status: 'reprinted', reprintOrderId: reprintNumber });
    expect(await returnEvents(original.id)).toEqual([
      { from: null, to: 'requested' },
      { from: 'requested', to: 'approved' },
      { from: 'approved', to: 'reprinted' },
    ]);
    const again = await act(returnId, 'reprint');
    expect(again.statusCode).toBe(409);
    const reprintReturn = await ask(buyer, reprintNumber, {
      reason: 'misprint',
      description: 'x',
      videoId: crypto.randomUUID(),
      payout: 'original',
    });
    expect([reprintReturn.statusCode, reprintReturn.json().message]).toEqual([
      409,
      RETURN_MESSAGES.reprintNotReturnable,
    ]);
  });

  it('refuses a reprint when the variant is out of stock, and changes nothing', async () => {
    const { tee, returnId } = await requested();
    await act(returnId, 'approve');
    await db().execute(`update product_variants set stock = 0 where product_id = '${tee.id}'` as never);
    const res = await act(returnId, 'reprint');
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      RETURN_MESSAGES.reprintOutOfStock(`${tee.name} (Black, M)`),
    ]);
    expect((await returnRow(returnId)).state).toBe('approved');
  });

  it('refunds a prepaid order through the provider by the returned lines’ value', async () => {
    const { buyer, orderNumber } = await deliveredPrepaid();
    const photoId = await photo(buyer, orderNumber);
    const asked = await ask(buyer, orderNumber, {
      reason: 'wrong_item',
      description: 'Another design',
      photoIds: [photoId],
      payout: 'original',
    });
    const returnId = asked.json().return._id;
    await act(returnId, 'approve');
    const res = await act(returnId, 'refund');
    expect(res.json().return).toMatchObject({ status: 'refunded', refundAmount: 799 });
    const order = await orderRow(t, orderNumber);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ method: 'provider', amountPaise: 79_900, status: 'pending' });
    expect(order.refundState).toBe('processing');
  });

  it('refunds as store credit: a refund row and a ledger row for the shopper', async () => {
    const { buyer, orderNumber, returnId } = await requested({ payout: 'store_credit' });
    await act(returnId, 'approve');
    const res = await act(returnId, 'refund', { amount: 500 });
    expect(res.json().return).toMatchObject({ status: 'refunded', refundAmount: 500 });
    const order = await orderRow(t, orderNumber);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ method: 'store_credit', amountPaise: 50_000, status: 'processed' });
    const ledger = await db().select().from(storeCredit).where(eq(storeCredit.userId, buyer.userId));
    expect(ledger).toEqual([
      expect.objectContaining({
        amountPaise: 50_000,
        orderId: order.id,
        refundId: refund!.id,
        createdBy: ops.email,
      }),
    ]);
    const tooMuch = await requested({ payout: 'store_credit' });
    await act(tooMuch.returnId, 'approve');
    const refused = await act(tooMuch.returnId, 'refund', { amount: 5000 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This refund is more than the ₹849 that can still be refunded.',
    ]);
    expect((await returnRow(tooMuch.returnId)).state).toBe('approved');
  });
});

describe('the back office list', () => {
  it('lists returns newest first, filters by state, shows a return whole, and refuses a bad cursor', async () => {
    const a = await requested();
    clock.advance(1000);
    const b = await requested();
    await act(a.returnId, 'approve');
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/returns?state=requested',
      headers: ops.headers,
    });
    const ids = open.json().returns.map((r: { _id: string }) => r._id);
    expect(ids).toContain(b.returnId);
    expect(ids).not.toContain(a.returnId);
    const approved = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/returns?state=approved',
      headers: ops.headers,
    });
    expect(approved.json().returns.find((r: { _id: string }) => r._id === a.returnId)).toMatchObject({
      orderId: a.orderNumber,
      status: 'approved',
      itemCount: 1,
    });
    expect(approved.json().returns.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/admin/returns', headers: ops.headers });
    expect(page.json().returns[0]._id).toBe(b.returnId);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/returns/${a.returnId}`,
      headers: ops.headers,
    });
    expect(detail.json().return).toMatchObject({
      orderId: a.orderNumber,
      payoutDetails: { upiId: 'asha.verma@okhdfc' },
      linesValue: 799,
      order: { paymentMethod: 'COD', paymentState: 'collected', fulfilmentState: 'delivered' },
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/returns?cursor=nonsense',
      headers: ops.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
