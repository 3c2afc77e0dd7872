// The address book under /api/v1/addresses (docs/accounts.md#address-book, docs/api.md#address-book): bearer only,
// a shopper only ever reaches their own addresses, the checkout's rules and messages, de-duplication, the cap,
// and saving at order placement without ever holding the order up. Orders answer their lines' pictures too.
import { productImages, products, userAddresses } from '@rangrez/db/schema';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { createMedia } from '@rangrez/db/factories/media';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type SignedInUser,
  TEST_ADDRESS,
  type TestApp,
  codOrderBody,
  createTestApp,
  signInNewUser,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: SignedInUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: who ? who.headers : {},
  });
const list = async (who: SignedInUser) => (await call(who, 'GET', '/addresses')).json().addresses as Saved[];

interface Saved {
  _id: string;
  address: string;
  city: string;
  isDefault: boolean;
  phone: string;
}

/** What TEST_ADDRESS is stored and answered as: trimmed, e-mail lower-cased, phone the national number. */
const STORED = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha.verma@example.in',
  phone: '9876543210',
  doorNo: '12B',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

describe('authentication and ownership', () => {
  it('answers 401 without a bearer token on every call', async () => {
    for (const [method, url] of [
      ['GET', '/addresses'],
      ['POST', '/addresses'],
      ['PATCH', '/addresses/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/addresses/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await call(
        null,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : TEST_ADDRESS,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it("answers 404 'Address not found' for another shopper's address, and changes nothing", async () => {
    const [owner, other] = [await signInNewUser(t), await signInNewUser(t)];
    const id = (await call(owner, 'POST', '/addresses', TEST_ADDRESS)).json().address._id as string;
    const notFound = { success: false, message: 'Address not found' };
    const patched = await call(other, 'PATCH', `/addresses/${id}`, { city: 'Pune' });
    expect([patched.statusCode, patched.json()]).toEqual([404, notFound]);
    const deleted = await call(other, 'DELETE', `/addresses/${id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([404, notFound]);
    expect(await list(other)).toEqual([]);
    expect((await list(owner)).map((a) => [a._id, a.city])).toEqual([[id, 'Mumbai']]);
    const bad = await call(owner, 'DELETE', '/addresses/not-a-uuid');
    expect([bad.statusCode, bad.json()]).toEqual([404, notFound]);
  });
});

describe('saving, listing, changing and deleting', () => {
  it('saves an address normalised as an order keeps it, and lists it', async () => {
    const shopper = await signInNewUser(t);
    const res = await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, phone: '+91 98765-43210' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Address saved',
      address: { _id: expect.any(String), ...STORED, isDefault: false, lastUsedAt: expect.any(String) },
    });
    const listed = await call(shopper, 'GET', '/addresses');
    expect(listed.json()).toEqual({
      success: true,
      message: 'Addresses fetched successfully',
      addresses: [body.address],
    });
  });

  it("refuses an address with the checkout's own messages", async () => {
    const shopper = await signInNewUser(t);
    for (const [change, message] of [
      [{ phone: '12345' }, 'Please enter a valid 10-digit Indian mobile number'],
      [{ pincode: '4000' }, 'Please enter a valid 6-digit PIN code'],
      [{ state: 'Atlantis' }, 'Please select a valid state or union territory'],
      [{ address: 'Road' }, 'Address should be 5-200 characters long'],
      [{ firstName: '' }, 'First name is required'],
      [{ isDefault: 'yes' }, 'isDefault must be true or false'],
    ] as const) {
      const res = await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    const patch = await call(shopper, 'POST', '/addresses', TEST_ADDRESS);
    const id = patch.json().address._id as string;
    const bad = await call(shopper, 'PATCH', `/addresses/${id}`, { city: 'Mumbai 2' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { success: false, message: 'City should contain only letters and be 2-50 characters long' },
    ]);
    const empty = await call(shopper, 'PATCH', `/addresses/${id}`, {});
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { success: false, message: 'No valid updates provided' },
    ]);
  });

  it('keeps one row for the same address typed differently, and answers it with 200', async () => {
    const shopper = await signInNewUser(t);
    const first = await call(shopper, 'POST', '/addresses', TEST_ADDRESS);
    const again = await call(shopper, 'POST', '/addresses', {
      ...TEST_ADDRESS,
      address: '  linking road,   BANDRA west ',
      phone: '098765 43210',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().address._id).toBe(first.json().address._id);
    expect(await list(shopper)).toHaveLength(1);
  });

  it('changes fields, refuses a change into another saved address, and deletes', async () => {
    const shopper = await signInNewUser(t);
    const home = (await call(shopper, 'POST', '/addresses', TEST_ADDRESS)).json().address._id as string;
    const office = (
      await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: '4th floor' })
    ).json().address._id as string;
    const res = await call(shopper, 'PATCH', `/addresses/${office}`, {
      city: 'Thane',
      phone: '+91 91234 56789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Address updated',
      address: { _id: office, city: 'Thane', phone: '9123456789', doorNo: '4th floor' },
    });
    const twin = await call(shopper, 'PATCH', `/addresses/${office}`, {
      doorNo: '12B',
      city: 'Mumbai',
      phone: '9876543210',
    });
    expect([twin.statusCode, twin.json()]).toEqual([
      409,
      { success: false, message: 'This address is already in your address book' },
    ]);
    const deleted = await call(shopper, 'DELETE', `/addresses/${home}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([
      200,
      { success: true, message: 'Address deleted' },
    ]);
    expect((await list(shopper)).map((a) => a._id)).toEqual([office]);
  });

  it('keeps one default, listed first', async () => {
    const shopper = await signInNewUser(t);
    const a = (await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, isDefault: true })).json().address
      ._id;
    const b = (await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: '7' })).json().address
      ._id;
    expect((await list(shopper)).map((x) => [x._id, x.isDefault])).toEqual([
      [a, true],
      [b, false],
    ]);
    await call(shopper, 'PATCH', `/addresses/${b}`, { isDefault: true });
    expect((await list(shopper)).map((x) => [x._id, x.isDefault])).toEqual([
      [b, true],
      [a, false],
    ]);
  });

  it('refuses an eleventh address with the reason, but still answers one already saved', async () => {
    const shopper = await signInNewUser(t);
    for (let n = 1; n <= 10; n++) {
      expect(
        (await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: `Flat ${n}` })).statusCode,
      ).toBe(201);
    }
    const full = await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: 'Flat 11' });
    expect([full.statusCode, full.json()]).toEqual([
      409,
      { success: false, message: 'You can save up to 10 addresses. Please delete one to add another.' },
    ]);
    const known = await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: 'Flat 3' });
    expect(known.statusCode).toBe(200);
    expect(await list(shopper)).toHaveLength(10);
  });
});

