// Placing cash-on-delivery orders (POST /qikink/order) and listing them (GET /orders/{userId}): server-side
// pricing, stock that cannot be oversold, idempotent submissions, ownership, the cart, the confirmation e-mail.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCartItem } from '@rangrez/db/factories/shopping';
import { createProduct, variantStock } from '@rangrez/db/factories/catalogue';
import {
  cartItems,
  fulfilments,
  orderEvents,
  orderItems,
  orders,
  productVariants,
  products,
} from '@rangrez/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  TEST_ADDRESS,
  codOrderBody,
  createTestApp,
  type OrderLine,
  sendOutbox,
  signInNewUser,
  type SignedInUser,
  type TestApp,
} from './helpers.ts';
import { confirmCod } from './order-helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rangrez-orders-'));
  t = await createTestApp({ DATA_DIR: dataDir, RAZORPAY_SANDBOX_WEBHOOKS: 'manual' }, undefined, { clock });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function placeCod(buyer: SignedInUser, body: object, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/qikink/order',
    headers: { ...buyer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
}

const db = () => t.database.db;

/** The body of an .eml as text: nodemailer writes non-ASCII parts quoted-printable. */
function decodeQuotedPrintable(mail: string): string {
  const bytes = mail.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
  return bytes;
}
/** The stock of one variant; codOrderBody's lines are size M in black unless they say otherwise. */
const stockOf = (id: string, color = 'Bk', size = 'M') => variantStock(db(), id, color, size);
/** The product's stock: the sum over its sellable variants, kept by the database. */
const productStockOf = async (id: string) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
/** createProduct puts its `stock` on every colour x size. */
const variantCount = (p: { colors: string[]; sizes: string[] }) => p.colors.length * p.sizes.length;
/** Sets one variant's stock (the product's stock follows by trigger). */
const setVariant = (
  id: string,
  color: string,
  size: string,
  values: { stock?: number; sellable?: boolean },
) =>
  db()
    .update(productVariants)
    .set(values)
    .where(
      and(
        eq(productVariants.productId, id),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      ),
    );
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

describe('POST /qikink/order (cash on delivery)', () => {
  it('prices every line from the database, takes the stock and answers the order with qikinkOrderId', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Kaiju Tee', pricePaise: 79_900, stock: 10 });
    const hoodie = await createProduct(db(), { name: 'Ronin Hoodie', pricePaise: 1_49_900, stock: 3 });
    // 2 x 799 + 1 x 1499 + 50 COD fee = 3147; quantity as text, as the first client sends it.
    const res = await placeCod(
      buyer,
      codOrderBody(
        buyer,
        [
          { productId: tee.id, quantity: '2', size: 'L' },
          { productId: hoodie.id, quantity: 1, color: 'Wh' },
        ],
        3147,
        { price: 1, shippingEstimate: 0 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'order', 'qikinkOrderId', 'success']);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Order placed successfully');
    expect(body.qikinkOrderId).toMatch(/^[A-Za-z0-9]{1,15}$/);
    expect(body.order).toEqual({
      _id: expect.any(String),
      orderId: body.qikinkOrderId,
      createdAt: '2026-11-21T10:00:00.000Z',
      // Saturday 15:30 in India, after the cut-off: printing starts Monday, Mumbai is 3 + 6 working days away.
      deliveryBy: '2026-12-02',
      codConfirmation: 'pending',
      codConfirmBy: '2026-11-22T10:00:00.000Z',
      status: 'confirmed',
      paymentMethod: 'COD',
      totalAmount: 3147,
      qikinkOrderId: body.qikinkOrderId,
      items: [
        {
          _id: expect.any(String),
          productName: 'Kaiju Tee',
          quantity: 2,
          size: 'L',
          color: 'Bk',
          price: 799,
          mrp: 1099,
        },
        {
          _id: expect.any(String),
          productName: 'Ronin Hoodie',
          quantity: 1,
          size: 'M',
          color: 'Wh',
          price: 1499,
          mrp: 1799,
        },
      ],
      deliveryAddress: {
        fullName: 'Asha Verma',
        doorNo: '12B',
        street: 'Linking Road, Bandra West',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        phone: '9876543210',
        email: 'asha.verma@example.in',
      },
      summary: {
        itemCount: 3,
        originalPrice: 3997,
        discount: 900,
        discountPercent: 23,
        subtotal: 3097,
        shipping: 50,
        tax: 0,
        total: 3147,
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Each line takes from its own variant: the tee's black L, the hoodie's white M.
    expect(await stockOf(tee.id, 'Bk', 'L')).toBe(8);
    expect(await stockOf(tee.id, 'Bk', 'M')).toBe(10);
    expect(await stockOf(hoodie.id, 'Wh', 'M')).toBe(2);
    expect(await stockOf(hoodie.id, 'Bk', 'M')).toBe(3);
    expect(await productStockOf(tee.id)).toBe(10 * variantCount(tee) - 2);
    expect(await productStockOf(hoodie.id)).toBe(3 * variantCount(hoodie) - 1);

    const [row] = await ordersOf(buyer.userId);
    expect(row).toMatchObject({
      orderNumber: body.qikinkOrderId,
      state: 'confirmed',
      paymentState: 'cod_pending',
      // Waits for the shopper's confirmation before the hand-over (docs/cod-confirmation.md).
      fulfilmentState: 'not_started',
      codConfirmation: 'pending',
      subtotalPaise: 3_09_700,
      shippingPaise: 5_000,
      totalPaise: 3_14_700,
      reservedUntil: null,
    });
    const history = await db()
      .select({ machine: orderEvents.machine, from: orderEvents.fromState, to: orderEvents.toState })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, body.order._id))
      .orderBy(asc(orderEvents.id));
    expect(history).toEqual([
      { machine: 'order', from: null, to: 'confirmed' },
      { machine: 'payment', from: null, to: 'cod_pending' },
      { machine: 'fulfilment', from: null, to: 'not_started' },
    ]);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.productId, tee.id));
    expect(line).toMatchObject({ sku: tee.sku, unitPricePaise: 79_900, unitMrpPaise: 1_09_900, quantity: 2 });
  });

  it('refuses a total that does not match the server price, creating nothing (totalAmount of ₹1)', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    for (const totalAmount of [1, 799, 849 + 1]) {
      const res = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], totalAmount));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'Prices have changed. Please review your order.',
      });
    }
    expect(await stockOf(tee.id)).toBe(5);
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('uses the price in the database, not the one the page showed (a price raised after the page loaded)', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const shownTotal = 799 + 50;
    await db().update(products).set({ pricePaise: 89_900 }).where(eq(products.id, tee.id));
    const stale = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], shownTotal));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Prices have changed. Please review your order.');
    const fresh = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 899 + 50));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().order.items[0].price).toBe(899);
  });

  it('refuses bad lines with a 4xx naming the problem, never a 500', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Neon Tee', pricePaise: 79_900, stock: 5 });
    const hidden = await createProduct(db(), { pricePaise: 79_900, stock: 5, isActive: false });
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: [OrderLine, number, string][] = [
      [{ productId: missing }, 404, `Product not found: ${missing}`],
      [{ productId: 'not-a-uuid' }, 404, 'Product not found: not-a-uuid'],
      [{ productId: hidden.id }, 404, `Product not found: ${hidden.id}`],
      [{ productId: tee.id, size: 'XS' }, 400, 'Size XS is not available for Neon Tee'],
      [{ productId: tee.id, color: 'Rd' }, 400, 'Colour Rd is not available for Neon Tee'],
      [{ productId: tee.id, quantity: -1 }, 400, 'quantity must be a whole number from 1 to 100'],
      [{ productId: tee.id, quantity: '0' }, 400, 'quantity must be a whole number from 1 to 100'],
      [{ productId: tee.id, quantity: '2.5' }, 400, 'quantity must be a whole number from 1 to 100'],
      [{ productId: tee.id, size: 'HUGE' }, 400, 'size must be one of XS, S, M, L, XL, XXL, XXXL'],
    ];
    for (const [line, status, message] of cases) {
      const res = await placeCod(buyer, codOrderBody(buyer, [line], 849));
      expect({ line, status: res.statusCode, body: res.json() }).toEqual({
        line,
        status,
        body: { success: false, message },
      });
    }
    const badAddress = await placeCod(buyer, {
      ...codOrderBody(buyer, [{ productId: tee.id }], 849),
      deliveryAddress: { ...TEST_ADDRESS, pincode: '012345' },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().message).toBe('Please enter a valid 6-digit PIN code');
    const prepaid = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: tee.id }], 799, { gateway: 'Prepaid' }),
    );
    expect(prepaid.statusCode).toBe(400);
    expect(prepaid.json().message).toBe('Online payment orders are placed through /razorpay/process-order');
    expect(await stockOf(tee.id)).toBe(5);
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it("names the product, colour and size when the variant's stock does not cover the line", async () => {
    const buyer = await signInNewUser(t);
    const few = await createProduct(db(), { name: 'Last Drop Tee', pricePaise: 79_900, stock: 2 });
    const none = await createProduct(db(), { name: 'Sold Out Tee', pricePaise: 79_900, stock: 0 });
    const tooMany = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: few.id, quantity: 3 }], 799 * 3 + 50),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ success: false, message: 'Only 2 left of Last Drop Tee (Black, M)' });
    // Two lines of one variant count together against its stock.
    const split = await placeCod(
      buyer,
      codOrderBody(
        buyer,
        [
          { productId: few.id, quantity: 2, size: 'S' },
          { productId: few.id, size: 'S' },
        ],
        799 * 3 + 50,
      ),
    );
    expect(split.statusCode).toBe(409);
    expect(split.json().message).toBe('Only 2 left of Last Drop Tee (Black, S)');
    // A failing second line gives back what the first line took.
    const mixed = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: few.id }, { productId: none.id }], 799 * 2 + 50),
    );
    expect(mixed.json()).toEqual({ success: false, message: 'Sold Out Tee (Black, M) is out of stock' });
    expect(await stockOf(few.id)).toBe(2);
    expect(await stockOf(few.id, 'Bk', 'S')).toBe(2);
    expect(await productStockOf(few.id)).toBe(2 * variantCount(few));
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('sells the last 5 units to exactly 5 of 50 concurrent buyers', async () => {
    // The product's last 5 units, all of them black M: the size every buyer orders.
    const tee = await createProduct(db(), { name: 'Limited Drop Tee', pricePaise: 99_900, stock: 0 });
    await setVariant(tee.id, 'Bk', 'M', { stock: 5 });
    expect(await productStockOf(tee.id)).toBe(5);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signInNewUser(t)));
    const results = await Promise.all(
      buyers.map((buyer) => placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 999 + 50))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('Limited Drop Tee (Black, M) is out of stock');
    }
    expect(await stockOf(tee.id)).toBe(0);
    expect(await productStockOf(tee.id)).toBe(0);
    const sold = await db().select().from(orderItems).where(eq(orderItems.productId, tee.id));
    expect(sold).toHaveLength(5);
  });

  it('sells the last unit of one colour and size to exactly 1 of 200 concurrent buyers; its other sizes stay buyable', async () => {
    // Black M has one unit left; every other colour x size of the product has 3.
    const tee = await createProduct(db(), { name: 'Last Unit Tee', pricePaise: 99_900, stock: 3 });
    await setVariant(tee.id, 'Bk', 'M', { stock: 1 });
    const total = 3 * variantCount(tee) - 2;
    expect(await productStockOf(tee.id)).toBe(total);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => signInNewUser(t)));
    const results = await Promise.all(
      buyers.map((buyer) => placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 999 + 50))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const refusals = results.filter((r) => r.statusCode === 409).map((r) => r.json());
    expect(new Set(refusals.map((body) => JSON.stringify(body)))).toEqual(
      new Set([JSON.stringify({ success: false, message: 'Last Unit Tee (Black, M) is out of stock' })]),
    );
    expect(await stockOf(tee.id)).toBe(0);
    expect(await productStockOf(tee.id)).toBe(total - 1);
    const sold = await db().select().from(orderItems).where(eq(orderItems.productId, tee.id));
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ size: 'M', color: 'Bk', quantity: 1 });

    // A buyer who missed it can still buy another size, and black M no longer.
    const late = buyers[statuses.indexOf(409)]!;
    const otherSize = await placeCod(late, codOrderBody(late, [{ productId: tee.id, size: 'L' }], 999 + 50));
    expect(otherSize.statusCode).toBe(201);
    expect(otherSize.json().order.items).toEqual([expect.objectContaining({ size: 'L', color: 'Bk' })]);
    const otherColour = await placeCod(
      late,
      codOrderBody(late, [{ productId: tee.id, color: 'Wh' }], 999 + 50),
    );
    expect(otherColour.statusCode).toBe(201);
    const again = await placeCod(late, codOrderBody(late, [{ productId: tee.id }], 999 + 50));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Last Unit Tee (Black, M) is out of stock');
    expect(await stockOf(tee.id, 'Bk', 'L')).toBe(2);
    expect(await stockOf(tee.id, 'Wh', 'M')).toBe(2);
    expect(await stockOf(tee.id)).toBe(0);
    expect(await productStockOf(tee.id)).toBe(total - 3);
    expect(await ordersOf(late.userId)).toHaveLength(2);
  }, 120_000);

  it('refuses a colour and size that is not sold (409), and leaves its units out of the product stock', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Retired Size Tee', pricePaise: 79_900, stock: 4 });
    await setVariant(tee.id, 'Bk', 'M', { sellable: false });
    expect(await productStockOf(tee.id)).toBe(4 * (variantCount(tee) - 1));

    const res = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 799 + 50));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Retired Size Tee (Black, M) is out of stock' });
    // With a sellable line before it: what that line took is given back.
    const mixed = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: tee.id, size: 'L' }, { productId: tee.id }], 799 * 2 + 50),
    );
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe('Retired Size Tee (Black, M) is out of stock');
    expect(await stockOf(tee.id)).toBe(4);
    expect(await stockOf(tee.id, 'Bk', 'L')).toBe(4);
    expect(await productStockOf(tee.id)).toBe(4 * (variantCount(tee) - 1));
    expect(await ordersOf(buyer.userId)).toEqual([]);

    // Sold again: counted again, and it can be ordered.
    await setVariant(tee.id, 'Bk', 'M', { sellable: true });
    expect(await productStockOf(tee.id)).toBe(4 * variantCount(tee));
    const sold = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 799 + 50));
    expect(sold.statusCode).toBe(201);
    expect(await stockOf(tee.id)).toBe(3);
    expect(await productStockOf(tee.id)).toBe(4 * variantCount(tee) - 1);
  });

  it('answers a double submission with one idempotency key with one order', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const body = codOrderBody(buyer, [{ productId: tee.id, quantity: 2 }], 799 * 2 + 50);
    // A double click: both requests in flight together.
    const [first, second] = await Promise.all([
      placeCod(buyer, body, 'checkout-7f3a9c1e'),
      placeCod(buyer, body, 'checkout-7f3a9c1e'),
    ]);
    // And a retry after a lost answer, with X-Idempotency-Key.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: { ...buyer.headers, 'x-idempotency-key': 'checkout-7f3a9c1e' },
      payload: body,
    });
    expect([first.statusCode, second.statusCode, retry.statusCode]).toEqual([201, 201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(retry.json()).toEqual(first.json());
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await stockOf(tee.id)).toBe(8);
    // Another key is another order.
    const other = await placeCod(buyer, body, 'checkout-other-key');
    expect(other.json().qikinkOrderId).not.toBe(first.json().qikinkOrderId);
    expect(await ordersOf(buyer.userId)).toHaveLength(2);

    const bad = await placeCod(buyer, body, 'has spaces');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Idempotency-Key must be 1 to 200 characters: letters, digits, "-", "_", ":" or "."',
    );
  });

  it('makes one order of a double click from a client that sends no key, for 60 seconds', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const body = codOrderBody(buyer, [{ productId: tee.id }], 849);
    const [first, second] = await Promise.all([placeCod(buyer, body), placeCod(buyer, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().qikinkOrderId).toBe(first.json().qikinkOrderId);
    // The same fields in another order are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await placeCod(buyer, reordered)).json().qikinkOrderId).toBe(first.json().qikinkOrderId);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    // Another body, or the same body a minute later, is another purchase.
    const two = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: tee.id, quantity: 2 }], 799 * 2 + 50),
    );
    expect(two.json().qikinkOrderId).not.toBe(first.json().qikinkOrderId);
    clock.advance(61_000);
    const later = await placeCod(buyer, body);
    expect(later.statusCode).toBe(201);
    expect(later.json().qikinkOrderId).not.toBe(first.json().qikinkOrderId);
    expect(await ordersOf(buyer.userId)).toHaveLength(3);
    expect(await stockOf(tee.id)).toBe(6);
  });

  it('refuses a key used again with a different body (422), instead of answering the first order', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const first = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 849), 'checkout-5be01d');
    expect(first.statusCode).toBe(201);
    const other = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: tee.id, quantity: 2 }], 799 * 2 + 50),
      'checkout-5be01d',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      message: 'This request was already used for a different order.',
    });
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await stockOf(tee.id)).toBe(9);
  });

  it("refuses another user's customerId (403) and a missing token (401)", async () => {
    const buyer = await signInNewUser(t);
    const other = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 5 });
    const res = await placeCod(buyer, codOrderBody(other, [{ productId: tee.id }], 849));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'You do not have access to this resource' });
    // Someone else's id wins over an invalid body: the answer does not depend on the rest.
    const invalid = await placeCod(buyer, { customerId: other.userId });
    expect(invalid.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      payload: codOrderBody(buyer, [{ productId: tee.id }], 849),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stockOf(tee.id)).toBe(5);
  });

  it('removes the ordered lines from the cart after a cart checkout, not after BUY NOW', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const kept = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    await createCartItem(db(), {
      userId: buyer.userId,
      productId: tee.id,
      size: 'M',
      color: 'Bk',
      quantity: 1,
    });
    await createCartItem(db(), {
      userId: buyer.userId,
      productId: tee.id,
      size: 'L',
      color: 'Bk',
      quantity: 1,
    });
    await createCartItem(db(), {
      userId: buyer.userId,
      productId: kept.id,
      size: 'M',
      color: 'Bk',
      quantity: 1,
    });
    const cart = () =>
      db()
        .select({ productId: cartItems.productId, size: cartItems.size })
        .from(cartItems)
        .where(eq(cartItems.userId, buyer.userId));

    const buyNow = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 849));
    expect(buyNow.statusCode).toBe(201);
    expect(await cart()).toHaveLength(3);

    const checkout = await placeCod(
      buyer,
      codOrderBody(buyer, [{ productId: tee.id }, { productId: tee.id, size: 'L' }], 799 * 2 + 50, {
        orderType: 'CART_CHECKOUT',
      }),
    );
    expect(checkout.statusCode).toBe(201);
    expect(await cart()).toEqual([{ productId: kept.id, size: 'M' }]);
  });

  it('sends one confirmation e-mail through the outbox (.eml under DATA_DIR/mail), and hands the order to fulfilment once confirmed', async () => {
    const buyer = await signInNewUser(t);
    const tee = await createProduct(db(), { name: 'Mail Tee', pricePaise: 1_23_400, stock: 5 });
    const res = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 1234 + 50));
    const { qikinkOrderId, order } = res.json();
    const mailDir = path.join(dataDir, 'mail');
    const before = await readdir(mailDir).catch(() => [] as string[]);

    await t.app.jobs.runDueJobs();
    await sendOutbox(t);
    await sendOutbox(t);
    const files = (await readdir(mailDir)).filter((f) => !before.includes(f));
    const mails = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
    // Its confirmation to the shopper (the owners' new-order e-mail names the order too).
    const ours = mails.filter((m) => m.includes(qikinkOrderId) && /^To: asha\.verma@example\.in/m.test(m));
    expect(ours).toHaveLength(1);
    const mail = ours[0]!;
    expect(mail).toMatch(/^To: asha\.verma@example\.in/m);
    expect(mail).toContain(`Subject: Your Rangrez order ${qikinkOrderId} is confirmed`);
    const text = decodeQuotedPrintable(mail);
    expect(text).toContain('Mail Tee (Size M, Black) x 1: ₹1,234');
    expect(text).toContain('Shipping: ₹50');
    expect(text).toContain('Total: ₹1,284');
    expect(text).toContain('Cash on Delivery: please keep ₹1,284 ready when your order arrives.');
    // The promised day (docs/delivery.md) instead of the general estimate: Saturday after the cut-off, to Mumbai.
    expect(text).toContain('Delivered by Wed, 2 Dec.');
    expect(text).toContain('<h1 style="font-size:20px">Your order');

    expect(text).toMatch(
      /Please confirm your Cash on Delivery order by .+, or it will be cancelled: http:\/\/shop\.test\/cod-confirmation\//,
    );
    // Nothing at the partner until the shopper confirms it (docs/cod-confirmation.md).
    expect(await db().select().from(fulfilments).where(eq(fulfilments.orderId, order._id))).toEqual([]);
    await confirmCod(t, buyer, qikinkOrderId);
    await t.app.jobs.runDueJobs();

    const [fulfilment] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, order._id));
    expect(fulfilment).toMatchObject({
      provider: 'simulated',
      attempts: 1,
      partnerOrderId: expect.stringMatching(/^\d+$/),
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row?.fulfilmentState).toBe('submitted');
  });
});

