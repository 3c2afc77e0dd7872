// Indian mobile numbers in one normal form (docs/accounts.md#phone-numbers): sign-up, profile update and checkout
// store and answer the 10-digit national number however the shopper wrote it.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orders, users } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.ts';
import {
  SIGNUP_PASSWORD,
  TEST_ADDRESS,
  codOrderBody,
  createTestApp,
  signInNewUser,
  type TestApp,
} from './helpers.ts';

const clock = new ManualClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_RATE_LIMIT_PER_HOUR: '1000' }, undefined, { clock });
});
afterAll(() => t.close());

const storedPhone = async (userId: string) =>
  (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone;

describe('phone numbers', () => {
  it('sign-up stores and answers "+91 98765-43210" as 9876543210', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'phone-signup@example.in',
        password: SIGNUP_PASSWORD,
        phone: '+91 98765-43210',
      },
    });
    expect(res.statusCode).toBe(201);
    const { user, accessToken } = res.json();
    expect(user.phone).toBe('9876543210');
    expect(await storedPhone(user._id)).toBe('9876543210');
    const read = await t.app.inject({
      url: `/api/v1/user/${user._id}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(read.json().user.phone).toBe('9876543210');
  });

  it("sign-up keeps another country's number as typed", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: {
        firstName: 'Tom',
        lastName: 'Hart',
        email: 'phone-abroad@example.in',
        password: SIGNUP_PASSWORD,
        phone: '+44 20 7946 0958',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.phone).toBe('+44 20 7946 0958');
  });

  it('a profile update stores the national number, and a wrong one is refused with the spec message', async () => {
    const shopper = await signInNewUser(t);
    const update = (phone: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/user/update/${shopper.userId}`,
        headers: shopper.headers,
        payload: { phone },
      });
    const res = await update('(0) 99887-76655');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe('9988776655');
    expect(await storedPhone(shopper.userId)).toBe('9988776655');
    const bad = await update('call me');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Please enter a valid phone number' });
  });

  it("checkout stores the delivery address's phone as the national number", async () => {
    const product = await createProduct(t.database.db, { pricePaise: 79_900, stock: 5 });
    const shopper = await signInNewUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: shopper.headers,
      payload: codOrderBody(shopper, [{ productId: product.id }], 849, {
        deliveryAddress: { ...TEST_ADDRESS, phone: '+91 98765-43210' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ phone: orders.phone })
      .from(orders)
      .where(eq(orders.orderNumber, res.json().qikinkOrderId));
    expect(row?.phone).toBe('9876543210');
  });

  it('checkout refuses a number that is not an Indian mobile with the spec message', async () => {
    const product = await createProduct(t.database.db, { pricePaise: 79_900, stock: 5 });
    const shopper = await signInNewUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qikink/order',
      headers: shopper.headers,
      payload: codOrderBody(shopper, [{ productId: product.id }], 849, {
        deliveryAddress: { ...TEST_ADDRESS, phone: '+44 98765 43210' },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please enter a valid 10-digit Indian mobile number',
    });
  });
});