describe('saving at order placement', () => {
  const place = (who: SignedInUser, productId: string, extra: Record<string, unknown>) =>
    call(who, 'POST', '/qikink/order', codOrderBody(who, [{ productId }], 799 + 50, extra));
  const tee = () => createProduct(db(), { pricePaise: 79_900, stock: 50 });

  it("saves the order's address when asked, once however often it is used, and not when not asked", async () => {
    const shopper = await signInNewUser(t);
    const p = await tee();
    expect((await place(shopper, p.id, {})).statusCode).toBe(201);
    expect(await list(shopper)).toEqual([]);
    expect((await place(shopper, p.id, { saveAddress: true, rush_order: 1 })).statusCode).toBe(201);
    expect((await place(shopper, p.id, { saveAddress: true, gift_wrap: 1 })).statusCode).toBe(201);
    const saved = await list(shopper);
    expect(saved).toEqual([expect.objectContaining({ ...STORED, isDefault: false })]);
  });

  it('places the order when the address book is full, leaving the book as it was', async () => {
    const shopper = await signInNewUser(t);
    for (let n = 1; n <= 10; n++)
      await call(shopper, 'POST', '/addresses', { ...TEST_ADDRESS, doorNo: `Flat ${n}` });
    const res = await place(shopper, (await tee()).id, { saveAddress: true });
    expect(res.statusCode).toBe(201);
    const rows = await db().select().from(userAddresses).where(eq(userAddresses.userId, shopper.userId));
    expect(rows.map((r) => r.doorNo).sort()).not.toContain('12B');
    expect(rows).toHaveLength(10);
  });

  it('saves no address for an order that does not come about', async () => {
    const shopper = await signInNewUser(t);
    const soldOut = await createProduct(db(), { pricePaise: 79_900, stock: 0 });
    const res = await place(shopper, soldOut.id, { saveAddress: true });
    expect(res.statusCode).toBe(409);
    expect(await list(shopper)).toEqual([]);
  });

  it('places the order when saving its address fails, and says so in the log', async () => {
    const shopper = await signInNewUser(t);
    const warn = vi.spyOn(t.app.log, 'warn');
    // A real failure inside the saving step: the database refuses the row.
    await db().execute(sql`
      create function refuse_address() returns trigger language plpgsql as
        $$ begin raise exception 'addresses refused for the test'; end $$;
      create trigger refuse_address before insert on user_addresses
        for each row execute function refuse_address()`);
    try {
      const res = await place(shopper, (await tee()).id, { saveAddress: true });
      expect(res.statusCode).toBe(201);
      const order = await call(shopper, 'GET', `/orders/${shopper.userId}`);
      expect(order.json().orders).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ userId: shopper.userId }),
        'order placed, its address not saved to the address book',
      );
    } finally {
      await db().execute(sql`drop trigger refuse_address on user_addresses`);
      await db().execute(sql`drop function refuse_address()`);
      warn.mockRestore();
    }
    expect(await list(shopper)).toEqual([]);
  });

  it('refuses a saveAddress that is not true or false, as any bad field', async () => {
    const shopper = await signInNewUser(t);
    const res = await place(shopper, (await tee()).id, { saveAddress: 'yes' });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { success: false, message: 'saveAddress must be true or false' },
    ]);
  });
});

describe("orders' line pictures", () => {
  it("pictures each line in its colour, else with the product's image", async () => {
    const shopper = await signInNewUser(t);
    const [main, maroon] = [await createMedia(db()), await createMedia(db())];
    const p = await createProduct(db(), { pricePaise: 79_900, stock: 50, colors: ['Bk', 'Mr'] });
    await db().update(products).set({ imageId: main.id }).where(eq(products.id, p.id));
    await db()
      .insert(productImages)
      .values({ productId: p.id, color: 'Mr', position: 0, mediaId: maroon.id });
    const res = await call(
      shopper,
      'POST',
      '/qikink/order',
      codOrderBody(
        shopper,
        [
          { productId: p.id, color: 'Mr' },
          { productId: p.id, color: 'Bk' },
        ],
        2 * 799 + 50,
      ),
    );
    expect(res.statusCode).toBe(201);
    const placed = res.json().order.items as { color: string; image?: string }[];
    expect(
      placed.map((i) => [i.color, i.image?.includes(`/media/${i.color === 'Mr' ? maroon.key : main.key}-`)]),
    ).toEqual([
      ['Mr', true],
      ['Bk', true],
    ]);
    const listed = (await call(shopper, 'GET', `/orders/${shopper.userId}`)).json().orders[0].items;
    expect(listed).toEqual(placed);
  });
});