describe('GET /orders/{userId}', () => {
  it("lists the caller's orders oldest first, in the conventions' shape", async () => {
    const buyer = await signInNewUser(t);
    const someoneElse = await signInNewUser(t);
    const tee = await createProduct(db(), { pricePaise: 79_900, stock: 10 });
    const list = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/orders/${buyer.userId}`, headers: buyer.headers });

    const empty = await list();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, orders: [], message: 'No orders found' });

    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      const res = await placeCod(buyer, codOrderBody(buyer, [{ productId: tee.id }], 849));
      numbers.push(res.json().qikinkOrderId);
    }
    await placeCod(someoneElse, codOrderBody(someoneElse, [{ productId: tee.id }], 849));

    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Orders fetched successfully');
    expect(body.orders.map((o: { orderId: string }) => o.orderId)).toEqual(numbers);
    const newest = body.orders.at(-1);
    expect(Object.keys(newest).sort()).toEqual(
      [
        '_id',
        // A COD order waiting for the shopper's confirmation (docs/cod-confirmation.md).
        'codConfirmBy',
        'codConfirmation',
        'createdAt',
        'deliveryAddress',
        'deliveryBy',
        'items',
        'orderId',
        'paymentMethod',
        'qikinkOrderId',
        'status',
        'summary',
        'totalAmount',
      ].sort(),
    );
    expect(newest).toMatchObject({ status: 'confirmed', paymentMethod: 'COD', totalAmount: 849 });
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(Date.parse(body.orders[1].createdAt));
    expect(Date.parse(body.orders[0].createdAt)).toBeLessThan(Date.parse(body.orders[1].createdAt));
  });

  it("answers 403 for another user's orders and 401 without a token", async () => {
    const buyer = await signInNewUser(t);
    const other = await signInNewUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${other.userId}`,
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'You do not have access to this resource' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${buyer.userId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
